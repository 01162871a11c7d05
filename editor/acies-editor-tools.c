/* acies-editor-tools.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "geometry/acies-board.h"

#include "acies-editor-private.h"

/*
 * The board tools: what a stroke on the board view (or Enter on its focus
 * cell) does with the current tool — paint terrain, features, elevation
 * or an area with a brush of some cells, draw edge features along the
 * hexsides the pointer crosses, fill, pick a terrain, place a unit, or
 * select and drag one — and which tools the rule system gives something
 * to draw.
 */

/* The tools' names, for their buttons' tooltips (the edge tool's depends
 * on the board). */
static const char *
tool_label (const char *tool)
{
  const struct { const char *tool; const char *label; } labels[] = {
    { "select", N_("Select and Move (S)") },
    { "terrain", N_("Paint Terrain (T)") },
    { "fill", N_("Fill Terrain (F)") },
    { "eyedropper", N_("Eyedropper: Pick Terrain (I)") },
    { "edge", N_("Draw Edge Features along Hexsides (E)") },
    { "feature", N_("Cell Features (C)") },
    { "elevation", N_("Elevation (H)") },
    { "area", N_("Paint Areas (A)") },
    { "unit", N_("Place Units (U)") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_str_equal (labels[i].tool, tool))
      return _(labels[i].label);
  return tool;
}

/**
 * _acies_editor_tool_unavailable:
 * @self: an editor
 * @tool: a tool
 *
 * Returns: (nullable): why the catalogue gives @tool nothing to draw, or
 *   %NULL when it does
 */
const char *
_acies_editor_tool_unavailable (AciesEditor *self,
                                const char  *tool)
{
  AciesCatalogue *cat = _acies_editor_get_catalogue (self);

  if (cat == NULL)
    return NULL;
  if (g_str_equal (tool, "edge") && cat->edge_features->len == 0)
    return _("This rule system has no edge features");
  if (g_str_equal (tool, "feature") && cat->cell_features->len == 0)
    return _("This rule system has no cell features");
  if (g_str_equal (tool, "area") && cat->area_kinds->len == 0)
    return _("This rule system has no kinds of area");
  if ((g_str_equal (tool, "terrain") || g_str_equal (tool, "fill") || g_str_equal (tool, "eyedropper")) &&
      cat->terrain->len == 0)
    return _("This rule system has no terrain types");
  return NULL;
}

/**
 * _acies_editor_update_tools:
 * @self: an editor
 *
 * Fits the tool bar to the document's rule system and board: tools the
 * catalogue gives nothing for are insensitive and say why; the edge tool
 * names the board's edges.
 */
void
_acies_editor_update_tools (AciesEditor *self)
{
  AciesScenario *s = _acies_editor_get_scenario (self);

  /* The tool buttons are the tools box's children, each in a holder. */
  for (GtkWidget *holder = gtk_widget_get_first_child (self->tools); holder != NULL;
       holder = gtk_widget_get_next_sibling (holder))
    {
      GtkWidget *button = gtk_widget_get_first_child (holder);
      GVariant *target;
      const char *tool, *reason, *label;
      g_autofree char *tooltip = NULL;

      if (!GTK_IS_ACTIONABLE (button) ||
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), "editor.tool") != 0)
        break;
      target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));
      tool = g_variant_get_string (target, NULL);
      reason = _acies_editor_tool_unavailable (self, tool);
      label = tool_label (tool);

      if (g_str_equal (tool, "edge"))
        {
          AciesBoardKind kind = s != NULL ? acies_board_get_kind (s->map.board) : ACIES_BOARD_HEX;

          label = kind == ACIES_BOARD_HEX ? _("Draw Edge Features along Hexsides (E)")
                  : kind == ACIES_BOARD_ZONES ? _("Draw Edge Features along Zone Borders (E)")
                  : _("Draw Edge Features along Square Edges (E)");
        }
      tooltip = reason != NULL ? g_strdup_printf ("%s\n%s", label, reason) : g_strdup (label);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason != NULL ? reason : "",
                                      -1);
      /* The button is the action's: its holder, not it, is made
       * insensitive, so the action's own state does not undo it. */
      gtk_widget_set_sensitive (holder, reason == NULL);
    }
  if (self->tool != NULL && _acies_editor_tool_unavailable (self, self->tool) != NULL)
    _acies_editor_set_tool_state (self, "tool", g_variant_new_string ("select"));
}

