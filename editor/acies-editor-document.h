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

/**
 * AciesEditFunc:
 * @scenario: the document's scenario, to change in place
 * @user_data: closure data
 *
 * Changes @scenario for acies_editor_document_edit().
 *
 * Returns: %TRUE if something changed (else no command is recorded)
 */
typedef gboolean (*AciesEditFunc) (AciesScenario *scenario,
                                   gpointer       user_data);

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

/* Any other edit: @func changes the scenario; the command keeps the state
 * before (the map too with %ACIES_EDIT_MAP or %ACIES_EDIT_BOARD in @flags). */
gboolean             acies_editor_document_edit            (AciesEditorDocument *self,
                                                            const char          *label,
                                                            AciesEditFlags       flags,
                                                            const char          *merge_key,
                                                            AciesEditFunc        func,
                                                            gpointer             user_data);
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

G_END_DECLS
