/* acies-editor-actions.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "geometry/acies-board.h"

#include "acies-dialogs.h"
#include "acies-editor-private.h"

/*
 * The editor's commands: the "editor" action group that the window
 * inserts on itself (and that a test may export on D-Bus).  Every button
 * and menu of the editor names one of these; each edit is a method of the
 * document, so an action only finds what it applies to (the selection
 * when no id is given), asks before a destructive edit, and selects what
 * it made.
 */

static AciesCell
cell_from_label (AciesEditor *self,
                 const char  *label)
{
  AciesScenario *s = _acies_editor_get_scenario (self);

  if (s == NULL || label == NULL || *label == '\0')
    return ACIES_CELL_NONE;
  return acies_board_cell_from_label (s->map.board, label);
}

static const char *
id_or_selection (AciesEditor *self,
                 GVariant    *parameter)
{
  const char *id = parameter ? g_variant_get_string (parameter, NULL) : NULL;

  return id && *id ? id : self->selected_id;
}

/* Where a new part goes: the side or formation given, else the one the
 * selection is or belongs to, else the first side. */
static const char *
container_or_selection (AciesEditor *self,
                        const char  *given)
{
  AciesScenario *s = _acies_editor_get_scenario (self);

  if (given != NULL && *given != '\0')
    return given;
  if (self->selected_id == NULL)
    return s->sides->len ? ((AciesSide *) g_ptr_array_index (s->sides, 0))->id : NULL;
  return acies_editor_document_container_of (self->doc, self->selected_id);
}

/* Selects a part an action made, and frees its id. */
static void
select_made (AciesEditor *self,
             char        *id)
{
  if (id != NULL)
    acies_editor_select (self, id);
  g_free (id);
}

/* The tool's state. */

static void
tool_change_state_cb (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *tool = g_variant_get_string (state, NULL);
  const char *tools[] = { "select", "terrain", "fill", "eyedropper", "edge", "feature",
                          "elevation", "area", "unit", NULL };

  if (!g_strv_contains (tools, tool) || _acies_editor_tool_unavailable (self, tool) != NULL)
    return;
  g_simple_action_set_state (action, state);
  _acies_editor_take_tool_state (self, "tool", state);
  _acies_editor_tool_changed (self);
}

static void
brush_change_state_cb (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);

  g_simple_action_set_state (action, state);
  _acies_editor_take_tool_state (self, "brush", state);
  _acies_editor_update_highlight (self);
}

static void
brush_size_change_state_cb (GSimpleAction *action,
                            GVariant      *state,
                            gpointer       user_data)
{
  g_autoptr(GVariant) size = g_variant_ref_sink (g_variant_new_int32 (CLAMP (g_variant_get_int32 (state), 1, 9)));

  g_simple_action_set_state (action, size);
  _acies_editor_take_tool_state (ACIES_EDITOR (user_data), "brush-size", size);
}

static void
state_change_cb (GSimpleAction *action,
                 GVariant      *state,
                 gpointer       user_data)
{
  g_simple_action_set_state (action, state);
  _acies_editor_take_tool_state (ACIES_EDITOR (user_data), g_action_get_name (G_ACTION (action)), state);
}

/* Board edits. */

static void
paint_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  g_autofree const char **labels = g_variant_get_strv (parameter, NULL);

  /* One stroke through the given cells. */
  acies_editor_document_break_merge (self->doc);
  self->last_cell = ACIES_CELL_NONE;
  for (guint i = 0; labels[i] != NULL; i++)
    _acies_editor_apply_tool (self, cell_from_label (self, labels[i]), ACIES_EDGE_NONE, i == 0);
  acies_editor_document_break_merge (self->doc);
}

static void
fill_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesCell cell = cell_from_label (self, g_variant_get_string (parameter, NULL));

  if (self->brush != NULL && *self->brush != '\0' && cell != ACIES_CELL_NONE)
    acies_editor_document_fill_terrain (self->doc, cell, self->brush);
}

static void
pick_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesCell cell = cell_from_label (self, g_variant_get_string (parameter, NULL));

  if (cell == ACIES_CELL_NONE)
    return;
  _acies_editor_set_tool_state (self, "brush",
                                g_variant_new_string (acies_map_get_terrain (&_acies_editor_get_scenario (self)->map, cell)));
  _acies_editor_set_tool_state (self, "tool", g_variant_new_string ("terrain"));
}