/**
 * _acies_editor_tool_changed:
 * @self: an editor
 *
 * After the tool changed: a brush that does not fit the new tool gives
 * way to its first item (the default terrain, the first feature, the
 * first area).
 */
void
_acies_editor_tool_changed (AciesEditor *self)
{
  AciesCatalogue *cat = _acies_editor_get_catalogue (self);
  AciesScenario *s = _acies_editor_get_scenario (self);
  const char *tool = self->tool;
  const char *brush = self->brush;
  const char *first = NULL;
  gboolean ok = TRUE;

  acies_board_view_set_edit_mode (self->view, TRUE);
  if (cat != NULL)
    {
      if (g_str_equal (tool, "terrain") || g_str_equal (tool, "fill"))
        {
          ok = brush && acies_catalogue_find_terrain (cat, brush);
          first = cat->default_terrain;
        }
      else if (g_str_equal (tool, "edge"))
        {
          ok = brush && acies_catalogue_find_edge_feature (cat, brush);
          first = cat->edge_features->len ? ((AciesTerrainType *) g_ptr_array_index (cat->edge_features, 0))->id : NULL;
        }
      else if (g_str_equal (tool, "feature"))
        {
          ok = brush && acies_catalogue_find_cell_feature (cat, brush);
          first = cat->cell_features->len ? ((AciesTerrainType *) g_ptr_array_index (cat->cell_features, 0))->id : NULL;
        }
      else if (g_str_equal (tool, "area"))
        {
          ok = brush && s && acies_scenario_find_area (s, brush);
          first = s && s->areas->len ? ((AciesArea *) g_ptr_array_index (s->areas, 0))->id : NULL;
        }
      if (!ok && first != NULL)
        _acies_editor_set_tool_state (self, "brush", g_variant_new_string (first));
    }
  _acies_editor_update_highlight (self);
}

/* The cells a brush of the editor's size covers around @centre: rings of
 * neighbours. */
static GArray *
brush_cells (AciesEditor *self,
             AciesCell    centre)
{
  const AciesBoard *board = _acies_editor_get_scenario (self)->map.board;
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  AciesCell neighbours[8];
  guint start = 0;

  g_array_append_val (cells, centre);
  g_hash_table_add (seen, GINT_TO_POINTER (centre + 1));
  for (gint ring = 1; ring < self->brush_size; ring++)
    {
      guint end = cells->len;

      for (guint i = start; i < end; i++)
        {
          guint n = acies_board_neighbours (board, g_array_index (cells, AciesCell, i),
                                            ACIES_ADJ_ORTHOGONAL, neighbours);

          for (guint k = 0; k < n; k++)
            if (neighbours[k] != ACIES_CELL_NONE &&
                g_hash_table_add (seen, GINT_TO_POINTER (neighbours[k] + 1)))
              g_array_append_val (cells, neighbours[k]);
        }
      start = end;
    }
  return cells;
}

static gboolean
has_brush (AciesEditor *self)
{
  return self->brush != NULL && *self->brush != '\0';
}

/**
 * _acies_editor_apply_tool:
 * @self: an editor
 * @cell: the cell under the pointer, or %ACIES_CELL_NONE
 * @edge: the edge nearest the pointer, or %ACIES_EDGE_NONE
 * @first: whether the stroke starts here
 *
 * Applies the current tool at one cell (and edge), as part of a stroke.
 */
