/* acies-print-setup.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-print-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "acies-compat.h"
#include "acies-param-widget.h"
#include "acies-print-setup.h"

/**
 * AciesPrintSetup:
 *
 * The "Print Set-up" dialog's content: which parts of the set-up to print,
 * the map fitted on one page or tiled at a true scale with an overlap, and
 * black and white.  It is Acies's own dialog, shown before the system's
 * print dialog and before the file chooser of "Export Set-up as PDF":
 * the print portal of a sandbox shows no custom tab, so these choices
 * cannot live in GtkPrintOperation's dialog.
 *
 * The widget is its own view model: each choice is a property the rows
 * are bound to.  Its actions print-setup.accept and print-setup.cancel end
 * the dialog of acies_print_setup_choose_async().
 */

struct _AciesPrintSetup
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkSpinButton     *cell_spin;
  GtkSpinButton     *overlap_spin;

  /* The choices: cell_mm is kept at 0 here, the scale in cell_mm below
   * (shown, and kept, while the map is fitted). */
  AciesPrintOptions  options;
  gboolean           fit_page;
  double             cell_mm;
  char              *accept_label;
};

G_DEFINE_FINAL_TYPE (AciesPrintSetup, acies_print_setup, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FIT_PAGE,
  PROP_CELL_MM,
  PROP_OVERLAP_MM,
  PROP_MONOCHROME,
  PROP_PRINT_MAP,
  PROP_PRINT_OOB,
  PROP_PRINT_RULES,
  PROP_PRINT_TABLES,
  PROP_ACCEPT_LABEL,
  N_PROPS
};

