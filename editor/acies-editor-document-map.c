/* acies-editor-document-map.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-error.h"
#include "geometry/acies-board.h"

#include "acies-editor-document-private.h"

/*
 * The document's map edits: terrain, elevation and features painted on
 * cells, features drawn along edges (each brush stroke one command of
 * cell or edge changes), the flood fill, and resizing the board.
 */

static GPtrArray *
features_dup (GPtrArray *features)
{
  GPtrArray *copy;

  if (features == NULL || features->len == 0)
    return NULL;

  copy = g_ptr_array_sized_new (features->len);
  for (guint i = 0; i < features->len; i++)
    g_ptr_array_add (copy, g_ptr_array_index (features, i));

  return copy;
}

static gboolean
features_same (GPtrArray *a,
               GPtrArray *b)
{
  guint la = a ? a->len : 0, lb = b ? b->len : 0;

  if (la != lb)
    return FALSE;
  for (guint i = 0; i < la; i++)
    if (g_ptr_array_index (a, i) != g_ptr_array_index (b, i))
      return FALSE;

  return TRUE;
}

static void
apply_cell (AciesMap   *map,
            AciesCell   cell,
            const char *terrain,
            gint        elevation,
            GPtrArray  *features)
{
  map->terrain[cell] = terrain;
  map->elevation[cell] = elevation;
  g_clear_pointer (&map->cell_features[cell], g_ptr_array_unref);
  map->cell_features[cell] = features_dup (features);
}

static void
apply_edge (AciesMap  *map,
            AciesEdge  edge,
            GPtrArray *features)
{
  g_clear_pointer (&map->edge_features[edge], g_ptr_array_unref);
  map->edge_features[edge] = features_dup (features);
}

/* Applying and freeing map commands. */

void
_acies_editor_document_apply_map (AciesEditorDocument *self,
                                  Command             *command,
                                  gboolean             undo)
{
  AciesMap *map = &self->scenario->map;

  if (command->kind == COMMAND_CELLS)
    for (guint i = 0; i < command->changes->len; i++)
      {
        CellChange *c = &g_array_index (command->changes, CellChange, i);

        if (undo)
          apply_cell (map, c->cell, c->old_terrain, c->old_elevation, c->old_features);
        else
          apply_cell (map, c->cell, c->new_terrain, c->new_elevation, c->new_features);
      }
  else
    for (guint i = 0; i < command->changes->len; i++)
      {
        EdgeChange *e = &g_array_index (command->changes, EdgeChange, i);

        apply_edge (map, e->edge, undo ? e->old_features : e->new_features);
      }
}

void
_acies_editor_document_free_map (Command *command)
{
  for (guint i = 0; i < command->changes->len; i++)
    {
      if (command->kind == COMMAND_CELLS)
        {
          CellChange *c = &g_array_index (command->changes, CellChange, i);

          g_clear_pointer (&c->old_features, g_ptr_array_unref);
          g_clear_pointer (&c->new_features, g_ptr_array_unref);
        }
      else
        {
          EdgeChange *e = &g_array_index (command->changes, EdgeChange, i);

          g_clear_pointer (&e->old_features, g_ptr_array_unref);
          g_clear_pointer (&e->new_features, g_ptr_array_unref);
        }
    }
  g_clear_pointer (&command->changes, g_array_unref);
}

/* The change of @key (a cell or an edge) in @command: its position + 1,
 * or 0 when the command has none yet.  Indexed on the second lookup: most
 * commands touch a few cells once.  Both change structs start with their
 * cell or edge. */
static guint
change_position (Command *command,
                 gint     key)
{
  guint size = g_array_get_element_size (command->changes);

  if (command->index == NULL)
    {
      if (command->changes->len == 0)
        return 0;
      command->index = g_hash_table_new (NULL, NULL);
      for (guint j = 0; j < command->changes->len; j++)
        g_hash_table_insert (command->index, GINT_TO_POINTER (*(gint *) (command->changes->data + j * size)),
                             GUINT_TO_POINTER (j + 1));
    }
  return GPOINTER_TO_UINT (g_hash_table_lookup (command->index, GINT_TO_POINTER (key)));
}

