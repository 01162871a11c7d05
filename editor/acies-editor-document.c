/* acies-editor-document.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "geometry/acies-board.h"

#include "acies-editor-document-private.h"

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
 * - every other edit (the methods of acies-editor-document-edits.c,
 *   -setup.c and -fields.c, and a resize) keeps a journal of the
 *   values it changed and the parts it added, removed or moved
 *   (acies-editor-document-private.h).
 *
 * So undo and redo restore the exact previous scenario, and a command
 * costs what it touched, not the size of the scenario: placing a unit
 * keeps its two cells.  The document is dirty while the command on top
 * of the undo stack is not the one saved.
 *
 * The scenario edits live in acies-editor-document-edits.c (the order of
 * battle), acies-editor-document-setup.c (areas, rules, pools,
 * reinforcements, tables) and acies-editor-document-fields.c (a part's
 * fields and catalogue parameters); the map edits in
 * acies-editor-document-map.c; saving and autosaves in
 * acies-editor-document-files.c.
 */

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

G_DEFINE_FINAL_TYPE (AciesEditorDocument, acies_editor_document, G_TYPE_OBJECT)

/* Commands. */

Command *
_acies_editor_document_command_new (AciesEditorDocument *self,
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
  else
    command->changes = _acies_journal_changes_new ();

  return command;
}

void
_acies_editor_document_command_free (Command *command)
{
  if (command->kind == COMMAND_JOURNAL)
    _acies_journal_free_changes (command);
  else
    _acies_editor_document_free_map (command);
  g_clear_pointer (&command->index, g_hash_table_unref);
  g_free (command->label);
  g_free (command->merge_key);
  g_free (command);
}

static void
command_apply (AciesEditorDocument *self,
               Command             *command,
               gboolean             undo)
{
  if (command->kind == COMMAND_JOURNAL)
    _acies_journal_apply (command, undo);
  else
    _acies_editor_document_apply_map (self, command, undo);
}

static AciesEditFlags
command_flags (Command *command)
{
  return command->kind == COMMAND_JOURNAL ? command->flags : ACIES_EDIT_MAP;
}

void
_acies_editor_document_update_state (AciesEditorDocument *self,
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

  /* Each part taken out of the scenario is held by one command only, so
   * the commands free what they hold in any order. */
  g_ptr_array_set_size (self->redo_stack, 0);
}

/* Returns the command on top of the undo stack if a new edit of @kind may
 * merge into it. */
Command *
_acies_editor_document_mergeable_top (AciesEditorDocument *self,
                                      CommandKind          kind,
                                      const char          *merge_key)
{
  Command *top;

  if (self->undo_stack->len == 0 || self->redo_stack->len > 0)
    return NULL;

  top = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  if (top->sealed || top->kind != kind || top->merge_id != self->merge_id)
    return NULL;
  if (kind == COMMAND_JOURNAL && g_strcmp0 (top->merge_key, merge_key) != 0)
    return NULL;

  return top;
}

void
_acies_editor_document_push (AciesEditorDocument *self,
                             Command             *command)
{
  gboolean had_undo = self->undo_stack->len > 0;
  gboolean had_redo = self->redo_stack->len > 0;

  acies_editor_document_clear_redo (self);
  g_ptr_array_add (self->undo_stack, command);
  _acies_editor_document_update_state (self, had_undo, had_redo);
}

/**
 * _acies_editor_document_commit:
 * @self: a document
 * @command: (transfer full): a command being recorded
 * @is_new: whether it is new (else on top of the undo stack already)
 * @changed: whether the edit changed something
 * @flags: what it changed
 *
 * Ends an edit: a new command that changed something goes on the undo
 * stack, one that changed nothing is dropped; the document says what
 * changed.
 *
 * Returns: @changed
 */
gboolean
_acies_editor_document_commit (AciesEditorDocument *self,
                               Command             *command,
                               gboolean             is_new,
                               gboolean             changed,
                               AciesEditFlags       flags)
{
  if (is_new && !changed)
    _acies_editor_document_command_free (command);
  else if (is_new)
    _acies_editor_document_push (self, command);
  else if (changed)
    _acies_editor_document_update_state (self, TRUE, FALSE);
  if (changed)
    _acies_editor_document_emit_changed (self, flags);
  return changed;
}

