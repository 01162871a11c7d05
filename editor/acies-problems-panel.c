/* acies-problems-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-problems-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-editor-resources-private.h"
#include "acies-problems-panel.h"

/**
 * AciesProblemsPanel:
 *
 * The Problems page: the editor's live validation (#AciesProblemList),
 * a sentence over it and a row per problem with its message and where it
 * is in words (its JSON path in the tooltip, for those who edit files by
 * hand).  The rows follow the list: a new validation changes only the
 * rows of the problems that changed.  Activating a row emits
 * #AciesProblemsPanel::problem-activated, and the editor shows where the
 * problem is.
 */

struct _AciesProblemsPanel
{
  GtkWidget         parent_instance;

  /* Template widgets */
  GtkListBox       *list;

  /* Owned */
  AciesProblemList *problems;
};

enum {
  PROP_0,
  PROP_PROBLEMS,
  N_PROPS
};

enum {
  SIGNAL_PROBLEM_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AciesProblemsPanel, acies_problems_panel, GTK_TYPE_WIDGET)

static GtkWidget *
create_row (gpointer item,
            gpointer data)
{
  AciesProblemItem *problem = item;
  const char *path = acies_problem_item_get_path (problem);
  const char *place = acies_problem_item_get_place (problem);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name (acies_problem_item_get_icon_name (problem));
  GtkWidget *message = gtk_label_new (acies_problem_item_get_message (problem));
  GtkWidget *where = gtk_label_new (place);

  gtk_widget_add_css_class (icon, acies_problem_item_get_is_error (problem) ? "error" : "warning");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (where), 0);
  gtk_label_set_wrap (GTK_LABEL (where), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (where), 28);
  gtk_widget_add_css_class (where, "dim-label");
  gtk_widget_add_css_class (where, "caption");
  /* Never a JSON path ("$.nowhere") on the row: the path in the file is
   * in the tooltip, for those who edit it by hand. */
  if (path != NULL && g_strcmp0 (place, path) == 0)
    gtk_label_set_text (GTK_LABEL (where), _("In the scenario file"));
  if (path != NULL)
    gtk_widget_set_tooltip_text (where, path);
  gtk_box_append (GTK_BOX (text), message);
  gtk_box_append (GTK_BOX (text), where);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
row_activated_cb (AciesProblemsPanel *self,
                  GtkListBoxRow      *row)
{
  gint index = gtk_list_box_row_get_index (row);

  if (index >= 0)
    g_signal_emit (self, signals[SIGNAL_PROBLEM_ACTIVATED], 0, (guint) index);
}

static void
acies_problems_panel_dispose (GObject *object)
{
  AciesProblemsPanel *self = ACIES_PROBLEMS_PANEL (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_PROBLEMS_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->problems);

  G_OBJECT_CLASS (acies_problems_panel_parent_class)->dispose (object);
}

static void
acies_problems_panel_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AciesProblemsPanel *self = ACIES_PROBLEMS_PANEL (object);

  switch (prop_id)
    {
    case PROP_PROBLEMS:
      g_value_set_object (value, self->problems);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_problems_panel_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AciesProblemsPanel *self = ACIES_PROBLEMS_PANEL (object);

  switch (prop_id)
    {
    case PROP_PROBLEMS:
      acies_problems_panel_set_problems (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_problems_panel_class_init (AciesProblemsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_problems_panel_dispose;
  object_class->get_property = acies_problems_panel_get_property;
  object_class->set_property = acies_problems_panel_set_property;

  /**
   * AciesProblemsPanel:problems:
   *
   * The problems shown.
   */
  properties[PROP_PROBLEMS] =
    g_param_spec_object ("problems", NULL, NULL, ACIES_TYPE_PROBLEM_LIST,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesProblemsPanel::problem-activated:
   * @self: the panel
   * @index: the problem's position in #AciesProblemsPanel:problems
   *
   * A problem was clicked or activated with the keyboard.
   */
  signals[SIGNAL_PROBLEM_ACTIVATED] =
    g_signal_new ("problem-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  g_type_ensure (ACIES_TYPE_PROBLEM_LIST);
  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-problems-panel.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesProblemsPanel, list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
acies_problems_panel_init (AciesProblemsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * acies_problems_panel_get_problems:
 * @self: a problems panel
 *
 * Returns: (transfer none) (nullable): the problems shown
 */
AciesProblemList *
acies_problems_panel_get_problems (AciesProblemsPanel *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEMS_PANEL (self), NULL);
  return self->problems;
}

/**
 * acies_problems_panel_set_problems:
 * @self: a problems panel
 * @problems: (nullable): the problems to show
 */
void
acies_problems_panel_set_problems (AciesProblemsPanel *self,
                                   AciesProblemList   *problems)
{
  g_return_if_fail (ACIES_IS_PROBLEMS_PANEL (self));

  if (!g_set_object (&self->problems, problems))
    return;
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (problems), create_row, NULL, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBLEMS]);
}