/* Appends @change (a CellChange or an EdgeChange) and returns it in place. */
static gpointer
change_append (Command       *command,
               gconstpointer  change)
{
  g_array_append_vals (command->changes, change, 1);
  if (command->index != NULL)
    g_hash_table_insert (command->index, GINT_TO_POINTER (*(const gint *) change),
                         GUINT_TO_POINTER (command->changes->len));
  return command->changes->data + (command->changes->len - 1) * g_array_get_element_size (command->changes);
}

/* Cell edits. */

typedef void (*CellChangeFunc) (AciesMap   *map,
                                AciesCell   cell,
                                gconstpointer data,
                                const char **terrain,
                                gint        *elevation,
                                GPtrArray  **features);

static guint
acies_editor_document_change_cells (AciesEditorDocument *self,
                                    const char          *label,
                                    const AciesCell     *cells,
                                    guint                n_cells,
                                    CellChangeFunc       func,
                                    gconstpointer        data,
                                    gboolean             merge)
{
  AciesMap *map = &self->scenario->map;
  Command *command = merge ? _acies_editor_document_mergeable_top (self, COMMAND_CELLS, NULL) : NULL;
  gboolean is_new = command == NULL;
  guint changed = 0;

  if (is_new)
    command = _acies_editor_document_command_new (self, COMMAND_CELLS, label);

  for (guint i = 0; i < n_cells; i++)
    {
      AciesCell cell = cells[i];
      const char *terrain;
      gint elevation;
      GPtrArray *features;
      guint pos;
      CellChange *change;

      if (!acies_board_contains (map->board, cell))
        continue;

      terrain = map->terrain[cell];
      elevation = map->elevation[cell];
      features = features_dup (map->cell_features[cell]);
      func (map, cell, data, &terrain, &elevation, &features);

      if (terrain == map->terrain[cell] && elevation == map->elevation[cell] &&
          features_same (features, map->cell_features[cell]))
        {
          g_clear_pointer (&features, g_ptr_array_unref);
          continue;
        }

      pos = change_position (command, cell);
      if (pos != 0)
        {
          change = &g_array_index (command->changes, CellChange, pos - 1);
          g_clear_pointer (&change->new_features, g_ptr_array_unref);
        }
      else
        {
          CellChange fresh = { 0 };

          fresh.cell = cell;
          fresh.old_terrain = map->terrain[cell];
          fresh.old_elevation = map->elevation[cell];
          fresh.old_features = features_dup (map->cell_features[cell]);
          change = change_append (command, &fresh);
        }

      change->new_terrain = terrain;
      change->new_elevation = elevation;
      change->new_features = features;
      apply_cell (map, cell, terrain, elevation, features);
      changed++;
    }

  _acies_editor_document_commit (self, command, is_new, changed > 0, ACIES_EDIT_MAP);
  return changed;
}

static void
terrain_change (AciesMap      *map,
                AciesCell      cell,
                gconstpointer  data,
                const char   **terrain,
                gint          *elevation,
                GPtrArray    **features)
{
  *terrain = data;
}

static void
elevation_change (AciesMap      *map,
                  AciesCell      cell,
                  gconstpointer  data,
                  const char   **terrain,
                  gint          *elevation,
                  GPtrArray    **features)
{
  *elevation = *(const gint *) data;
}

typedef struct
{
  const char *feature;
  gboolean    present;
} FeatureEdit;

static void
feature_change (AciesMap      *map,
                AciesCell      cell,
                gconstpointer  data,
                const char   **terrain,
                gint          *elevation,
                GPtrArray    **features)
{
  const FeatureEdit *edit = data;
  gboolean has = FALSE;

  if (*features != NULL)
    for (guint i = 0; i < (*features)->len; i++)
      if (g_ptr_array_index (*features, i) == edit->feature)
        has = TRUE;

  if (edit->present && !has)
    {
      if (*features == NULL)
        *features = g_ptr_array_new ();
      g_ptr_array_add (*features, (gpointer) edit->feature);
    }
  else if (!edit->present && has)
    {
      g_ptr_array_remove (*features, (gpointer) edit->feature);
      if ((*features)->len == 0)
        g_clear_pointer (features, g_ptr_array_unref);
    }
}

