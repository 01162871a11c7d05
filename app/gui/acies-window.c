/* acies-window.c
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-window"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"
#include "model/acies-problem.h"
#include "rulesets/acies-catalogue.h"

#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-file-chooser.h"
#include "acies-widget-helpers.h"
#include "acies-new-scenario-dialog.h"

#include "acies-gui-private.h"
#include "acies-print-operation.h"
#include "acies-window.h"

/**
 * AciesWindow:
 *
 * One window per document.  Without a document it shows the start page;
 * with a scenario it shows the scenario editor (#AciesEditor) over an
 * #AciesEditorDocument: undo/redo, save and save-as (atomic, with a
 * backup), autosave every 30 seconds, and "Play" disabled with the reason
 * while validation finds errors.  Its title is the scenario's title.
 */

#define AUTOSAVE_INTERVAL_S 30

/* The autosave interval in seconds: 30, or ACIES_AUTOSAVE_INTERVAL (1 to
 * 3600) — set by the kill -9 recovery test so that it need not wait. */
static guint
autosave_interval (void)
{
  const char *text = g_getenv ("ACIES_AUTOSAVE_INTERVAL");
  guint64 seconds;

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 1, 3600, &seconds, NULL))
    return (guint) seconds;
  return AUTOSAVE_INTERVAL_S;
}

struct _AciesWindow
{
  AdwApplicationWindow  parent_instance;

  AciesScenario        *scenario;
  GFile                *file;

  /* The scenario editor. */
  AciesEditorDocument  *doc;
  guint                 autosave_id;
  char                 *play_reason;
  guint                 inhibit_cookie;  /* logout inhibited while unsaved */
  GtkApplication       *inhibit_app;     /* the application holding it */

  /* Template widgets. */
  AdwWindowTitle       *window_title;
  GtkWidget            *open_button;
  GtkStack             *stack;
  AdwBin               *start_bin;
  AciesStartPage       *start_page;   /* NULL until first shown */
  AciesBoardView       *board_view;
  AciesEditor          *editor;
  GtkWidget            *edit_buttons;
  GtkWidget            *save_button;
  GtkWidget            *play_button;
  GtkButton            *problems_button;
  GtkMenuButton        *primary_menu_button;
  GMenuModel           *primary_menu;
};

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesWindow, acies_window, ADW_TYPE_APPLICATION_WINDOW)

static GSettings *
acies_window_get_settings (AciesWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!ACIES_IS_APPLICATION (app))
    return NULL;

  return acies_application_get_settings (ACIES_APPLICATION (app));
}

static void
acies_window_set_action_enabled (AciesWindow *self,
                                 const char  *name,
                                 gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
acies_window_update_actions (AciesWindow *self)
{
  gboolean has_board = self->scenario != NULL;
  const char *names[] = { "zoom-in", "zoom-out", "zoom-reset", "print", "export-pdf",
                          "save", "save-as" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    acies_window_set_action_enabled (self, names[i], has_board);

  /* Scenario editor: undo/redo follow the document; "Play" (win.play) is
   * disabled while validation finds errors. */
  acies_window_set_action_enabled (self, "undo", self->doc && acies_editor_document_can_undo (self->doc));
  acies_window_set_action_enabled (self, "redo", self->doc && acies_editor_document_can_redo (self->doc));
  acies_window_set_action_enabled (self, "play", has_board && self->play_reason == NULL);
}

static void
recent_files_changed_cb (AciesWindow *self,
                         const char  *key,
                         GSettings   *settings)
{
  g_auto(GStrv) uris = NULL;

  if (self->start_page == NULL)
    return;

  uris = g_settings_get_strv (settings, "recent-files");
  acies_start_page_set_recent (self->start_page, (const char * const *) uris);
}

/* Makes the start page (which reads every bundled scenario) the first
 * time it is needed: a window opened on a file does without it. */
static void
acies_window_ensure_start_page (AciesWindow *self)
{
  GSettings *settings;

  if (self->start_page != NULL)
    return;

  self->start_page = ACIES_START_PAGE (acies_start_page_new ());
  adw_bin_set_child (self->start_bin, GTK_WIDGET (self->start_page));
  settings = acies_window_get_settings (self);
  if (settings != NULL)
    recent_files_changed_cb (self, "recent-files", settings);
}

static void
start_page_needed_cb (AciesWindow *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self))
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0)
    acies_window_ensure_start_page (self);
}

