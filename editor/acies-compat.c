/* acies-compat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-compat"

#include "config.h"

#include "acies-compat.h"
#include "acies-floor-breakpoint.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

/*
 * The one file where Acies looks at the GTK and libadwaita versions it is
 * built against (STYLE.md, "Build"): newer API where it exists, the floor's
 * API otherwise, behind one thin function each.  What does not depend on
 * the version is built on these elsewhere: acies-dialogs.c (finding a
 * dialog, answering an alert), acies-file-chooser.c, acies-accessible.c,
 * acies_breakpoint_add_setter() (acies-widget-helpers.c).  It lives in
 * the editor library, the lowest layer built on GTK, so the application
 * (which links it) shares it.
 *
 * The build pins each library to the version it finds (meson.build):
 * built against a current runtime, deprecated API does not compile
 * (the Flatpak's -Werror=deprecated-declarations), so the floor's widgets
 * appear only in the #else branches here.
 */

#define ADW_1_4 ADW_CHECK_VERSION (1, 4, 0)
#define ADW_1_5 ADW_CHECK_VERSION (1, 5, 0)
#define ADW_1_7 ADW_CHECK_VERSION (1, 7, 0)
#define ADW_1_8 ADW_CHECK_VERSION (1, 8, 0)
#define GTK_4_10 GTK_CHECK_VERSION (4, 10, 0)
#define GTK_4_14 GTK_CHECK_VERSION (4, 14, 0)

/* The alert's and the About dialog's methods: same names, same
 * arguments, on the class of the version. */
#if ADW_1_5
#define ALERT_CALL(method, alert, ...) adw_alert_dialog_##method (ADW_ALERT_DIALOG (alert), __VA_ARGS__)
#define ABOUT_CALL(method, about, ...) adw_about_dialog_##method (ADW_ABOUT_DIALOG (about), __VA_ARGS__)
#else
#define ALERT_CALL(method, alert, ...) adw_message_dialog_##method (ADW_MESSAGE_DIALOG (alert), __VA_ARGS__)
#define ABOUT_CALL(method, about, ...) adw_about_window_##method (ADW_ABOUT_WINDOW (about), __VA_ARGS__)
#endif

/**
 * acies_colour_button_new:
 * @title: the colour chooser's title
 * @rgba: the colour shown
 *
 * A button that shows a colour and lets the user choose another, without
 * alpha: a #GtkColorDialogButton from GTK 4.10, a #GtkColorButton before.
 * Both have an "rgba" property to read, set and be notified of.
 *
 * Returns: (transfer floating): the button
 */
GtkWidget *
acies_colour_button_new (const char    *title,
                         const GdkRGBA *rgba)
{
  GtkWidget *button;

#if GTK_4_10
  GtkColorDialog *dialog = gtk_color_dialog_new ();

  gtk_color_dialog_set_with_alpha (dialog, FALSE);
  gtk_color_dialog_set_title (dialog, title);
  button = gtk_color_dialog_button_new (dialog);
  gtk_color_dialog_button_set_rgba (GTK_COLOR_DIALOG_BUTTON (button), rgba);
#else
  button = gtk_color_button_new_with_rgba (rgba);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (button), FALSE);
  gtk_color_button_set_title (GTK_COLOR_BUTTON (button), title);
#endif

  return button;
}

/**
 * acies_accessible_announce:
 * @widget: the widget that speaks (its window must be shown)
 * @text: what assistive technologies should say now
 *
 * Asks a screen reader to say @text at once with
 * gtk_accessible_announce() from GTK 4.14.  Before 4.14 there is no such
 * call: the caller's live-region label (a status) carries the text, and
 * this does nothing.
 *
 * Returns: %TRUE when the announcement was sent
 */
gboolean
acies_accessible_announce (GtkWidget  *widget,
                           const char *text)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

#if GTK_4_14
  if (text != NULL && *text != '\0')
    {
      gtk_accessible_announce (GTK_ACCESSIBLE (widget), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
      return TRUE;
    }
#endif

  return FALSE;
}

/**
 * acies_compat_buttons_need_mnemonic_fix:
 *
 * Returns: whether GTK names a button with a mnemonic label by its raw
 *   label ("_Ready Ready" through AT-SPI): %TRUE before GTK 4.10
 *   (acies_accessible_fix_mnemonic_names())
 */
