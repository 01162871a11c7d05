/* acies-editor.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "geometry/acies-board.h"

#include "acies-editor-private.h"
#include "acies-editor-resources-private.h"
#include "acies-rules-panel.h"
#include "acies-scenario-panel.h"
#include "acies-sides-panel.h"
#include "acies-table-editor.h"
#include "acies-widget-helpers.h"

/**
 * AciesEditor:
 *
 * The scenario editor: a tool bar, a palette (left sidebar), the board view,
 * and side panels (right sidebar): order of battle, inspector, sides, rules,
 * scenario, tables and problems.  It is a shell: each panel is its own
 * widget bound to the editor's #AciesEditor:document and selection
 * (#AciesEditor:selected-id), the scenario's edits are the document's
 * methods, and every command is an action of the "editor" group
 * (acies_editor_get_action_group(), acies-editor-actions.c), which the
 * window inserts on itself so tests and menus drive the editor as a user
 * does.  The board tools and their strokes are in acies-editor-tools.c.
 */

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_N_ERRORS,
  PROP_SELECTED_ID,
  PROP_TOOL,
  PROP_BRUSH,
  PROP_BRUSH_SIZE,
  PROP_LEVEL,
  PROP_ERASE,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesEditor, acies_editor, GTK_TYPE_WIDGET)

/**
 * acies_editor_ensure_resources:
 *
 * Registers the editor's templates (the acies-editor GResource) the first
 * time it is called; later calls do nothing.  Thread-safe.
 */
void
acies_editor_ensure_resources (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered))
    {
      acies_editor_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

AciesScenario *
_acies_editor_get_scenario (AciesEditor *self)
{
  return self->doc ? acies_editor_document_get_scenario (self->doc) : NULL;
}

AciesCatalogue *
_acies_editor_get_catalogue (AciesEditor *self)
{
  return self->doc ? acies_editor_document_get_catalogue (self->doc) : NULL;
}

/**
 * _acies_editor_set_tool_state:
 * @self: an editor
 * @name: "tool", "brush", "brush-size", "level" or "erase"
 * @state: (transfer floating): the new state
 *
 * Changes the tool through its action, so that the action's
 * change-state handler checks and applies it (acies-editor-actions.c).
 */
void
_acies_editor_set_tool_state (AciesEditor *self,
                              const char  *name,
                              GVariant    *state)
{
  g_action_group_change_action_state (G_ACTION_GROUP (self->actions), name, state);
}

/**
 * _acies_editor_take_tool_state:
 * @self: an editor
 * @name: the tool state an action took
 * @state: its new value
 *
 * Keeps the state of one of the tool's actions and tells the panels bound
 * to it.
 */
void
_acies_editor_take_tool_state (AciesEditor *self,
                               const char  *name,
                               GVariant    *state)
{
  if (g_str_equal (name, "tool"))
    {
      g_free (self->tool);
      self->tool = g_variant_dup_string (state, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
    }
  else if (g_str_equal (name, "brush"))
    {
      g_free (self->brush);
      self->brush = g_variant_dup_string (state, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BRUSH]);
    }
  else if (g_str_equal (name, "brush-size") && self->brush_size != g_variant_get_int32 (state))
    {
      self->brush_size = g_variant_get_int32 (state);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BRUSH_SIZE]);
    }
  else if (g_str_equal (name, "level") && self->level != g_variant_get_int32 (state))
    {
      self->level = g_variant_get_int32 (state);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
    }
  else if (g_str_equal (name, "erase") && self->erase != g_variant_get_boolean (state))
    {
      self->erase = g_variant_get_boolean (state);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERASE]);
    }
}