/* Actions. */

static void
close_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
zoom_in_action_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);

  acies_board_view_zoom_in (self->board_view);
}

static void
zoom_out_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);

  acies_board_view_zoom_out (self->board_view);
}

static void
zoom_reset_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);

  acies_board_view_zoom_reset (self->board_view);
}

/* win.print (Ctrl+P) and win.export-pdf (a path, or "" to ask for one):
 * the Print Set-up dialog, then the print dialog or the PDF, through
 * AciesPrintOperation. */
static void
print_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);

  if (self->scenario != NULL)
    acies_print_operation_print (GTK_WINDOW (self), self->scenario, acies_window_get_settings (self));
}

static void
export_pdf_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);
  const char *path = g_variant_get_string (parameter, NULL);

  if (self->scenario != NULL)
    acies_print_operation_export_ask (GTK_WINDOW (self), self->scenario, acies_window_get_settings (self),
                                      path[0] != '\0' ? path : NULL);
}

/* Scenario editor: undo, redo, save, new scenario. */

static void
undo_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);

  if (self->doc != NULL)
    acies_editor_document_undo (self->doc);
}

static void
redo_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);

  if (self->doc != NULL)
    acies_editor_document_redo (self->doc);
}

static void
acies_window_show_message (AciesWindow *self,
                           const char  *heading,
                           const char  *body)
{
  GtkWidget *dialog = acies_alert_new (heading, body);

  acies_alert_add_responses (dialog, "close", _("_Close"), NULL);
  g_object_set (dialog, "close-response", "close", NULL);
  acies_dialog_present (dialog, GTK_WIDGET (self));
}

static void acies_window_update_title (AciesWindow *self);

static gboolean
acies_window_save_to (AciesWindow *self,
                      GFile       *file)
{
  g_autoptr(GError) error = NULL;

  if (!acies_editor_document_save (self->doc, file, &error))
    {
      acies_window_show_message (self, _("Could Not Save the Scenario"), error->message);
      return FALSE;
    }

  if (g_set_object (&self->file, acies_editor_document_get_file (self->doc)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  acies_window_update_title (self);
  return TRUE;
}

static void
save_as_chosen_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(AciesWindow) self = data;
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autoptr(GFile) file = NULL;

  chosen = acies_file_save_finish (result, &error);
  if (error != NULL)
    acies_window_show_message (self, _("Could Not Save the Scenario"), error->message);
  if (chosen == NULL || self->doc == NULL)
    return;

  /* The extension the file manager and the start page know. */
  basename = g_file_get_basename (chosen);
  if (!g_str_has_suffix (basename, ".acies"))
    {
      g_autoptr(GFile) parent = g_file_get_parent (chosen);
      g_autofree char *name = g_strconcat (basename, ".acies", NULL);

      file = g_file_get_child (parent, name);
    }
  else
    file = g_object_ref (chosen);
  acies_window_save_to (self, file);
}

static void
save_as_action_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  const char *title;
  g_autofree char *name = NULL;

  if (self->doc == NULL)
    return;

  gtk_file_filter_set_name (filter, _("Acies Scenarios"));
  gtk_file_filter_add_mime_type (filter, "application/x-acies-scenario");
  gtk_file_filter_add_suffix (filter, "acies");
  title = self->scenario->meta.title;
  name = g_strconcat (title && *title ? title : _("Untitled Scenario"), ".acies", NULL);
  acies_file_save_async (GTK_WINDOW (self), _("Save Scenario"), _("_Save"), name, filter, NULL,
                         save_as_chosen_cb, g_object_ref (self));
}

static void
save_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);
  GFile *file;

  if (self->doc == NULL)
    return;

  /* A new scenario, or a bundled one (a read-only resource): choose where. */
  file = acies_editor_document_get_file (self->doc);
  if (file == NULL || !g_file_is_native (file))
    {
      save_as_action_cb (NULL, NULL, self);
      return;
    }
  acies_window_save_to (self, file);
}