void
_acies_editor_apply_tool (AciesEditor *self,
                          AciesCell    cell,
                          AciesEdge    edge,
                          gboolean     first)
{
  AciesScenario *s = _acies_editor_get_scenario (self);
  const char *tool = self->tool;

  if (s == NULL)
    return;

  if (g_str_equal (tool, "edge"))
    {
      AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

      if (edge == ACIES_EDGE_NONE || !has_brush (self) || edge == self->last_edge)
        return;
      /* A side on the map border has one cell on the board: a feature
       * there divides nothing, so the pen does not draw it (the eraser
       * still removes one that a file brought). */
      acies_board_edge_cells (s->map.board, edge, &a, &b);
      if (!self->erase && (a == ACIES_CELL_NONE || b == ACIES_CELL_NONE))
        return;
      self->last_edge = edge;
      acies_editor_document_set_edge_feature (self->doc, &edge, 1, self->brush, !self->erase, TRUE);
      return;
    }

  /* A click off the board with the select tool selects nothing. */
  if (cell == ACIES_CELL_NONE && first && g_str_equal (tool, "select"))
    {
      g_clear_pointer (&self->drag_unit, g_free);
      acies_board_view_set_selected_cell (self->view, ACIES_CELL_NONE);
      acies_editor_select (self, NULL);
      return;
    }
  if (cell == ACIES_CELL_NONE || (!first && cell == self->last_cell))
    return;
  self->last_cell = cell;

  if (g_str_equal (tool, "terrain") || g_str_equal (tool, "feature") ||
      g_str_equal (tool, "elevation") || g_str_equal (tool, "area"))
    {
      g_autoptr(GArray) cells = brush_cells (self, cell);

      if (g_str_equal (tool, "terrain") && has_brush (self))
        acies_editor_document_paint_terrain (self->doc, (AciesCell *) cells->data, cells->len, self->brush, TRUE);
      else if (g_str_equal (tool, "feature") && has_brush (self))
        acies_editor_document_set_cell_feature (self->doc, (AciesCell *) cells->data, cells->len,
                                                self->brush, !self->erase, TRUE);
      else if (g_str_equal (tool, "elevation"))
        acies_editor_document_set_elevation (self->doc, (AciesCell *) cells->data, cells->len, self->level, TRUE);
      else if (g_str_equal (tool, "area") && has_brush (self))
        acies_editor_document_paint_area (self->doc, self->brush, (AciesCell *) cells->data, cells->len,
                                          !self->erase, TRUE);
    }
  else if (g_str_equal (tool, "fill") && first && has_brush (self))
    acies_editor_document_fill_terrain (self->doc, cell, self->brush);
  else if (g_str_equal (tool, "eyedropper") && first)
    {
      const char *terrain = acies_map_get_terrain (&s->map, cell);

      if (terrain != NULL)
        {
          _acies_editor_set_tool_state (self, "brush", g_variant_new_string (terrain));
          _acies_editor_set_tool_state (self, "tool", g_variant_new_string ("terrain"));
        }
    }
  else if (g_str_equal (tool, "unit") && first && self->selected_id != NULL)
    acies_editor_document_place (self->doc, self->selected_id, cell);
  else if (g_str_equal (tool, "select"))
    {
      const char *id = acies_editor_document_part_at (self->doc, cell);

      acies_board_view_set_selected_cell (self->view, cell);
      if (first)
        {
          g_clear_pointer (&self->drag_unit, g_free);
          self->drag_unit = g_strdup (id);
          /* On an empty cell nothing is selected: the inspector shows
           * the cell. */
          acies_editor_select (self, id);
        }
    }
}

/* Strokes on the board view. */

static void
stroke_begin_cb (AciesEditor    *self,
                 double          x,
                 double          y,
                 AciesBoardView *view)
{
  self->last_cell = ACIES_CELL_NONE;
  self->last_edge = ACIES_EDGE_NONE;
  self->last_x = x;
  self->last_y = y;
  if (self->doc == NULL)
    return;
  acies_editor_document_break_merge (self->doc);

  /* Brush strokes on the map draw a preview over the cached board. */
  if (g_str_equal (self->tool, "terrain") || g_str_equal (self->tool, "edge") ||
      g_str_equal (self->tool, "feature") || g_str_equal (self->tool, "elevation"))
    acies_board_view_begin_preview (view);
  _acies_editor_apply_tool (self, acies_board_view_cell_at_point (view, x, y),
                            acies_board_view_edge_at_point (view, x, y), TRUE);
}

static void
stroke_update_cb (AciesEditor    *self,
                  double          x,
                  double          y,
                  AciesBoardView *view)
{
  double bx0, by0, bx1, by1, step = 8.0;
  guint n = 1;

  if (self->doc == NULL || g_str_equal (self->tool, "select"))
    return;

  /* The pointer may jump several cells between two motion events: walk
   * the segment from the last position in steps of a fifth of a cell (at
   * most 8 pixels), so that every cell and hexside it crosses is drawn. */
  if (acies_board_view_point_to_board (view, 0, 0, &bx0, &by0) &&
      acies_board_view_point_to_board (view, 100, 100, &bx1, &by1) && bx1 > bx0)
    step = CLAMP (100.0 / (bx1 - bx0) / 5.0, 1.0, 8.0);
  n = MIN ((guint) ceil (hypot (x - self->last_x, y - self->last_y) / step), 4096);
  for (guint i = 1; i <= MAX (n, 1); i++)
    {
      double t = n > 0 ? (double) i / n : 1.0;
      double px = self->last_x + (x - self->last_x) * t;
      double py = self->last_y + (y - self->last_y) * t;

      _acies_editor_apply_tool (self, acies_board_view_cell_at_point (view, px, py),
                                acies_board_view_edge_at_point (view, px, py), FALSE);
    }
  self->last_x = x;
  self->last_y = y;
}

