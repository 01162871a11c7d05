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

#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-file-chooser.h"
#include "acies-print-operation.h"
#include "acies-print-setup.h"

/**
 * AciesPrintOperation:
 *
 * Prints a scenario's set-up: the map (fitted or tiled at a true scale),
 * the order of battle and set-up sheet, the rules and the tables.  The
 * pages are laid out and drawn by libacies-render (the same functions as
 * `acies-cli print`); this class only adapts them to GtkPrintOperation:
 * the page set-up (embedded in the dialog, paper size remembered in
 * GSettings) and preview.  The parts, the scale, the overlap and black and
 * white are chosen before, in the "Print Set-up" dialog (#AciesPrintSetup):
 * the print portal of a sandbox drops GtkPrintOperation's custom tab.
 */

struct _AciesPrintOperation
{
  GtkPrintOperation  parent_instance;

  AciesScenario     *scenario;
  AciesCatalogue    *catalogue;
  GSettings         *settings;
  AciesPrintOptions  options;
  AciesPrintJob     *job;
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
acies_print_operation_finalize (GObject *object)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (object);

  g_clear_pointer (&self->job, acies_print_job_free);
  g_clear_pointer (&self->options.units, g_ptr_array_unref);
  g_clear_pointer (&self->options.leaders, g_ptr_array_unref);
  g_free ((char *) self->options.positions);
  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (acies_print_operation_parent_class)->finalize (object);
}

/**
 * acies_print_operation_can_preview:
 *
 * Whether GTK can show a print preview here: in a sandbox the portal opens
 * it; elsewhere GTK runs the command of GtkSettings:gtk-print-preview-command
 * and, when that fails, the default application for PDF files.
 *
 * Returns: %TRUE when one of those can be started
 */
gboolean
acies_print_operation_can_preview (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  g_autofree char *command = NULL;
  g_auto(GStrv) argv = NULL;
  g_autoptr(GAppInfo) viewer = NULL;

  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    return TRUE;
  if (settings != NULL)
    g_object_get (settings, "gtk-print-preview-command", &command, NULL);
  if (command != NULL && g_shell_parse_argv (command, NULL, &argv, NULL) && argv[0] != NULL)
    {
      g_autofree char *program = g_find_program_in_path (argv[0]);

      if (program != NULL)
        return TRUE;
    }
  viewer = g_app_info_get_default_for_type ("application/pdf", FALSE);
  return viewer != NULL;
}

typedef struct
{
  GtkWindow     *parent;
  AciesScenario *scenario;
  GSettings     *settings;
} PreviewData;

static void
preview_data_free (PreviewData *data)
{
  g_clear_object (&data->parent);
  g_clear_pointer (&data->scenario, acies_scenario_unref);
  g_clear_object (&data->settings);
  g_free (data);
}

static void
no_viewer_response_cb (GtkWidget  *alert,
                       const char *response,
                       gpointer    user_data)
{
  PreviewData *data = user_data;

  if (g_strcmp0 (response, "export") == 0)
    acies_print_operation_export_ask (data->parent, data->scenario, data->settings, NULL);
}

/* Without a viewer GTK would write the preview and show nothing: say so and
 * offer Export as PDF instead (issue 17.9). */