enum {
  SIGNAL_DONE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The cell size offered when the map is not fitted and none was chosen. */
#define DEFAULT_CELL_MM 16.0

static const AciesPrintPages part_of_prop[N_PROPS] = {
  [PROP_PRINT_MAP] = ACIES_PRINT_PAGES_MAP,
  [PROP_PRINT_OOB] = ACIES_PRINT_PAGES_OOB,
  [PROP_PRINT_RULES] = ACIES_PRINT_PAGES_RULES,
  [PROP_PRINT_TABLES] = ACIES_PRINT_PAGES_TABLES,
};

static void
set_double (AciesPrintSetup *self,
            double          *field,
            double           value,
            guint            prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
acies_print_setup_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  AciesPrintSetup *self = ACIES_PRINT_SETUP (object);

  switch (prop_id)
    {
    case PROP_FIT_PAGE:
      if (self->fit_page == g_value_get_boolean (value))
        return;
      self->fit_page = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
      break;

    case PROP_CELL_MM:
      set_double (self, &self->cell_mm, g_value_get_double (value), prop_id);
      break;

    case PROP_OVERLAP_MM:
      set_double (self, &self->options.overlap_mm, g_value_get_double (value), prop_id);
      break;

    case PROP_MONOCHROME:
      if (self->options.monochrome == g_value_get_boolean (value))
        return;
      self->options.monochrome = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
      break;

    case PROP_PRINT_MAP:
    case PROP_PRINT_OOB:
    case PROP_PRINT_RULES:
    case PROP_PRINT_TABLES:
      {
        AciesPrintPages pages = self->options.pages;

        if (g_value_get_boolean (value))
          pages |= part_of_prop[prop_id];
        else
          pages &= ~part_of_prop[prop_id];
        if (pages == self->options.pages)
          return;
        self->options.pages = pages;
        g_object_notify_by_pspec (object, pspec);
        /* Nothing to print: nothing to accept. */
        gtk_widget_action_set_enabled (GTK_WIDGET (self), "print-setup.accept", pages != 0);
      }
      break;

    case PROP_ACCEPT_LABEL:
      g_free (self->accept_label);
      self->accept_label = g_value_dup_string (value);
      g_object_notify_by_pspec (object, pspec);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_print_setup_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AciesPrintSetup *self = ACIES_PRINT_SETUP (object);

  switch (prop_id)
    {
    case PROP_FIT_PAGE:
      g_value_set_boolean (value, self->fit_page);
      break;

    case PROP_CELL_MM:
      g_value_set_double (value, self->cell_mm);
      break;

    case PROP_OVERLAP_MM:
      g_value_set_double (value, self->options.overlap_mm);
      break;

    case PROP_MONOCHROME:
      g_value_set_boolean (value, self->options.monochrome);
      break;

    case PROP_PRINT_MAP:
    case PROP_PRINT_OOB:
    case PROP_PRINT_RULES:
    case PROP_PRINT_TABLES:
      g_value_set_boolean (value, (self->options.pages & part_of_prop[prop_id]) != 0);
      break;

    case PROP_ACCEPT_LABEL:
      g_value_set_string (value, self->accept_label);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
done_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  g_signal_emit (widget, signals[SIGNAL_DONE], 0, g_str_equal (action_name, "print-setup.accept"));
}

static void
acies_print_setup_dispose (GObject *object)
{
  AciesPrintSetup *self = ACIES_PRINT_SETUP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_PRINT_SETUP);

  G_OBJECT_CLASS (acies_print_setup_parent_class)->dispose (object);
}

static void
acies_print_setup_finalize (GObject *object)
{
  AciesPrintSetup *self = ACIES_PRINT_SETUP (object);

  g_free (self->accept_label);

  G_OBJECT_CLASS (acies_print_setup_parent_class)->finalize (object);
}

static void
acies_print_setup_class_init (AciesPrintSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->set_property = acies_print_setup_set_property;
  object_class->get_property = acies_print_setup_get_property;
  object_class->dispose = acies_print_setup_dispose;
  object_class->finalize = acies_print_setup_finalize;

  /**
   * AciesPrintSetup:fit-page:
   *
   * Whether the map is fitted on one page (else tiled at a true scale).
   */
  properties[PROP_FIT_PAGE] = g_param_spec_boolean ("fit-page", NULL, NULL, TRUE, flags);
  /**
   * AciesPrintSetup:cell-mm:
   *
   * A cell's size at true scale, millimetres (a hex across flats, a
   * square's side).
   */
  properties[PROP_CELL_MM] = g_param_spec_double ("cell-mm", NULL, NULL, 3, 200, DEFAULT_CELL_MM, flags);
  /**
   * AciesPrintSetup:overlap-mm:
   *
   * How far neighbouring map tiles overlap, millimetres.
   */
  properties[PROP_OVERLAP_MM] = g_param_spec_double ("overlap-mm", NULL, NULL, 0, 50, 10, flags);
  /**
   * AciesPrintSetup:monochrome:
   *
   * Black and white: terrain as patterns.
   */
  properties[PROP_MONOCHROME] = g_param_spec_boolean ("monochrome", NULL, NULL, FALSE, flags);
  properties[PROP_PRINT_MAP] = g_param_spec_boolean ("print-map", NULL, NULL, TRUE, flags);
  properties[PROP_PRINT_OOB] = g_param_spec_boolean ("print-oob", NULL, NULL, TRUE, flags);
  properties[PROP_PRINT_RULES] = g_param_spec_boolean ("print-rules", NULL, NULL, TRUE, flags);
  properties[PROP_PRINT_TABLES] = g_param_spec_boolean ("print-tables", NULL, NULL, TRUE, flags);
  /**
   * AciesPrintSetup:accept-label:
   *
   * The label of the button that goes on ("_Print…", "_Export…").
   */
  properties[PROP_ACCEPT_LABEL] = g_param_spec_string ("accept-label", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesPrintSetup::done:
   * @self: the set-up
   * @accepted: %TRUE for print-setup.accept, %FALSE for cancel
   */
  signals[SIGNAL_DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/acies-print-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesPrintSetup, box);
  gtk_widget_class_bind_template_child (widget_class, AciesPrintSetup, cell_spin);
  gtk_widget_class_bind_template_child (widget_class, AciesPrintSetup, overlap_spin);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_install_action (widget_class, "print-setup.accept", NULL, done_action_cb);
  gtk_widget_class_install_action (widget_class, "print-setup.cancel", NULL, done_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "print-setup.cancel", NULL);
}

static void
acies_print_setup_init (AciesPrintSetup *self)
{
  acies_print_options_init (&self->options);
  self->fit_page = TRUE;
  self->cell_mm = DEFAULT_CELL_MM;
  gtk_widget_init_template (GTK_WIDGET (self));
  acies_spin_button_guard (self->cell_spin, NULL);
  acies_spin_button_guard (self->overlap_spin, NULL);
}

/**
 * acies_print_setup_new:
 * @options: (nullable): the choices shown first (cell_mm 0: fitted), or
 *   %NULL for acies_print_options_init()'s
 * @accept_label: the label of the button that goes on, with a mnemonic
 *
 * Returns: (transfer floating): the set-up's content
 */
AciesPrintSetup *
acies_print_setup_new (const AciesPrintOptions *options,
                       const char              *accept_label)
{
  AciesPrintSetup *self = g_object_new (ACIES_TYPE_PRINT_SETUP, "accept-label", accept_label, NULL);
  AciesPrintOptions initial;

  if (options == NULL)
    acies_print_options_init (&initial);
  else
    initial = *options;
  g_object_set (self,
                "cell-mm", initial.cell_mm > 0 ? CLAMP (initial.cell_mm, 3, 200) : DEFAULT_CELL_MM,
                "fit-page", initial.cell_mm <= 0,
                "overlap-mm", CLAMP (initial.overlap_mm, 0, 50),
                "monochrome", initial.monochrome,
                "print-map", (initial.pages & ACIES_PRINT_PAGES_MAP) != 0,
                "print-oob", (initial.pages & ACIES_PRINT_PAGES_OOB) != 0,
                "print-rules", (initial.pages & ACIES_PRINT_PAGES_RULES) != 0,
                "print-tables", (initial.pages & ACIES_PRINT_PAGES_TABLES) != 0,
                NULL);
  /* The page geometry is not chosen here (the paper is the print
   * dialog's, or the settings' for a PDF). */
  self->options.page_width = initial.page_width;
  self->options.page_height = initial.page_height;
  self->options.margin = initial.margin;
  return self;
}

/**
 * acies_print_setup_get_options:
 * @self: a set-up
 * @options: (out caller-allocates): the choices, with the page geometry
 *   given to acies_print_setup_new()
 */
void
acies_print_setup_get_options (AciesPrintSetup   *self,
                               AciesPrintOptions *options)
{
  g_return_if_fail (ACIES_IS_PRINT_SETUP (self));
  g_return_if_fail (options != NULL);

  *options = self->options;
  options->cell_mm = self->fit_page ? 0 : self->cell_mm;
}

/* The dialog of acies_print_setup_choose_async(). */

typedef struct
{
  GtkWidget         *dialog;   /* weak: gone when closed */
  AciesPrintOptions  options;
} ChooseData;

static void
choose_data_free (ChooseData *data)
{
  g_clear_weak_pointer (&data->dialog);
  g_free (data);
}

static void
setup_done_cb (AciesPrintSetup *setup,
               gboolean         accepted,
               GTask           *task)
{
  ChooseData *data = g_task_get_task_data (task);
  GtkWidget *dialog = data->dialog;

  g_signal_handlers_disconnect_by_data (setup, task);
  acies_print_setup_get_options (setup, &data->options);
  g_task_return_boolean (task, accepted);
  if (dialog != NULL)
    acies_dialog_close (dialog);
  g_object_unref (task);
}

/* Closed by its window's close button, Escape or its parent, before an
 * answer: cancelled.  The dialog is going already. */
static void
setup_destroyed_cb (AciesPrintSetup *setup,
                    GTask           *task)
{
  ChooseData *data = g_task_get_task_data (task);

  g_signal_handlers_disconnect_by_data (setup, task);
  acies_print_setup_get_options (setup, &data->options);
  g_task_return_boolean (task, FALSE);
  g_object_unref (task);
}

/**
 * acies_print_setup_choose_async:
 * @parent: (nullable): the window asking
 * @options: (nullable): the choices shown first
 * @accept_label: the label of the button that goes on ("_Print…")
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the user went on or cancelled
 * @user_data: for @callback
 *
 * Shows the "Print Set-up" dialog (acies-compat.c's dialog: an #AdwDialog
 * or a modal window) over @parent.
 */
void
acies_print_setup_choose_async (GtkWindow               *parent,
                                const AciesPrintOptions *options,
                                const char              *accept_label,
                                GCancellable            *cancellable,
                                GAsyncReadyCallback      callback,
                                gpointer                 user_data)
{
  GTask *task;
  ChooseData *data;
  AciesPrintSetup *setup;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  task = g_task_new (NULL, cancellable, callback, user_data);
  data = g_new0 (ChooseData, 1);
  setup = acies_print_setup_new (options, accept_label);

  g_task_set_source_tag (task, acies_print_setup_choose_async);
  g_task_set_task_data (task, data, (GDestroyNotify) choose_data_free);
  data->dialog = acies_dialog_new (_("Print Set-up"), GTK_WIDGET (setup), 420, -1);
  g_object_add_weak_pointer (G_OBJECT (data->dialog), (gpointer *) &data->dialog);
  /* The task's reference is dropped by whichever comes first. */
  g_signal_connect (setup, "done", G_CALLBACK (setup_done_cb), task);
  g_signal_connect (setup, "destroy", G_CALLBACK (setup_destroyed_cb), task);
  acies_dialog_present (data->dialog, parent ? GTK_WIDGET (parent) : NULL);
}

/**
 * acies_print_setup_choose_finish:
 * @result: the result given to the callback
 * @options: (out caller-allocates): the choices, when the user went on
 * @error: return location for an error
 *
 * Returns: %TRUE when the user went on (@options set), %FALSE when they
 *   cancelled (@error unset)
 */
gboolean
acies_print_setup_choose_finish (GAsyncResult       *result,
                                 AciesPrintOptions  *options,
                                 GError            **error)
{
  ChooseData *data;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  data = g_task_get_task_data (G_TASK (result));
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  *options = data->options;
  return TRUE;
}