/**
 * acies_editor_document_paint_terrain:
 * @self: a document
 * @cells: (array length=n_cells): cells to paint
 * @n_cells: how many
 * @terrain: a terrain id of the ruleset's catalogue
 * @merge: join the previous paint command of this stroke
 *
 * Paints @terrain on @cells as one undoable command (or part of one).
 *
 * Returns: how many cells changed
 */
guint
acies_editor_document_paint_terrain (AciesEditorDocument *self,
                                     const AciesCell     *cells,
                                     guint                n_cells,
                                     const char          *terrain,
                                     gboolean             merge)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);
  g_return_val_if_fail (terrain != NULL, 0);

  return acies_editor_document_change_cells (self, _("Paint Terrain"), cells, n_cells,
                                             terrain_change, g_intern_string (terrain), merge);
}

/**
 * acies_editor_document_set_elevation:
 * @self: a document
 * @cells: (array length=n_cells): cells
 * @n_cells: how many
 * @level: the elevation level, in the ruleset's levels
 * @merge: join the previous command of this stroke
 *
 * Returns: how many cells changed
 */
guint
acies_editor_document_set_elevation (AciesEditorDocument *self,
                                     const AciesCell     *cells,
                                     guint                n_cells,
                                     gint                 level,
                                     gboolean             merge)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);

  return acies_editor_document_change_cells (self, _("Set Elevation"), cells, n_cells,
                                             elevation_change, &level, merge);
}

/**
 * acies_editor_document_set_cell_feature:
 * @self: a document
 * @cells: (array length=n_cells): cells
 * @n_cells: how many
 * @feature: a cell feature id of the catalogue
 * @present: add (%TRUE) or remove it
 * @merge: join the previous command of this stroke
 *
 * Returns: how many cells changed
 */
guint
acies_editor_document_set_cell_feature (AciesEditorDocument *self,
                                        const AciesCell     *cells,
                                        guint                n_cells,
                                        const char          *feature,
                                        gboolean             present,
                                        gboolean             merge)
{
  FeatureEdit edit;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);
  g_return_val_if_fail (feature != NULL, 0);

  edit.feature = g_intern_string (feature);
  edit.present = present;

  return acies_editor_document_change_cells (self,
                                             present ? _("Add Feature") : _("Remove Feature"),
                                             cells, n_cells, feature_change, &edit, merge);
}

/**
 * acies_editor_document_fill_terrain:
 * @self: a document
 * @start: the cell where the fill starts
 * @terrain: the terrain id to fill with
 *
 * Paints @terrain on @start and every cell connected to it through
 * neighbours of the same terrain (a flood fill), as one command.
 *
 * Returns: how many cells changed
 */
guint
acies_editor_document_fill_terrain (AciesEditorDocument *self,
                                    AciesCell            start,
                                    const char          *terrain)
{
  const AciesBoard *board;
  const char *from;
  g_autoptr(GArray) cells = NULL;
  g_autoptr(GArray) queue = NULL;
  g_autofree gboolean *seen = NULL;
  AciesCell neighbours[8];

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);
  g_return_val_if_fail (terrain != NULL, 0);

  board = self->scenario->map.board;
  if (!acies_board_contains (board, start))
    return 0;

  from = self->scenario->map.terrain[start];
  if (from == g_intern_string (terrain))
    return 0;

  cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  queue = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  seen = g_new0 (gboolean, acies_board_get_n_cells (board));
  g_array_append_val (queue, start);
  seen[start] = TRUE;

  for (guint head = 0; head < queue->len; head++)
    {
      AciesCell cell = g_array_index (queue, AciesCell, head);
      guint n;

      g_array_append_val (cells, cell);
      n = acies_board_neighbours (board, cell, ACIES_ADJ_ORTHOGONAL, neighbours);
      for (guint i = 0; i < n; i++)
        {
          AciesCell next = neighbours[i];

          if (next == ACIES_CELL_NONE || seen[next] || self->scenario->map.terrain[next] != from)
            continue;
          seen[next] = TRUE;
          g_array_append_val (queue, next);
        }
    }

  acies_editor_document_break_merge (self);
  return acies_editor_document_change_cells (self, _("Fill Terrain"),
                                             (const AciesCell *) cells->data, cells->len,
                                             terrain_change, g_intern_string (terrain), FALSE);
}

