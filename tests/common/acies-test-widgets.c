/* acies-test-widgets.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Finding widgets in a window's tree, for the UI tests (tests/ui,
 * tests/editor).
 */

#define G_LOG_DOMAIN "acies-test"

#include "config.h"

#include "acies-test-widgets.h"

/**
 * acies_test_find_widget:
 * @root: a widget
 * @match: what is looked for
 * @data: passed to @match
 *
 * Returns: (transfer none) (nullable): the first widget of @root's tree,
 *   @root included, depth first, that @match accepts
 */
GtkWidget *
acies_test_find_widget (GtkWidget            *root,
                        AciesTestWidgetMatch  match,
                        gconstpointer         data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = acies_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) data);
}

/**
 * acies_test_find_type:
 * @root: a widget
 * @type: a widget type
 *
 * Returns: (transfer none) (nullable): the first widget of @type in
 *   @root's tree, @root included, depth first
 */
GtkWidget *
acies_test_find_type (GtkWidget *root,
                      GType      type)
{
  return acies_test_find_widget (root, is_of_type, &type);
}

typedef struct
{
  const char *title;
  const char *subtitle;
} RowQuery;

static gboolean
is_row (GtkWidget     *widget,
        gconstpointer  data)
{
  const RowQuery *query = data;
  const char *subtitle;

  if (!ADW_IS_ACTION_ROW (widget)
      || g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), query->title) != 0)
    return FALSE;
  if (query->subtitle == NULL)
    return TRUE;
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));
  return g_str_has_prefix (subtitle != NULL ? subtitle : "", query->subtitle);
}

/**
 * acies_test_find_row:
 * @root: a widget
 * @title: the row's whole title
 * @subtitle: (nullable): how the row's subtitle starts, or %NULL for any
 *
 * Returns: (transfer none) (nullable): the first #AdwActionRow of @root's
 *   tree titled @title whose subtitle starts with @subtitle
 */
AdwActionRow *
acies_test_find_row (GtkWidget  *root,
                     const char *title,
                     const char *subtitle)
{
  RowQuery query = { title, subtitle };

  return (AdwActionRow *) acies_test_find_widget (root, is_row, &query);
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/**
 * acies_test_spin:
 * @ms: how long, in milliseconds
 *
 * Runs the default main context for @ms, waking it every 10 ms so that
 * the time is kept even when nothing else happens.
 */
void
acies_test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;
  guint wake = g_timeout_add (10, wake_cb, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
}

/**
 * acies_test_wait_until:
 * @cond: the condition waited for
 * @data: passed to @cond
 * @ms: the most to wait, in milliseconds
 *
 * Runs the default main context until @cond holds or @ms have passed.
 *
 * Returns: whether @cond held in the end
 */
gboolean
acies_test_wait_until (AciesTestCondition cond,
                       gpointer           data,
                       guint              ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;
  guint wake = g_timeout_add (10, wake_cb, NULL);
  gboolean ok;

  while (!(ok = cond (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
  return ok;
}

/**
 * acies_test_find_toplevel:
 * @type: the window type looked for (AdwMessageDialog, AdwAboutWindow…)
 * @mapped: %TRUE to want a mapped window, %FALSE a visible one
 *
 * Returns: (transfer none) (nullable): the first toplevel of @type that is
 *   visible (or mapped), or %NULL
 */
GtkWindow *
acies_test_find_toplevel (GType    type,
                          gboolean mapped)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) &&
          (mapped ? gtk_widget_get_mapped (GTK_WIDGET (window))
                  : gtk_widget_get_visible (GTK_WIDGET (window))))
        return window;
    }
  return NULL;
}

/**
 * acies_test_shown_whole:
 * @widget: a widget
 * @window: its toplevel
 *
 * Returns: whether @widget is mapped, has a size and lies wholly inside
 *   @window and inside every scrolled window that holds it (what a user
 *   sees without scrolling)
 */
gboolean
acies_test_shown_whole (GtkWidget *widget,
                        GtkWidget *window)
{
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0
      || gtk_widget_get_height (widget) <= 0)
    return FALSE;
  for (GtkWidget *frame = widget; frame != NULL; frame = gtk_widget_get_parent (frame))
    {
      graphene_rect_t bounds;

      if (frame != window && !GTK_IS_SCROLLED_WINDOW (frame))
        continue;
      if (!gtk_widget_compute_bounds (widget, frame, &bounds)
          || bounds.origin.x < -0.5 || bounds.origin.y < -0.5
          || bounds.origin.x + bounds.size.width > gtk_widget_get_width (frame) + 0.5
          || bounds.origin.y + bounds.size.height > gtk_widget_get_height (frame) + 0.5)
        return FALSE;
      if (frame == window)
        break;
    }
  return TRUE;
}

/**
 * acies_test_collect_shortcuts:
 * @widget: a shortcuts window, or any widget tree
 * @accels: where the accelerators go, "[<Alt>e][…]"
 * @titles: where their titles go, "[End the step][…]"
 *
 * Walks @widget's tree for GtkShortcutsShortcut accelerators and titles
 * (by type name: the type is deprecated from GTK 4.18).
 */
void
acies_test_collect_shortcuts (GtkWidget *widget,
                              GString   *accels,
                              GString   *titles)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkShortcutsShortcut"))
    {
      g_autofree char *accel = NULL;
      g_autofree char *title = NULL;

      g_object_get (widget, "accelerator", &accel, "title", &title, NULL);
      g_string_append_printf (accels, "[%s]", accel != NULL ? accel : "");
      g_string_append_printf (titles, "[%s]", title != NULL ? title : "");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    acies_test_collect_shortcuts (child, accels, titles);
}
