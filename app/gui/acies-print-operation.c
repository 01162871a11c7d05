/* acies-print-operation.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-print"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "acies-atomic-file.h"
#include "render/acies-render-print.h"

#include "acies-param-widget.h"
#include "acies-print-operation.h"

/**
 * AciesPrintOperation:
 *
 * Prints a scenario's set-up: the map (fitted or tiled at a true scale),
 * the order of battle and set-up sheet, the rules and the tables.  The
 * pages are laid out and drawn by libacies-render (the same functions as
 * `acies-cli print`); this class only adapts them to GtkPrintOperation:
 * the page set-up (embedded in the dialog, paper size remembered in
 * GSettings), a "Set-up" tab for the scale and the parts, and preview.
 */

struct _AciesPrintOperation
{
  GtkPrintOperation  parent_instance;

  AciesScenario     *scenario;
  AciesCatalogue    *catalogue;
  GSettings         *settings;
  AciesPrintOptions  options;
  AciesPrintJob     *job;

  /* The custom tab. */
  GtkWidget         *fit_check;
  GtkWidget         *scale_spin;
  GtkWidget         *overlap_spin;
  GtkWidget         *part_checks[4];
  GtkWidget         *mono_check;
};

G_DEFINE_FINAL_TYPE (AciesPrintOperation, acies_print_operation, GTK_TYPE_PRINT_OPERATION)

/* GSettings "paper-size" values and GTK's paper names. */
static const struct { const char *setting; const char *gtk; } papers[] = {
  { "a4", GTK_PAPER_NAME_A4 },
  { "a3", GTK_PAPER_NAME_A3 },
  { "letter", GTK_PAPER_NAME_LETTER },
  { "legal", GTK_PAPER_NAME_LEGAL },
};

static gboolean
settings_has_key (GSettings  *settings,
                  const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return FALSE;
  g_object_get (settings, "settings-schema", &schema, NULL);
  return schema != NULL && g_settings_schema_has_key (schema, key);
}

static void
acies_print_operation_begin_print (GtkPrintOperation *operation,
                                   GtkPrintContext   *context)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (operation);
  AciesPrintOptions options = self->options;

  /* The context is the printable area already: a small margin of our own
   * keeps crop marks and labels inside it. */
  options.page_width = gtk_print_context_get_width (context);
  options.page_height = gtk_print_context_get_height (context);
  options.margin = 6 * ACIES_PRINT_MM;

  g_clear_pointer (&self->job, acies_print_job_free);
  self->job = acies_print_job_new (self->scenario, self->catalogue, &options);
  acies_print_job_paginate (self->job, gtk_print_context_get_cairo_context (context));
  gtk_print_operation_set_n_pages (operation, MAX (1, (int) acies_print_job_get_n_pages (self->job)));
}

static void
acies_print_operation_draw_page (GtkPrintOperation *operation,
                                 GtkPrintContext   *context,
                                 int                page_nr)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (operation);

  if (self->job == NULL || page_nr < 0 || (guint) page_nr >= acies_print_job_get_n_pages (self->job))
    return;
  acies_print_job_draw_page (self->job, gtk_print_context_get_cairo_context (context), (guint) page_nr);
}

static void
acies_print_operation_end_print (GtkPrintOperation *operation,
                                 GtkPrintContext   *context)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (operation);
  GtkPageSetup *setup = gtk_print_context_get_page_setup (context);
  GtkPaperSize *paper = setup ? gtk_page_setup_get_paper_size (setup) : NULL;

  g_clear_pointer (&self->job, acies_print_job_free);

  /* Remember the paper for next time. */
  if (paper != NULL && settings_has_key (self->settings, "paper-size"))
    for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
      if (g_strcmp0 (gtk_paper_size_get_name (paper), papers[i].gtk) == 0)
        g_settings_set_string (self->settings, "paper-size", papers[i].setting);
}

static void
fit_toggled_cb (GtkCheckButton      *check,
                AciesPrintOperation *self)
{
  gboolean fit = gtk_check_button_get_active (check);

  gtk_widget_set_sensitive (self->scale_spin, !fit);
  gtk_widget_set_sensitive (self->overlap_spin, !fit);
}

static GtkWidget *
spin_row (GtkGrid    *grid,
          int         row,
          const char *label,
          double      value,
          double      min,
          double      max,
          GtkWidget **spin_out)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_grid_attach (grid, l, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 1, 1);
  *spin_out = spin;
  return spin;
}