gboolean
acies_compat_buttons_need_mnemonic_fix (void)
{
  return !GTK_4_10;
}

/**
 * acies_compat_has_adaptive_preview:
 *
 * Returns: whether libadwaita gives every window its own developer key,
 *   Ctrl+Shift+M, for the adaptive preview (from 1.7, like GTK's
 *   inspector keys)
 */
gboolean
acies_compat_has_adaptive_preview (void)
{
  return ADW_1_7;
}

/* Dialogs. */

/**
 * acies_alert_get_type:
 *
 * Returns: the type of the alerts acies_alert_new() makes: #AdwAlertDialog
 *   from libadwaita 1.5, #AdwMessageDialog before
 */
GType
acies_alert_get_type (void)
{
#if ADW_1_5
  return ADW_TYPE_ALERT_DIALOG;
#else
  return ADW_TYPE_MESSAGE_DIALOG;
#endif
}

/**
 * acies_about_get_type:
 *
 * Returns: the type of acies_about_new()'s dialogs: #AdwAboutDialog from
 *   libadwaita 1.5, #AdwAboutWindow before
 */
GType
acies_about_get_type (void)
{
#if ADW_1_5
  return ADW_TYPE_ABOUT_DIALOG;
#else
  return ADW_TYPE_ABOUT_WINDOW;
#endif
}

/**
 * acies_shortcuts_get_type:
 *
 * Returns: the type of the keyboard shortcuts acies_shortcuts_present()
 *   shows: #AdwShortcutsDialog from libadwaita 1.8, #GtkShortcutsWindow
 *   before
 */
GType
acies_shortcuts_get_type (void)
{
#if ADW_1_8
  return ADW_TYPE_SHORTCUTS_DIALOG;
#else
  GType type;

  /* GTK 4.18 deprecates it for libadwaita 1.8's dialog. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  type = GTK_TYPE_SHORTCUTS_WINDOW;
  G_GNUC_END_IGNORE_DEPRECATIONS
  return type;
#endif
}

/**
 * acies_dialog_new:
 * @title: the dialog's title
 * @child: (transfer floating): its content (a header bar included)
 * @width: its width, or -1
 * @height: its height, or -1
 *
 * A dialog around @child: an #AdwDialog (over its parent's window, or a
 * bottom sheet on narrow windows) from libadwaita 1.5, a modal #AdwWindow
 * before.  Show it with acies_dialog_present(), close it with
 * acies_dialog_close().
 *
 * Returns: (transfer floating): the dialog
 */
GtkWidget *
acies_dialog_new (const char *title,
                  GtkWidget  *child,
                  int         width,
                  int         height)
{
#if ADW_1_5
  AdwDialog *dialog = adw_dialog_new ();

  adw_dialog_set_title (dialog, title);
  adw_dialog_set_content_width (dialog, width);
  adw_dialog_set_content_height (dialog, height);
  adw_dialog_set_child (dialog, child);
  return GTK_WIDGET (dialog);
#else
  GtkWidget *window = adw_window_new ();

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  adw_window_set_content (ADW_WINDOW (window), child);
  return window;
#endif
}

/**
 * acies_dialog_present:
 * @dialog: an alert, an About dialog (acies_about_new()) or
 *   acies_dialog_new()'s
 * @parent: (nullable): a widget of the window it belongs to
 *
 * Shows @dialog over @parent's window.  A window dialog is destroyed when
 * it is closed; an #AdwDialog when its parent drops it.
 */
void
acies_dialog_present (GtkWidget *dialog,
                      GtkWidget *parent)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));
  g_return_if_fail (parent == NULL || GTK_IS_WIDGET (parent));

#if ADW_1_5
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_present (ADW_DIALOG (dialog), parent);
      return;
    }
