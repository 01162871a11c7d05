/* acies-editor-document.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"

#include "acies-editor-document.h"

/**
 * AciesEditorDocument:
 *
 * A scenario being edited: the scenario (one pointer for the document's
 * life, changed in place), its ruleset's catalogue, the file, and an
 * unlimited undo/redo stack.  Every edit is a command:
 *
 * - cell commands keep the old and new state (terrain, elevation,
 *   features) of each cell they touched; brush strokes merge into one;
 * - edge commands keep the old and new feature lists of each edge;
 * - other edits keep a copy of the scenario without its map (with it for
 *   a resize) and undo by swapping it with the scenario's contents.
 *
 * So undo and redo restore the exact previous scenario, and cost what the
 * command touched, not the size of the scenario.  The document is dirty
 * while the command on top of the undo stack is not the one saved.
 */

typedef enum
{
  COMMAND_CELLS,
  COMMAND_EDGES,
  COMMAND_SNAPSHOT,
} CommandKind;

typedef struct
{
  AciesCell   cell;
  const char *old_terrain;
  const char *new_terrain;
  gint        old_elevation;
  gint        new_elevation;
  GPtrArray  *old_features;   /* owned copy or NULL */
  GPtrArray  *new_features;
} CellChange;

typedef struct
{
  AciesEdge   edge;
  GPtrArray  *old_features;
  GPtrArray  *new_features;
} EdgeChange;

typedef struct
{
  CommandKind    kind;
  char          *label;
  char          *merge_key;   /* snapshot merging, or NULL */
  guint          merge_id;    /* the stroke it belongs to */
  gboolean       sealed;      /* no more merging (saved, or undone) */
  GArray        *changes;     /* CellChange or EdgeChange */
  GHashTable    *index;       /* cell/edge -> position in changes + 1 */
  AciesScenario *other;       /* snapshot: the state to swap in */
  AciesEditFlags flags;
} Command;

struct _AciesEditorDocument
{
  GObject         parent_instance;

  AciesScenario  *scenario;
  AciesCatalogue *catalogue;
  GFile          *file;
  AciesScenario  *tiny;        /* a 1-cell scenario whose map stands in while copying */

  GPtrArray      *undo_stack;  /* Command */
  GPtrArray      *redo_stack;
  Command        *saved;       /* the command on top when last saved, or NULL */
  gboolean        saved_valid; /* FALSE when the saved state left the stacks */
  guint           merge_id;
  gboolean        dirty;

  char           *autosave_name;
};

enum {
  PROP_0,
  PROP_FILE,
  PROP_DIRTY,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Autosaves written by this process, which are therefore not left over
 * from a crash. */
static GHashTable *live_autosaves;

G_DEFINE_FINAL_TYPE (AciesEditorDocument, acies_editor_document, G_TYPE_OBJECT)

/* Commands. */

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
command_free (Command *command)
{
  if (command->changes != NULL)
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
      g_array_unref (command->changes);
    }
  g_clear_pointer (&command->index, g_hash_table_unref);
  g_clear_pointer (&command->other, acies_scenario_unref);
  g_free (command->label);
  g_free (command->merge_key);
  g_free (command);
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

/* Exchanges the contents of two scenarios, all but the reference count
 * (and the map unless @with_map). */
static void
scenario_swap (AciesScenario *a,
               AciesScenario *b,
               gboolean       with_map)
{
  AciesScenario tmp = *a;
  gint ref_a = a->ref_count, ref_b = b->ref_count;

  *a = *b;
  *b = tmp;
  a->ref_count = ref_a;
  b->ref_count = ref_b;

  if (!with_map)
    {
      AciesMap map = a->map;

      a->map = b->map;
      b->map = map;
    }
}

static void
command_apply (AciesEditorDocument *self,
               Command             *command,
               gboolean             undo)
{
  AciesMap *map = &self->scenario->map;

  switch (command->kind)
    {
    case COMMAND_CELLS:
      for (guint i = 0; i < command->changes->len; i++)
        {
          CellChange *c = &g_array_index (command->changes, CellChange, i);

          if (undo)
            apply_cell (map, c->cell, c->old_terrain, c->old_elevation, c->old_features);
          else
            apply_cell (map, c->cell, c->new_terrain, c->new_elevation, c->new_features);
        }
      break;

    case COMMAND_EDGES:
      for (guint i = 0; i < command->changes->len; i++)
        {
          EdgeChange *e = &g_array_index (command->changes, EdgeChange, i);

          apply_edge (map, e->edge, undo ? e->old_features : e->new_features);
        }
      break;

    case COMMAND_SNAPSHOT:
    default:
      scenario_swap (self->scenario, command->other,
                     (command->flags & (ACIES_EDIT_MAP | ACIES_EDIT_BOARD)) != 0);
      break;
    }
}

static AciesEditFlags
command_flags (Command *command)
{
  switch (command->kind)
    {
    case COMMAND_CELLS:
    case COMMAND_EDGES:
      return ACIES_EDIT_MAP;
    case COMMAND_SNAPSHOT:
    default:
      return command->flags;
    }
}

static void
acies_editor_document_update_state (AciesEditorDocument *self,
                                    gboolean             had_undo,
                                    gboolean             had_redo)
{
  Command *top = self->undo_stack->len ? g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1) : NULL;
  gboolean dirty = !self->saved_valid || top != self->saved;