static void
draw_edges_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesScenario *s = _acies_editor_get_scenario (self);
  AciesCatalogue *cat = _acies_editor_get_catalogue (self);
  g_autoptr(GVariantIter) iter = NULL;
  const char *a, *b;

  if (cat == NULL || self->brush == NULL || acies_catalogue_find_edge_feature (cat, self->brush) == NULL)
    return;

  /* Pairs of adjacent cells: the edges between them, as one stroke. */
  acies_editor_document_break_merge (self->doc);
  g_variant_get (parameter, "a(ss)", &iter);
  while (g_variant_iter_loop (iter, "(&s&s)", &a, &b))
    {
      AciesEdge edge = acies_board_edge_between (s->map.board, cell_from_label (self, a), cell_from_label (self, b));

      if (edge != ACIES_EDGE_NONE)
        acies_editor_document_set_edge_feature (self->doc, &edge, 1, self->brush, !self->erase, TRUE);
    }
  acies_editor_document_break_merge (self->doc);
}

/* The order of battle. */

static void
add_side_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);

  select_made (self, acies_editor_document_add_side (self->doc, g_variant_get_string (parameter, NULL)));
}

static void
add_formation_action_cb (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *container = container_or_selection (self, g_variant_get_string (parameter, NULL));

  if (container != NULL)
    select_made (self, acies_editor_document_add_formation (self->doc, container, NULL));
}

static void
add_unit_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *container, *type;
  gboolean leader = g_str_equal (g_action_get_name (G_ACTION (action)), "add-leader");

  g_variant_get (parameter, "(&s&s)", &container, &type);
  container = container_or_selection (self, container);
  if (container == NULL)
    return;
  if (leader)
    select_made (self, acies_editor_document_add_leader (self->doc, container, type));
  else
    select_made (self, acies_editor_document_add_unit (self->doc, container, type));
}

/* Edits that take units or leaders away ask first (GNOME HIG: a
 * destructive action names what it loses); Undo still restores all. */
typedef struct
{
  AciesEditor *self;
  char        *id;       /* editor.remove */
  guint        width;    /* editor.resize */
  guint        height;
} PendingEdit;

static void
pending_edit_free (gpointer  data,
                   GClosure *closure)
{
  PendingEdit *pending = data;

  g_object_unref (pending->self);
  g_free (pending->id);
  g_free (pending);
}

static void
remove_now (AciesEditor *self,
            const char  *id)
{
  g_autofree char *copy = g_strdup (id);

  if (acies_editor_document_remove (self->doc, copy))
    acies_editor_select (self, NULL);
}

static void
confirm_response_cb (GtkWidget   *dialog,
                     const char  *response,
                     PendingEdit *pending)
{
  if (pending->self->doc == NULL)
    return;
  if (g_str_equal (response, "remove"))
    remove_now (pending->self, pending->id);
  else if (g_str_equal (response, "resize"))
    acies_editor_document_resize (pending->self->doc, pending->width, pending->height);
}

/* Asks before a destructive edit; @pending is taken. */
static void
confirm_loss (AciesEditor *self,
              const char  *heading,
              const char  *body,
              const char  *response,
              const char  *label,
              PendingEdit *pending)
{
  GtkWidget *dialog = acies_alert_new (heading, body);

  acies_alert_add_responses (dialog,
                             "cancel", _("_Cancel"),
                             response, label,
                             NULL);
  acies_alert_set_response_appearance (dialog, response, ADW_RESPONSE_DESTRUCTIVE);
  g_object_set (dialog, "default-response", "cancel", "close-response", "cancel", NULL);
  pending->self = g_object_ref (self);
  g_signal_connect_data (dialog, "response", G_CALLBACK (confirm_response_cb),
                         pending, pending_edit_free, 0);
  acies_dialog_present (dialog, GTK_WIDGET (self));
}

static void
remove_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesScenario *s = _acies_editor_get_scenario (self);
  const char *id = id_or_selection (self, parameter);
  const char *kind;
  guint n_units = 0, n_leaders = 0;

  if (id == NULL || s == NULL || (kind = acies_editor_document_kind_of (self->doc, id)) == NULL)
    return;

  /* A side or formation takes its units and leaders along. */
  if (acies_editor_document_count_removal (self->doc, id, &n_units, &n_leaders) > 0)
    {
      PendingEdit *pending = g_new0 (PendingEdit, 1);
      g_autofree char *lost = acies_editor_describe_losses (n_units, n_leaders);
      g_autofree char *heading = NULL;
      g_autofree char *body = NULL;

      if (g_str_equal (kind, "side"))
        {
          AciesSide *side = acies_scenario_find_side (s, id);

          heading = g_strdup_printf (_("Delete the Side “%s”?"), side->name ? side->name : id);
        }
      else
        {
          AciesFormation *f = acies_scenario_find_formation (s, id);

          heading = g_strdup_printf (_("Delete the Formation “%s”?"), f->name ? f->name : id);
        }
      /* TRANSLATORS: %s is "7 units and 2 leaders" */
      body = g_strdup_printf (_("%s belong to it and will be deleted with it."), lost);
      pending->id = g_strdup (id);
      confirm_loss (self, heading, body, "remove", _("_Delete"), pending);
      return;
    }

  remove_now (self, id);
}