/* win.save-to (a path): saves without a dialog, for scripts and tests. */
static void
save_to_action_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  if (self->doc != NULL)
    acies_window_save_to (self, file);
}

static void
create_scenario_action_cb (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  AciesWindow *self = ACIES_WINDOW (user_data);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const char *ruleset, *orientation, *labels;
  guint32 width, height;
  AciesWindow *target = self;

  g_variant_get (parameter, "(&suu&s&s)", &ruleset, &width, &height, &orientation, &labels);
  scenario = acies_new_scenario_create (ruleset, width, height, orientation, labels, &error);
  if (scenario == NULL)
    {
      acies_window_show_message (self, _("Could Not Create the Scenario"), error->message);
      return;
    }

  /* A window that already shows a document opens a new one. */
  if (!acies_window_is_empty (self))
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

      if (!ACIES_IS_APPLICATION (app))
        return;
      target = acies_window_new (ACIES_APPLICATION (app));
    }
  acies_window_set_scenario (target, scenario, NULL);
  acies_editor_document_mark_modified (target->doc);
  gtk_window_present (GTK_WINDOW (target));
}

/* Document state. */

static void
acies_window_update_title (AciesWindow *self)
{
  const char *title;
  g_autofree char *fallback = NULL;
  g_autofree char *shown = NULL;
  AciesCatalogue *catalogue = NULL;

  if (self->scenario == NULL)
    return;

  title = self->scenario->meta.title;
  if (title == NULL || *title == '\0')
    {
      if (self->file != NULL)
        {
          g_autofree char *basename = g_file_get_basename (self->file);

          fallback = g_filename_display_name (basename);
        }
      else
        fallback = g_strdup (_("Untitled Scenario"));
      title = fallback;
    }

  /* An unsaved document shows a bullet, as GNOME Text Editor does. */
  if (self->doc != NULL && acies_editor_document_get_dirty (self->doc))
    shown = g_strdup_printf ("• %s", title);
  else
    shown = g_strdup (title);

  if (self->scenario->ruleset != NULL)
    catalogue = acies_catalogue_get_bundled (self->scenario->ruleset);

  /* Edits come many a second (undo held down): touch the title only
   * when it changes. */
  if (g_strcmp0 (gtk_window_get_title (GTK_WINDOW (self)), shown) != 0)
    {
      gtk_window_set_title (GTK_WINDOW (self), shown);
      adw_window_title_set_title (self->window_title, shown);
    }
  if (g_strcmp0 (adw_window_title_get_subtitle (self->window_title),
                 catalogue && catalogue->name ? catalogue->name : self->scenario->ruleset) != 0)
    adw_window_title_set_subtitle (self->window_title,
                                   catalogue && catalogue->name ? catalogue->name
                                                                : self->scenario->ruleset);
}

