/* acies-editor-document.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"

G_BEGIN_DECLS

/**
 * AciesEditFlags:
 * @ACIES_EDIT_MAP: terrain, features or elevation of some cells or edges changed
 * @ACIES_EDIT_STRUCTURE: sides, formations, units, areas, rules, metadata… changed
 * @ACIES_EDIT_BOARD: the board itself changed (resize): cell ids are new
 *
 * What an edit, an undo or a redo changed; passed with
 * #AciesEditorDocument::changed.
 */
typedef enum
{
  ACIES_EDIT_MAP       = 1 << 0,
  ACIES_EDIT_STRUCTURE = 1 << 1,
  ACIES_EDIT_BOARD     = 1 << 2,
} AciesEditFlags;

#define ACIES_TYPE_EDITOR_DOCUMENT (acies_editor_document_get_type ())

G_DECLARE_FINAL_TYPE (AciesEditorDocument, acies_editor_document, ACIES, EDITOR_DOCUMENT, GObject)

AciesEditorDocument *acies_editor_document_new             (AciesScenario       *scenario,
                                                            GFile               *file);
AciesScenario       *acies_editor_document_get_scenario    (AciesEditorDocument *self);
AciesCatalogue      *acies_editor_document_get_catalogue   (AciesEditorDocument *self);
GFile               *acies_editor_document_get_file        (AciesEditorDocument *self);
void                 acies_editor_document_set_file        (AciesEditorDocument *self,
                                                            GFile               *file);
gboolean             acies_editor_document_get_dirty       (AciesEditorDocument *self);
void                 acies_editor_document_mark_modified   (AciesEditorDocument *self);
gboolean             acies_editor_document_can_undo        (AciesEditorDocument *self);
gboolean             acies_editor_document_can_redo        (AciesEditorDocument *self);
const char          *acies_editor_document_get_undo_label  (AciesEditorDocument *self);
const char          *acies_editor_document_get_redo_label  (AciesEditorDocument *self);
guint                acies_editor_document_get_undo_depth  (AciesEditorDocument *self);
gsize                acies_editor_document_get_history_size (AciesEditorDocument *self,
                                                            guint               *n_commands);
gboolean             acies_editor_document_undo            (AciesEditorDocument *self);
gboolean             acies_editor_document_redo            (AciesEditorDocument *self);
void                 acies_editor_document_break_merge     (AciesEditorDocument *self);

/* Map edits; with @merge, joined to the previous command of the same kind
 * until acies_editor_document_break_merge() (a brush stroke). */
guint                acies_editor_document_paint_terrain   (AciesEditorDocument *self,
                                                            const AciesCell     *cells,
                                                            guint                n_cells,
                                                            const char          *terrain,
                                                            gboolean             merge);
guint                acies_editor_document_set_elevation   (AciesEditorDocument *self,
                                                            const AciesCell     *cells,
                                                            guint                n_cells,
                                                            gint                 level,
                                                            gboolean             merge);
guint                acies_editor_document_set_cell_feature (AciesEditorDocument *self,
                                                            const AciesCell     *cells,
                                                            guint                n_cells,
                                                            const char          *feature,
                                                            gboolean             present,
                                                            gboolean             merge);
guint                acies_editor_document_set_edge_feature (AciesEditorDocument *self,
                                                            const AciesEdge     *edges,
                                                            guint                n_edges,
                                                            const char          *feature,
                                                            gboolean             present,
                                                            gboolean             merge);
guint                acies_editor_document_fill_terrain    (AciesEditorDocument *self,
                                                            AciesCell            start,
                                                            const char          *terrain);

/* The board's size (acies-editor-document-map.c). */
gboolean             acies_editor_document_resize          (AciesEditorDocument *self,
                                                            guint                width,
                                                            guint                height);
guint                acies_editor_document_resize_losses   (AciesEditorDocument *self,
                                                            guint                width,
                                                            guint                height,
                                                            guint               *n_units,
                                                            guint               *n_leaders);
char                *acies_editor_document_describe_resize_losses (AciesEditorDocument *self,
                                                                   guint                width,
                                                                   guint                height);

/* Files. */
gboolean             acies_editor_document_save            (AciesEditorDocument *self,
                                                            GFile               *file,
                                                            GError             **error);
GFile               *acies_editor_document_get_autosave_file (AciesEditorDocument *self);
gboolean             acies_editor_document_autosave        (AciesEditorDocument *self,
                                                            GError             **error);
void                 acies_editor_document_discard_autosave (AciesEditorDocument *self);
GPtrArray           *acies_editor_list_recoverable         (void);
GFile               *acies_editor_recoverable_original     (GFile               *autosave);
char                *acies_editor_autosave_dir             (void);