static void
duplicate_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);

  select_made (self, acies_editor_document_duplicate (self->doc, id_or_selection (self, parameter)));
}

static void
move_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  g_autofree char *id = g_strdup (id_or_selection (self, parameter));
  gint step = g_str_equal (g_action_get_name (G_ACTION (action)), "move-up") ? -1 : 1;

  if (id != NULL && acies_editor_document_move (self->doc, id, step))
    acies_editor_select (self, id);
}

static void
reparent_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  g_autofree char *id = NULL;
  const char *to;

  g_variant_get (parameter, "(s&s)", &id, &to);
  if (acies_editor_document_reparent (self->doc, id, to))
    acies_editor_select (self, id);
}

static void
select_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  acies_editor_select (ACIES_EDITOR (user_data), g_variant_get_string (parameter, NULL));
}

static void
place_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *id, *label;
  AciesCell cell;

  g_variant_get (parameter, "(&s&s)", &id, &label);
  id = *id ? id : self->selected_id;
  cell = cell_from_label (self, label);
  /* "" takes it off the map; an unknown cell does nothing. */
  if (id != NULL && (*label == '\0' || cell != ACIES_CELL_NONE))
    acies_editor_document_place (self->doc, id, cell);
  _acies_editor_update_highlight (self);
}

static void
rotate_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *id;
  gint facing;

  g_variant_get (parameter, "(&si)", &id, &facing);
  id = *id ? id : self->selected_id;
  if (id != NULL)
    acies_editor_document_rotate (self->doc, id, facing);
}

/* Areas, rules, fields. */

static void
add_area_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *kind, *name, *side;
  g_autofree char *id = NULL;

  g_variant_get (parameter, "(&s&s&s)", &kind, &name, &side);
  id = acies_editor_document_add_area (self->doc, kind, name, side);
  if (id == NULL)
    return;
  /* Painted next. */
  _acies_editor_set_tool_state (self, "tool", g_variant_new_string ("area"));
  _acies_editor_set_tool_state (self, "brush", g_variant_new_string (id));
  acies_editor_select (self, id);
}

static void
add_rule_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *list, *kind;

  g_variant_get (parameter, "(&s&s)", &list, &kind);
  acies_editor_document_add_rule (self->doc, list, kind);
}

static void
remove_rule_action_cb (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *list;
  guint32 index;

  g_variant_get (parameter, "(&su)", &list, &index);
  acies_editor_document_remove_rule (self->doc, list, index);
}

static void
set_field_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *object, *field, *value;

  g_variant_get (parameter, "(&s&s&s)", &object, &field, &value);
  acies_editor_document_set_field (self->doc, object, field, value, TRUE);
}

static void
set_param_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *object, *param, *json;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *owner = NULL;
  const char *which = NULL;

  /* (object, param, JSON value); the object "scenario", a side, formation,
   * unit ("unit-1" or "unit-1/hidden"), leader, area, or "special:N" /
   * "victory:N"; an empty value removes the parameter. */
  g_variant_get (parameter, "(&s&s&s)", &object, &param, &json);
  if (*json != '\0')
    {
      node = json_from_string (json, NULL);
      if (node == NULL)
        return;
    }
  if (g_str_has_suffix (object, "/hidden"))
    {
      owner = g_strndup (object, strlen (object) - strlen ("/hidden"));
      object = owner;
      which = "hidden";
    }
  acies_editor_document_set_param (self->doc, object, which, param, node, FALSE);
}

/* Pools, reinforcements, tables, the board. */

static void
pool_add_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *side, *type;
  gint32 count;

  g_variant_get (parameter, "(&s&si)", &side, &type, &count);
  acies_editor_document_pool_add (self->doc, side, type, MAX (count, 1));
}

static void
pool_count_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *pool;
  guint32 index;
  gint32 count;

  g_variant_get (parameter, "(&sui)", &pool, &index, &count);
  acies_editor_document_pool_set_count (self->doc, pool, index, MAX (count, 0));
}

static void
reinforce_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *unit;
  guint32 turn;

  g_variant_get (parameter, "(&su)", &unit, &turn);
  acies_editor_document_reinforce (self->doc, unit, turn);
}

