/* acies-sides-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-sides-panel"

#include "config.h"

#include "acies-editor-resources-private.h"
#include "acies-side-form.h"
#include "acies-sides-panel.h"
#include "acies-widget-helpers.h"

/**
 * AciesSidesPanel:
 *
 * The Sides page: each side's form (#AciesSideForm) under its name, and a
 * button to add a side.  A form comes or goes with its side; the others
 * stay as they are.
 */

struct _AciesSidesPanel
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkWidget        *sides;

  /* Owned */
  char             *shown;       /* the sides shown, "ID\x1fID…" */
  GPtrArray        *headings;    /* each side's heading (borrowed) */
};

G_DEFINE_FINAL_TYPE (AciesSidesPanel, acies_sides_panel, ACIES_TYPE_EDITOR_PANEL)

static char *
side_ids (AciesScenario *s)
{
  g_autoptr(GString) key = g_string_new (NULL);

  for (guint i = 0; s != NULL && i < s->sides->len; i++)
    g_string_append_printf (key, "%s\x1f", ((AciesSide *) g_ptr_array_index (s->sides, i))->id);
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static void
acies_sides_panel_rebuild (AciesEditorPanel *panel)
{
  AciesSidesPanel *self = ACIES_SIDES_PANEL (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesScenario *s = document ? acies_editor_document_get_scenario (document) : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->sides)) != NULL)
    gtk_box_remove (GTK_BOX (self->sides), child);
  g_ptr_array_set_size (self->headings, 0);
  g_free (self->shown);
  self->shown = side_ids (s);
  for (guint i = 0; s != NULL && i < s->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (s->sides, i);
      GtkWidget *heading = acies_heading_new (side->name ? side->name : side->id);

      g_ptr_array_add (self->headings, heading);
      gtk_box_append (GTK_BOX (self->sides), heading);
      gtk_box_append (GTK_BOX (self->sides), acies_side_form_new (document, side->id));
      gtk_box_append (GTK_BOX (self->sides), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
    }
}

static void
acies_sides_panel_document_changed (AciesEditorPanel *panel,
                                    AciesEditFlags    flags)
{
  AciesSidesPanel *self = ACIES_SIDES_PANEL (panel);
  AciesScenario *s = acies_editor_document_get_scenario (acies_editor_panel_get_document (panel));
  g_autofree char *ids = NULL;

  if (!(flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD)))
    return;
  ids = side_ids (s);
  if (g_strcmp0 (ids, self->shown) != 0)
    {
      acies_editor_panel_queue_rebuild (panel);
      return;
    }
  for (guint i = 0; i < s->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (s->sides, i);

      gtk_label_set_text (g_ptr_array_index (self->headings, i), side->name ? side->name : side->id);
    }
}

static void
acies_sides_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_SIDES_PANEL);

  G_OBJECT_CLASS (acies_sides_panel_parent_class)->dispose (object);
}

static void
acies_sides_panel_finalize (GObject *object)
{
  AciesSidesPanel *self = ACIES_SIDES_PANEL (object);

  g_free (self->shown);
  g_clear_pointer (&self->headings, g_ptr_array_unref);

  G_OBJECT_CLASS (acies_sides_panel_parent_class)->finalize (object);
}

static void
acies_sides_panel_class_init (AciesSidesPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_sides_panel_dispose;
  object_class->finalize = acies_sides_panel_finalize;
  panel_class->rebuild = acies_sides_panel_rebuild;
  panel_class->document_changed = acies_sides_panel_document_changed;

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-sides-panel.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesSidesPanel, sides);
}

static void
acies_sides_panel_init (AciesSidesPanel *self)
{
  self->headings = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
