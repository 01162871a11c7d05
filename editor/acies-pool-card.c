/* acies-pool-card.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-pool-card"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-editor-resources-private.h"
#include "acies-editor-words.h"
#include "acies-field-row.h"
#include "acies-pool-card.h"
#include "acies-widget-helpers.h"

/**
 * AciesPoolCard:
 *
 * One unit pool of a side, as a card: its summary in words ("Red Wing
 * pool: 12 counters, 10 drawn", in red when it draws more than it holds),
 * the Wing and set-up zone it feeds, how many counters are drawn, and
 * each entry with its count and every attribute the catalogue declares
 * for its unit type, front and back.  A ruleset that declares the pool's
 * Wing and draw as parameters (GC 3.1) has them in its parameters' form:
 * one field for each.
 */

struct _AciesPoolCard
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkLabel         *summary;
  GtkWidget        *fields;
  GtkWidget        *entries;

  /* Owned */
  char             *entry_types;  /* the entries shown, "TYPE\x1fTYPE…" */
  GPtrArray        *counts;       /* each entry's count spin button (borrowed) */
  gboolean          updating;
};

G_DEFINE_FINAL_TYPE (AciesPoolCard, acies_pool_card, ACIES_TYPE_EDITOR_PANEL)

/* The card shows the pool #AciesEditorPanel:part-id. */
static const char *
pool_id (AciesPoolCard *self)
{
  return acies_editor_panel_get_part_id (ACIES_EDITOR_PANEL (self));
}

static AciesPool *
pool_of (AciesPoolCard *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));

  if (document == NULL || pool_id (self) == NULL)
    return NULL;
  return acies_scenario_find_pool (acies_editor_document_get_scenario (document), pool_id (self));
}

static char *
entry_types (AciesPool *pool)
{
  g_autoptr(GString) key = g_string_new (NULL);

  for (guint j = 0; pool != NULL && j < pool->entries->len; j++)
    g_string_append_printf (key, "%s\x1f", ((AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->type);
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static void
update_summary (AciesPoolCard *self,
                AciesPool     *pool)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  g_autofree char *summary = NULL;
  gboolean short_of = FALSE;

  if (pool == NULL)
    return;
  summary = acies_editor_pool_summary (acies_editor_document_get_scenario (document), pool, &short_of);
  gtk_label_set_text (self->summary, summary);
  if (short_of)
    gtk_widget_add_css_class (GTK_WIDGET (self->summary), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->summary), "error");
}

static void
count_changed_cb (GtkSpinButton *spin,
                  AciesPoolCard *self)
{
  guint index;

  if (self->updating || !g_ptr_array_find (self->counts, spin, &index))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.pool-count", "(sui)", pool_id (self), index,
                              gtk_spin_button_get_value_as_int (spin));
}

static void
build_entries (AciesPoolCard *self,
               AciesPool     *pool)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->entries)) != NULL)
    gtk_box_remove (GTK_BOX (self->entries), child);
  g_ptr_array_set_size (self->counts, 0);
  g_free (self->entry_types);
  self->entry_types = entry_types (pool);

  for (guint j = 0; pool != NULL && j < pool->entries->len; j++)
    {
      AciesPoolEntry *entry = g_ptr_array_index (pool->entries, j);
      const AciesUnitType *type = cat ? acies_catalogue_find_unit_type (cat, entry->type) : NULL;
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (type && type->name ? type->name : entry->type);
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 999, 1);
      g_autofree char *object = g_strdup_printf ("pool:%s:%u", pool->id, j);

      acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "heading");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), entry->count);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      gtk_label_get_text (GTK_LABEL (label)), -1);
      g_signal_connect (spin, "value-changed", G_CALLBACK (count_changed_cb), self);
      g_ptr_array_add (self->counts, spin);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), spin);
      gtk_box_append (GTK_BOX (self->entries), row);
      if (type != NULL && type->attributes != NULL && type->attributes->len > 0)
        gtk_box_append (GTK_BOX (self->entries), acies_field_row_new_form (document, type->attributes, object, "attrs"));
      if (type != NULL && type->hidden != NULL && type->hidden->len > 0)
        {
          GtkWidget *back = gtk_label_new (_("Back of the counters"));

          gtk_label_set_xalign (GTK_LABEL (back), 0);
          gtk_label_set_wrap (GTK_LABEL (back), TRUE);
          gtk_widget_add_css_class (back, "dim-label");
          gtk_box_append (GTK_BOX (self->entries), back);
          gtk_box_append (GTK_BOX (self->entries), acies_field_row_new_form (document, type->hidden, object, "hidden"));
        }
    }
}