/* The selection's cells on the board; while painting an area, its cells. */
void
_acies_editor_update_highlight (AciesEditor *self)
{
  AciesScenario *s = _acies_editor_get_scenario (self);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));

  if (s != NULL && self->selected_id != NULL)
    {
      AciesUnit *unit = acies_scenario_find_unit (s, self->selected_id);
      AciesLeader *leader = acies_scenario_find_leader (s, self->selected_id);
      AciesArea *area = acies_scenario_find_area (s, self->selected_id);

      if (unit != NULL && unit->cell != ACIES_CELL_NONE)
        {
          g_array_append_val (cells, unit->cell);
          if (unit->cell2 != ACIES_CELL_NONE)
            g_array_append_val (cells, unit->cell2);
        }
      else if (leader != NULL && leader->cell != ACIES_CELL_NONE)
        g_array_append_val (cells, leader->cell);
      else if (area != NULL)
        g_array_append_vals (cells, area->cells->data, area->cells->len);
    }

  if (s != NULL && g_strcmp0 (self->tool, "area") == 0 && self->brush != NULL &&
      (self->selected_id == NULL || g_strcmp0 (self->selected_id, self->brush) != 0))
    {
      AciesArea *area = acies_scenario_find_area (s, self->brush);

      if (area != NULL)
        g_array_append_vals (cells, area->cells->data, area->cells->len);
    }

  acies_board_view_set_highlight (self->view, cells);
}

/* Selection. */

/**
 * acies_editor_select:
 * @self: an editor
 * @id: (nullable): the id of a side, formation, unit, leader, area or pool
 *
 * Selects the part: in the tree, in the inspector, and on the board.  An
 * id that names nothing selects nothing.
 */
void
acies_editor_select (AciesEditor *self,
                     const char  *id)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));

  if (self->doc == NULL || acies_editor_document_kind_of (self->doc, id) == NULL)
    id = NULL;
  if (g_strcmp0 (self->selected_id, id) == 0)
    return;
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  _acies_editor_update_highlight (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ID]);
}

const char *
acies_editor_get_selected_id (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->selected_id;
}

static void
selected_cell_cb (AciesEditor *self)
{
  AciesScenario *s = _acies_editor_get_scenario (self);
  AciesCatalogue *catalogue = _acies_editor_get_catalogue (self);
  AciesCell cell = acies_board_view_get_selected_cell (self->view);
  const AciesTerrainType *terrain = NULL;
  const char *terrain_id;
  g_autofree char *text = NULL;

  if (s == NULL || cell == ACIES_CELL_NONE)
    {
      gtk_label_set_text (self->status_label, "");
      return;
    }
  /* The terrain's name as the catalogue gives it (translated at load),
   * not its id ("clear"). */
  terrain_id = acies_map_get_terrain (&s->map, cell);
  if (catalogue != NULL && terrain_id != NULL)
    terrain = acies_catalogue_find_terrain (catalogue, terrain_id);
  text = g_strdup_printf (_("%s · %s · elevation %d"),
                          acies_board_cell_label (s->map.board, cell),
                          terrain != NULL && terrain->name != NULL ? terrain->name : terrain_id,
                          s->map.elevation[cell]);
  gtk_label_set_text (self->status_label, text);
}

/* Problems. */

/**
 * acies_editor_validate_now:
 * @self: an editor
 *
 * Runs the ruleset's validation (acies_scenario_validate()) now, rather
 * than a moment after the last edit, and updates the problems panel and
 * #AciesEditor:n-errors.
 */
void
acies_editor_validate_now (AciesEditor *self)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));
  acies_problem_list_validate (self->problems);
}

guint
acies_editor_get_n_errors (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), 0);
  return acies_problem_list_get_n_errors (self->problems);
}

guint
acies_editor_get_n_warnings (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), 0);
  return acies_problem_list_get_n_warnings (self->problems);
}

/**
 * acies_editor_get_problems:
 * @self: an editor
 *
 * Returns: (transfer none) (nullable) (element-type AciesProblem): the
 *   problems of the last validation
 */
GPtrArray *
acies_editor_get_problems (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return acies_problem_list_get_problems (self->problems);
}

/**
 * acies_editor_get_problem_list:
 * @self: an editor
 *
 * Returns: (transfer none): the live validation, a #GListModel of
 *   #AciesProblemItem (an #AciesProblemList)
 */
GListModel *
acies_editor_get_problem_list (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return G_LIST_MODEL (self->problems);
}

/**
 * acies_editor_locate_problem:
 * @self: an editor
 * @index: a problem of acies_editor_get_problems()
 *
 * Shows where a problem is: selects the offending unit, formation, side
 * or area (in the tree, the inspector and on the board) and selects and
 * scrolls to its cell.
 */