static void
set_tooltip_if_changed (GtkWidget  *widget,
                        const char *text)
{
  const char *old = gtk_widget_get_tooltip_text (widget);

  if (g_strcmp0 (old, text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

/* While the scenario has changes that are not saved, logging out asks
 * first (the session manager lists the window and the reason), as GNOME
 * Text Editor does. */
static void
acies_window_uninhibit (AciesWindow *self)
{
  if (self->inhibit_app != NULL && self->inhibit_cookie != 0)
    gtk_application_uninhibit (self->inhibit_app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  g_clear_object (&self->inhibit_app);
}

static void
acies_window_update_inhibit (AciesWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  gboolean dirty = self->doc != NULL && acies_editor_document_get_dirty (self->doc);

  if (dirty == (self->inhibit_app != NULL))
    return;

  if (!dirty)
    acies_window_uninhibit (self);
  else if (app != NULL)
    {
      /* The application is kept: a window being destroyed has left it
       * already when it lifts the inhibitor. */
      self->inhibit_app = g_object_ref (app);
      self->inhibit_cookie = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_LOGOUT,
                                                      _("A scenario has unsaved changes"));
    }
}

static void
document_state_cb (AciesWindow *self)
{
  const char *undo = self->doc ? acies_editor_document_get_undo_label (self->doc) : NULL;
  const char *redo = self->doc ? acies_editor_document_get_redo_label (self->doc) : NULL;
  g_autofree char *undo_tip = NULL;
  g_autofree char *redo_tip = NULL;

  acies_window_update_title (self);
  acies_window_update_actions (self);
  acies_window_update_inhibit (self);

  /* Translators: the tooltip of Undo: what it undoes. */
  undo_tip = undo ? g_strdup_printf (_("Undo %s (Ctrl+Z)"), undo) : g_strdup (_("Undo (Ctrl+Z)"));
  redo_tip = redo ? g_strdup_printf (_("Redo %s (Ctrl+Shift+Z)"), redo) : g_strdup (_("Redo (Ctrl+Shift+Z)"));
  set_tooltip_if_changed (gtk_widget_get_first_child (self->edit_buttons), undo_tip);
  set_tooltip_if_changed (gtk_widget_get_last_child (self->edit_buttons), redo_tip);
}

static void
document_changed_cb (AciesWindow *self,
                     guint        flags)
{
  document_state_cb (self);
}

static void
errors_changed_cb (AciesWindow *self)
{
  guint errors = acies_editor_get_n_errors (self->editor);
  guint warnings = acies_editor_get_n_warnings (self->editor);
  GPtrArray *problems = acies_editor_get_problems (self->editor);
  g_autofree char *label = NULL;

  g_clear_pointer (&self->play_reason, g_free);
  if (self->scenario != NULL && errors > 0)
    {
      const char *first = NULL;

      for (guint i = 0; problems && i < problems->len && first == NULL; i++)
        {
          AciesProblem *p = g_ptr_array_index (problems, i);

          if (p->severity == ACIES_PROBLEM_ERROR)
            first = p->message;
        }
      self->play_reason = g_strdup_printf (ngettext ("Cannot play: %u error remains (%s)",
                                                     "Cannot play: %u errors remain (first: %s)", errors),
                                           errors, first ? first : "");
    }
  else if (self->scenario != NULL)
    self->play_reason = acies_editor_describe_unplayable (self->scenario->ruleset);

  gtk_widget_set_tooltip_text (self->play_button,
                               self->play_reason ? self->play_reason : _("Play this scenario"));
  if (errors > 0)
    label = g_strdup_printf (ngettext ("%u Error", "%u Errors", errors), errors);
  else if (warnings > 0)
    label = g_strdup_printf (ngettext ("%u Warning", "%u Warnings", warnings), warnings);
  else
    label = g_strdup (_("No Problems"));
  gtk_button_set_label (self->problems_button, label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_button), _("Show the problems validation found"));
  if (errors > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->problems_button), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->problems_button), "error");

  acies_window_update_actions (self);
}

static gboolean
autosave_cb (gpointer data)
{
  AciesWindow *self = data;
  g_autoptr(GError) error = NULL;

  if (self->doc != NULL && !acies_editor_document_autosave (self->doc, &error))
    g_warning ("Autosave failed: %s", error->message);

  return G_SOURCE_CONTINUE;
}

/* The main menu is made when it is first opened (a click, F10): its
 * popover is sixty widgets the window's first frame does without. */
static void
primary_menu_create_cb (GtkMenuButton *button,
                        gpointer       data)
{
  AciesWindow *self = data;

  gtk_menu_button_set_menu_model (button, self->primary_menu);
}

/* Ctrl+? and "Keyboard Shortcuts": the shortcuts window is built the
 * first time it is asked for (it was a fifth of the editor window's
 * construction), then GtkApplicationWindow shows it. */
static void
show_help_overlay_action_cb (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       data)
{
  acies_shortcuts_present (GTK_APPLICATION_WINDOW (data), RESOURCE_BASE "/ui/acies-shortcuts.ui");
}

static const GActionEntry win_entries[] = {
  { "close", close_action_cb },
  { "show-help-overlay", show_help_overlay_action_cb },
  { "zoom-in", zoom_in_action_cb },
  { "zoom-out", zoom_out_action_cb },
  { "zoom-reset", zoom_reset_action_cb },
  { "print", print_action_cb },
  { "export-pdf", export_pdf_action_cb, "s" },
  { "undo", undo_action_cb },
  { "redo", redo_action_cb },
  { "save", save_action_cb },
  { "save-as", save_as_action_cb },
  { "save-to", save_to_action_cb, "s" },
  { "create-scenario", create_scenario_action_cb, "(suuss)" },
};