#endif
  if (GTK_IS_WINDOW (dialog))
    {
      GtkRoot *root = parent ? gtk_widget_get_root (parent) : NULL;

      if (GTK_IS_WINDOW (root) && GTK_WINDOW (root) != GTK_WINDOW (dialog))
        gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

/**
 * acies_dialog_close:
 * @dialog: a dialog acies_dialog_present() shows
 *
 * Closes @dialog, as its close button would.
 */
void
acies_dialog_close (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if ADW_1_5
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  if (GTK_IS_WINDOW (dialog))
    gtk_window_close (GTK_WINDOW (dialog));
}

/**
 * acies_window_get_hosted_dialog:
 * @window: a window
 *
 * Returns: (transfer none) (nullable): the #AdwDialog shown over @window
 *   (libadwaita 1.5); %NULL before, where dialogs are windows
 */
GtkWidget *
acies_window_get_hosted_dialog (GtkWindow *window)
{
#if ADW_1_5
  if (ADW_IS_APPLICATION_WINDOW (window))
    return GTK_WIDGET (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
  if (ADW_IS_WINDOW (window))
    return GTK_WIDGET (adw_window_get_visible_dialog (ADW_WINDOW (window)));
#endif
  return NULL;
}

/**
 * acies_alert_new:
 * @heading: the question or the news, in title case
 * @body: (nullable): what it means, in sentences
 *
 * An alert (#AdwAlertDialog from libadwaita 1.5, #AdwMessageDialog
 * before).  Both emit "response" with the response id (the close
 * response on Escape), and have the same properties: "heading", "body",
 * "default-response", "close-response", "extra-child".  Show it with
 * acies_dialog_present().
 *
 * Returns: (transfer floating): the alert
 */
GtkWidget *
acies_alert_new (const char *heading,
                 const char *body)
{
#if ADW_1_5
  AdwDialog *alert = adw_alert_dialog_new (heading, body);
  GObject *title = gtk_widget_get_template_child (GTK_WIDGET (alert), ADW_TYPE_ALERT_DIALOG, "heading_label");

  /* The alert shows its heading in a title font where it fits on one
   * line and in a smaller wrapped font where it does not; libadwaita 1.7
   * (Debian 13) measures the title-font label's height for the alert's
   * width even when it is wider, and GTK warns that the label is measured
   * below its minimum (a scenario name in "Delete the Side “…”?", or a
   * narrow window).  Allowing that label to wrap gives it a minimum that
   * fits; it is only shown where its full width fits, so it never wraps. */
  if (GTK_IS_LABEL (title))
    {
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
    }
  return GTK_WIDGET (alert);
#else
  GtkWidget *dialog = adw_message_dialog_new (NULL, heading, body);

  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  return dialog;
#endif
}

/**
 * acies_alert_add_response:
 * @alert: an alert
 * @id: the response's id
 * @label: its button's label
 *
 * Adds a response (a button) after the others.
 */
void
acies_alert_add_response (GtkWidget  *alert,
                          const char *id,
                          const char *label)
{
  g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT));

  ALERT_CALL (add_response, alert, id, label);
}

/**
 * acies_alert_set_response_appearance:
 * @alert: an alert
 * @response: a response id
 * @appearance: how its button looks (suggested, destructive)
 */
void
acies_alert_set_response_appearance (GtkWidget             *alert,
                                     const char            *response,
                                     AdwResponseAppearance  appearance)
{
  g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT));

  ALERT_CALL (set_response_appearance, alert, response, appearance);
}

/**
 * acies_alert_has_response:
 * @alert: an alert
 * @response: a response id
 *
 * Returns: whether @alert offers @response
 */
gboolean
acies_alert_has_response (GtkWidget  *alert,
                          const char *response)
{
  g_return_val_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT), FALSE);

  return ALERT_CALL (has_response, alert, response);
}

/**
 * acies_alert_get_response_label:
 * @alert: an alert
 * @response: one of its responses
 *
 * Returns: (transfer none): the label of @response's button
 */
const char *
acies_alert_get_response_label (GtkWidget  *alert,
                                const char *response)
{
  g_return_val_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (alert, ACIES_TYPE_ALERT), NULL);

  return ALERT_CALL (get_response_label, alert, response);
}

/**
 * acies_about_add_acknowledgement_section:
 * @about: an About dialog
 * @name: (nullable): the section's name
 * @people: (array zero-terminated=1): who is acknowledged
 */
void
acies_about_add_acknowledgement_section (GtkWidget   *about,
                                         const char  *name,
                                         const char **people)
{
  g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (about, ACIES_TYPE_ABOUT));

  ABOUT_CALL (add_acknowledgement_section, about, name, people);
}