static GtkWidget *
acies_print_operation_create_custom_widget (GtkPrintOperation *operation)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (operation);
  static const char *part_labels[] = {
    N_("_Map with the set-up"), N_("_Order of battle and set-up sheet"),
    N_("_Rules and victory conditions"), N_("_Tables"),
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *parts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading;

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);

  heading = gtk_label_new (_("Pages"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (box), heading);
  for (guint i = 0; i < G_N_ELEMENTS (part_labels); i++)
    {
      self->part_checks[i] = gtk_check_button_new_with_mnemonic (_(part_labels[i]));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->part_checks[i]),
                                   (self->options.pages & (1 << i)) != 0);
      gtk_box_append (GTK_BOX (parts), self->part_checks[i]);
    }
  gtk_box_append (GTK_BOX (box), parts);

  heading = gtk_label_new (_("Map"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (box), heading);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->fit_check = gtk_check_button_new_with_mnemonic (_("_Fit the map on one page"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->fit_check), self->options.cell_mm <= 0);
  gtk_grid_attach (GTK_GRID (grid), self->fit_check, 0, 0, 2, 1);
  spin_row (GTK_GRID (grid), 1, _("_Cell size at true scale (mm)"),
            self->options.cell_mm > 0 ? self->options.cell_mm : 16, 3, 200, &self->scale_spin);
  spin_row (GTK_GRID (grid), 2, _("Tile _overlap (mm)"), self->options.overlap_mm, 0, 50, &self->overlap_spin);
  self->mono_check = gtk_check_button_new_with_mnemonic (_("_Black and white (terrain as patterns)"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->mono_check), self->options.monochrome);
  gtk_grid_attach (GTK_GRID (grid), self->mono_check, 0, 3, 2, 1);
  gtk_box_append (GTK_BOX (box), grid);

  g_signal_connect (self->fit_check, "toggled", G_CALLBACK (fit_toggled_cb), self);
  fit_toggled_cb (GTK_CHECK_BUTTON (self->fit_check), self);

  return box;
}

static void
acies_print_operation_custom_widget_apply (GtkPrintOperation *operation,
                                           GtkWidget         *widget)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (operation);
  AciesPrintPages pages = 0;

  for (guint i = 0; i < G_N_ELEMENTS (self->part_checks); i++)
    if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->part_checks[i])))
      pages |= 1 << i;
  self->options.pages = pages != 0 ? pages : ACIES_PRINT_PAGES_ALL;
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->fit_check)))
    self->options.cell_mm = 0;
  else
    self->options.cell_mm = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->scale_spin));
  self->options.overlap_mm = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->overlap_spin));
  self->options.monochrome = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->mono_check));
}

static void
acies_print_operation_finalize (GObject *object)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (object);

  g_clear_pointer (&self->job, acies_print_job_free);
  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (acies_print_operation_parent_class)->finalize (object);
}

static void
acies_print_operation_class_init (AciesPrintOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkPrintOperationClass *print_class = GTK_PRINT_OPERATION_CLASS (klass);

  object_class->finalize = acies_print_operation_finalize;

  print_class->begin_print = acies_print_operation_begin_print;
  print_class->draw_page = acies_print_operation_draw_page;
  print_class->end_print = acies_print_operation_end_print;
  print_class->create_custom_widget = acies_print_operation_create_custom_widget;
  print_class->custom_widget_apply = acies_print_operation_custom_widget_apply;
}

static void
acies_print_operation_init (AciesPrintOperation *self)
{
  acies_print_options_init (&self->options);
}

/**
 * acies_print_operation_new:
 * @scenario: the scenario to print (a reference is kept)
 * @catalogue: (nullable): its catalogue (a reference is kept)
 * @settings: (nullable): the application's settings, for the paper size
 *
 * Returns: (transfer full): a print operation with the page set-up in
 *   the dialog, the "Set-up" tab, and the paper from @settings
 */