void
acies_editor_locate_problem (AciesEditor *self,
                             guint        index)
{
  GPtrArray *problems;
  AciesProblem *problem;
  AciesScenario *s;

  g_return_if_fail (ACIES_IS_EDITOR (self));

  s = _acies_editor_get_scenario (self);
  problems = acies_problem_list_get_problems (self->problems);
  if (s == NULL || problems == NULL || index >= problems->len)
    return;
  problem = g_ptr_array_index (problems, index);

  if (problem->object_id != NULL && acies_editor_document_kind_of (self->doc, problem->object_id) != NULL)
    {
      acies_editor_select (self, problem->object_id);
      acies_editor_show_page (self, "inspector");
    }
  if (problem->cell != ACIES_CELL_NONE && acies_board_contains (s->map.board, problem->cell))
    {
      acies_board_view_set_selected_cell (self->view, problem->cell);
      acies_board_view_set_focus_cell (self->view, problem->cell);
    }
  else if (problem->object_id != NULL)
    {
      AciesUnit *unit = acies_scenario_find_unit (s, problem->object_id);

      if (unit != NULL && unit->cell != ACIES_CELL_NONE)
        {
          acies_board_view_set_selected_cell (self->view, unit->cell);
          acies_board_view_set_focus_cell (self->view, unit->cell);
        }
    }
}

static void
problem_activated_cb (AciesEditor *self,
                      guint        index)
{
  acies_editor_locate_problem (self, index);
}

/* Pages. */

/* A side panel page's widget, made when the page is first shown: the
 * panels but the army tree are empty boxes until then (acies-editor.ui). */
static GtkWidget *
page_new (AciesEditor *self,
          guint        page)
{
  const GType types[] = { G_TYPE_INVALID, ACIES_TYPE_INSPECTOR, ACIES_TYPE_SIDES_PANEL, ACIES_TYPE_RULES_PANEL,
                          ACIES_TYPE_SCENARIO_PANEL, ACIES_TYPE_TABLE_EDITOR, ACIES_TYPE_PROBLEMS_PANEL };
  GtkWidget *widget;

  if (page == 0 || page >= G_N_ELEMENTS (types))
    return NULL;
  widget = g_object_new (types[page], "vexpand", TRUE, NULL);
  if (ACIES_IS_EDITOR_PANEL (widget))
    g_object_bind_property (self, "document", widget, "document", G_BINDING_SYNC_CREATE);
  if (ACIES_IS_INSPECTOR (widget))
    {
      g_object_bind_property (self, "selected-id", widget, "part-id", G_BINDING_SYNC_CREATE);
      g_object_bind_property (self->view, "selected-cell", widget, "cell", G_BINDING_SYNC_CREATE);
    }
  if (ACIES_IS_PROBLEMS_PANEL (widget))
    {
      acies_problems_panel_set_problems (ACIES_PROBLEMS_PANEL (widget), self->problems);
      g_signal_connect_object (widget, "problem-activated", G_CALLBACK (problem_activated_cb), self,
                               G_CONNECT_SWAPPED);
    }
  return widget;
}

/* The side panel's pages, in the order of acies-editor.ui. */
static const char * const page_names[] = {
  "army", "inspector", "sides", "rules", "scenario", "tables", "problems", NULL
};

static void
page_switched_cb (AciesEditor *self)
{
  GtkWidget *holder = gtk_stack_get_visible_child (self->pages);
  const char *name = gtk_stack_get_visible_child_name (self->pages);
  GtkWidget *widget;

  if (holder == NULL)
    return;
  gtk_label_set_label (self->page_title, gtk_stack_page_get_title (gtk_stack_get_page (self->pages, holder)));
  for (guint page = 0; page_names[page] != NULL; page++)
    if (g_strcmp0 (page_names[page], name) == 0)
      {
        if (gtk_widget_get_first_child (holder) == NULL && (widget = page_new (self, page)) != NULL)
          gtk_box_append (GTK_BOX (holder), widget);
        break;
      }
}