/**
 * acies_about_add_legal_section:
 * @about: an About dialog
 * @title: the component's name
 * @copyright: (nullable): its copyright
 * @license_type: its licence
 * @license: (nullable): the licence's text, for %GTK_LICENSE_CUSTOM
 */
void
acies_about_add_legal_section (GtkWidget  *about,
                               const char *title,
                               const char *copyright,
                               GtkLicense  license_type,
                               const char *license)
{
  g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (about, ACIES_TYPE_ABOUT));

  ABOUT_CALL (add_legal_section, about, title, copyright, license_type, license);
}

/* Keyboard shortcuts. */

#if ADW_1_8
/* The GtkShortcutsWindow .ui read as data: each group a section, each
 * shortcut an item (its accelerator, or its action's). */
static void
add_shortcuts (AdwShortcutsDialog  *dialog,
               AdwShortcutsSection *section,
               GtkWidget           *widget)
{
  const char *type = G_OBJECT_TYPE_NAME (widget);

  if (g_str_equal (type, "GtkShortcutsGroup"))
    {
      g_autofree char *title = NULL;

      g_object_get (widget, "title", &title, NULL);
      section = adw_shortcuts_section_new (title);
      adw_shortcuts_dialog_add (dialog, section);
    }
  else if (g_str_equal (type, "GtkShortcutsShortcut") && section != NULL)
    {
      g_autofree char *title = NULL;
      g_autofree char *accelerator = NULL;
      g_autofree char *action = NULL;

      g_object_get (widget, "title", &title, "accelerator", &accelerator,
                    "action-name", &action, NULL);
      if (accelerator != NULL && *accelerator != '\0')
        adw_shortcuts_section_add (section, adw_shortcuts_item_new (title, accelerator));
      else if (action != NULL)
        adw_shortcuts_section_add (section, adw_shortcuts_item_new_from_action (title, action));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    add_shortcuts (dialog, section, child);
}
#endif

/**
 * acies_shortcuts_present_ui:
 * @window: the window whose shortcuts are shown
 * @ui: GtkBuilder XML with a #GtkShortcutsWindow of id "help_overlay"
 *
 * Shows the keyboard shortcuts: an #AdwShortcutsDialog made from the
 * #GtkShortcutsWindow's groups and shortcuts from libadwaita 1.8, the
 * #GtkShortcutsWindow itself (the window's help overlay, built the first
 * time) before.  From the text of the builder file (a window that adds
 * its own groups to it: the game window's ruleset keys); or from a
 * resource, acies_shortcuts_present().
 */
void
acies_shortcuts_present_ui (GtkApplicationWindow *window,
                            const char           *ui)
{
  g_autoptr(GtkBuilder) builder = NULL;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));
  g_return_if_fail (ui != NULL);

#if ADW_1_8
  {
    AdwDialog *dialog = adw_shortcuts_dialog_new ();
    GtkWidget *overlay;

    builder = gtk_builder_new_from_string (ui, -1);
    overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
    add_shortcuts (ADW_SHORTCUTS_DIALOG (dialog), NULL, overlay);
    gtk_window_destroy (GTK_WINDOW (overlay));
    adw_dialog_present (dialog, GTK_WIDGET (window));
  }
#else
  /* GTK 4.18 deprecates the shortcuts window for libadwaita 1.8's
   * dialog: with an older libadwaita it is still the one there is. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

    if (overlay == NULL)
      {
        builder = gtk_builder_new_from_string (ui, -1);
        overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
        gtk_application_window_set_help_overlay (window, overlay);
      }
    gtk_window_present (GTK_WINDOW (overlay));
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

/* Files. */

#if GTK_4_10
static void
file_dialog_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;
  gpointer value;

  if (GPOINTER_TO_INT (g_task_get_task_data (task)) == GTK_FILE_CHOOSER_ACTION_SAVE)
    value = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  else
    value = gtk_file_dialog_open_multiple_finish (GTK_FILE_DIALOG (source), result, &error);

  /* Cancelled or dismissed by the user: nothing chosen, no error. */
  if (g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
      || g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
    g_clear_error (&error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, value, value ? g_object_unref : NULL);
}
#else
static void
file_chooser_response_cb (GtkNativeDialog *native,
                          int              response,
                          gpointer         data)
{
  g_autoptr(GTask) task = data;
  gpointer value = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (native)) == GTK_FILE_CHOOSER_ACTION_SAVE)
        value = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      else
        value = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));
    }
  g_task_return_pointer (task, value, value ? g_object_unref : NULL);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}