/**
 * acies_editor_document_set_edge_feature:
 * @self: a document
 * @edges: (array length=n_edges): edges (hexsides, square sides, zone borders)
 * @n_edges: how many
 * @feature: an edge feature id of the catalogue
 * @present: draw (%TRUE) or erase it
 * @merge: join the previous edge command of this stroke
 *
 * Adds @feature to the features each edge already has (a ford or a bridge
 * is drawn on a river and keeps it: four-battles "ford hexside", GBoH
 * crossings), or removes it and leaves the others.  Sides on the map
 * border (one cell on the board) are not drawn on; they can be erased.
 *
 * Returns: how many edges changed
 */
guint
acies_editor_document_set_edge_feature (AciesEditorDocument *self,
                                        const AciesEdge     *edges,
                                        guint                n_edges,
                                        const char          *feature,
                                        gboolean             present,
                                        gboolean             merge)
{
  AciesMap *map;
  Command *command;
  gboolean is_new;
  const char *interned;
  guint changed = 0, n_board_edges;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);
  g_return_val_if_fail (feature != NULL, 0);

  map = &self->scenario->map;
  n_board_edges = acies_board_get_n_edges (map->board);
  interned = g_intern_string (feature);
  command = merge ? _acies_editor_document_mergeable_top (self, COMMAND_EDGES, NULL) : NULL;
  is_new = command == NULL;
  if (is_new)
    command = _acies_editor_document_command_new (self, COMMAND_EDGES, present ? _("Draw Edge Feature") : _("Erase Edge Feature"));

  for (guint i = 0; i < n_edges; i++)
    {
      AciesEdge edge = edges[i];
      GPtrArray *features;
      gboolean has;
      guint pos;
      EdgeChange *change;

      if (edge < 0 || (guint) edge >= n_board_edges)
        continue;

      /* A side on the map border (one cell on the board) divides nothing:
       * features are drawn only between two cells, erased anywhere. */
      if (present)
        {
          AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

          acies_board_edge_cells (map->board, edge, &a, &b);
          if (a == ACIES_CELL_NONE || b == ACIES_CELL_NONE)
            continue;
        }

      has = acies_map_edge_has_feature (map, edge, interned);
      if (has == present)
        continue;

      features = features_dup (map->edge_features[edge]);
      if (present)
        {
          if (features == NULL)
            features = g_ptr_array_new ();
          g_ptr_array_add (features, (gpointer) interned);
        }
      else
        {
          g_ptr_array_remove (features, (gpointer) interned);
          if (features->len == 0)
            g_clear_pointer (&features, g_ptr_array_unref);
        }

      pos = change_position (command, edge);
      if (pos != 0)
        {
          change = &g_array_index (command->changes, EdgeChange, pos - 1);
          g_clear_pointer (&change->new_features, g_ptr_array_unref);
        }
      else
        {
          EdgeChange fresh = { 0 };

          fresh.edge = edge;
          fresh.old_features = features_dup (map->edge_features[edge]);
          change = change_append (command, &fresh);
        }

      change->new_features = features;
      apply_edge (map, edge, features);
      changed++;
    }

  _acies_editor_document_commit (self, command, is_new, changed > 0, ACIES_EDIT_MAP);
  return changed;
}

/* Resizing. */

/**
 * acies_editor_document_resize:
 * @self: a document
 * @width: new width, in columns of cells (1 … %ACIES_MAX_BOARD_SIDE)
 * @height: new height, in rows of cells
 *
 * Resizes a square or hex board, keeping every cell, feature, unit and
 * area cell that still fits (acies_scenario_set_board()); new cells get
 * the ruleset's default terrain.  Zone boards have a fixed size.  The
 * command keeps the map as it was and the cells of the units, leaders and
 * areas, which the new board numbers anew.
 *
 * Returns: %TRUE if the board changed
 */