static void
problems_validated_cb (AciesEditor *self)
{
  /* Notified after every validation, so that the window re-reads the
   * problems (Play's reason) even when their number stays. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
}

/* Document. */

static void
document_changed_cb (AciesEditor         *self,
                     guint                flags,
                     AciesEditorDocument *document)
{
  acies_board_view_scenario_changed (self->view);
  /* A part removed (or an undone addition) is no longer selected. */
  if (self->selected_id != NULL && acies_editor_document_kind_of (document, self->selected_id) == NULL)
    acies_editor_select (self, NULL);
  _acies_editor_update_highlight (self);
}

/**
 * acies_editor_set_document:
 * @self: an editor
 * @document: (nullable): the document to edit
 */
void
acies_editor_set_document (AciesEditor         *self,
                           AciesEditorDocument *document)
{
  AciesCatalogue *cat;

  g_return_if_fail (ACIES_IS_EDITOR (self));

  if (!g_set_object (&self->doc, document))
    return;

  g_clear_pointer (&self->selected_id, g_free);
  g_signal_group_set_target (self->document_signals, document);
  acies_board_view_set_scenario (self->view, document ? acies_editor_document_get_scenario (document) : NULL);
  cat = _acies_editor_get_catalogue (self);
  {
    g_autofree char *positions = document != NULL ? acies_catalogue_positions_text (cat) : NULL;

    gtk_label_set_text (self->positions_label, positions != NULL ? positions : "");
    gtk_widget_set_visible (GTK_WIDGET (self->positions_label), positions != NULL);
  }
  if (cat && cat->default_terrain)
    _acies_editor_set_tool_state (self, "brush", g_variant_new_string (cat->default_terrain));
  _acies_editor_update_tools (self);
  acies_problem_list_set_document (self->problems, document);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ID]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
  _acies_editor_update_highlight (self);
}

AciesEditorDocument *
acies_editor_get_document (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->doc;
}

AciesBoardView *
acies_editor_get_board_view (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->view;
}

/**
 * acies_editor_get_compact:
 * @self: an editor
 *
 * Returns: whether the tool bar is in two rows, for a narrow window
 */
gboolean
acies_editor_get_compact (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), FALSE);
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->toolbar)) == GTK_ORIENTATION_VERTICAL;
}

/**
 * acies_editor_set_compact:
 * @self: an editor
 * @compact: whether the window is narrow
 *
 * Puts the tools and their options (brush, Erase, the status) in two
 * rows of the tool bar, so that a narrow window (a phone's 360 px) shows
 * every tool without scrolling; one row otherwise.  The window's
 * breakpoint sets it.
 */
void
acies_editor_set_compact (AciesEditor *self,
                          gboolean     compact)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));

  compact = !!compact;
  if (compact == acies_editor_get_compact (self))
    return;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->toolbar),
                                  compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_visible (self->tools_separator, !compact);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}

/**
 * acies_editor_get_action_group:
 * @self: an editor
 *
 * Returns: (transfer none): the "editor" actions, for the window to insert
 */
GActionGroup *
acies_editor_get_action_group (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

/**
 * acies_editor_show_page:
 * @self: an editor
 * @page: "army", "inspector", "sides", "rules", "scenario", "tables" or "problems"
 *
 * Shows a side panel page (and the side panel, if folded away).
 */
void
acies_editor_show_page (AciesEditor *self,
                        const char  *page)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));

  for (guint i = 0; page_names[i]; i++)
    if (g_strcmp0 (page_names[i], page) == 0)
      {
        gtk_stack_set_visible_child_name (self->pages, page);
        acies_split_view_set_show_sidebar (self->right_flap, TRUE);
      }
}

/**
 * acies_editor_set_sidebars_visible:
 * @self: an editor
 * @visible: show the palette and the side panel
 */
void
acies_editor_set_sidebars_visible (AciesEditor *self,
                                   gboolean     visible)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));

  acies_split_view_set_show_sidebar (self->left_flap, visible);
  acies_split_view_set_show_sidebar (self->right_flap, visible);
}

/* Test hook: with ACIES_EDITOR_EXPORT_ACTIONS set in the environment, the
 * first editor of the process exports its "editor" actions on the
 * application's D-Bus connection, at the application's object path plus
 * "/editor" (org.gtk.Actions), so that a test can edit a scenario in the
 * real acies binary from outside (tests/reliability/test-editor-kill.c).
 * Unset, nothing is exported. */

