/* acies-side-form.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-side-form"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-editor-resources-private.h"
#include "acies-field-row.h"
#include "acies-pool-card.h"
#include "acies-side-form.h"
#include "acies-widget-helpers.h"

/**
 * AciesSideForm:
 *
 * A side as the Sides page and the inspector show it: its name, colour
 * and home edge, its army-level parameters, its unit pools (each an
 * #AciesPoolCard) with a row to add counters to them, and its
 * reinforcement schedule.  It changes only what changed: a pool card
 * comes or goes with its pool, a count is set in place, and the "Add to
 * Pool" row keeps the focus and the page its scroll position.
 */

struct _AciesSideForm
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  AciesFieldRow    *edge_row;
  GtkWidget        *params_heading;
  GtkWidget        *params;
  GtkWidget        *pools;
  GtkWidget        *pool_add_row;
  GtkDropDown      *pool_types;
  GtkWidget        *reinforcements;

  /* Owned */
  char             *pool_ids;        /* the pools shown, "ID\x1fID…" */
  char             *schedule;        /* the reinforcements shown, one per line */
};

G_DEFINE_FINAL_TYPE (AciesSideForm, acies_side_form, ACIES_TYPE_EDITOR_PANEL)

/* The form shows the side #AciesEditorPanel:part-id. */
static const char *
side_id (AciesSideForm *self)
{
  return acies_editor_panel_get_part_id (ACIES_EDITOR_PANEL (self));
}

static AciesScenario *
scenario_of (AciesSideForm *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));

  return document ? acies_editor_document_get_scenario (document) : NULL;
}

static void
box_clear (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

static char *
pool_ids (AciesSideForm *self)
{
  AciesScenario *s = scenario_of (self);
  g_autoptr(GString) key = g_string_new (NULL);

  for (guint i = 0; s != NULL && i < s->pools->len; i++)
    {
      AciesPool *pool = g_ptr_array_index (s->pools, i);

      if (g_strcmp0 (pool->side, side_id (self)) == 0)
        g_string_append_printf (key, "%s\x1f", pool->id);
    }
  return g_string_free (g_steal_pointer (&key), FALSE);
}

/* "Turn 4: unit-3 unit-7", one line per reinforcement of the side. */
static char *
schedule_of (AciesSideForm *self)
{
  AciesScenario *s = scenario_of (self);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; s != NULL && i < s->reinforcements->len; i++)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      if (g_strcmp0 (r->side, side_id (self)) != 0)
        continue;
      g_string_append_printf (text, _("Turn %u:"), r->turn);
      for (guint j = 0; j < r->units->len; j++)
        g_string_append_printf (text, " %s", (char *) g_ptr_array_index (r->units, j));
      g_string_append_c (text, '\n');
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_pools (AciesSideForm *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesScenario *s = scenario_of (self);
  g_autofree char *ids = pool_ids (self);

  if (g_strcmp0 (ids, self->pool_ids) == 0)
    return;
  g_free (self->pool_ids);
  self->pool_ids = g_steal_pointer (&ids);
  box_clear (self->pools);
  for (guint i = 0; s != NULL && i < s->pools->len; i++)
    {
      AciesPool *pool = g_ptr_array_index (s->pools, i);

      if (g_strcmp0 (pool->side, side_id (self)) == 0)
        gtk_box_append (GTK_BOX (self->pools), acies_pool_card_new (document, pool->id));
    }
  /* An empty box would still take the form's spacing. */
  gtk_widget_set_visible (self->pools, gtk_widget_get_first_child (self->pools) != NULL);
}

static void
update_schedule (AciesSideForm *self)
{
  g_autofree char *schedule = schedule_of (self);
  g_auto(GStrv) lines = NULL;

  if (g_strcmp0 (schedule, self->schedule) == 0)
    return;
  g_free (self->schedule);
  self->schedule = g_steal_pointer (&schedule);
  box_clear (self->reinforcements);
  lines = g_strsplit (self->schedule, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      gtk_box_append (GTK_BOX (self->reinforcements), acies_dim_label_new (lines[i]));
  if (*self->schedule == '\0')
    gtk_box_append (GTK_BOX (self->reinforcements), acies_dim_label_new (_("None. Select a unit and set its arrival turn.")));
}

static void
acies_side_form_rebuild (AciesEditorPanel *panel)
{
  AciesSideForm *self = ACIES_SIDE_FORM (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;

  box_clear (self->params);
  g_clear_pointer (&self->pool_ids, g_free);
  g_clear_pointer (&self->schedule, g_free);
  gtk_widget_set_visible (self->params_heading, FALSE);
  gtk_widget_set_visible (self->params, FALSE);
  if (document == NULL || side_id (self) == NULL)
    return;

  if (cat && cat->side_params->len > 0)
    {
      gtk_widget_set_visible (self->params_heading, TRUE);
      gtk_widget_set_visible (self->params, TRUE);
      gtk_box_append (GTK_BOX (self->params), acies_field_row_new_form (document, cat->side_params, side_id (self), NULL));
    }
  acies_drop_down_set_names (self->pool_types, cat ? cat->unit_types : NULL);
  gtk_widget_set_visible (self->pool_add_row, cat != NULL && cat->unit_types->len > 0);
  update_pools (self);
  update_schedule (self);
}

static void
acies_side_form_document_changed (AciesEditorPanel *panel,
                                  AciesEditFlags    flags)
{
  AciesSideForm *self = ACIES_SIDE_FORM (panel);

  if (!(flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD)))
    return;
  update_pools (self);
  update_schedule (self);
}

static void
pool_add_clicked_cb (AciesSideForm *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  guint pos = gtk_drop_down_get_selected (self->pool_types);

  if (cat == NULL || pos >= cat->unit_types->len)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.pool-add", "(ssi)", side_id (self),
                              ((AciesUnitType *) g_ptr_array_index (cat->unit_types, pos))->id, 1);
}

/* GObject. */

static void
acies_side_form_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_SIDE_FORM);

  G_OBJECT_CLASS (acies_side_form_parent_class)->dispose (object);
}