static void
set_table_cell_action_cb (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *table, *row, *column, *json;
  g_autoptr(JsonNode) node = NULL;

  /* (table, row, column, JSON value): the value as printed, source
   * "rulebook"; an empty value drops the override; text that is not JSON
   * is a string. */
  g_variant_get (parameter, "(&s&s&s&s)", &table, &row, &column, &json);
  if (*json != '\0')
    {
      node = json_from_string (json, NULL);
      if (node == NULL)
        node = json_node_init_string (json_node_alloc (), json);
    }
  if (!acies_editor_document_set_table_cell (self->doc, table, row, column, node))
    g_debug ("No change to cell %s × %s of table “%s”", row, column, table);
}

static void
resize_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  guint32 width, height;
  guint n_units = 0, n_leaders = 0;
  g_autofree char *other = NULL;

  if (self->doc == NULL)
    return;
  g_variant_get (parameter, "(uu)", &width, &height);

  /* Units and leaders that would fall off a smaller board, areas that
   * lose cells, painted cells cut off: ask first. */
  other = acies_editor_document_describe_resize_losses (self->doc, width, height);
  if (acies_editor_document_resize_losses (self->doc, width, height, &n_units, &n_leaders) > 0 || other != NULL)
    {
      PendingEdit *pending = g_new0 (PendingEdit, 1);
      g_autofree char *lost = acies_editor_describe_losses (n_units, n_leaders);
      g_autofree char *body = NULL;

      if (n_units + n_leaders == 0)
        body = g_strdup (other);
      else
        {
          /* TRANSLATORS: %s is "7 units and 2 leaders" */
          g_autofree char *units = g_strdup_printf (n_units + n_leaders == 1
                                                    ? _("%s lies outside the new size and will be taken off the map.")
                                                    : _("%s lie outside the new size and will be taken off the map."),
                                                    lost);

          body = other != NULL ? g_strdup_printf ("%s %s", units, other) : g_steal_pointer (&units);
        }
      pending->width = width;
      pending->height = height;
      confirm_loss (self, _("Resize the Board?"), body, "resize", _("_Resize"), pending);
      return;
    }

  acies_editor_document_resize (self->doc, width, height);
}

static void
validate_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  acies_editor_validate_now (ACIES_EDITOR (user_data));
}

static void
show_page_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  acies_editor_show_page (ACIES_EDITOR (user_data), g_variant_get_string (parameter, NULL));
}

static const GActionEntry editor_entries[] = {
  { "tool", NULL, "s", "'select'", tool_change_state_cb },
  { "brush", NULL, "s", "''", brush_change_state_cb },
  { "brush-size", NULL, "i", "1", brush_size_change_state_cb },
  { "level", NULL, "i", "1", state_change_cb },
  { "erase", NULL, "b", "false", state_change_cb },
  { "paint", paint_action_cb, "as" },
  { "fill", fill_action_cb, "s" },
  { "pick", pick_action_cb, "s" },
  { "draw-edges", draw_edges_action_cb, "a(ss)" },
  { "add-side", add_side_action_cb, "s" },
  { "add-formation", add_formation_action_cb, "s" },
  { "add-unit", add_unit_action_cb, "(ss)" },
  { "add-leader", add_unit_action_cb, "(ss)" },
  { "remove", remove_action_cb, "s" },
  { "duplicate", duplicate_action_cb, "s" },
  { "move-up", move_action_cb, "s" },
  { "move-down", move_action_cb, "s" },
  { "reparent", reparent_action_cb, "(ss)" },
  { "select", select_action_cb, "s" },
  { "place", place_action_cb, "(ss)" },
  { "rotate", rotate_action_cb, "(si)" },
  { "add-area", add_area_action_cb, "(sss)" },
  { "add-rule", add_rule_action_cb, "(ss)" },
  { "remove-rule", remove_rule_action_cb, "(su)" },
  { "set-field", set_field_action_cb, "(sss)" },
  { "set-param", set_param_action_cb, "(sss)" },
  { "resize", resize_action_cb, "(uu)" },
  { "pool-add", pool_add_action_cb, "(ssi)" },
  { "pool-count", pool_count_action_cb, "(sui)" },
  { "reinforce", reinforce_action_cb, "(su)" },
  { "set-table-cell", set_table_cell_action_cb, "(ssss)" },
  { "validate", validate_action_cb },
  { "show-page", show_page_action_cb, "s" },
};

/**
 * _acies_editor_actions_init:
 * @self: an editor
 *
 * Makes the "editor" action group and inserts it on the editor.
 */
void
_acies_editor_actions_init (AciesEditor *self)
{
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), editor_entries,
                                   G_N_ELEMENTS (editor_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", G_ACTION_GROUP (self->actions));
}
