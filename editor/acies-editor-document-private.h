/* acies-editor-document-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-document.h"

G_BEGIN_DECLS

/*
 * The document's commands and the journal its scenario edits write.
 *
 * A map edit keeps the old and new state of each cell or edge it touched.
 * Every other edit is a journal: the list of the changes it made, each a
 * value swapped into a slot of the scenario (a string, a number, a
 * parameter object or one member of it, an area's cells) or a part moved
 * into or out of one of its arrays.  Undoing a journal applies its changes
 * backwards and redoing forwards; each application swaps the value held
 * with the one in place, so a change costs what it changed (placing a
 * unit: two cells), never a copy of the scenario.
 *
 * Slots stay valid for the life of the history because parts are never
 * freed while a command may need them: a part taken out of the scenario
 * is held by the command that took it out.
 */

typedef enum
{
  COMMAND_CELLS,
  COMMAND_EDGES,
  COMMAND_JOURNAL,
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
  CommandKind     kind;
  char           *label;
  char           *merge_key;   /* journal merging, or NULL */
  guint           merge_id;    /* the stroke it belongs to */
  gboolean        sealed;      /* no more merging (saved, or undone) */
  GArray         *changes;     /* CellChange, EdgeChange or JournalOp */
  GHashTable     *index;       /* cell/edge/slot -> position in changes + 1 */
  AciesEditFlags  flags;
} Command;

struct _AciesEditorDocument
{
  GObject         parent_instance;

  AciesScenario  *scenario;
  AciesCatalogue *catalogue;
  GFile          *file;

  GPtrArray      *undo_stack;  /* Command */
  GPtrArray      *redo_stack;
  Command        *saved;       /* the command on top when last saved, or NULL */
  gboolean        saved_valid; /* FALSE when the saved state left the stacks */
  guint           merge_id;
  gboolean        dirty;

  char           *autosave_name;
};

/* Commands (acies-editor-document.c). */
Command  *_acies_editor_document_command_new   (AciesEditorDocument *self,
                                                CommandKind          kind,
                                                const char          *label);
void      _acies_editor_document_command_free  (Command             *command);
Command  *_acies_editor_document_mergeable_top (AciesEditorDocument *self,
                                                CommandKind          kind,
                                                const char          *merge_key);
void      _acies_editor_document_push          (AciesEditorDocument *self,
                                                Command             *command);
void      _acies_editor_document_update_state  (AciesEditorDocument *self,
                                                gboolean             had_undo,
                                                gboolean             had_redo);
void      _acies_editor_document_emit_changed  (AciesEditorDocument *self,
                                                AciesEditFlags       flags);
gboolean  _acies_editor_document_commit        (AciesEditorDocument *self,
                                                Command             *command,
                                                gboolean             is_new,
                                                gboolean             changed,
                                                AciesEditFlags       flags);
void      _acies_editor_document_mark_saved    (AciesEditorDocument *self);
void      _acies_editor_document_apply_map     (AciesEditorDocument *self,
                                                Command             *command,
                                                gboolean             undo);
void      _acies_editor_document_free_map      (Command             *command);

/* How the scenario's arrays free their parts, for the journal. */
#define FREE_SIDE        ((GDestroyNotify) acies_side_free)
#define FREE_FORMATION   ((GDestroyNotify) acies_formation_free)
#define FREE_UNIT        ((GDestroyNotify) acies_unit_free)
#define FREE_LEADER      ((GDestroyNotify) acies_leader_free)
#define FREE_AREA        ((GDestroyNotify) acies_area_free)
#define FREE_POOL        ((GDestroyNotify) acies_pool_free)
#define FREE_POOL_ENTRY  ((GDestroyNotify) acies_pool_entry_free)
#define FREE_RULE        ((GDestroyNotify) acies_rule_entry_free)
#define FREE_REINFORCEMENT ((GDestroyNotify) acies_reinforcement_free)

/* Facings (acies-editor-document-edits.c). */
guint     _acies_editor_document_n_facings     (AciesEditorDocument *self);
AciesCell _acies_editor_document_second_cell   (AciesEditorDocument *self,
                                                AciesCell            cell,
                                                gint                 facing);

/* Autosaves (acies-editor-document-files.c). */
void      _acies_editor_document_live_autosave (AciesEditorDocument *self,
                                                gboolean             live);

/* The journal (acies-editor-document-journal.c).  An edit opens a journal
 * on the stack, changes the scenario through it and commits it:
 *
 *   AciesJournal j;
 *
 *   _acies_journal_begin (&j, self, _("Place Unit"), NULL, 0);
 *   _acies_journal_set_int (&j, &unit->cell, cell);
 *   return _acies_journal_commit (&j);
 *
 * A part added to an array is built whole first, then inserted; a part
 * already in the scenario is only changed through the journal. */
typedef struct
{
  AciesEditorDocument *document;
  Command             *command;
  gboolean             is_new;
  gboolean             changed;    /* something changed since it was opened */
} AciesJournal;

void      _acies_journal_begin          (AciesJournal         *journal,
                                         AciesEditorDocument  *self,
                                         const char           *label,
                                         const char           *merge_key,
                                         AciesEditFlags        flags);
gboolean  _acies_journal_commit         (AciesJournal         *journal);
GArray   *_acies_journal_changes_new    (void);
void      _acies_journal_apply          (Command              *command,
                                         gboolean              undo);
void      _acies_journal_free_changes   (Command              *command);
gsize     _acies_journal_size           (Command              *command);

void      _acies_journal_set_string     (AciesJournal         *journal,
                                         char                **slot,
                                         const char           *value);
void      _acies_journal_set_int        (AciesJournal         *journal,
                                         gint                 *slot,
                                         gint                  value);
void      _acies_journal_set_uint       (AciesJournal         *journal,
                                         guint                *slot,
                                         guint                 value);
void      _acies_journal_set_object     (AciesJournal         *journal,
                                         JsonObject          **slot,
                                         JsonObject           *value);
void      _acies_journal_set_member     (AciesJournal         *journal,
                                         JsonObject           *object,
                                         const char           *member,
                                         JsonNode             *value);
void      _acies_journal_set_strings    (AciesJournal         *journal,
                                         GPtrArray           **slot,
                                         GPtrArray            *value);
void      _acies_journal_keep_int       (AciesJournal         *journal,
                                         gint                 *slot);
void      _acies_journal_keep_cells     (AciesJournal         *journal,
                                         GArray              **slot);
void      _acies_journal_keep_map       (AciesJournal         *journal,
                                         AciesScenario        *scenario);
void      _acies_journal_insert         (AciesJournal         *journal,
                                         GPtrArray            *array,
                                         guint                 index,
                                         gpointer              part,
                                         GDestroyNotify        free_part);
void      _acies_journal_remove         (AciesJournal         *journal,
                                         GPtrArray            *array,
                                         guint                 index,
                                         GDestroyNotify        free_part);
void      _acies_journal_swap           (AciesJournal         *journal,
                                         GPtrArray            *array,
                                         guint                 a,
                                         guint                 b);

/* Shared by the edits (acies-editor-document-edits.c). */
typedef const char *(*AciesEditorNameFunc) (gconstpointer part);

char     *_acies_editor_document_unique_name   (GPtrArray           *items,
                                                AciesEditorNameFunc  get_name,
                                                const char          *base,
                                                gboolean             numbered);
void      _acies_editor_document_forget_unit   (AciesJournal        *journal,
                                                AciesScenario       *s,
                                                const char          *id);

G_END_DECLS