AciesPrintOperation *
acies_print_operation_new (AciesScenario  *scenario,
                           AciesCatalogue *catalogue,
                           GSettings      *settings)
{
  AciesPrintOperation *self;
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autofree char *paper_name = NULL;
  const char *gtk_paper = GTK_PAPER_NAME_A4;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = g_object_new (ACIES_TYPE_PRINT_OPERATION, NULL);
  self->scenario = acies_scenario_ref (scenario);
  self->catalogue = catalogue ? acies_catalogue_ref (catalogue) : NULL;
  self->settings = settings ? g_object_ref (settings) : NULL;

  if (settings_has_key (settings, "paper-size"))
    {
      paper_name = g_settings_get_string (settings, "paper-size");
      for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
        if (g_strcmp0 (paper_name, papers[i].setting) == 0)
          gtk_paper = papers[i].gtk;
    }
  {
    g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (gtk_paper);

    gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  }

  gtk_print_operation_set_default_page_setup (GTK_PRINT_OPERATION (self), setup);
  gtk_print_operation_set_unit (GTK_PRINT_OPERATION (self), GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (GTK_PRINT_OPERATION (self), TRUE);
  gtk_print_operation_set_custom_tab_label (GTK_PRINT_OPERATION (self), _("Set-up"));
  gtk_print_operation_set_job_name (GTK_PRINT_OPERATION (self),
                                    scenario->meta.title ? scenario->meta.title : _("Scenario"));
  return self;
}

static AciesCatalogue *
catalogue_for (AciesScenario *scenario)
{
  return scenario->ruleset ? acies_catalogue_get_bundled (scenario->ruleset) : NULL;
}

static void
show_error (GtkWindow    *parent,
            const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, _("Could not print"), error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * acies_print_operation_print:
 * @parent: (nullable): the window to attach the dialog to
 * @scenario: the scenario
 * @settings: (nullable): the application's settings
 *
 * Shows the print dialog (with page set-up and preview) and prints.
 */
void
acies_print_operation_print (GtkWindow     *parent,
                             AciesScenario *scenario,
                             GSettings     *settings)
{
  g_autoptr(AciesPrintOperation) op = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (scenario != NULL);

  op = acies_print_operation_new (scenario, catalogue_for (scenario), settings);
  if (gtk_print_operation_run (GTK_PRINT_OPERATION (op), GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               parent, &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    show_error (parent, error);
}

/**
 * acies_print_operation_export:
 * @parent: (nullable): the parent window
 * @scenario: the scenario
 * @settings: (nullable): the application's settings (paper size)
 * @path: the PDF file to write
 * @error: return location for a GtkPrintError, or an %ACIES_ENGINE_ERROR_IO
 *   when the file cannot be written
 *
 * Prints the whole set-up, map fitted, to the PDF @path without a dialog,
 * atomically: a failed export leaves the old file (or none) and no
 * partial one.
 *
 * Returns: %TRUE when the file was written
 */
gboolean
acies_print_operation_export (GtkWindow      *parent,
                              AciesScenario  *scenario,
                              GSettings      *settings,
                              const char     *path,
                              GError        **error)
{
  g_autoptr(AciesPrintOperation) op = NULL;
  g_autoptr(GFile) target = NULL;
  g_autoptr(AciesAtomicFile) out = NULL;
  GFile *temp;

  g_return_val_if_fail (scenario != NULL && path != NULL, FALSE);

  /* GTK writes the PDF to a name it is given: a hidden file beside @path,
   * renamed over it once complete (issue 20.3). */
  target = g_file_new_for_path (path);
  out = acies_atomic_file_new (target, error);
  if (out == NULL)
    return FALSE;
  temp = acies_atomic_file_get_temp_file (out);
  /* A folder that takes no new file: GTK writes @path in place. */
  if (temp == NULL)
    g_clear_pointer (&out, acies_atomic_file_free);

  op = acies_print_operation_new (scenario, catalogue_for (scenario), settings);
  gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (op),
                                           temp != NULL ? g_file_peek_path (temp) : path);
  if (gtk_print_operation_run (GTK_PRINT_OPERATION (op), GTK_PRINT_OPERATION_ACTION_EXPORT,
                               parent, error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    return FALSE;
  return out == NULL || acies_atomic_file_commit (g_steal_pointer (&out), error);
}

typedef struct
{
  GtkWindow     *parent;
  AciesScenario *scenario;
  GSettings     *settings;
} ExportData;

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    ExportData      *data)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL
          && !acies_print_operation_export (data->parent, data->scenario, data->settings, path, &error))
        show_error (data->parent, error);
    }

  g_clear_object (&data->parent);
  acies_scenario_unref (data->scenario);
  g_clear_object (&data->settings);
  g_free (data);
  g_object_unref (dialog);
}

/**
 * acies_print_operation_export_ask:
 * @parent: (nullable): the parent window
 * @scenario: the scenario
 * @settings: (nullable): the application's settings
 *
 * Asks for a PDF file, then exports the set-up to it.
 */
void
acies_print_operation_export_ask (GtkWindow     *parent,
                                  AciesScenario *scenario,
                                  GSettings     *settings)
{
  GtkFileChooserNative *chooser;
  ExportData *data;
  g_autofree char *name = NULL;

  g_return_if_fail (scenario != NULL);

  chooser = gtk_file_chooser_native_new (_("Export the Set-up as PDF"), parent,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  name = g_strdup_printf ("%s.pdf", scenario->meta.title ? scenario->meta.title : _("set-up"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);

  data = g_new0 (ExportData, 1);
  data->parent = parent ? g_object_ref (parent) : NULL;
  data->scenario = acies_scenario_ref (scenario);
  data->settings = settings ? g_object_ref (settings) : NULL;
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