#endif

/**
 * acies_file_chooser_show:
 * @task: (transfer full): the task to answer (this uses its task data)
 * @parent: (nullable): the window the chooser belongs to
 * @action: %GTK_FILE_CHOOSER_ACTION_SAVE, or %GTK_FILE_CHOOSER_ACTION_OPEN
 *   for one file or more
 * @title: the chooser's title
 * @accept_label: (nullable): the label of its accept button
 * @initial_name: (nullable): the file name offered, to save
 * @filters: (nullable): #GtkFileFilter<!-- -->s, the first chosen
 *
 * Shows a file chooser (a #GtkFileDialog from GTK 4.10, the portal's in a
 * sandbox; a #GtkFileChooserNative before) and answers @task with the
 * #GFile to save, or the #GListModel of #GFile to open; with %NULL when
 * the user cancelled, an error when the chooser failed.  For
 * acies-file-chooser.c.
 */
void
acies_file_chooser_show (GTask                *task,
                         GtkWindow            *parent,
                         GtkFileChooserAction  action,
                         const char           *title,
                         const char           *accept_label,
                         const char           *initial_name,
                         GListModel           *filters)
{
#if GTK_4_10
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  GCancellable *cancellable = g_task_get_cancellable (task);

  g_task_set_task_data (task, GINT_TO_POINTER (action), NULL);
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  if (accept_label != NULL)
    gtk_file_dialog_set_accept_label (dialog, accept_label);
  if (filters != NULL && g_list_model_get_n_items (filters) > 0)
    {
      g_autoptr(GtkFileFilter) first = g_list_model_get_item (filters, 0);

      gtk_file_dialog_set_filters (dialog, filters);
      gtk_file_dialog_set_default_filter (dialog, first);
    }
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      gtk_file_dialog_set_initial_name (dialog, initial_name);
      gtk_file_dialog_save (dialog, parent, cancellable, file_dialog_done_cb, task);
    }
  else
    gtk_file_dialog_open_multiple (dialog, parent, cancellable, file_dialog_done_cb, task);
#else
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, parent, action, accept_label, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE && initial_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), TRUE);
  for (guint i = 0; filters != NULL && i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
      if (i == 0)
        gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), filter);
    }
  g_signal_connect (native, "response", G_CALLBACK (file_chooser_response_cb), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
#endif
}

/* Layout. */

/**
 * acies_split_new:
 * @split: (out) (transfer none): the split itself: an
 *   #AdwOverlaySplitView from libadwaita 1.4, an #AdwFlap before
 *
 * A sidebar beside a content, for #AciesSplitView.  From libadwaita 1.4
 * an #AdwOverlaySplitView inside an #AdwBreakpointBin (which collapses it,
 * acies_split_collapse_below()); before, an #AdwFlap with a separator that
 * folds when the content would get less than its minimum.
 *
 * Returns: (transfer floating): the widget to put in place: the
 *   breakpoint bin around @split, or @split itself
 */