gboolean
acies_editor_document_resize (AciesEditorDocument *self,
                              guint                width,
                              guint                height)
{
  AciesScenario *s;
  const AciesBoard *old;
  g_autoptr(AciesBoard) board = NULL;
  const char *terrain;
  guint first_col = 1, first_row = 1;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  if (width < 1 || height < 1 || width > ACIES_MAX_BOARD_SIDE || height > ACIES_MAX_BOARD_SIDE)
    return FALSE;

  s = self->scenario;
  old = s->map.board;
  if (acies_board_get_kind (old) == ACIES_BOARD_ZONES)
    return FALSE;
  if (acies_board_get_width (old) == width && acies_board_get_height (old) == height)
    return FALSE;

  terrain = self->catalogue ? self->catalogue->default_terrain : NULL;
  if (terrain == NULL)
    terrain = s->map.terrain[0];
  if (acies_board_get_kind (old) == ACIES_BOARD_HEX)
    board = acies_board_new_hex (width, height, acies_board_get_orientation (old), acies_board_get_offset (old));
  else
    board = acies_board_new_square (width, height);
  acies_board_set_label_scheme (board, acies_board_get_label_scheme (old));
  acies_board_get_label_origin (old, &first_col, &first_row);
  acies_board_set_label_origin (board, first_col, first_row);

  _acies_journal_begin (&journal, self, _("Resize Board"), NULL, ACIES_EDIT_BOARD | ACIES_EDIT_MAP);
  _acies_journal_keep_map (&journal, s);
  for (guint i = 0; i < s->units->len; i++)
    {
      AciesUnit *unit = g_ptr_array_index (s->units, i);

      _acies_journal_keep_int (&journal, &unit->cell);
      _acies_journal_keep_int (&journal, &unit->cell2);
    }
  for (guint i = 0; i < s->leaders->len; i++)
    _acies_journal_keep_int (&journal, &((AciesLeader *) g_ptr_array_index (s->leaders, i))->cell);
  for (guint i = 0; i < s->areas->len; i++)
    _acies_journal_keep_cells (&journal, &((AciesArea *) g_ptr_array_index (s->areas, i))->cells);
  acies_scenario_set_board (s, board, terrain);

  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_resize_losses:
 * @self: a document
 * @width: a new width, in columns of cells
 * @height: a new height, in rows of cells
 * @n_units: (out) (optional): units on a cell beyond the new size
 * @n_leaders: (out) (optional): leaders on a cell beyond the new size
 *
 * Counts what acies_editor_document_resize() would take off the map: the
 * units (by their first cell) and leaders standing on columns or rows the
 * new board no longer has.  Zone boards are not resized: nothing.
 *
 * Returns: @n_units + @n_leaders
 */
guint
acies_editor_document_resize_losses (AciesEditorDocument *self,
                                     guint                width,
                                     guint                height,
                                     guint               *n_units,
                                     guint               *n_leaders)
{
  const AciesBoard *board;
  guint units = 0, leaders = 0;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);

  board = self->scenario->map.board;
  if (acies_board_get_kind (board) != ACIES_BOARD_ZONES)
    {
      for (guint i = 0; i < self->scenario->units->len; i++)
        {
          AciesUnit *u = g_ptr_array_index (self->scenario->units, i);
          gint col, row;

          if (u->cell == ACIES_CELL_NONE || !acies_board_contains (board, u->cell))
            continue;
          acies_board_cell_coords (board, u->cell, &col, &row);
          if ((guint) col >= width || (guint) row >= height)
            units++;
        }
      for (guint i = 0; i < self->scenario->leaders->len; i++)
        {
          AciesLeader *l = g_ptr_array_index (self->scenario->leaders, i);
          gint col, row;

          if (l->cell == ACIES_CELL_NONE || !acies_board_contains (board, l->cell))
            continue;
          acies_board_cell_coords (board, l->cell, &col, &row);
          if ((guint) col >= width || (guint) row >= height)
            leaders++;
        }
    }

  if (n_units != NULL)
    *n_units = units;
  if (n_leaders != NULL)
    *n_leaders = leaders;
  return units + leaders;
}