static gboolean
acies_print_operation_preview (GtkPrintOperation        *operation,
                               GtkPrintOperationPreview *preview,
                               GtkPrintContext          *context,
                               GtkWindow                *parent)
{
  AciesPrintOperation *self = ACIES_PRINT_OPERATION (operation);
  PreviewData *data;
  GtkWidget *alert;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (acies_print_operation_can_preview ())
    return FALSE;

  data = g_new0 (PreviewData, 1);
  data->parent = parent ? g_object_ref (parent) : NULL;
  data->scenario = acies_scenario_ref (self->scenario);
  data->settings = self->settings ? g_object_ref (self->settings) : NULL;
  alert = acies_alert_new (_("No PDF Viewer Installed"),
                           _("The print preview needs an application that shows PDF files, and none is installed. "
                             "Export the set-up as a PDF file instead, and open it later or elsewhere."));
  acies_alert_add_responses (alert, "close", _("_Close"), "export", _("_Export as PDF…"), NULL);
  acies_alert_set_response_appearance (alert, "export", ADW_RESPONSE_SUGGESTED);
  g_object_set_data_full (G_OBJECT (alert), "acies-preview-data", data, (GDestroyNotify) preview_data_free);
  g_signal_connect (alert, "response", G_CALLBACK (no_viewer_response_cb), data);
  acies_dialog_present (alert, parent ? GTK_WIDGET (parent) : NULL);

  /* GTK wants a surface to preview on; none is shown: the preview ends as
   * soon as the pages are counted. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  gtk_print_context_set_cairo_context (context, cr, 72, 72);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_signal_connect (preview, "ready", G_CALLBACK (gtk_print_operation_preview_end_preview), NULL);
  return TRUE;
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
  print_class->preview = acies_print_operation_preview;
}

static void
acies_print_operation_init (AciesPrintOperation *self)
{
  acies_print_options_init (&self->options);
}

/* The print dialog starts with the paper turned the way the fitted map
 * is largest, as `acies-cli print` does (acies_print_options_orient_to_fit()). */
static void
orient_to_fit (AciesPrintOperation *self)
{
  GtkPageSetup *setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (self));
  AciesPrintOptions options = self->options;
  GtkPaperSize *paper;

  if (setup == NULL)
    return;
  paper = gtk_page_setup_get_paper_size (setup);
  options.page_width = gtk_paper_size_get_width (paper, GTK_UNIT_POINTS);
  options.page_height = gtk_paper_size_get_height (paper, GTK_UNIT_POINTS);
  gtk_page_setup_set_orientation (setup, acies_print_options_orient_to_fit (&options, self->scenario)
                                         ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT);
}

/**
 * acies_print_operation_new:
 * @scenario: the scenario to print (a reference is kept)
 * @catalogue: (nullable): its catalogue (a reference is kept)
 * @settings: (nullable): the application's settings, for the paper size
 *
 * Returns: (transfer full): a print operation with the page set-up in
 *   the dialog and the paper from @settings, printing everything with the
 *   map fitted until acies_print_operation_set_options()
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
  orient_to_fit (self);
  gtk_print_operation_set_unit (GTK_PRINT_OPERATION (self), GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (GTK_PRINT_OPERATION (self), TRUE);
  gtk_print_operation_set_job_name (GTK_PRINT_OPERATION (self),
                                    scenario->meta.title ? scenario->meta.title : _("Scenario"));
  return self;
}

/**
 * acies_print_operation_set_options:
 * @self: a print operation
 * @options: what to print and how: the parts, the scale, the overlap,
 *   black and white, the counters of a game's position (the page geometry
 *   is the print context's); @options' units and leaders are referenced
 *   and its positions copied
 */
void
acies_print_operation_set_options (AciesPrintOperation     *self,
                                   const AciesPrintOptions *options)
{
  g_return_if_fail (ACIES_IS_PRINT_OPERATION (self));
  g_return_if_fail (options != NULL);

  g_clear_pointer (&self->options.units, g_ptr_array_unref);
  g_clear_pointer (&self->options.leaders, g_ptr_array_unref);
  g_free ((char *) self->options.positions);
  self->options = *options;
  self->options.units = options->units ? g_ptr_array_ref (options->units) : NULL;
  self->options.leaders = options->leaders ? g_ptr_array_ref (options->leaders) : NULL;
  self->options.positions = g_strdup (options->positions);
  orient_to_fit (self);
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
  GtkWidget *dialog = acies_alert_new (_("Could not print"), error->message);

  acies_alert_add_responses (dialog, "close", _("_Close"), NULL);
  acies_dialog_present (dialog, parent ? GTK_WIDGET (parent) : NULL);
}

/* The window's last Print Set-up choices are offered again. */
#define LAST_OPTIONS_KEY "acies-print-options"

