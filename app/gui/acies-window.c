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

#include "geometry/acies-board.h"
#include "rulesets/acies-catalogue.h"

#include "acies-gui-private.h"
#include "acies-print-operation.h"
#include "acies-window.h"

/**
 * AciesWindow:
 *
 * One window per document.  Without a document it shows the start page;
 * with a scenario it shows the board.  Its title is the scenario's title.
 */

struct _AciesWindow
{
  AdwApplicationWindow  parent_instance;

  AciesScenario        *scenario;
  GFile                *file;

  /* Template widgets. */
  AdwWindowTitle       *window_title;
  GtkWidget            *open_button;
  GtkStack             *stack;
  AciesStartPage       *start_page;
  AciesBoardView       *board_view;
  GtkLabel             *cell_label;
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
acies_window_update_actions (AciesWindow *self)
{
  gboolean has_board = self->scenario != NULL;
  const char *names[] = { "zoom-in", "zoom-out", "zoom-reset", "print", "export-pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), names[i]);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), has_board);
    }
}

static void
recent_files_changed_cb (AciesWindow *self,
                         const char  *key,
                         GSettings   *settings)
{
  g_auto(GStrv) uris = g_settings_get_strv (settings, "recent-files");

  acies_start_page_set_recent (self->start_page, (const char * const *) uris);
}

static void
selected_cell_changed_cb (AciesWindow *self)
{
  AciesCell cell = acies_board_view_get_selected_cell (self->board_view);
  g_autofree char *text = NULL;
  const char *label;
  const char *terrain_id;
  const char *terrain_name;
  AciesCatalogue *catalogue;

  if (self->scenario == NULL || cell == ACIES_CELL_NONE)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->cell_label), FALSE);
      return;
    }

  label = acies_board_cell_label (self->scenario->map.board, cell);
  terrain_id = acies_map_get_terrain (&self->scenario->map, cell);
  terrain_name = terrain_id;
  catalogue = self->scenario->ruleset ? acies_catalogue_get_bundled (self->scenario->ruleset) : NULL;
  if (catalogue != NULL && terrain_id != NULL)
    {
      const AciesTerrainType *terrain = acies_catalogue_find_terrain (catalogue, terrain_id);

      if (terrain != NULL && terrain->name != NULL)
        terrain_name = terrain->name;
    }

  if (terrain_name != NULL)
    /* Translators: the selected cell: its label and its terrain. */
    text = g_strdup_printf (_("%s · %s"), label ? label : "?", terrain_name);
  else
    text = g_strdup (label ? label : "?");

  gtk_label_set_text (self->cell_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->cell_label), TRUE);
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

/* win.print (Ctrl+P) and win.export-pdf (a path, or "" to ask): the
 * set-up through AciesPrintOperation. */
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
  g_autoptr(GError) error = NULL;

  if (self->scenario == NULL)
    return;
  if (path[0] == '\0')
    acies_print_operation_export_ask (GTK_WINDOW (self), self->scenario, acies_window_get_settings (self));
  else if (!acies_print_operation_export (GTK_WINDOW (self), self->scenario,
                                          acies_window_get_settings (self), path, &error))
    g_warning ("Cannot export %s: %s", path, error->message);
}

static const GActionEntry win_entries[] = {
  { "close", close_action_cb },
  { "zoom-in", zoom_in_action_cb },
  { "zoom-out", zoom_out_action_cb },
  { "zoom-reset", zoom_reset_action_cb },
  { "print", print_action_cb },
  { "export-pdf", export_pdf_action_cb, "s" },
};

/* GtkWindow. */

static gboolean
acies_window_close_request (GtkWindow *window)
{
  AciesWindow *self = ACIES_WINDOW (window);
  GSettings *settings = acies_window_get_settings (self);

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

static void
acies_window_constructed (GObject *object)
{
  AciesWindow *self = ACIES_WINDOW (object);
  GSettings *settings;

  G_OBJECT_CLASS (acies_window_parent_class)->constructed (object);

  settings = acies_window_get_settings (self);
  if (settings != NULL)
    {
      g_auto(GStrv) uris = g_settings_get_strv (settings, "recent-files");

      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));

      acies_start_page_set_recent (self->start_page, (const char * const *) uris);
      g_signal_connect_object (settings, "changed::recent-files",
                               G_CALLBACK (recent_files_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
}

static void
acies_window_dispose (GObject *object)
{
  AciesWindow *self = ACIES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_WINDOW);
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

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/acies-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, AciesWindow, cell_label);
}

static void
acies_window_init (AciesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   win_entries, G_N_ELEMENTS (win_entries),
                                   self);

  g_signal_connect_object (self->board_view, "notify::selected-cell",
                           G_CALLBACK (selected_cell_changed_cb), self,
                           G_CONNECT_SWAPPED);

  gtk_stack_set_visible_child_name (self->stack, "start");
  gtk_widget_set_visible (self->open_button, FALSE);
  acies_window_update_actions (self);
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

  acies_board_view_set_scenario (self->board_view, scenario);

  if (scenario != NULL)
    {
      const char *title = scenario->meta.title;
      g_autofree char *fallback = NULL;
      AciesCatalogue *catalogue = NULL;

      if (title == NULL || *title == '\0')
        {
          if (file != NULL)
            {
              g_autofree char *basename = g_file_get_basename (file);

              fallback = g_filename_display_name (basename);
            }
          else
            fallback = g_strdup (_("Untitled Scenario"));
          title = fallback;
        }

      if (scenario->ruleset != NULL)
        catalogue = acies_catalogue_get_bundled (scenario->ruleset);

      gtk_window_set_title (GTK_WINDOW (self), title);
      adw_window_title_set_title (self->window_title, title);
      adw_window_title_set_subtitle (self->window_title,
                                     catalogue && catalogue->name ? catalogue->name
                                                                  : scenario->ruleset);
      gtk_stack_set_visible_child_name (self->stack, "board");
      gtk_widget_set_visible (self->open_button, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }
  else
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Acies"));
      adw_window_title_set_title (self->window_title, _("Acies"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_stack_set_visible_child_name (self->stack, "start");
      gtk_widget_set_visible (self->open_button, FALSE);
    }

  acies_window_update_actions (self);
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

  return self->start_page;
}