  if (dirty != self->dirty)
    {
      self->dirty = dirty;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
    }
  if (had_undo != (self->undo_stack->len > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (had_redo != (self->redo_stack->len > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
acies_editor_document_clear_redo (AciesEditorDocument *self)
{
  for (guint i = 0; i < self->redo_stack->len; i++)
    if (g_ptr_array_index (self->redo_stack, i) == self->saved)
      self->saved_valid = FALSE;

  g_ptr_array_set_size (self->redo_stack, 0);
}

/* Returns the command on top of the undo stack if a new edit of @kind may
 * merge into it. */
static Command *
mergeable_top (AciesEditorDocument *self,
               CommandKind          kind,
               const char          *merge_key)
{
  Command *top;

  if (self->undo_stack->len == 0 || self->redo_stack->len > 0)
    return NULL;

  top = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  if (top->sealed || top->kind != kind || top->merge_id != self->merge_id)
    return NULL;
  if (kind == COMMAND_SNAPSHOT && g_strcmp0 (top->merge_key, merge_key) != 0)
    return NULL;

  return top;
}

static Command *
command_new (AciesEditorDocument *self,
             CommandKind          kind,
             const char          *label)
{
  Command *command = g_new0 (Command, 1);

  command->kind = kind;
  command->label = g_strdup (label);
  command->merge_id = self->merge_id;
  if (kind == COMMAND_CELLS)
    command->changes = g_array_new (FALSE, FALSE, sizeof (CellChange));
  else if (kind == COMMAND_EDGES)
    command->changes = g_array_new (FALSE, FALSE, sizeof (EdgeChange));

  return command;
}

static void
acies_editor_document_push (AciesEditorDocument *self,
                            Command             *command)
{
  gboolean had_undo = self->undo_stack->len > 0;
  gboolean had_redo = self->redo_stack->len > 0;

  acies_editor_document_clear_redo (self);
  g_ptr_array_add (self->undo_stack, command);
  acies_editor_document_update_state (self, had_undo, had_redo);
}

static void
acies_editor_document_emit_changed (AciesEditorDocument *self,
                                    AciesEditFlags       flags)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, flags);
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
  Command *command = merge ? mergeable_top (self, COMMAND_CELLS, NULL) : NULL;
  gboolean is_new = command == NULL;
  guint changed = 0;

  if (is_new)
    command = command_new (self, COMMAND_CELLS, label);

  for (guint i = 0; i < n_cells; i++)
    {
      AciesCell cell = cells[i];
      const char *terrain;
      gint elevation;
      GPtrArray *features;
      gpointer pos = NULL;
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

      if (command->index != NULL)
        pos = g_hash_table_lookup (command->index, GINT_TO_POINTER (cell));
      else if (command->changes->len > 0)
        {
          /* Index lazily: most commands touch a few cells once. */
          command->index = g_hash_table_new (NULL, NULL);
          for (guint j = 0; j < command->changes->len; j++)
            g_hash_table_insert (command->index,
                                 GINT_TO_POINTER (g_array_index (command->changes, CellChange, j).cell),
                                 GUINT_TO_POINTER (j + 1));
          pos = g_hash_table_lookup (command->index, GINT_TO_POINTER (cell));
        }

      if (pos != NULL)
        {
          change = &g_array_index (command->changes, CellChange, GPOINTER_TO_UINT (pos) - 1);
          g_clear_pointer (&change->new_features, g_ptr_array_unref);
        }
      else
        {
          CellChange fresh = { 0 };

          fresh.cell = cell;
          fresh.old_terrain = map->terrain[cell];
          fresh.old_elevation = map->elevation[cell];
          fresh.old_features = features_dup (map->cell_features[cell]);
          g_array_append_val (command->changes, fresh);
          if (command->index != NULL)
            g_hash_table_insert (command->index, GINT_TO_POINTER (cell),
                                 GUINT_TO_POINTER (command->changes->len));
          change = &g_array_index (command->changes, CellChange, command->changes->len - 1);
        }

      change->new_terrain = terrain;
      change->new_elevation = elevation;
      change->new_features = features;
      apply_cell (map, cell, terrain, elevation, features);
      changed++;
    }

  if (is_new)
    {
      if (changed == 0)
        {
          command_free (command);
          return 0;
        }
      acies_editor_document_push (self, command);
    }
  else if (changed > 0)
    acies_editor_document_update_state (self, TRUE, FALSE);

  if (changed > 0)
    acies_editor_document_emit_changed (self, ACIES_EDIT_MAP);

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
  command = merge ? mergeable_top (self, COMMAND_EDGES, NULL) : NULL;
  is_new = command == NULL;
  if (is_new)
    command = command_new (self, COMMAND_EDGES, present ? _("Draw Edge Feature") : _("Erase Edge Feature"));

  for (guint i = 0; i < n_edges; i++)
    {
      AciesEdge edge = edges[i];
      GPtrArray *features;
      gboolean has;
      gpointer pos = NULL;
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

      if (command->index == NULL)
        {
          command->index = g_hash_table_new (NULL, NULL);
          for (guint j = 0; j < command->changes->len; j++)
            g_hash_table_insert (command->index,
                                 GINT_TO_POINTER (g_array_index (command->changes, EdgeChange, j).edge),
                                 GUINT_TO_POINTER (j + 1));
        }
      pos = g_hash_table_lookup (command->index, GINT_TO_POINTER (edge));
      if (pos != NULL)
        {
          change = &g_array_index (command->changes, EdgeChange, GPOINTER_TO_UINT (pos) - 1);
          g_clear_pointer (&change->new_features, g_ptr_array_unref);
        }
      else
        {
          EdgeChange fresh = { 0 };

          fresh.edge = edge;
          fresh.old_features = features_dup (map->edge_features[edge]);
          g_array_append_val (command->changes, fresh);
          g_hash_table_insert (command->index, GINT_TO_POINTER (edge),
                               GUINT_TO_POINTER (command->changes->len));
          change = &g_array_index (command->changes, EdgeChange, command->changes->len - 1);
        }

      change->new_features = features;
      apply_edge (map, edge, features);
      changed++;
    }

  if (is_new)
    {
      if (changed == 0)
        {
          command_free (command);
          return 0;
        }
      acies_editor_document_push (self, command);
    }
  else if (changed > 0)
    acies_editor_document_update_state (self, TRUE, FALSE);

  if (changed > 0)
    acies_editor_document_emit_changed (self, ACIES_EDIT_MAP);

  return changed;
}

/* Snapshot edits. */

static AciesScenario *
acies_editor_document_copy_state (AciesEditorDocument *self,
                                  gboolean             with_map)
{
  AciesScenario *copy;
  AciesMap map;

  if (with_map)
    return acies_scenario_copy (self->scenario);

  /* Copy everything but the map: let the tiny map stand in for it. */
  map = self->scenario->map;
  self->scenario->map = self->tiny->map;
  copy = acies_scenario_copy (self->scenario);
  self->tiny->map = self->scenario->map;
  self->scenario->map = map;

  return copy;
}

/**
 * acies_editor_document_edit:
 * @self: a document
 * @label: what the edit does, for the undo menu ("Add Side")
 * @flags: what @func may change; %ACIES_EDIT_MAP or %ACIES_EDIT_BOARD make
 *   the command keep the map too
 * @merge_key: (nullable): edits with the same key in a row (typing in a
 *   field, painting an area) merge into one command
 * @func: (scope call): changes the scenario in place
 * @user_data: for @func
 *
 * Runs @func on the scenario as one undoable command.
 *
 * Returns: %TRUE if @func changed something
 */
gboolean
acies_editor_document_edit (AciesEditorDocument *self,
                            const char          *label,
                            AciesEditFlags       flags,
                            const char          *merge_key,
                            AciesEditFunc        func,
                            gpointer             user_data)
{
  gboolean with_map = (flags & (ACIES_EDIT_MAP | ACIES_EDIT_BOARD)) != 0;
  Command *command = NULL;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (merge_key != NULL && !with_map)
    command = mergeable_top (self, COMMAND_SNAPSHOT, merge_key);

  if (command != NULL)
    {
      if (!func (self->scenario, user_data))
        return FALSE;
      acies_editor_document_update_state (self, TRUE, FALSE);
      acies_editor_document_emit_changed (self, flags | ACIES_EDIT_STRUCTURE);
      return TRUE;
    }

  command = command_new (self, COMMAND_SNAPSHOT, label);
  command->merge_key = g_strdup (merge_key);
  command->flags = flags | ACIES_EDIT_STRUCTURE;
  command->other = acies_editor_document_copy_state (self, with_map);

  if (!func (self->scenario, user_data))
    {
      command_free (command);
      return FALSE;
    }

  if (merge_key == NULL)
    command->sealed = TRUE;

  acies_editor_document_push (self, command);
  acies_editor_document_emit_changed (self, command->flags);

  return TRUE;
}

typedef struct
{
  guint       width;
  guint       height;
  const char *terrain;
} ResizeData;

static gboolean
resize_func (AciesScenario *scenario,
             gpointer       user_data)
{
  ResizeData *data = user_data;
  const AciesBoard *old = scenario->map.board;
  g_autoptr(AciesBoard) board = NULL;
  guint first_col = 1, first_row = 1;

  if (acies_board_get_kind (old) == ACIES_BOARD_ZONES)
    return FALSE;
  if (acies_board_get_width (old) == data->width && acies_board_get_height (old) == data->height)
    return FALSE;

  if (acies_board_get_kind (old) == ACIES_BOARD_HEX)
    board = acies_board_new_hex (data->width, data->height,
                                 acies_board_get_orientation (old),
                                 acies_board_get_offset (old));
  else
    board = acies_board_new_square (data->width, data->height);

  acies_board_set_label_scheme (board, acies_board_get_label_scheme (old));
  acies_board_get_label_origin (old, &first_col, &first_row);
  acies_board_set_label_origin (board, first_col, first_row);
  acies_scenario_set_board (scenario, board, data->terrain);

  return TRUE;
}

/**
 * acies_editor_document_resize:
 * @self: a document
 * @width: new width, in columns of cells (1 … %ACIES_MAX_BOARD_SIDE)
 * @height: new height, in rows of cells
 *
 * Resizes a square or hex board, keeping every cell, feature, unit and
 * area cell that still fits (acies_scenario_set_board()); new cells get
 * the ruleset's default terrain.  Zone boards have a fixed size.
 *
 * Returns: %TRUE if the board changed
 */
gboolean
acies_editor_document_resize (AciesEditorDocument *self,
                              guint                width,
                              guint                height)
{
  ResizeData data;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  if (width < 1 || height < 1 || width > ACIES_MAX_BOARD_SIDE || height > ACIES_MAX_BOARD_SIDE)
    return FALSE;

  data.width = width;
  data.height = height;
  data.terrain = self->catalogue ? self->catalogue->default_terrain : NULL;
  if (data.terrain == NULL)
    data.terrain = self->scenario->map.terrain[0];

  return acies_editor_document_edit (self, _("Resize Board"), ACIES_EDIT_BOARD | ACIES_EDIT_MAP,
                                     NULL, resize_func, &data);
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
    g_autofree char *joined = g_strjoinv ("; ", (char **) parts->pdata);

    /* A sentence: capital first letter, full stop. */
    joined[0] = g_ascii_toupper (joined[0]);
    return g_strdup_printf ("%s.", joined);
  }
}

/* Undo and redo. */

/**
 * acies_editor_document_break_merge:
 * @self: a document
 *
 * Ends the current stroke: the next edit starts a new command.
 */
void
acies_editor_document_break_merge (AciesEditorDocument *self)
{
  g_return_if_fail (ACIES_IS_EDITOR_DOCUMENT (self));

  self->merge_id++;
}

/**
 * acies_editor_document_undo:
 * @self: a document
 *
 * Undoes the last command, restoring the exact scenario before it.
 *
 * Returns: %TRUE if there was a command to undo
 */
gboolean
acies_editor_document_undo (AciesEditorDocument *self)
{
  Command *command;
  gboolean had_redo;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  if (self->undo_stack->len == 0)
    return FALSE;

  had_redo = self->redo_stack->len > 0;
  command = g_ptr_array_steal_index (self->undo_stack, self->undo_stack->len - 1);
  command->sealed = TRUE;
  command_apply (self, command, TRUE);
  g_ptr_array_add (self->redo_stack, command);
  self->merge_id++;
  acies_editor_document_update_state (self, TRUE, had_redo);
  acies_editor_document_emit_changed (self, command_flags (command));

  return TRUE;
}

/**
 * acies_editor_document_redo:
 * @self: a document
 *
 * Redoes the last undone command.
 *
 * Returns: %TRUE if there was a command to redo
 */
gboolean
acies_editor_document_redo (AciesEditorDocument *self)
{
  Command *command;
  gboolean had_undo;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  if (self->redo_stack->len == 0)
    return FALSE;

  had_undo = self->undo_stack->len > 0;
  command = g_ptr_array_steal_index (self->redo_stack, self->redo_stack->len - 1);
  command_apply (self, command, FALSE);
  g_ptr_array_add (self->undo_stack, command);
  self->merge_id++;
  acies_editor_document_update_state (self, had_undo, TRUE);
  acies_editor_document_emit_changed (self, command_flags (command));

  return TRUE;
}

gboolean
acies_editor_document_can_undo (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  return self->undo_stack->len > 0;
}

gboolean
acies_editor_document_can_redo (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  return self->redo_stack->len > 0;
}

/**
 * acies_editor_document_get_undo_label:
 * @self: a document
 *
 * Returns: (nullable): what the next undo undoes ("Paint Terrain")
 */
const char *
acies_editor_document_get_undo_label (AciesEditorDocument *self)
{
  Command *command;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  if (self->undo_stack->len == 0)
    return NULL;
  command = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  return command->label;
}

/**
 * acies_editor_document_get_redo_label:
 * @self: a document
 *
 * Returns: (nullable): what the next redo redoes
 */
const char *
acies_editor_document_get_redo_label (AciesEditorDocument *self)
{
  Command *command;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  if (self->redo_stack->len == 0)
    return NULL;
  command = g_ptr_array_index (self->redo_stack, self->redo_stack->len - 1);
  return command->label;
}

/**
 * acies_editor_document_get_undo_depth:
 * @self: a document
 *
 * Returns: how many commands can be undone (no limit is imposed)
 */
guint
acies_editor_document_get_undo_depth (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);
  return self->undo_stack->len;
}

gboolean
acies_editor_document_get_dirty (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  return self->dirty;
}

/**
 * acies_editor_document_mark_modified:
 * @self: a document
 *
 * Marks the document as unsaved (a scenario recovered from an autosave,
 * or a new one), until the next save.
 */
void
acies_editor_document_mark_modified (AciesEditorDocument *self)
{
  g_return_if_fail (ACIES_IS_EDITOR_DOCUMENT (self));

  self->saved_valid = FALSE;
  acies_editor_document_update_state (self, self->undo_stack->len > 0, self->redo_stack->len > 0);
}

/* Files. */

/**
 * acies_editor_document_save:
 * @self: a document
 * @file: (nullable): where to save; %NULL for the document's file
 * @error: return location for an error (%ACIES_ENGINE_ERROR_IO)
 *
 * Writes the scenario atomically, keeping the previous file as a backup,
 * makes @file the document's file, marks the document clean and removes
 * its autosave.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_editor_document_save (AciesEditorDocument *self,
                            GFile               *file,
                            GError             **error)
{
  Command *top;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (file == NULL)
    file = self->file;
  if (file == NULL)
    {
      g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                           _("The scenario has no file yet: choose where to save it"));
      return FALSE;
    }

  if (!acies_scenario_save_file (self->scenario, file, error))
    return FALSE;

  acies_editor_document_set_file (self, file);
  top = self->undo_stack->len ? g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1) : NULL;
  if (top != NULL)
    top->sealed = TRUE;
  self->saved = top;
  self->saved_valid = TRUE;
  acies_editor_document_update_state (self, self->undo_stack->len > 0, self->redo_stack->len > 0);
  acies_editor_document_discard_autosave (self);

  return TRUE;
}

/**
 * acies_editor_autosave_dir:
 *
 * Returns: (transfer full): g_get_user_data_dir()/acies/autosave
 */
char *
acies_editor_autosave_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "acies", "autosave", NULL);
}