static void
stroke_end_cb (AciesEditor    *self,
               double          x,
               double          y,
               AciesBoardView *view)
{
  AciesCell cell = acies_board_view_cell_at_point (view, x, y);

  if (self->doc == NULL)
    return;
  /* Select tool: dropping a dragged unit on another cell moves it. */
  if (self->drag_unit != NULL && cell != ACIES_CELL_NONE)
    {
      AciesScenario *s = _acies_editor_get_scenario (self);
      AciesUnit *unit = acies_scenario_find_unit (s, self->drag_unit);
      AciesLeader *leader = acies_scenario_find_leader (s, self->drag_unit);
      AciesCell from = unit ? unit->cell : leader ? leader->cell : ACIES_CELL_NONE;

      if (from != cell)
        acies_editor_document_place (self->doc, self->drag_unit, cell);
    }
  g_clear_pointer (&self->drag_unit, g_free);
  acies_editor_document_break_merge (self->doc);
  acies_board_view_end_preview (view);
}

static void
cell_activated_cb (AciesEditor    *self,
                   AciesCell       cell,
                   AciesBoardView *view)
{
  if (self->doc == NULL)
    return;
  /* Enter or Space on the focus cell applies the tool there: the board
   * can be edited without a mouse (edges need the pointer). */
  acies_editor_document_break_merge (self->doc);
  self->last_cell = ACIES_CELL_NONE;
  _acies_editor_apply_tool (self, cell, ACIES_EDGE_NONE, TRUE);
  acies_editor_document_break_merge (self->doc);
}

/* A unit or leader dragged from the army tree onto the board is placed. */
static gboolean
board_drop_cb (GtkDropTarget *target,
               const GValue  *value,
               double         x,
               double         y,
               AciesEditor   *self)
{
  AciesCell cell = acies_board_view_cell_at_point (self->view, x, y);
  const char *id = g_value_get_string (value);

  if (cell == ACIES_CELL_NONE || id == NULL || self->doc == NULL)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.place", "(ss)", id,
                              acies_board_cell_label (_acies_editor_get_scenario (self)->map.board, cell));
  return TRUE;
}

/**
 * _acies_editor_tools_init:
 * @self: an editor
 *
 * Lets the board take parts dragged from the army tree.
 */
void
_acies_editor_tools_init (AciesEditor *self)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE | GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (board_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (target));
}

/**
 * _acies_editor_tools_class_init:
 * @widget_class: the editor's class
 *
 * The board view's strokes, for the template, and the tools' one-key
 * shortcuts (on the board: text fields keep their keys).
 */
void
_acies_editor_tools_class_init (GtkWidgetClass *widget_class)
{
  const struct { guint key; const char *tool; } keys[] = {
    { GDK_KEY_s, "select" }, { GDK_KEY_t, "terrain" }, { GDK_KEY_f, "fill" },
    { GDK_KEY_i, "eyedropper" }, { GDK_KEY_e, "edge" }, { GDK_KEY_c, "feature" },
    { GDK_KEY_h, "elevation" }, { GDK_KEY_a, "area" }, { GDK_KEY_u, "unit" },
  };

  gtk_widget_class_bind_template_callback_full (widget_class, "_acies_editor_stroke_begin_cb",
                                                G_CALLBACK (stroke_begin_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "_acies_editor_stroke_update_cb",
                                                G_CALLBACK (stroke_update_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "_acies_editor_stroke_end_cb",
                                                G_CALLBACK (stroke_end_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "_acies_editor_cell_activated_cb",
                                                G_CALLBACK (cell_activated_cb));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, "editor.tool", "s", keys[i].tool);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "editor.rotate", "(si)", "", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "editor.remove", "s", "");
}