static void
acies_pool_card_rebuild (AciesEditorPanel *panel)
{
  AciesPoolCard *self = ACIES_POOL_CARD (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  AciesPool *pool = pool_of (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->fields)) != NULL)
    gtk_box_remove (GTK_BOX (self->fields), child);
  if (pool == NULL)
    {
      build_entries (self, NULL);
      return;
    }

  update_summary (self, pool);
  /* A ruleset that declares the pool's Wing and draw (GC 3.1) has them in
   * its pool parameters' form below: one field for each. */
  if (!acies_editor_document_pool_param_declared (document, "formation"))
    {
      GtkWidget *wing = g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_CHOICE,
                                      "label", _("Wing (formation) it feeds"),
                                      "choices", ACIES_FIELD_CHOICES_SIDE_FORMATIONS,
                                      "none-label", _("(the whole side)"),
                                      "object", pool->id, "field", "formation", "document", document, NULL);

      gtk_box_append (GTK_BOX (self->fields), wing);
    }
  gtk_box_append (GTK_BOX (self->fields),
                  g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_CHOICE,
                                "label", _("Set-up zone of the drawn units"),
                                "choices", ACIES_FIELD_CHOICES_AREAS,
                                "object", pool->id, "field", "area", "document", document, NULL));
  if (!acies_editor_document_pool_param_declared (document, "draw"))
    gtk_box_append (GTK_BOX (self->fields),
                    g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_NUMBER,
                                  "label", _("Counters drawn (0 = as the rules say)"),
                                  "minimum", 0, "maximum", 999,
                                  "object", pool->id, "field", "draw", "document", document, NULL));
  if (cat != NULL && cat->pool_params != NULL && cat->pool_params->len > 0)
    gtk_box_append (GTK_BOX (self->fields), acies_field_row_new_form (document, cat->pool_params, pool->id, NULL));
  build_entries (self, pool);
}

static void
acies_pool_card_document_changed (AciesEditorPanel *panel,
                                  AciesEditFlags    flags)
{
  AciesPoolCard *self = ACIES_POOL_CARD (panel);
  AciesPool *pool = pool_of (self);
  g_autofree char *types = NULL;

  if (!(flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD)) || pool == NULL)
    return;
  update_summary (self, pool);
  types = entry_types (pool);
  if (g_strcmp0 (types, self->entry_types) != 0)
    {
      build_entries (self, pool);
      return;
    }
  /* The same entries: their counts as they are now. */
  self->updating = TRUE;
  for (guint j = 0; j < self->counts->len; j++)
    {
      GtkSpinButton *spin = g_ptr_array_index (self->counts, j);
      guint count = ((AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->count;

      if ((guint) gtk_spin_button_get_value_as_int (spin) != count)
        gtk_spin_button_set_value (spin, count);
    }
  self->updating = FALSE;
}

/* GObject. */

static void
acies_pool_card_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_POOL_CARD);

  G_OBJECT_CLASS (acies_pool_card_parent_class)->dispose (object);
}

static void
acies_pool_card_finalize (GObject *object)
{
  AciesPoolCard *self = ACIES_POOL_CARD (object);

  g_free (self->entry_types);
  g_clear_pointer (&self->counts, g_ptr_array_unref);

  G_OBJECT_CLASS (acies_pool_card_parent_class)->finalize (object);
}

static void
acies_pool_card_class_init (AciesPoolCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_pool_card_dispose;
  object_class->finalize = acies_pool_card_finalize;
  panel_class->rebuild = acies_pool_card_rebuild;
  panel_class->document_changed = acies_pool_card_document_changed;

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-pool-card.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesPoolCard, summary);
  gtk_widget_class_bind_template_child (widget_class, AciesPoolCard, fields);
  gtk_widget_class_bind_template_child (widget_class, AciesPoolCard, entries);
}

static void
acies_pool_card_init (AciesPoolCard *self)
{
  self->counts = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * acies_pool_card_new:
 * @document: the document
 * @pool_id: one of its pools
 *
 * Returns: (transfer floating): a card for the pool
 */
GtkWidget *
acies_pool_card_new (AciesEditorDocument *document,
                     const char          *pool_id)
{
  return g_object_new (ACIES_TYPE_POOL_CARD, "document", document, "part-id", pool_id, NULL);
}