/**
 * acies_editor_document_get_autosave_file:
 * @self: a document
 *
 * Returns: (transfer full): the file the document autosaves to, in
 *   acies_editor_autosave_dir()
 */
GFile *
acies_editor_document_get_autosave_file (AciesEditorDocument *self)
{
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *path = NULL;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  path = g_build_filename (dir, self->autosave_name, NULL);
  return g_file_new_for_path (path);
}

/**
 * acies_editor_document_autosave:
 * @self: a document
 * @error: return location for an error
 *
 * Writes the scenario to its autosave file (atomically), with a
 * "NAME.origin" file next to it holding the URI of the document's file,
 * if it has one.  Does nothing while the document is clean.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_editor_document_autosave (AciesEditorDocument *self,
                                GError             **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) origin = NULL;
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *data = NULL;
  g_autofree char *origin_name = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *uri = NULL;
  gsize length = 0;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  if (!self->dirty)
    return TRUE;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   _("Could not create the autosave folder %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  file = acies_editor_document_get_autosave_file (self);
  data = acies_scenario_to_data (self->scenario, &length);
  if (!acies_file_replace_contents (file, data, length, error))
    return FALSE;

  origin_name = g_strconcat (self->autosave_name, ".origin", NULL);
  parent = g_file_get_parent (file);
  origin = g_file_get_child (parent, origin_name);
  uri = self->file ? g_file_get_uri (self->file) : g_strdup ("");
  if (!g_file_replace_contents (origin, uri, strlen (uri), NULL, FALSE,
                                G_FILE_CREATE_PRIVATE, NULL, NULL, error))
    return FALSE;

  return TRUE;
}

/**
 * acies_editor_document_discard_autosave:
 * @self: a document
 *
 * Removes the document's autosave (after a save, or when it is closed on
 * purpose).
 */