/* GtkWindow. */

static gboolean
destroy_idle_cb (gpointer data)
{
  AciesWindow *self = data;

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  gtk_window_destroy (GTK_WINDOW (self));

  return G_SOURCE_REMOVE;
}

static void
close_response_cb (GtkWidget   *dialog,
                   const char  *response,
                   AciesWindow *self)
{
  if (g_str_equal (response, "save"))
    {
      GFile *file = self->doc ? acies_editor_document_get_file (self->doc) : NULL;

      if (file == NULL || !g_file_is_native (file))
        {
          save_as_action_cb (NULL, NULL, self);
          return;
        }
      if (!acies_window_save_to (self, file))
        return;
    }
  if (g_str_equal (response, "save") || g_str_equal (response, "discard"))
    {
      if (self->doc != NULL)
        acies_editor_document_discard_autosave (self->doc);
      /* Not inside the dialog's response: destroying its parent there pulls
       * the dialog from under itself (it then unhooks itself from a window
       * already finalized). */
      g_idle_add_full (G_PRIORITY_DEFAULT, destroy_idle_cb, g_object_ref (self), g_object_unref);
    }
}

static gboolean
acies_window_close_request (GtkWindow *window)
{
  AciesWindow *self = ACIES_WINDOW (window);
  GSettings *settings = acies_window_get_settings (self);

  /* Unsaved changes: ask first (the autosave stays until answered). */
  if (self->doc != NULL && acies_editor_document_get_dirty (self->doc))
    {
      GtkWidget *dialog = acies_alert_new (_("Save Changes?"),
                                           _("The scenario has changes that are not saved. "
                                             "Closing without saving loses them."));

      acies_alert_add_responses (dialog,
                                 "cancel", _("_Cancel"),
                                 "discard", _("_Discard"),
                                 "save", _("_Save"),
                                 NULL);
      acies_alert_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
      acies_alert_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
      g_object_set (dialog, "default-response", "save", "close-response", "cancel", NULL);
      g_signal_connect (dialog, "response", G_CALLBACK (close_response_cb), self);
      acies_dialog_present (dialog, GTK_WIDGET (self));
      return TRUE;
    }
  if (self->doc != NULL)
    acies_editor_document_discard_autosave (self->doc);

  if (settings != NULL)
    {
      int width = 0, height = 0;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (settings);
      if (width > 0 && height > 0)
        {
          g_settings_set_int (settings, "window-width", MAX (width, 320));
          g_settings_set_int (settings, "window-height", MAX (height, 240));
        }
      g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (settings);
    }

  return GTK_WINDOW_CLASS (acies_window_parent_class)->close_request (window);
}

/* GObject. */