static void
last_options (GtkWindow         *parent,
              AciesPrintOptions *options)
{
  AciesPrintOptions *last = parent ? g_object_get_data (G_OBJECT (parent), LAST_OPTIONS_KEY) : NULL;

  if (last != NULL)
    *options = *last;
  else
    acies_print_options_init (options);
}

static void
remember_options (GtkWindow               *parent,
                  const AciesPrintOptions *options)
{
  AciesPrintOptions *last;

  if (parent == NULL)
    return;
  /* The choices, not the position they printed (not owned here). */
  last = g_memdup2 (options, sizeof *options);
  last->units = last->leaders = NULL;
  last->positions = NULL;
  g_object_set_data_full (G_OBJECT (parent), LAST_OPTIONS_KEY, last, g_free);
}

/* What the Print Set-up dialog was asked for. */
typedef struct
{
  GtkWindow         *parent;
  AciesScenario     *scenario;
  GSettings         *settings;
  char              *path;     /* the PDF to write, or NULL to ask */
  AciesPrintOptions  options;
  GPtrArray         *units;    /* a game's position, or NULL for the set-up */
  GPtrArray         *leaders;
  char              *positions;
} PrintData;

static PrintData *
print_data_new (GtkWindow     *parent,
                AciesScenario *scenario,
                GSettings     *settings,
                const char    *path)
{
  PrintData *data = g_new0 (PrintData, 1);

  data->parent = parent ? g_object_ref (parent) : NULL;
  data->scenario = acies_scenario_ref (scenario);
  data->settings = settings ? g_object_ref (settings) : NULL;
  data->path = g_strdup (path);
  return data;
}

static void
print_data_free (PrintData *data)
{
  g_clear_object (&data->parent);
  acies_scenario_unref (data->scenario);
  g_clear_object (&data->settings);
  g_free (data->path);
  g_clear_pointer (&data->units, g_ptr_array_unref);
  g_clear_pointer (&data->leaders, g_ptr_array_unref);
  g_free (data->positions);
  g_free (data);
}

static void
print_setup_chosen_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  PrintData *data = user_data;
  g_autoptr(AciesPrintOperation) op = NULL;
  g_autoptr(GError) error = NULL;

  if (acies_print_setup_choose_finish (result, &data->options, &error))
    {
      remember_options (data->parent, &data->options);
      data->options.units = data->units;
      data->options.leaders = data->leaders;
      data->options.positions = data->positions;
      op = acies_print_operation_new (data->scenario, catalogue_for (data->scenario), data->settings);
      acies_print_operation_set_options (op, &data->options);
      gtk_print_operation_run (GTK_PRINT_OPERATION (op), GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               data->parent, &error);
    }
  if (error != NULL)
    show_error (data->parent, error);
  print_data_free (data);
}

/**
 * acies_print_operation_print:
 * @parent: (nullable): the window to attach the dialogs to
 * @scenario: the scenario
 * @settings: (nullable): the application's settings
 *
 * Asks what to print in the "Print Set-up" dialog, then shows the print
 * dialog (with page set-up and preview) and prints.
 */
void
acies_print_operation_print (GtkWindow     *parent,
                             AciesScenario *scenario,
                             GSettings     *settings)
{
  AciesPrintOptions options;

  g_return_if_fail (scenario != NULL);

  last_options (parent, &options);
  acies_print_setup_choose_async (parent, &options, _("_Print…"), NULL, print_setup_chosen_cb,
                                  print_data_new (parent, scenario, settings, NULL));
}

/**
 * acies_print_operation_print_position:
 * @parent: (nullable): the window to attach the dialogs to
 * @scenario: the game's scenario
 * @settings: (nullable): the application's settings
 * @units: (element-type AciesUnit): the counters where they stand
 *   (acies_game_dup_positions()); a reference is kept
 * @leaders: (element-type AciesLeader): the leaders where they stand; a
 *   reference is kept
 * @positions: what the counters show, for the map's header
 *   (acies_game_positions_text())
 *
 * As acies_print_operation_print(), for a game in progress: the map shows
 * @units and @leaders instead of the scenario's set-up.
 */