/* Ids. */
char                *acies_editor_document_new_id          (AciesEditorDocument *self,
                                                            const char          *prefix);

/* The order of battle (acies-editor-document-edits.c), areas, rules,
 * pools, reinforcements and tables (acies-editor-document-setup.c); each
 * edit is one undoable command. */
char                *acies_editor_document_add_side        (AciesEditorDocument *self,
                                                            const char          *name);
char                *acies_editor_document_add_formation   (AciesEditorDocument *self,
                                                            const char          *container,
                                                            const char          *kind);
char                *acies_editor_document_add_unit        (AciesEditorDocument *self,
                                                            const char          *container,
                                                            const char          *type);
char                *acies_editor_document_add_leader      (AciesEditorDocument *self,
                                                            const char          *container,
                                                            const char          *kind);
gboolean             acies_editor_document_remove          (AciesEditorDocument *self,
                                                            const char          *id);
guint                acies_editor_document_count_removal   (AciesEditorDocument *self,
                                                            const char          *id,
                                                            guint               *n_units,
                                                            guint               *n_leaders);
char                *acies_editor_document_duplicate       (AciesEditorDocument *self,
                                                            const char          *id);
gboolean             acies_editor_document_move            (AciesEditorDocument *self,
                                                            const char          *id,
                                                            gint                 step);
gboolean             acies_editor_document_reparent        (AciesEditorDocument *self,
                                                            const char          *id,
                                                            const char          *to);
gboolean             acies_editor_document_place           (AciesEditorDocument *self,
                                                            const char          *id,
                                                            AciesCell            cell);
gboolean             acies_editor_document_rotate          (AciesEditorDocument *self,
                                                            const char          *id,
                                                            gint                 facing);
char                *acies_editor_document_add_area        (AciesEditorDocument *self,
                                                            const char          *kind,
                                                            const char          *name,
                                                            const char          *side);
guint                acies_editor_document_paint_area      (AciesEditorDocument *self,
                                                            const char          *id,
                                                            const AciesCell     *cells,
                                                            guint                n_cells,
                                                            gboolean             add,
                                                            gboolean             merge);
gboolean             acies_editor_document_add_rule        (AciesEditorDocument *self,
                                                            const char          *list,
                                                            const char          *kind);
gboolean             acies_editor_document_remove_rule     (AciesEditorDocument *self,
                                                            const char          *list,
                                                            guint                index);
gboolean             acies_editor_document_set_rule_side   (AciesEditorDocument *self,
                                                            const char          *list,
                                                            guint                index,
                                                            const char          *side);
gboolean             acies_editor_document_pool_add        (AciesEditorDocument *self,
                                                            const char          *side,
                                                            const char          *type,
                                                            guint                count);
gboolean             acies_editor_document_pool_set_count  (AciesEditorDocument *self,
                                                            const char          *pool,
                                                            guint                index,
                                                            guint                count);
gboolean             acies_editor_document_reinforce       (AciesEditorDocument *self,
                                                            const char          *unit,
                                                            guint                turn);
gboolean             acies_editor_document_set_table_cell  (AciesEditorDocument *self,
                                                            const char          *table,
                                                            const char          *row,
                                                            const char          *column,
                                                            JsonNode            *value);

/* A part's fields and catalogue parameters (acies-editor-document-fields.c). */
gboolean             acies_editor_document_set_field       (AciesEditorDocument *self,
                                                            const char          *object,
                                                            const char          *field,
                                                            const char          *value,
                                                            gboolean             merge);
char                *acies_editor_document_get_field       (AciesEditorDocument *self,
                                                            const char          *object,
                                                            const char          *field);
gboolean             acies_editor_document_set_param       (AciesEditorDocument *self,
                                                            const char          *object,
                                                            const char          *which,
                                                            const char          *param,
                                                            JsonNode            *value,
                                                            gboolean             merge);
JsonNode            *acies_editor_document_get_param       (AciesEditorDocument *self,
                                                            const char          *object,
                                                            const char          *which,
                                                            const char          *param);

/* What the panels ask about the scenario. */
const char          *acies_editor_document_kind_of         (AciesEditorDocument *self,
                                                            const char          *id);
const char          *acies_editor_document_side_of         (AciesEditorDocument *self,
                                                            const char          *id);
const char          *acies_editor_document_container_of    (AciesEditorDocument *self,
                                                            const char          *id);
const char          *acies_editor_document_part_at         (AciesEditorDocument *self,
                                                            AciesCell            cell);
GArray              *acies_editor_document_get_facings     (AciesEditorDocument *self);
guint                acies_editor_document_reinforcement_turn (AciesEditorDocument *self,
                                                               const char          *unit);
gboolean             acies_editor_document_pool_param_declared (AciesEditorDocument *self,
                                                                const char          *param);

G_END_DECLS