void
acies_editor_document_discard_autosave (AciesEditorDocument *self)
{
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *path = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *backup = NULL;

  g_return_if_fail (ACIES_IS_EDITOR_DOCUMENT (self));

  path = g_build_filename (dir, self->autosave_name, NULL);
  origin = g_strconcat (path, ".origin", NULL);
  backup = g_strconcat (path, "~", NULL);
  g_unlink (path);
  g_unlink (origin);
  g_unlink (backup);
}

/**
 * acies_editor_list_recoverable:
 *
 * Lists the autosaves left by an earlier run that ended without saving or
 * closing its documents (a crash): those in acies_editor_autosave_dir()
 * not written by a document of this process.
 *
 * Returns: (transfer full) (element-type GFile): the autosave files
 */
GPtrArray *
acies_editor_list_recoverable (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir_path = acies_editor_autosave_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return files;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (name, ".acies"))
        continue;
      if (live_autosaves != NULL && g_hash_table_contains (live_autosaves, name))
        continue;
      g_ptr_array_add (files, g_file_new_build_filename (dir_path, name, NULL));
    }

  return files;
}

/**
 * acies_editor_recoverable_original:
 * @autosave: an autosave file from acies_editor_list_recoverable()
 *
 * Returns: (transfer full) (nullable): the file the autosaved document was
 *   editing, or %NULL for a document never saved
 */