static gboolean
offer_recovery_idle_cb (gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr(AciesWindow) self = g_weak_ref_get (ref);

  /* The window may be gone already: hold no reference meanwhile. */
  if (self != NULL && gtk_widget_get_visible (GTK_WIDGET (self)))
    acies_window_offer_recovery (self);
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
acies_window_constructed (GObject *object)
{
  AciesWindow *self = ACIES_WINDOW (object);
  GSettings *settings;

  G_OBJECT_CLASS (acies_window_parent_class)->constructed (object);

  /* Scenario editor: the first window of a run offers to recover what an
   * earlier run left unsaved. */
  {
    static gboolean recovery_offered;

    if (!recovery_offered)
      {
        GWeakRef *ref = g_new0 (GWeakRef, 1);

        recovery_offered = TRUE;
        g_weak_ref_init (ref, self);
        g_idle_add_full (G_PRIORITY_LOW, offer_recovery_idle_cb, ref, weak_ref_free);
      }
  }

  settings = acies_window_get_settings (self);
  if (settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));

      g_signal_connect_object (settings, "changed::recent-files",
                               G_CALLBACK (recent_files_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
}

static void
acies_window_dispose (GObject *object)
{
  AciesWindow *self = ACIES_WINDOW (object);

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  acies_window_uninhibit (self);
  if (self->editor != NULL)
    acies_editor_set_document (self->editor, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_WINDOW);
  self->editor = NULL;
  self->board_view = NULL;
  g_clear_object (&self->doc);
  g_clear_pointer (&self->play_reason, g_free);
  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (acies_window_parent_class)->dispose (object);
}

static void
acies_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AciesWindow *self = ACIES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_boxed (value, self->scenario);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_window_class_init (AciesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  acies_gui_ensure_resources ();

  object_class->constructed = acies_window_constructed;
  object_class->dispose = acies_window_dispose;
  object_class->get_property = acies_window_get_property;

  window_class->close_request = acies_window_close_request;

  /**
   * AciesWindow:scenario:
   *
   * The scenario shown, or %NULL while the start page is shown.
   */
  properties[PROP_SCENARIO] =
    g_param_spec_boxed ("scenario", NULL, NULL,
                        ACIES_TYPE_SCENARIO,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesWindow:file:
   *
   * The file the scenario was read from, or %NULL.
   */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ACIES_TYPE_BOARD_VIEW);
  g_type_ensure (ACIES_TYPE_START_PAGE);
  g_type_ensure (ACIES_TYPE_EDITOR);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/acies-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, window_title);
  gtk_widget_class_bind_template_child_full (widget_class, "open_bin", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "problems_bin", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, start_bin);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, editor);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, edit_buttons);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, problems_button);
}