void
_acies_editor_document_emit_changed (AciesEditorDocument *self,
                                     AciesEditFlags       flags)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, flags);
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
  _acies_editor_document_update_state (self, TRUE, had_redo);
  _acies_editor_document_emit_changed (self, command_flags (command));

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
  _acies_editor_document_update_state (self, had_undo, TRUE);
  _acies_editor_document_emit_changed (self, command_flags (command));

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

static gsize
command_size (Command *command)
{
  gsize size = sizeof (Command) + (command->label ? strlen (command->label) + 1 : 0);

  if (command->kind == COMMAND_JOURNAL)
    return size + _acies_journal_size (command);
  if (command->kind == COMMAND_CELLS)
    {
      for (guint i = 0; i < command->changes->len; i++)
        {
          CellChange *c = &g_array_index (command->changes, CellChange, i);

          size += sizeof (CellChange) +
                  (c->old_features ? sizeof (GPtrArray) + c->old_features->len * sizeof (gpointer) : 0) +
                  (c->new_features ? sizeof (GPtrArray) + c->new_features->len * sizeof (gpointer) : 0);
        }
      return size;
    }
  for (guint i = 0; i < command->changes->len; i++)
    {
      EdgeChange *e = &g_array_index (command->changes, EdgeChange, i);

      size += sizeof (EdgeChange) +
              (e->old_features ? sizeof (GPtrArray) + e->old_features->len * sizeof (gpointer) : 0) +
              (e->new_features ? sizeof (GPtrArray) + e->new_features->len * sizeof (gpointer) : 0);
    }
  return size;
}

/**
 * acies_editor_document_get_history_size:
 * @self: a document
 * @n_commands: (out) (optional): how many commands the undo and redo
 *   stacks hold
 *
 * Tells about how much memory the undo and redo history holds: each
 * command's record and the values it keeps (strings and parameter values
 * counted by their length, a part taken out of the scenario as a struct).
 * The editor bench reports it per command.
 *
 * Returns: bytes
 */
gsize
acies_editor_document_get_history_size (AciesEditorDocument *self,
                                        guint               *n_commands)
{
  gsize size = 0;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);

  for (guint i = 0; i < self->undo_stack->len; i++)
    size += command_size (g_ptr_array_index (self->undo_stack, i));
  for (guint i = 0; i < self->redo_stack->len; i++)
    size += command_size (g_ptr_array_index (self->redo_stack, i));
  if (n_commands != NULL)
    *n_commands = self->undo_stack->len + self->redo_stack->len;
  return size;
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
  _acies_editor_document_update_state (self, self->undo_stack->len > 0, self->redo_stack->len > 0);
}

/**
 * _acies_editor_document_mark_saved:
 * @self: a document
 *
 * The scenario as it is now is what the file holds: the command on top
 * of the undo stack takes no more merges.
 */
void
_acies_editor_document_mark_saved (AciesEditorDocument *self)
{
  Command *top = self->undo_stack->len ? g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1) : NULL;

  if (top != NULL)
    top->sealed = TRUE;
  self->saved = top;
  self->saved_valid = TRUE;
  _acies_editor_document_update_state (self, self->undo_stack->len > 0, self->redo_stack->len > 0);
}

/* Ids. */

static gboolean
reinforcement_id_used (const AciesScenario *s,
                       const char          *id)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    if (g_strcmp0 (((AciesReinforcement *) g_ptr_array_index (s->reinforcements, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
id_used (const AciesScenario *s,
         const char          *id)
{
  return reinforcement_id_used (s, id) ||
         acies_scenario_find_side (s, id) != NULL ||
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

  _acies_editor_document_live_autosave (self, FALSE);

  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->scenario, acies_scenario_unref);
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

  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) _acies_editor_document_command_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) _acies_editor_document_command_free);
  self->saved_valid = TRUE;
  self->autosave_name = g_strconcat (uuid, ".acies", NULL);
  _acies_editor_document_live_autosave (self, TRUE);
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

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  self = g_object_new (ACIES_TYPE_EDITOR_DOCUMENT, NULL);
  self->scenario = acies_scenario_ref (scenario);
  self->file = file ? g_object_ref (file) : NULL;
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