GFile *
acies_editor_recoverable_original (GFile *autosave)
{
  g_autofree char *path = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *uri = NULL;

  g_return_val_if_fail (G_IS_FILE (autosave), NULL);

  path = g_file_get_path (autosave);
  if (path == NULL)
    return NULL;
  origin = g_strconcat (path, ".origin", NULL);
  if (!g_file_get_contents (origin, &uri, NULL, NULL) || uri[0] == '\0')
    return NULL;

  return g_file_new_for_uri (g_strstrip (uri));
}

/* Ids. */

static gboolean
id_used (const AciesScenario *s,
         const char          *id)
{
  return acies_scenario_find_side (s, id) != NULL ||
         acies_scenario_find_formation (s, id) != NULL ||
         acies_scenario_find_unit (s, id) != NULL ||
         acies_scenario_find_leader (s, id) != NULL ||
         acies_scenario_find_area (s, id) != NULL ||
         acies_scenario_find_pool (s, id) != NULL;
}

/**
 * acies_editor_document_new_id:
 * @self: a document
 * @prefix: a prefix such as "side" or "u"
 *
 * Returns: (transfer full): an id "PREFIX-N" used by no object yet
 */
char *
acies_editor_document_new_id (AciesEditorDocument *self,
                              const char          *prefix)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  for (guint n = 1;; n++)
    {
      char *id = g_strdup_printf ("%s-%u", prefix, n);

      if (!id_used (self->scenario, id))
        return id;
      g_free (id);
    }
}