static void
acies_side_form_finalize (GObject *object)
{
  AciesSideForm *self = ACIES_SIDE_FORM (object);

  g_free (self->pool_ids);
  g_free (self->schedule);

  G_OBJECT_CLASS (acies_side_form_parent_class)->finalize (object);
}

static void
acies_side_form_class_init (AciesSideFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_side_form_dispose;
  object_class->finalize = acies_side_form_finalize;
  panel_class->rebuild = acies_side_form_rebuild;
  panel_class->document_changed = acies_side_form_document_changed;

  g_type_ensure (ACIES_TYPE_FIELD_ROW);
  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-side-form.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, edge_row);
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, params_heading);
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, params);
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, pools);
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, pool_add_row);
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, pool_types);
  gtk_widget_class_bind_template_child (widget_class, AciesSideForm, reinforcements);
  gtk_widget_class_bind_template_callback (widget_class, pool_add_clicked_cb);
}

static void
acies_side_form_init (AciesSideForm *self)
{
  const char *edges[] = { "0", "1", "2", "3", NULL };
  const char *edge_names[] = { _("North"), _("East"), _("South"), _("West"), NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_set (self->edge_row, "values", edges, "labels", edge_names, NULL);
  acies_drop_down_ellipsize (self->pool_types);
}

/**
 * acies_side_form_new:
 * @document: the document
 * @side_id: one of its sides
 *
 * Returns: (transfer floating): a form for the side
 */
GtkWidget *
acies_side_form_new (AciesEditorDocument *document,
                     const char          *side_id)
{
  return g_object_new (ACIES_TYPE_SIDE_FORM, "document", document, "part-id", side_id, NULL);
}
