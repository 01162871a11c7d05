/* acies-editor-document-journal.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <string.h>

#include "geometry/acies-board.h"

#include "acies-editor-document-private.h"

/*
 * The journal of a scenario edit: the changes it made, in order, each one
 * holding the value that is not in the scenario at the moment (before the
 * edit while it is done, after it while it is undone).  Applying a change
 * swaps that value with the one in place, so the same function undoes and
 * redoes it.
 */

typedef enum
{
  /* A pointer in a slot of the scenario, swapped with other.pointer. */
  OP_STRING,    /* char **slot */
  OP_OBJECT,    /* JsonObject **slot */
  OP_CELLS,     /* GArray **slot */
  OP_STRINGS,   /* GPtrArray **slot */
  /* Others. */
  OP_INT,       /* gint *slot (or guint *) */
  OP_MEMBER,    /* JsonObject *slot, member; other.node NULL while absent */
  OP_MAP,       /* AciesScenario *slot; other.scenario holds the other map */
  OP_PART,      /* GPtrArray *slot, index; other.part held while out of the array */
  OP_SWAP,      /* GPtrArray *slot, index and index2 exchanged */
} OpKind;

/* How each pointer kind frees the value it holds. */
static const GDestroyNotify pointer_free[] = {
  [OP_STRING] = g_free,
  [OP_OBJECT] = (GDestroyNotify) json_object_unref,
  [OP_CELLS] = (GDestroyNotify) g_array_unref,
  [OP_STRINGS] = (GDestroyNotify) g_ptr_array_unref,
};

typedef struct
{
  OpKind          kind;
  guint           index;      /* OP_PART, OP_SWAP; OP_MEMBER: its place while absent */
  guint           index2;
  gpointer        slot;
  char           *member;
  GDestroyNotify  free_part;
  union
  {
    gpointer       pointer;   /* the pointer kinds */
    gint           number;
    JsonNode      *node;
    AciesScenario *scenario;
    gpointer       part;
  } other;
} JournalOp;

static gboolean
op_is_pointer (OpKind kind)
{
  return kind <= OP_STRINGS;
}

static gboolean
op_is_value (OpKind kind)
{
  return kind != OP_PART && kind != OP_SWAP;
}

/* The position of @member in @object's order, or -1. */
static gint
member_position (JsonObject *object,
                 const char *member)
{
  g_autoptr(GList) names = json_object_get_members (object);
  gint position = 0;

  for (GList *l = names; l != NULL; l = l->next, position++)
    if (g_str_equal (l->data, member))
      return position;
  return -1;
}

/* Sets @member of @object to @node (taken) at @position in the order: the
 * members after it are taken out and put back behind it. */
static void
member_put_at (JsonObject *object,
               const char *member,
               JsonNode   *node,
               guint       position)
{
  g_autoptr(GList) names = NULL;
  g_autoptr(GPtrArray) after_names = NULL;
  g_autoptr(GPtrArray) after_nodes = NULL;
  guint i = 0;

  if (json_object_has_member (object, member) || position >= json_object_get_size (object))
    {
      json_object_set_member (object, member, node);
      return;
    }

  names = json_object_get_members (object);
  after_names = g_ptr_array_new_with_free_func (g_free);
  after_nodes = g_ptr_array_new ();
  for (GList *l = names; l != NULL; l = l->next, i++)
    if (i >= position)
      {
        g_ptr_array_add (after_names, g_strdup (l->data));
        g_ptr_array_add (after_nodes, json_node_ref (json_object_get_member (object, l->data)));
      }
  for (i = 0; i < after_names->len; i++)
    json_object_remove_member (object, g_ptr_array_index (after_names, i));
  json_object_set_member (object, member, node);
  for (i = 0; i < after_names->len; i++)
    json_object_set_member (object, g_ptr_array_index (after_names, i), g_ptr_array_index (after_nodes, i));
}