GtkWidget *
acies_split_new (GtkWidget **split)
{
  GtkWidget *outer;

  g_return_val_if_fail (split != NULL, NULL);

#if ADW_1_4
  *split = adw_overlay_split_view_new ();
  outer = adw_breakpoint_bin_new ();
  /* The view can be as narrow as its folded state. */
  gtk_widget_set_size_request (outer, 120, 120);
  adw_breakpoint_bin_set_child (ADW_BREAKPOINT_BIN (outer), *split);
#else
  *split = adw_flap_new ();
  outer = *split;
  adw_flap_set_fold_threshold_policy (ADW_FLAP (*split), ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
  adw_flap_set_separator (ADW_FLAP (*split), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
#endif
  return outer;
}

/**
 * acies_split_property:
 * @name: "sidebar", "show-sidebar", "sidebar-position" or "collapsed"
 *
 * The name of that property on the split of acies_split_new(): @name on
 * an #AdwOverlaySplitView, #AdwFlap's "flap", "reveal-flap",
 * "flap-position" or "folded" before libadwaita 1.4.
 *
 * Returns: (transfer none): a static string
 */
const char *
acies_split_property (const char *name)
{
#if ADW_1_4
  static const char *const names[] = { "sidebar", "show-sidebar", "sidebar-position", "collapsed" };
#else
  static const char *const names[] = { "flap", "reveal-flap", "flap-position", "folded" };
#endif
  static const char *const keys[] = { "sidebar", "show-sidebar", "sidebar-position", "collapsed" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (name, keys[i]))
      return names[i];
  g_return_val_if_reached (name);
}

/**
 * acies_split_set_sidebar_width:
 * @split: the split of acies_split_new()
 * @width: the sidebar's width in pixels
 *
 * Gives the sidebar one width whatever the view's (so that the board
 * beside it does not rescale).  Before libadwaita 1.4 the flap already
 * takes its natural width: nothing to do.
 */
void
acies_split_set_sidebar_width (GtkWidget *split,
                               int        width)
{
#if ADW_1_4
  g_return_if_fail (ADW_IS_OVERLAY_SPLIT_VIEW (split));

  g_object_set (split,
                "sidebar-width-unit", ADW_LENGTH_UNIT_PX,
                "min-sidebar-width", (double) width,
                "max-sidebar-width", (double) width,
                NULL);
#endif
}

/**
 * acies_split_collapse_below:
 * @outer: the widget acies_split_new() returned
 * @split: its split
 * @breakpoint: (nullable): the breakpoint this function returned last
 *   time, removed from @outer
 * @width: the view's width in pixels under which the sidebar folds over
 *   the content and hides; 0 for never
 *
 * From libadwaita 1.4, an #AdwBreakpoint on @outer that collapses @split
 * and hides its sidebar below @width.  Before, the flap folds at the
 * content's minimum and this does nothing.
 *
 * Returns: (transfer none) (nullable): the new breakpoint, owned by
 *   @outer; %NULL for none
 */
GObject *
acies_split_collapse_below (GtkWidget *outer,
                            GtkWidget *split,
                            GObject   *breakpoint,
                            int        width)
{
#if ADW_1_4
  AdwBreakpointCondition *condition;

  g_return_val_if_fail (ADW_IS_BREAKPOINT_BIN (outer), NULL);

  if (breakpoint != NULL)
    adw_breakpoint_bin_remove_breakpoint (ADW_BREAKPOINT_BIN (outer), ADW_BREAKPOINT (breakpoint));
  if (width <= 0)
    return NULL;
  condition = adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                                   width, ADW_LENGTH_UNIT_PX);
  breakpoint = G_OBJECT (adw_breakpoint_new (condition));
  adw_breakpoint_add_setters (ADW_BREAKPOINT (breakpoint),
                              G_OBJECT (split), "collapsed", TRUE,
                              G_OBJECT (split), "show-sidebar", FALSE,
                              NULL);
  adw_breakpoint_bin_add_breakpoint (ADW_BREAKPOINT_BIN (outer), ADW_BREAKPOINT (breakpoint));
  return breakpoint;
#else
  return NULL;
#endif
}

/**
 * acies_window_use_toolbar_view:
 * @window: an #AdwApplicationWindow or an #AdwWindow whose content is a
 *   vertical #GtkBox with its #AdwHeaderBar first (as its template has it)
 *
 * From libadwaita 1.4, moves the header bar into an #AdwToolbarView (as a
 * raised top bar, the look the window has without one) and the rest of
 * the box into its content, which becomes the window's content.  Before,
 * or when the content is not so, does nothing.
 */
void
acies_window_use_toolbar_view (GtkWindow *window)
{
#if ADW_1_4
  g_autoptr(GtkWidget) box = NULL;
  g_autoptr(GtkWidget) header = NULL;
  GtkWidget *view;
  gboolean application_window;

  g_return_if_fail (ADW_IS_APPLICATION_WINDOW (window) || ADW_IS_WINDOW (window));

  application_window = ADW_IS_APPLICATION_WINDOW (window);
  box = application_window ? adw_application_window_get_content (ADW_APPLICATION_WINDOW (window))
                           : adw_window_get_content (ADW_WINDOW (window));
  if (!GTK_IS_BOX (box) || !ADW_IS_HEADER_BAR (gtk_widget_get_first_child (box)))
    {
      box = NULL;
      return;
    }
  g_object_ref (box);
  header = g_object_ref (gtk_widget_get_first_child (box));
  gtk_box_remove (GTK_BOX (box), header);

  view = adw_toolbar_view_new ();
  adw_toolbar_view_set_top_bar_style (ADW_TOOLBAR_VIEW (view), ADW_TOOLBAR_RAISED);
  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (view), header);
  if (application_window)
    adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), view);
  else
    adw_window_set_content (ADW_WINDOW (window), view);
  adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (view), box);