static void
acies_window_init (AciesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* A window group of its own: a modal dialog over this window (an error,
   * a question) leaves the application's other windows usable, as in
   * GNOME's document applications. */
  {
    g_autoptr(GtkWindowGroup) group = gtk_window_group_new ();

    gtk_window_group_add_window (group, GTK_WINDOW (self));
  }
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, primary_menu_create_cb, self, NULL);

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   win_entries, G_N_ELEMENTS (win_entries),
                                   self);

  /* The editor's actions ("editor.*") are the window's too, so header
   * bar buttons, menus and tests reach them. */
  self->board_view = acies_editor_get_board_view (self->editor);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor",
                                  acies_editor_get_action_group (self->editor));
  g_signal_connect_object (self->editor, "notify::n-errors",
                           G_CALLBACK (errors_changed_cb), self,
                           G_CONNECT_SWAPPED);

  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();
    const struct { const char *trigger; const char *action; } keys[] = {
      { "<Control>z", "win.undo" },
      { "<Control><Shift>z", "win.redo" },
      { "<Control>y", "win.redo" },
      { "<Control>s", "win.save" },
      { "<Control><Shift>s", "win.save-as" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                            gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                              gtk_named_action_new (keys[i].action)));
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }

  acies_window_use_toolbar_view (GTK_WINDOW (self));
  /* A narrow window (issue 18.2): the header bar without the title, Open
   * (in the main menu too) and the problems (the side panel's page), the
   * editor's tool bar in two rows.  Up to 720 px: the wide header bar
   * asks for 610 px on libadwaita 1.7 and 680 on the floor, where the
   * stand-in (acies-compat.c) is reached by shrinking the window. */
  {
    GObject *narrow = acies_window_add_breakpoint (GTK_WINDOW (self), 720);
    const char * const hidden[] = { "open_bin", "problems_bin" };

    acies_breakpoint_add_setter (narrow, self->window_title, "visible", FALSE);
    for (guint i = 0; i < G_N_ELEMENTS (hidden); i++)
      acies_breakpoint_add_setter (narrow, gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_WINDOW, hidden[i]),
                                   "visible", FALSE);
    /* The editor's tools and their options in two rows. */
    acies_breakpoint_add_setter (narrow, self->editor, "compact", TRUE);
  }

  gtk_stack_set_visible_child_name (self->stack, "start");
  gtk_widget_set_visible (self->open_button, FALSE);
  gtk_widget_set_visible (self->edit_buttons, FALSE);
  gtk_widget_set_visible (self->save_button, FALSE);
  gtk_widget_set_visible (self->play_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_button), FALSE);
  acies_window_update_actions (self);

  g_signal_connect (self, "map", G_CALLBACK (start_page_needed_cb), NULL);
  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (start_page_needed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * acies_window_new:
 * @application: the application
 *
 * Returns: (transfer none): a new window showing the start page
 */
AciesWindow *
acies_window_new (AciesApplication *application)
{
  g_return_val_if_fail (ACIES_IS_APPLICATION (application), NULL);

  return g_object_new (ACIES_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * acies_window_get_scenario:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the scenario shown
 */
AciesScenario *
acies_window_get_scenario (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  return self->scenario;
}

/**
 * acies_window_get_file:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the file of the scenario shown
 */
GFile *
acies_window_get_file (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  return self->file;
}

/**
 * acies_window_is_empty:
 * @self: a window
 *
 * Returns: %TRUE while the window shows the start page and no document
 */
gboolean
acies_window_is_empty (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), FALSE);

  return self->scenario == NULL;
}

/**
 * acies_window_set_scenario:
 * @self: a window
 * @scenario: (nullable): the scenario to show; the window takes a reference
 * @file: (nullable): the file it was read from
 *
 * Shows @scenario's board, and titles the window after the scenario; with
 * %NULL, shows the start page again.
 */
void
acies_window_set_scenario (AciesWindow   *self,
                           AciesScenario *scenario,
                           GFile         *file)
{
  g_return_if_fail (ACIES_IS_WINDOW (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (scenario != self->scenario)
    {
      g_clear_pointer (&self->scenario, acies_scenario_unref);
      if (scenario != NULL)
        self->scenario = acies_scenario_ref (scenario);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
    }

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);

  /* The editor's document edits this scenario in place. */
  if (self->doc != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->doc, self);
      acies_editor_document_discard_autosave (self->doc);
    }
  g_clear_object (&self->doc);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (scenario != NULL)
    {
      self->doc = acies_editor_document_new (scenario, file);
      g_signal_connect_swapped (self->doc, "notify::dirty", G_CALLBACK (document_state_cb), self);
      g_signal_connect_swapped (self->doc, "notify::can-undo", G_CALLBACK (document_state_cb), self);
      g_signal_connect_swapped (self->doc, "notify::can-redo", G_CALLBACK (document_state_cb), self);
      g_signal_connect_swapped (self->doc, "changed", G_CALLBACK (document_changed_cb), self);
      self->autosave_id = g_timeout_add_seconds (autosave_interval (), autosave_cb, self);
    }
  acies_editor_set_document (self->editor, self->doc);

  if (scenario != NULL)
    {
      acies_window_update_title (self);
      gtk_stack_set_visible_child_name (self->stack, "board");
      gtk_widget_set_visible (self->open_button, TRUE);
      gtk_widget_set_visible (self->edit_buttons, TRUE);
      gtk_widget_set_visible (self->save_button, TRUE);
      gtk_widget_set_visible (self->play_button, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_button), TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }
  else
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Acies"));
      adw_window_title_set_title (self->window_title, _("Acies"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_stack_set_visible_child_name (self->stack, "start");
      gtk_widget_set_visible (self->open_button, FALSE);
      gtk_widget_set_visible (self->edit_buttons, FALSE);
      gtk_widget_set_visible (self->save_button, FALSE);
      gtk_widget_set_visible (self->play_button, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_button), FALSE);
    }

  errors_changed_cb (self);
  acies_window_update_actions (self);
  acies_window_update_inhibit (self);
}

/**
 * acies_window_get_board_view:
 * @self: a window
 *
 * Returns: (transfer none): the window's board view
 */
AciesBoardView *
acies_window_get_board_view (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  return self->board_view;
}

/**
 * acies_window_get_start_page:
 * @self: a window
 *
 * Returns: (transfer none): the window's start page
 */
AciesStartPage *
acies_window_get_start_page (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  acies_window_ensure_start_page (self);
  return self->start_page;
}

/* The scenario editor. */

/**
 * acies_window_get_editor:
 * @self: a window
 *
 * Returns: (transfer none): the window's scenario editor
 */
AciesEditor *
acies_window_get_editor (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  return self->editor;
}

/**
 * acies_window_get_document:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the document being edited
 */
AciesEditorDocument *
acies_window_get_document (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  return self->doc;
}

/**
 * acies_window_get_play_blocked_reason:
 * @self: a window
 *
 * Returns: (nullable): why the scenario cannot be played now (the errors
 *   validation found, with the first of them), or %NULL when it can
 */
const char *
acies_window_get_play_blocked_reason (AciesWindow *self)
{
  g_return_val_if_fail (ACIES_IS_WINDOW (self), NULL);

  if (self->scenario == NULL)
    return _("No scenario is open");
  return self->play_reason;
}

/**
 * acies_window_new_scenario:
 * @application: the application
 *
 * Shows the New Scenario dialog over the active window (or a new one);
 * the scenario it creates opens in the editor ("win.create-scenario").
 */
void
acies_window_new_scenario (AciesApplication *application)
{
  GtkWindow *parent;

  g_return_if_fail (ACIES_IS_APPLICATION (application));

  parent = gtk_application_get_active_window (GTK_APPLICATION (application));
  if (!ACIES_IS_WINDOW (parent))
    {
      parent = GTK_WINDOW (acies_window_new (application));
      gtk_window_present (parent);
    }
  acies_new_scenario_dialog_new (parent);
}

static void
recovery_response_cb (GtkWidget   *dialog,
                      const char  *response,
                      AciesWindow *self)
{
  GPtrArray *files = g_object_get_data (G_OBJECT (dialog), "files");
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  for (guint i = 0; i < files->len; i++)
    {
      GFile *autosave = g_ptr_array_index (files, i);
      g_autofree char *path = g_file_get_path (autosave);
      g_autofree char *origin = g_strconcat (path, ".origin", NULL);
      g_autofree char *backup = g_strconcat (path, "~", NULL);

      if (g_str_equal (response, "recover"))
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(AciesScenario) scenario = acies_scenario_load_file (autosave, &error);
          g_autoptr(GFile) original = acies_editor_recoverable_original (autosave);
          AciesWindow *target = self;

          if (scenario == NULL)
            {
              acies_window_show_message (self, _("Could Not Recover a Scenario"), error->message);
              continue;
            }
          if (!acies_window_is_empty (self) && ACIES_IS_APPLICATION (app))
            target = acies_window_new (ACIES_APPLICATION (app));
          acies_window_set_scenario (target, scenario, original);
          acies_editor_document_mark_modified (target->doc);
          gtk_window_present (GTK_WINDOW (target));
        }
      if (g_str_equal (response, "recover") || g_str_equal (response, "discard"))
        {
          g_unlink (path);
          g_unlink (origin);
          g_unlink (backup);
        }
    }
}