static void
op_apply (JournalOp *op)
{
  if (op_is_pointer (op->kind))
    {
      gpointer now = *(gpointer *) op->slot;

      *(gpointer *) op->slot = op->other.pointer;
      op->other.pointer = now;
      return;
    }

  switch (op->kind)
    {
    case OP_INT:
      {
        gint now = *(gint *) op->slot;

        *(gint *) op->slot = op->other.number;
        op->other.number = now;
      }
      break;

    case OP_MEMBER:
      {
        JsonObject *object = op->slot;
        JsonNode *now = NULL;
        gint position = member_position (object, op->member);

        if (position >= 0)
          now = json_node_ref (json_object_get_member (object, op->member));
        if (op->other.node != NULL)
          member_put_at (object, op->member, op->other.node, op->index);
        else if (position >= 0)
          json_object_remove_member (object, op->member);
        op->other.node = now;
        if (now != NULL)
          op->index = position;
      }
      break;

    case OP_MAP:
      {
        AciesScenario *scenario = op->slot;
        AciesMap now = scenario->map;

        scenario->map = op->other.scenario->map;
        op->other.scenario->map = now;
      }
      break;

    case OP_PART:
      if (op->other.part != NULL)
        {
          g_ptr_array_insert (op->slot, op->index, op->other.part);
          op->other.part = NULL;
        }
      else
        op->other.part = g_ptr_array_steal_index (op->slot, op->index);
      break;

    case OP_SWAP:
    default:
      {
        GPtrArray *array = op->slot;
        gpointer a = array->pdata[op->index];

        array->pdata[op->index] = array->pdata[op->index2];
        array->pdata[op->index2] = a;
      }
      break;
    }
}

static void
op_clear (JournalOp *op)
{
  if (op_is_pointer (op->kind))
    {
      g_clear_pointer (&op->other.pointer, pointer_free[op->kind]);
      return;
    }

  switch (op->kind)
    {
    case OP_MEMBER:
      g_free (op->member);
      g_clear_pointer (&op->other.node, json_node_unref);
      break;
    case OP_MAP:
      g_clear_pointer (&op->other.scenario, acies_scenario_unref);
      break;
    case OP_PART:
      if (op->other.part != NULL && op->free_part != NULL)
        op->free_part (op->other.part);
      break;
    case OP_INT:
    case OP_SWAP:
    default:
      break;
    }
}

GArray *
_acies_journal_changes_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (JournalOp));
}

/**
 * _acies_journal_apply:
 * @command: a journal command
 * @undo: backwards (undo) or forwards (redo)
 *
 * Swaps every change of @command with the scenario's value.
 */
void
_acies_journal_apply (Command  *command,
                      gboolean  undo)
{
  GArray *ops = command->changes;

  if (undo)
    for (guint i = ops->len; i-- > 0;)
      op_apply (&g_array_index (ops, JournalOp, i));
  else
    for (guint i = 0; i < ops->len; i++)
      op_apply (&g_array_index (ops, JournalOp, i));
}

void
_acies_journal_free_changes (Command *command)
{
  for (guint i = 0; i < command->changes->len; i++)
    op_clear (&g_array_index (command->changes, JournalOp, i));
  g_array_unref (command->changes);
  command->changes = NULL;
}

/* Bytes held by one change: the op and what it keeps (strings, arrays,
 * parameter values by their JSON text; a part by its struct). */