#endif
}

/**
 * acies_window_add_breakpoint:
 * @window: an #AdwApplicationWindow or an #AdwWindow
 * @max_width: the width, in pixels, at and below which it applies
 *
 * Adds a breakpoint to @window that applies while the window is at most
 * @max_width pixels wide: give it setters with
 * acies_breakpoint_add_setter().
 *
 * Before libadwaita 1.4, which has no breakpoints, a stand-in applies
 * the setters once @window, realized after this call, is allocated at
 * most @max_width pixels (or opens at such a default width); its wide
 * layout must then be narrower than @max_width for a user to reach it.
 *
 * Returns: (transfer none): the #AdwBreakpoint (or the stand-in), owned
 *   by @window
 */
GObject *
acies_window_add_breakpoint (GtkWindow *window,
                             int        max_width)
{
#if ADW_1_4
  AdwBreakpoint *breakpoint;

  g_return_val_if_fail (ADW_IS_APPLICATION_WINDOW (window) || ADW_IS_WINDOW (window), NULL);
  g_return_val_if_fail (max_width > 0, NULL);

  breakpoint = adw_breakpoint_new (adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                                                        max_width,
                                                                        ADW_LENGTH_UNIT_PX));
  if (ADW_IS_APPLICATION_WINDOW (window))
    adw_application_window_add_breakpoint (ADW_APPLICATION_WINDOW (window), breakpoint);
  else
    adw_window_add_breakpoint (ADW_WINDOW (window), breakpoint);
  return G_OBJECT (breakpoint);
#else
  return G_OBJECT (acies_floor_breakpoint_new (window, max_width));
#endif
}

/**
 * acies_breakpoint_add_setter_value:
 * @breakpoint: what acies_window_add_breakpoint() returned
 * @object: the object whose property it sets
 * @property: the property's name
 * @value: the value
 *
 * Sets @property to @value while @breakpoint applies (and puts it back
 * after).  acies_breakpoint_add_setter() takes the value as
 * g_object_set() does.
 */
void
acies_breakpoint_add_setter_value (GObject      *breakpoint,
                                   GObject      *object,
                                   const char   *property,
                                   const GValue *value)
{
#if ADW_1_4
  g_return_if_fail (ADW_IS_BREAKPOINT (breakpoint));
  adw_breakpoint_add_setter (ADW_BREAKPOINT (breakpoint), object, property, value);
#else
  g_return_if_fail (ACIES_IS_FLOOR_BREAKPOINT (breakpoint));
  acies_floor_breakpoint_add_setter (ACIES_FLOOR_BREAKPOINT (breakpoint), object, property, value);
#endif
}

/**
 * acies_surface_get_x11_xid:
 * @surface: (nullable): a surface
 *
 * The X11 window of @surface, for tests that drive the window through
 * the X server (xdotool).  GTK 4.18 deprecates the X11 backend's API
 * without a replacement: this is the one place that calls it.
 *
 * Returns: the window's XID; 0 when @surface is %NULL or not an X11
 *   surface (Wayland, or GTK built without X11)
 */
gulong
acies_surface_get_x11_xid (GdkSurface *surface)
{
#ifdef GDK_WINDOWING_X11
  if (surface != NULL && GDK_IS_X11_SURFACE (surface))
    {
      gulong xid;

      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      xid = (gulong) gdk_x11_surface_get_xid (surface);
      G_GNUC_END_IGNORE_DEPRECATIONS
      return xid;
    }
#endif
  return 0;
}
