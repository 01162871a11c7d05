/* acies-dialogs.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-dialogs"

#include "config.h"

#include "acies-dialogs.h"

/*
 * What the dialogs of acies-compat.c have in common whatever the
 * version: a dialog is found on show the way a user sees it (a window,
 * or an AdwDialog over one: acies_window_get_hosted_dialog()), an alert
 * is answered by a click on its button, and AdwMessageDialog and
 * AdwAlertDialog share the properties read here.  No version check: those
 * are acies-compat.c's.
 */

/**
 * acies_dialog_find:
 * @type: the dialog type looked for (%ACIES_TYPE_ALERT, %ACIES_TYPE_ABOUT…)
 * @parent: (nullable): a widget of the window the dialog belongs to, or
 *   %NULL for any window
 *
 * Finds a dialog on show, the way a user sees it: a window of @type
 * (transient for @parent's window), or an #AdwDialog shown over @parent's
 * window or in a window of its own.  For tests, and for commands that
 * follow a question they did not ask (quitting).
 *
 * Returns: (transfer none) (nullable): the dialog, or %NULL
 */
GtkWidget *
acies_dialog_find (GType      type,
                   GtkWidget *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkRoot *root = parent ? gtk_widget_get_root (parent) : NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      GtkWidget *child = gtk_window_get_child (window);
      GtkWidget *hosted;

      if (!gtk_widget_get_visible (GTK_WIDGET (window)))
        continue;
      /* A window dialog, or an AdwDialog in a window of its own. */
      if (root == NULL || gtk_window_get_transient_for (window) == GTK_WINDOW (root))
        {
          if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
            return GTK_WIDGET (window);
          if (child != NULL && G_TYPE_CHECK_INSTANCE_TYPE (child, type))
            return child;
        }
      /* An AdwDialog over the window. */
      if (root == NULL || GTK_WIDGET (window) == GTK_WIDGET (root))
        {
          hosted = acies_window_get_hosted_dialog (window);
          if (hosted != NULL && G_TYPE_CHECK_INSTANCE_TYPE (hosted, type))
            return hosted;
        }
    }
  return NULL;
}

/**
 * acies_alert_add_responses:
 * @alert: an alert
 * @first_id: the first response's id
 * @...: its label, then more id and label pairs, then %NULL
 *
 * Adds responses (buttons), in the order given.
 */
void
acies_alert_add_responses (GtkWidget  *alert,
                           const char *first_id,
                           ...)
{
  va_list args;
  const char *id = first_id;

  g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT));

  va_start (args, first_id);
  while (id != NULL)
    {
      const char *label = va_arg (args, const char *);

      acies_alert_add_response (alert, id, label);
      id = va_arg (args, const char *);
    }
  va_end (args);
}

/* A string property of @alert, kept on it under @key until the next
 * call: both alert classes' getters return their own string, but
 * g_object_get() a copy. */
static const char *
alert_get_string (GtkWidget  *alert,
                  const char *property,
                  const char *key)
{
  char *value = NULL;

  g_object_get (alert, property, &value, NULL);
  g_object_set_data_full (G_OBJECT (alert), key, value, g_free);
  return value;
}

/**
 * acies_alert_get_heading:
 * @alert: an alert
 *
 * Returns: (nullable): its heading, until the next call
 */
const char *
acies_alert_get_heading (GtkWidget *alert)
{
  g_return_val_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT), NULL);

  return alert_get_string (alert, "heading", "acies-alert-heading");
}

/**
 * acies_alert_get_body:
 * @alert: an alert
 *
 * Returns: its body ("" when it has none), until the next call
 */
const char *
acies_alert_get_body (GtkWidget *alert)
{
  g_return_val_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT), NULL);

  return alert_get_string (alert, "body", "acies-alert-body");
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/**
 * acies_alert_respond:
 * @alert: an alert on show
 * @response: one of its responses
 *
 * Gives @response as a click on its button does: the alert closes and
 * emits "response".  For tests.
 */
void
acies_alert_respond (GtkWidget  *alert,
                     const char *response)
{
  GtkWidget *button;

  g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT));
  g_return_if_fail (acies_alert_has_response (alert, response));

  button = find_button (alert, acies_alert_get_response_label (alert, response));
  g_return_if_fail (button != NULL);
  g_object_ref (alert);
  g_signal_emit_by_name (button, "clicked");
  g_object_unref (alert);
}

/**
 * acies_alert_find:
 * @parent: (nullable): a widget of the window the alert belongs to
 *
 * Returns: (transfer none) (nullable): the alert on show over @parent's
 *   window (over any window for %NULL), or %NULL
 */
GtkWidget *
acies_alert_find (GtkWidget *parent)
{
  return acies_dialog_find (ACIES_TYPE_ALERT, parent);
}

/**
 * acies_about_new:
 * @first_property_name: the first property to set, or %NULL
 * @...: its value, then more name and value pairs, then %NULL
 *
 * An About dialog (#AdwAboutDialog from libadwaita 1.5, #AdwAboutWindow
 * before): both have the same properties ("application-name",
 * "developers", "license-type"…).  Show it with acies_dialog_present().
 *
 * Returns: (transfer floating): the dialog
 */
GtkWidget *
acies_about_new (const char *first_property_name,
                 ...)
{
  GtkWidget *about;
  va_list args;

  va_start (args, first_property_name);
  about = GTK_WIDGET (g_object_new_valist (ACIES_TYPE_ABOUT, first_property_name, args));
  va_end (args);
  return about;
}

/**
 * acies_shortcuts_present:
 * @window: the window whose shortcuts are shown
 * @resource_path: a GtkBuilder resource with a #GtkShortcutsWindow of id
 *   "help_overlay"
 *
 * Shows the keyboard shortcuts, as acies_shortcuts_present_ui() does
 * from the text of the builder file.
 */
void
acies_shortcuts_present (GtkApplicationWindow *window,
                         const char           *resource_path)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));

  bytes = g_resources_lookup_data (resource_path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_return_if_fail (bytes != NULL);
  acies_shortcuts_present_ui (window, g_bytes_get_data (bytes, NULL));
}

/**
 * acies_shortcuts_find:
 * @window: a window
 *
 * Returns: (transfer none) (nullable): the keyboard shortcuts on show
 *   for @window (an #AdwShortcutsDialog, or its #GtkShortcutsWindow)
 */
GtkWidget *
acies_shortcuts_find (GtkWidget *window)
{
  return acies_dialog_find (ACIES_TYPE_SHORTCUTS, window);
}