static gsize
op_size (JournalOp *op)
{
  gsize size = sizeof (JournalOp);

  switch (op->kind)
    {
    case OP_STRING:
      size += op->other.pointer ? strlen (op->other.pointer) + 1 : 0;
      break;
    case OP_MEMBER:
      size += strlen (op->member) + 1;
      if (op->other.node != NULL)
        {
          g_autofree char *text = json_to_string (op->other.node, FALSE);

          size += strlen (text);
        }
      break;
    case OP_OBJECT:
      if (op->other.pointer != NULL)
        {
          g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), op->other.pointer);
          g_autofree char *text = json_to_string (node, FALSE);

          size += strlen (text);
        }
      break;
    case OP_CELLS:
      size += op->other.pointer ? ((GArray *) op->other.pointer)->len * sizeof (AciesCell) : 0;
      break;
    case OP_STRINGS:
      for (guint i = 0; op->other.pointer && i < ((GPtrArray *) op->other.pointer)->len; i++)
        size += sizeof (gpointer) + strlen (g_ptr_array_index ((GPtrArray *) op->other.pointer, i)) + 1;
      break;
    case OP_MAP:
      {
        const AciesBoard *board = op->other.scenario->map.board;

        size += acies_board_get_n_cells (board) * (sizeof (char *) + sizeof (GPtrArray *) + sizeof (gint)) +
                acies_board_get_n_edges (board) * sizeof (GPtrArray *);
      }
      break;
    case OP_PART:
      size += op->other.part != NULL ? 128 : 0;
      break;
    case OP_INT:
    case OP_SWAP:
    default:
      break;
    }
  return size;
}

/**
 * _acies_journal_size:
 * @command: a journal command
 *
 * Returns: about how many bytes @command keeps
 */
gsize
_acies_journal_size (Command *command)
{
  gsize size = 0;

  for (guint i = 0; i < command->changes->len; i++)
    size += op_size (&g_array_index (command->changes, JournalOp, i));
  return size;
}

/* Recording. */

/**
 * _acies_journal_begin:
 * @journal: (out caller-allocates): the journal to open
 * @self: a document
 * @label: what the edit does, for the undo menu
 * @merge_key: (nullable): edits with the same key in a row (typing in a
 *   field, painting an area in one stroke) are one command
 * @flags: what the edit changes besides the scenario's parts
 *   (%ACIES_EDIT_STRUCTURE is always added)
 */
void
_acies_journal_begin (AciesJournal        *journal,
                      AciesEditorDocument *self,
                      const char          *label,
                      const char          *merge_key,
                      AciesEditFlags       flags)
{
  Command *command = NULL;

  journal->document = self;
  if (merge_key != NULL)
    command = _acies_editor_document_mergeable_top (self, COMMAND_JOURNAL, merge_key);
  journal->is_new = command == NULL;
  if (command == NULL)
    {
      command = _acies_editor_document_command_new (self, COMMAND_JOURNAL, label);
      command->merge_key = g_strdup (merge_key);
      command->sealed = merge_key == NULL;
    }
  command->flags |= flags | ACIES_EDIT_STRUCTURE;
  journal->command = command;
  journal->changed = FALSE;
}

/**
 * _acies_journal_commit:
 * @journal: an open journal
 *
 * Closes @journal: a new command that changed something goes on the undo
 * stack (one that changed nothing is dropped), and the document says
 * what changed.
 *
 * Returns: %TRUE if the edit changed the scenario
 */
gboolean
_acies_journal_commit (AciesJournal *journal)
{
  Command *command = journal->command;

  journal->command = NULL;
  return _acies_editor_document_commit (journal->document, command, journal->is_new, journal->changed,
                                        command->flags);
}

/* The value change of @kind already recorded at @slot (@member) by this
 * command, if any: later changes there are kept by it. */
static JournalOp *
find_value (AciesJournal *journal,
            OpKind        kind,
            gpointer      slot,
            const char   *member)
{
  Command *command = journal->command;
  gpointer pos;

  if (kind == OP_MEMBER)
    {
      for (guint i = 0; i < command->changes->len; i++)
        {
          JournalOp *op = &g_array_index (command->changes, JournalOp, i);

          if (op->kind == OP_MEMBER && op->slot == slot && g_str_equal (op->member, member))
            return op;
        }
      return NULL;
    }
  if (command->index == NULL)
    return NULL;
  pos = g_hash_table_lookup (command->index, slot);
  if (pos == NULL)
    return NULL;
  return &g_array_index (command->changes, JournalOp, GPOINTER_TO_UINT (pos) - 1);
}