void
acies_print_operation_print_position (GtkWindow     *parent,
                                      AciesScenario *scenario,
                                      GSettings     *settings,
                                      GPtrArray     *units,
                                      GPtrArray     *leaders,
                                      const char    *positions)
{
  AciesPrintOptions options;
  PrintData *data;

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (units != NULL && leaders != NULL);

  last_options (parent, &options);
  data = print_data_new (parent, scenario, settings, NULL);
  data->units = g_ptr_array_ref (units);
  data->leaders = g_ptr_array_ref (leaders);
  data->positions = g_strdup (positions);
  acies_print_setup_choose_async (parent, &options, _("_Print…"), NULL, print_setup_chosen_cb, data);
}

/**
 * acies_print_operation_export:
 * @parent: (nullable): the parent window
 * @scenario: the scenario
 * @settings: (nullable): the application's settings (paper size)
 * @options: (nullable): what to print and how, or %NULL for the whole
 *   set-up with the map fitted
 * @path: the PDF file to write
 * @error: return location for a GtkPrintError, or an %ACIES_ENGINE_ERROR_IO
 *   when the file cannot be written
 *
 * Prints the set-up to the PDF @path without a dialog, atomically: a
 * failed export leaves the old file (or none) and no partial one.
 *
 * Returns: %TRUE when the file was written
 */
gboolean
acies_print_operation_export (GtkWindow               *parent,
                              AciesScenario           *scenario,
                              GSettings               *settings,
                              const AciesPrintOptions *options,
                              const char              *path,
                              GError                 **error)
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
  if (options != NULL)
    acies_print_operation_set_options (op, options);
  gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (op),
                                           temp != NULL ? g_file_peek_path (temp) : path);
  if (gtk_print_operation_run (GTK_PRINT_OPERATION (op), GTK_PRINT_OPERATION_ACTION_EXPORT,
                               parent, error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    return FALSE;
  return out == NULL || acies_atomic_file_commit (g_steal_pointer (&out), error);
}

static void
export_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  PrintData *data = user_data;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  file = acies_file_save_finish (result, &error);
  if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *uri = g_file_get_uri (file);

      if (path == NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: a PDF can only be exported to a local file"), uri);
      else
        acies_print_operation_export (data->parent, data->scenario, data->settings,
                                      &data->options, path, &error);
    }
  if (error != NULL)
    show_error (data->parent, error);
  print_data_free (data);
}

static void
export_setup_chosen_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  PrintData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  if (!acies_print_setup_choose_finish (result, &data->options, &error))
    {
      if (error != NULL)
        show_error (data->parent, error);
      print_data_free (data);
      return;
    }
  remember_options (data->parent, &data->options);
  if (data->path != NULL)
    {
      if (!acies_print_operation_export (data->parent, data->scenario, data->settings,
                                         &data->options, data->path, &error))
        show_error (data->parent, error);
      print_data_free (data);
      return;
    }
  name = g_strdup_printf ("%s.pdf", data->scenario->meta.title ? data->scenario->meta.title : _("set-up"));
  acies_file_save_async (data->parent, _("Export the Set-up as PDF"), _("_Export"), name, NULL, NULL,
                         export_chosen_cb, data);
}

/**
 * acies_print_operation_export_ask:
 * @parent: (nullable): the parent window
 * @scenario: the scenario
 * @settings: (nullable): the application's settings
 * @path: (nullable): the PDF file to write, or %NULL to ask
 *
 * Asks what to print in the "Print Set-up" dialog (as printing does),
 * then for a PDF file unless @path is given, then exports the set-up to it.
 */
void
acies_print_operation_export_ask (GtkWindow     *parent,
                                  AciesScenario *scenario,
                                  GSettings     *settings,
                                  const char    *path)
{
  AciesPrintOptions options;

  g_return_if_fail (scenario != NULL);

  last_options (parent, &options);
  acies_print_setup_choose_async (parent, &options, _("_Export…"), NULL, export_setup_chosen_cb,
                                  print_data_new (parent, scenario, settings, path));
}