static gboolean
cell_beyond (const AciesBoard *board,
             AciesCell         cell,
             guint             width,
             guint             height)
{
  gint col, row;

  acies_board_cell_coords (board, cell, &col, &row);
  return (guint) col >= width || (guint) row >= height;
}

/**
 * acies_editor_document_describe_resize_losses:
 * @self: a document
 * @width: a new width, in columns of cells
 * @height: a new height, in rows of cells
 *
 * Says what else than units and leaders (acies_editor_document_resize_losses())
 * a resize to @width × @height would cut off: each area that loses cells
 * (by name, "the set-up zone “Macedonian bank” loses all its cells"), and
 * the cells beyond the new size that were painted (terrain other than
 * the ruleset's default, an elevation, or cell or edge features).
 *
 * Returns: (transfer full) (nullable): the losses as sentences to show in
 *   the question before the resize, or %NULL when nothing else is lost
 */
char *
acies_editor_document_describe_resize_losses (AciesEditorDocument *self,
                                              guint                width,
                                              guint                height)
{
  AciesScenario *s;
  const AciesBoard *board;
  const char *plain;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  guint painted = 0;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  board = s->map.board;
  if (acies_board_get_kind (board) == ACIES_BOARD_ZONES)
    return NULL;

  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *area = g_ptr_array_index (s->areas, i);
      const AciesKind *kind = self->catalogue ? acies_catalogue_find_kind (self->catalogue->area_kinds, area->kind) : NULL;
      g_autofree char *what = NULL;
      guint lost = 0;

      for (guint k = 0; k < area->cells->len; k++)
        lost += cell_beyond (board, g_array_index (area->cells, AciesCell, k), width, height);
      if (lost == 0)
        continue;
      what = kind && kind->name ? g_utf8_strdown (kind->name, -1) : g_strdup (_("area"));
      if (lost == area->cells->len)
        /* Translators: "the set-up zone “Macedonian bank” loses all its cells" */
        g_ptr_array_add (parts, g_strdup_printf (_("the %s “%s” loses all its cells"), what,
                                                 area->name ? area->name : area->id));
      else
        /* Translators: "the camp “Roman camp” loses 3 of its 8 cells" */
        g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "the %s “%s” loses %u of its %u cell",
                                                              "the %s “%s” loses %u of its %u cells",
                                                              area->cells->len),
                                                 what, area->name ? area->name : area->id,
                                                 lost, area->cells->len));
    }

  plain = self->catalogue ? self->catalogue->default_terrain : NULL;
  for (guint c = 0; c < acies_board_get_n_cells (board); c++)
    {
      gboolean marked = FALSE;
      guint n_dirs = acies_board_get_n_directions (board);

      if (!cell_beyond (board, c, width, height))
        continue;
      marked = (plain != NULL && g_strcmp0 (s->map.terrain[c], plain) != 0) || s->map.elevation[c] != 0 ||
               (s->map.cell_features[c] != NULL && s->map.cell_features[c]->len > 0);
      for (guint d = 0; d < n_dirs && !marked; d++)
        {
          AciesEdge edge = acies_board_edge_of (board, c, d);

          marked = edge != ACIES_EDGE_NONE && s->map.edge_features[edge] != NULL &&
                   s->map.edge_features[edge]->len > 0;
        }
      painted += marked;
    }
  if (painted > 0)
    /* Translators: "12 painted cells are cut off" */
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%u painted cell is cut off",
                                                          "%u painted cells are cut off", painted),
                                             painted));

  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  {
    /* Translators: between the items of a list; French " ; ". */
    g_autofree char *joined = g_strjoinv (C_("list separator", "; "), (char **) parts->pdata);

    /* A sentence: capital first letter, full stop. */
    joined[0] = g_ascii_toupper (joined[0]);
    return g_strdup_printf ("%s.", joined);
  }
}