static JournalOp *
add_op (AciesJournal *journal,
        OpKind        kind,
        gpointer      slot)
{
  Command *command = journal->command;
  JournalOp op = { 0 };

  journal->changed = TRUE;
  op.kind = kind;
  op.slot = slot;
  g_array_append_val (command->changes, op);
  if (op_is_value (kind) && kind != OP_MEMBER)
    {
      if (command->index == NULL)
        command->index = g_hash_table_new (NULL, NULL);
      g_hash_table_insert (command->index, slot, GUINT_TO_POINTER (command->changes->len));
    }
  return &g_array_index (command->changes, JournalOp, command->changes->len - 1);
}

/* Puts @value (taken) in the pointer @slot; the first change of the slot
 * in this command keeps the pointer that was there, a later one frees
 * the one it replaces. */
static void
set_pointer (AciesJournal *journal,
             OpKind        kind,
             gpointer     *slot,
             gpointer      value)
{
  journal->changed = TRUE;
  if (find_value (journal, kind, slot, NULL) != NULL)
    g_clear_pointer (slot, pointer_free[kind]);
  else
    add_op (journal, kind, slot)->other.pointer = *slot;
  *slot = value;
}

/**
 * _acies_journal_set_string:
 * @journal: an open journal
 * @slot: a string member of a part in the scenario
 * @value: (nullable): the new value, copied
 */
void
_acies_journal_set_string (AciesJournal  *journal,
                           char         **slot,
                           const char    *value)
{
  if (g_strcmp0 (*slot, value) != 0)
    set_pointer (journal, OP_STRING, (gpointer *) slot, g_strdup (value));
}

void
_acies_journal_set_int (AciesJournal *journal,
                        gint         *slot,
                        gint          value)
{
  if (*slot == value)
    return;
  _acies_journal_keep_int (journal, slot);
  *slot = value;
}

void
_acies_journal_set_uint (AciesJournal *journal,
                         guint        *slot,
                         guint         value)
{
  /* The same four bytes: the counts and turns are far below G_MAXINT. */
  _acies_journal_set_int (journal, (gint *) slot, (gint) value);
}

/**
 * _acies_journal_set_object:
 * @journal: an open journal
 * @slot: a parameter object member of a part
 * @value: (transfer full) (nullable): the new object
 */
void
_acies_journal_set_object (AciesJournal  *journal,
                           JsonObject   **slot,
                           JsonObject    *value)
{
  if (*slot == value)
    g_clear_pointer (&value, json_object_unref);
  else
    set_pointer (journal, OP_OBJECT, (gpointer *) slot, value);
}

/**
 * _acies_journal_set_member:
 * @journal: an open journal
 * @object: a parameter object of the scenario
 * @member: the member's name
 * @value: (transfer full) (nullable): its new value; %NULL removes it
 *
 * Undo puts a removed member back at its place in @object's order.
 */
void
_acies_journal_set_member (AciesJournal *journal,
                           JsonObject   *object,
                           const char   *member,
                           JsonNode     *value)
{
  gint position = member_position (object, member);
  JournalOp *op;

  if (value == NULL && position < 0)
    return;
  if (value != NULL && position >= 0 && json_node_equal (json_object_get_member (object, member), value))
    {
      json_node_unref (value);
      return;
    }

  journal->changed = TRUE;
  if (find_value (journal, OP_MEMBER, object, member) == NULL)
    {
      op = add_op (journal, OP_MEMBER, object);
      op->member = g_strdup (member);
      op->other.node = position >= 0 ? json_node_ref (json_object_get_member (object, member)) : NULL;
      op->index = position >= 0 ? (guint) position : 0;
    }
  if (value != NULL)
    json_object_set_member (object, member, value);
  else
    json_object_remove_member (object, member);
}

/**
 * _acies_journal_set_strings:
 * @journal: an open journal
 * @slot: an array of strings of the scenario (the sources)
 * @value: (transfer full): the new array, freeing its strings
 */
void
_acies_journal_set_strings (AciesJournal  *journal,
                            GPtrArray    **slot,
                            GPtrArray     *value)
{
  set_pointer (journal, OP_STRINGS, (gpointer *) slot, value);
}