/* GObject. */

static void
acies_editor_document_finalize (GObject *object)
{
  AciesEditorDocument *self = ACIES_EDITOR_DOCUMENT (object);

  if (live_autosaves != NULL)
    g_hash_table_remove (live_autosaves, self->autosave_name);

  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->tiny, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  g_clear_object (&self->file);
  g_free (self->autosave_name);

  G_OBJECT_CLASS (acies_editor_document_parent_class)->finalize (object);
}

static void
acies_editor_document_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AciesEditorDocument *self = ACIES_EDITOR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->undo_stack->len > 0);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->redo_stack->len > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_editor_document_class_init (AciesEditorDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_editor_document_finalize;
  object_class->get_property = acies_editor_document_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesEditorDocument::changed:
   * @self: the document
   * @flags: the #AciesEditFlags of what changed
   *
   * Emitted after every edit, undo and redo.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
acies_editor_document_init (AciesEditorDocument *self)
{
  g_autofree char *uuid = g_uuid_string_random ();

  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
  self->saved_valid = TRUE;
  self->autosave_name = g_strconcat (uuid, ".acies", NULL);

  if (live_autosaves == NULL)
    live_autosaves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (live_autosaves, g_strdup (self->autosave_name));
}

/**
 * acies_editor_document_new:
 * @scenario: the scenario to edit; the document takes a reference and
 *   changes it in place from now on
 * @file: (nullable): the file it was read from
 *
 * Returns: (transfer full): a new, clean document
 */
AciesEditorDocument *
acies_editor_document_new (AciesScenario *scenario,
                           GFile         *file)
{
  AciesEditorDocument *self;
  g_autoptr(AciesBoard) tiny_board = acies_board_new_square (1, 1);

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  self = g_object_new (ACIES_TYPE_EDITOR_DOCUMENT, NULL);
  self->scenario = acies_scenario_ref (scenario);
  self->file = file ? g_object_ref (file) : NULL;
  self->tiny = acies_scenario_new (scenario->ruleset, tiny_board, "clear");
  if (scenario->ruleset != NULL)
    {
      AciesCatalogue *catalogue = acies_catalogue_lookup (scenario->ruleset);

      if (catalogue == NULL)
        catalogue = acies_catalogue_get_bundled (scenario->ruleset);
      if (catalogue != NULL)
        self->catalogue = acies_catalogue_ref (catalogue);
    }

  return self;
}

/**
 * acies_editor_document_get_scenario:
 * @self: a document
 *
 * Returns: (transfer none): the scenario; the same pointer for the
 *   document's life (edits, undo and redo change it in place)
 */
AciesScenario *
acies_editor_document_get_scenario (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  return self->scenario;
}

/**
 * acies_editor_document_get_catalogue:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): the ruleset's catalogue
 */
AciesCatalogue *
acies_editor_document_get_catalogue (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  return self->catalogue;
}

/**
 * acies_editor_document_get_file:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): the document's file
 */
GFile *
acies_editor_document_get_file (AciesEditorDocument *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  return self->file;
}

void
acies_editor_document_set_file (AciesEditorDocument *self,
                                GFile               *file)
{
  g_return_if_fail (ACIES_IS_EDITOR_DOCUMENT (self));

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}