/* A field of a side panel with the focus as the window goes: it lets go
 * of it first (GTK 4.8 otherwise asks the half-destroyed window for its
 * focus while a scrolled page is disposed). */
static void
root_unrealize_cb (GtkWidget   *root,
                   AciesEditor *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (root));

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    gtk_root_set_focus (GTK_ROOT (root), NULL);
}

static void
acies_editor_root (GtkWidget *widget)
{
  AciesEditor *self = ACIES_EDITOR (widget);
  GApplication *app = g_application_get_default ();

  GTK_WIDGET_CLASS (acies_editor_parent_class)->root (widget);
  g_signal_connect (gtk_widget_get_root (widget), "unrealize", G_CALLBACK (root_unrealize_cb), self);

  if (g_getenv ("ACIES_EDITOR_EXPORT_ACTIONS") != NULL && self->export_id == 0 &&
      app != NULL && g_application_get_dbus_connection (app) != NULL)
    {
      g_autofree char *path = g_strconcat (g_application_get_dbus_object_path (app), "/editor", NULL);
      g_autoptr(GError) error = NULL;

      self->export_id = g_dbus_connection_export_action_group (g_application_get_dbus_connection (app), path,
                                                               G_ACTION_GROUP (self->actions), &error);
      if (self->export_id == 0)
        g_debug ("Editor actions not exported at %s: %s", path, error->message);
    }
}

static void
acies_editor_unroot (GtkWidget *widget)
{
  AciesEditor *self = ACIES_EDITOR (widget);
  GApplication *app = g_application_get_default ();

  if (self->export_id != 0 && app != NULL && g_application_get_dbus_connection (app) != NULL)
    g_dbus_connection_unexport_action_group (g_application_get_dbus_connection (app), self->export_id);
  self->export_id = 0;

  if (gtk_widget_get_root (widget) != NULL)
    g_signal_handlers_disconnect_by_func (gtk_widget_get_root (widget), root_unrealize_cb, self);

  GTK_WIDGET_CLASS (acies_editor_parent_class)->unroot (widget);
}

/* GObject. */

static void
acies_editor_dispose (GObject *object)
{
  AciesEditor *self = ACIES_EDITOR (object);
  GtkWidget *child;

  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->problems != NULL)
    acies_problem_list_set_document (self->problems, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_EDITOR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->doc);
  g_clear_object (&self->problems);
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (acies_editor_parent_class)->dispose (object);
}

static void
acies_editor_finalize (GObject *object)
{
  AciesEditor *self = ACIES_EDITOR (object);

  g_free (self->tool);
  g_free (self->brush);
  g_free (self->drag_unit);
  g_free (self->selected_id);

  G_OBJECT_CLASS (acies_editor_parent_class)->finalize (object);
}

