/* acies-scenario-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-scenario-panel"

#include "config.h"

#include "acies-error.h"
#include "geometry/acies-board.h"

#include "acies-editor-resources-private.h"
#include "acies-field-row.h"
#include "acies-scenario-panel.h"
#include "acies-widget-helpers.h"

/**
 * AciesScenarioPanel:
 *
 * The Scenario page: the scenario's metadata (title, date, place,
 * designer, description, sources, notes), its turn limit and first side,
 * its catalogue parameters, and the board's size with a Resize button
 * ("editor.resize", which asks first when the smaller board loses
 * something).  Its fields follow the document by themselves; the page is
 * never made again while it shows the same document.
 */

struct _AciesScenarioPanel
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkWidget        *params_heading;
  GtkWidget        *params;
  GtkWidget        *fixed_size;
  GtkWidget        *resize;
  GtkSpinButton    *width;
  GtkSpinButton    *height;
};

G_DEFINE_FINAL_TYPE (AciesScenarioPanel, acies_scenario_panel, ACIES_TYPE_EDITOR_PANEL)

static void
update_board (AciesScenarioPanel *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  const AciesBoard *board;
  gboolean zones;

  if (document == NULL)
    return;
  board = acies_editor_document_get_scenario (document)->map.board;
  zones = acies_board_get_kind (board) == ACIES_BOARD_ZONES;
  gtk_widget_set_visible (self->fixed_size, zones);
  gtk_widget_set_visible (self->resize, !zones);
  gtk_spin_button_set_value (self->width, acies_board_get_width (board));
  gtk_spin_button_set_value (self->height, acies_board_get_height (board));
}

static void
acies_scenario_panel_rebuild (AciesEditorPanel *panel)
{
  AciesScenarioPanel *self = ACIES_SCENARIO_PANEL (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->params)) != NULL)
    gtk_box_remove (GTK_BOX (self->params), child);
  gtk_widget_set_visible (self->params_heading, cat != NULL && cat->scenario_params->len > 0);
  gtk_widget_set_visible (self->params, cat != NULL && cat->scenario_params->len > 0);
  if (cat != NULL && cat->scenario_params->len > 0)
    gtk_box_append (GTK_BOX (self->params), acies_field_row_new_form (document, cat->scenario_params, "scenario", NULL));
  update_board (self);
}

static void
acies_scenario_panel_document_changed (AciesEditorPanel *panel,
                                       AciesEditFlags    flags)
{
  if (flags & ACIES_EDIT_BOARD)
    update_board (ACIES_SCENARIO_PANEL (panel));
}

static void
resize_clicked_cb (AciesScenarioPanel *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.resize", "(uu)",
                              (guint32) gtk_spin_button_get_value_as_int (self->width),
                              (guint32) gtk_spin_button_get_value_as_int (self->height));
}

static void
acies_scenario_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_SCENARIO_PANEL);

  G_OBJECT_CLASS (acies_scenario_panel_parent_class)->dispose (object);
}

static void
acies_scenario_panel_class_init (AciesScenarioPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_scenario_panel_dispose;
  panel_class->rebuild = acies_scenario_panel_rebuild;
  panel_class->document_changed = acies_scenario_panel_document_changed;

  g_type_ensure (ACIES_TYPE_FIELD_ROW);
  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-scenario-panel.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioPanel, params_heading);
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioPanel, params);
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioPanel, fixed_size);
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioPanel, resize);
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioPanel, width);
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioPanel, height);
  gtk_widget_class_bind_template_callback (widget_class, resize_clicked_cb);
}

static void
acies_scenario_panel_init (AciesScenarioPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_spin_button_set_range (self->width, 1, ACIES_MAX_BOARD_SIDE);
  gtk_spin_button_set_range (self->height, 1, ACIES_MAX_BOARD_SIDE);
  acies_spin_button_guard (self->width, NULL);
  acies_spin_button_guard (self->height, NULL);
}