/**
 * acies_window_offer_recovery:
 * @self: a window
 *
 * When an earlier run ended without saving (a crash), its autosaves are
 * left in g_get_user_data_dir()/acies/autosave: offers to open them again
 * (unsaved), or to discard them.
 *
 * Returns: %TRUE if there was something to recover (a dialog is shown)
 */
gboolean
acies_window_offer_recovery (AciesWindow *self)
{
  g_autoptr(GPtrArray) files = NULL;
  GtkWidget *dialog;
  g_autofree char *body = NULL;

  g_return_val_if_fail (ACIES_IS_WINDOW (self), FALSE);

  files = acies_editor_list_recoverable ();
  if (files->len == 0)
    return FALSE;

  body = g_strdup_printf (ngettext ("Acies closed before %u scenario was saved. Its last autosave can be opened again.",
                                    "Acies closed before %u scenarios were saved. Their last autosaves can be opened again.",
                                    files->len), files->len);
  dialog = acies_alert_new (_("Recover Unsaved Scenarios?"), body);
  acies_alert_add_responses (dialog,
                             "later", _("_Not Now"),
                             "discard", _("_Discard"),
                             "recover", _("_Recover"),
                             NULL);
  acies_alert_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  acies_alert_set_response_appearance (dialog, "recover", ADW_RESPONSE_SUGGESTED);
  g_object_set (dialog, "default-response", "recover", "close-response", "later", NULL);
  g_object_set_data_full (G_OBJECT (dialog), "files", g_steal_pointer (&files), (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (recovery_response_cb), self, 0);
  acies_dialog_present (dialog, GTK_WIDGET (self));
  return TRUE;
}