static void
acies_editor_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AciesEditor *self = ACIES_EDITOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->doc);
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, acies_problem_list_get_n_errors (self->problems));
      break;
    case PROP_SELECTED_ID:
      g_value_set_string (value, self->selected_id);
      break;
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
      break;
    case PROP_BRUSH:
      g_value_set_string (value, self->brush);
      break;
    case PROP_BRUSH_SIZE:
      g_value_set_int (value, self->brush_size);
      break;
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    case PROP_COMPACT:
      g_value_set_boolean (value, acies_editor_get_compact (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_editor_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  AciesEditor *self = ACIES_EDITOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      acies_editor_set_document (self, g_value_get_object (value));
      break;
    case PROP_SELECTED_ID:
      acies_editor_select (self, g_value_get_string (value));
      break;
    case PROP_BRUSH_SIZE:
      if (self->brush_size != g_value_get_int (value))
        _acies_editor_set_tool_state (self, "brush-size", g_variant_new_int32 (g_value_get_int (value)));
      break;
    case PROP_LEVEL:
      if (self->level != g_value_get_int (value))
        _acies_editor_set_tool_state (self, "level", g_variant_new_int32 (g_value_get_int (value)));
      break;
    case PROP_ERASE:
      if (self->erase != g_value_get_boolean (value))
        _acies_editor_set_tool_state (self, "erase", g_variant_new_boolean (g_value_get_boolean (value)));
      break;
    case PROP_COMPACT:
      acies_editor_set_compact (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_editor_class_init (AciesEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_editor_dispose;
  object_class->finalize = acies_editor_finalize;
  object_class->get_property = acies_editor_get_property;
  object_class->set_property = acies_editor_set_property;
  widget_class->root = acies_editor_root;
  widget_class->unroot = acies_editor_unroot;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, ACIES_TYPE_EDITOR_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:n-errors:
   *
   * How many errors the last validation found; notified after each
   * validation.
   */
  properties[PROP_N_ERRORS] =
    g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:selected-id:
   *
   * The part selected (in the army tree, the inspector and on the board),
   * or %NULL.
   */
  properties[PROP_SELECTED_ID] =
    g_param_spec_string ("selected-id", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:tool:
   *
   * The board tool: the state of "editor.tool".
   */
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:brush:
   *
   * What the tool paints: the state of "editor.brush".
   */
  properties[PROP_BRUSH] =
    g_param_spec_string ("brush", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:brush-size:
   *
   * The brush's size in cells from the centre: "editor.brush-size".
   */
  properties[PROP_BRUSH_SIZE] =
    g_param_spec_int ("brush-size", NULL, NULL, 1, 9, 1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:level:
   *
   * The elevation the elevation tool paints: "editor.level".
   */
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, -9, 9, 1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:erase:
   *
   * Whether the tools erase (features, area cells) instead of drawing:
   * "editor.erase".
   */
  properties[PROP_ERASE] =
    g_param_spec_boolean ("erase", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:compact:
   *
   * Whether the tool bar is in two rows, for a narrow window:
   * acies_editor_set_compact().
   */
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ACIES_TYPE_SPLIT_VIEW);
  g_type_ensure (ACIES_TYPE_BOARD_VIEW);
  g_type_ensure (ACIES_TYPE_PALETTE_PANEL);
  g_type_ensure (ACIES_TYPE_OOB_PANEL);
  g_type_ensure (ACIES_TYPE_INSPECTOR);
  g_type_ensure (ACIES_TYPE_SIDES_PANEL);
  g_type_ensure (ACIES_TYPE_RULES_PANEL);
  g_type_ensure (ACIES_TYPE_SCENARIO_PANEL);
  g_type_ensure (ACIES_TYPE_TABLE_EDITOR);
  g_type_ensure (ACIES_TYPE_PROBLEMS_PANEL);
  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-editor.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, toolbar);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, tools);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, tools_separator);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, brush_size_spin);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, left_flap);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, right_flap);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, pages);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, page_title);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, palette);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, oob);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, view);
  gtk_widget_class_bind_template_child (widget_class, AciesEditor, positions_label);
  gtk_widget_class_bind_template_callback (widget_class, selected_cell_cb);
  gtk_widget_class_bind_template_callback (widget_class, page_switched_cb);
  _acies_editor_tools_class_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "scenarioeditor");
}

static void
acies_editor_init (AciesEditor *self)
{
  self->tool = g_strdup ("select");
  self->brush = g_strdup ("");
  self->brush_size = 1;
  self->level = 1;
  self->last_cell = ACIES_CELL_NONE;
  self->last_edge = ACIES_EDGE_NONE;

  /* The actions first: the template's buttons and bindings use them. */
  _acies_editor_actions_init (self);
  self->problems = acies_problem_list_new ();
  g_signal_connect_object (self->problems, "notify::n-errors", G_CALLBACK (problems_validated_cb), self,
                           G_CONNECT_SWAPPED);
  self->document_signals = g_signal_group_new (ACIES_TYPE_EDITOR_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "changed", G_CALLBACK (document_changed_cb), self);

  gtk_widget_init_template (GTK_WIDGET (self));
  page_switched_cb (self);
  _acies_editor_tools_init (self);
  acies_spin_button_guard (self->brush_size_spin, NULL);
}

/**
 * acies_editor_new:
 *
 * Returns: (transfer floating): a new editor without a document
 */
GtkWidget *
acies_editor_new (void)
{
  return g_object_new (ACIES_TYPE_EDITOR, NULL);
}