/**
 * _acies_journal_keep_int:
 * @journal: an open journal
 * @slot: a number of the scenario about to change
 *
 * Records the value at @slot: the caller (or the engine) changes it.
 */
void
_acies_journal_keep_int (AciesJournal *journal,
                         gint         *slot)
{
  journal->changed = TRUE;
  if (find_value (journal, OP_INT, slot, NULL) == NULL)
    add_op (journal, OP_INT, slot)->other.number = *slot;
}

/**
 * _acies_journal_keep_cells:
 * @journal: an open journal
 * @slot: an area's cells, about to change
 *
 * Keeps the cells as they are: the scenario gets a copy to change (the
 * caller changes it in place, or the engine replaces it).
 */
void
_acies_journal_keep_cells (AciesJournal  *journal,
                           GArray       **slot)
{
  GArray *copy;

  journal->changed = TRUE;
  if (find_value (journal, OP_CELLS, slot, NULL) != NULL)
    return;
  copy = g_array_sized_new (FALSE, FALSE, sizeof (AciesCell), (*slot)->len);
  g_array_append_vals (copy, (*slot)->data, (*slot)->len);
  set_pointer (journal, OP_CELLS, (gpointer *) slot, copy);
}

/**
 * _acies_journal_keep_map:
 * @journal: an open journal
 * @scenario: the document's scenario, whose map is about to be replaced
 *   (a resize)
 *
 * Keeps a copy of the map as it is.
 */
void
_acies_journal_keep_map (AciesJournal  *journal,
                         AciesScenario *scenario)
{
  g_autoptr(AciesBoard) tiny_board = NULL;
  g_autoptr(AciesScenario) shell = NULL;
  AciesMap tiny;

  if (find_value (journal, OP_MAP, scenario, NULL) != NULL)
    return;

  /* A scenario holding nothing but a copy of the map. */
  tiny_board = acies_board_new_square (1, 1);
  shell = acies_scenario_new (scenario->ruleset, tiny_board, "clear");
  tiny = shell->map;
  shell->map = scenario->map;
  add_op (journal, OP_MAP, scenario)->other.scenario = acies_scenario_copy (shell);
  shell->map = tiny;
}

/**
 * _acies_journal_insert:
 * @journal: an open journal
 * @array: an array of parts of the scenario
 * @index: where, up to the array's length
 * @part: (transfer full): a new part, complete
 * @free_part: how @array frees its parts
 */
void
_acies_journal_insert (AciesJournal   *journal,
                       GPtrArray      *array,
                       guint           index,
                       gpointer        part,
                       GDestroyNotify  free_part)
{
  JournalOp *op;

  g_assert (index <= array->len);
  g_ptr_array_insert (array, index, part);
  op = add_op (journal, OP_PART, array);
  op->index = index;
  op->free_part = free_part;
}

/**
 * _acies_journal_remove:
 * @journal: an open journal
 * @array: an array of parts of the scenario
 * @index: the part to take out; the journal keeps it
 * @free_part: how @array frees its parts
 */
void
_acies_journal_remove (AciesJournal   *journal,
                       GPtrArray      *array,
                       guint           index,
                       GDestroyNotify  free_part)
{
  JournalOp *op;

  g_assert (index < array->len);
  op = add_op (journal, OP_PART, array);
  op->index = index;
  op->free_part = free_part;
  op->other.part = g_ptr_array_steal_index (array, index);
}

/**
 * _acies_journal_swap:
 * @journal: an open journal
 * @array: an array of parts of the scenario
 * @a: a position
 * @b: another
 *
 * Exchanges two parts of @array.
 */
void
_acies_journal_swap (AciesJournal *journal,
                     GPtrArray    *array,
                     guint         a,
                     guint         b)
{
  JournalOp *op;

  g_assert (a < array->len && b < array->len);
  op = add_op (journal, OP_SWAP, array);
  op->index = a;
  op->index2 = b;
  op_apply (op);
}
