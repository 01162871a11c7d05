/* acies-table-editor.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-table-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "rulesets/acies-table.h"

#include "acies-editor-resources-private.h"
#include "acies-table-editor.h"
#include "acies-widget-helpers.h"

/**
 * AciesTableEditor:
 *
 * The Tables page: one of the rule system's tables as the game reads it
 * for this scenario (the catalogue's, with the scenario's overrides), a
 * grid of cells each marked by its source with a CSS class of style.css
 * ("rulebook", "derived" in italics, "provisional" highlighted, "published"
 * accented) and a tooltip that cites it.  A value typed in a cell and entered replaces it
 * for this scenario ("editor.set-table-cell"), as printed.  After an edit
 * the cells that changed are set in place.
 */

struct _AciesTableEditor
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkWidget        *no_tables;
  GtkWidget        *table_box;
  GtkDropDown      *tables;
  GtkLabel         *error;
  GtkLabel         *section;
  GtkGrid          *grid;

  /* Owned */
  char             *table_id;
  GPtrArray        *entries;   /* the cells' entries, row by row (borrowed) */
  gboolean          updating;
};

G_DEFINE_FINAL_TYPE (AciesTableEditor, acies_table_editor, ACIES_TYPE_EDITOR_PANEL)

static const char * const sources[] = { "rulebook", "derived", "provisional", "published" };

static AciesCatalogue *
catalogue_of (AciesTableEditor *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));

  return document ? acies_editor_document_get_catalogue (document) : NULL;
}

static const AciesTable *
base_table (AciesTableEditor *self)
{
  AciesCatalogue *cat = catalogue_of (self);

  return cat && self->table_id ? acies_catalogue_find_table (cat, self->table_id) : NULL;
}

/* The table as the game reads it: the catalogue's, with this scenario's
 * overrides applied. */
static AciesTable *
read_table (AciesTableEditor *self,
            GError          **error)
{
  AciesScenario *s = acies_editor_document_get_scenario (acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self)));
  const AciesTable *base = base_table (self);
  AciesTable *table = acies_table_copy (base);

  if (s->table_overrides && json_object_has_member (s->table_overrides, base->id))
    acies_table_apply_override (table, json_object_get_object_member (s->table_overrides, base->id),
                                "$.table_overrides", error);
  return table;
}

static void
set_cell (AciesTableEditor     *self,
          GtkWidget            *entry,
          const AciesTable     *table,
          guint                 r,
          guint                 c)
{
  const AciesTableCell *cell = acies_table_get (table, r, c);
  g_autofree char *text = NULL;
  g_autofree char *tip = NULL;

  if (cell->value == NULL || JSON_NODE_HOLDS_NULL (cell->value))
    text = g_strdup ("");
  else if (JSON_NODE_HOLDS_VALUE (cell->value) && json_node_get_value_type (cell->value) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (cell->value));
  else
    text = json_to_string (cell->value, FALSE);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
  tip = g_strdup_printf ("%s × %s: %s%s%s%s%s",
                         acies_catalogue_table_word (catalogue_of (self), g_ptr_array_index (table->rows, r)),
                         acies_catalogue_table_word (catalogue_of (self), g_ptr_array_index (table->columns, c)),
                         acies_source_to_string (cell->source),
                         cell->section ? ", " : "", cell->section ? cell->section : "",
                         cell->note ? " — " : "", cell->note ? cell->note : "");
  gtk_widget_set_tooltip_text (entry, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    gtk_widget_remove_css_class (entry, sources[i]);
  gtk_widget_add_css_class (entry, acies_source_to_string (cell->source));
}

static void
cell_activate_cb (GtkEntry         *entry,
                  AciesTableEditor *self)
{
  const AciesTable *table = base_table (self);
  guint index;

  if (table == NULL || !g_ptr_array_find (self->entries, entry, &index))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.set-table-cell", "(ssss)", self->table_id,
                              g_ptr_array_index (table->rows, index / table->columns->len),
                              g_ptr_array_index (table->columns, index % table->columns->len),
                              gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
build_grid (AciesTableEditor *self)
{
  g_autoptr(GError) error = NULL;
  AciesTable *table;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->entries, 0);
  if (base_table (self) == NULL)
    return;

  table = read_table (self, &error);
  gtk_label_set_text (self->error, error ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error), error != NULL);
  if (table->section)
    {
      g_autofree char *section = g_strdup_printf (_("Section %s"), table->section);

      gtk_label_set_text (self->section, section);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->section), table->section != NULL);

  for (guint c = 0; c < table->columns->len; c++)
    {
      GtkWidget *label = gtk_label_new (acies_catalogue_table_word (catalogue_of (self),
                                                                     g_ptr_array_index (table->columns, c)));

      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (self->grid, label, c + 1, 0, 1, 1);
    }
  for (guint r = 0; r < table->rows->len; r++)
    {
      GtkWidget *label = gtk_label_new (acies_catalogue_table_word (catalogue_of (self),
                                                                     g_ptr_array_index (table->rows, r)));

      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (self->grid, label, 0, r + 1, 1, 1);
      for (guint c = 0; c < table->columns->len; c++)
        {
          GtkWidget *entry = gtk_entry_new ();

          gtk_editable_set_width_chars (GTK_EDITABLE (entry), 4);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
          gtk_widget_add_css_class (entry, "table-cell");
          set_cell (self, entry, table, r, c);
          g_signal_connect (entry, "activate", G_CALLBACK (cell_activate_cb), self);
          g_ptr_array_add (self->entries, entry);
          gtk_grid_attach (self->grid, entry, c + 1, r + 1, 1, 1);
        }
    }
  acies_table_free (table);
}

static void
acies_table_editor_rebuild (AciesEditorPanel *panel)
{
  AciesTableEditor *self = ACIES_TABLE_EDITOR (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  guint selected = 0;
  gboolean known = FALSE;

  gtk_widget_set_visible (self->no_tables, document != NULL && (cat == NULL || cat->tables->len == 0));
  gtk_widget_set_visible (self->table_box, cat != NULL && cat->tables->len > 0);
  if (cat == NULL || cat->tables->len == 0)
    {
      build_grid (self);
      return;
    }
  for (guint i = 0; i < cat->tables->len; i++)
    {
      AciesTable *t = g_ptr_array_index (cat->tables, i);

      if (g_strcmp0 (t->id, self->table_id) == 0)
        {
          selected = i;
          known = TRUE;
        }
    }
  if (!known)
    {
      g_free (self->table_id);
      self->table_id = g_strdup (((AciesTable *) g_ptr_array_index (cat->tables, 0))->id);
    }
  self->updating = TRUE;
  acies_drop_down_set_names (self->tables, cat->tables);
  gtk_drop_down_set_selected (self->tables, selected);
  self->updating = FALSE;
  build_grid (self);
}

static void
acies_table_editor_document_changed (AciesEditorPanel *panel,
                                     AciesEditFlags    flags)
{
  AciesTableEditor *self = ACIES_TABLE_EDITOR (panel);
  g_autoptr(GError) error = NULL;
  AciesTable *table;

  if (!(flags & ACIES_EDIT_STRUCTURE) || base_table (self) == NULL)
    return;
  table = read_table (self, &error);
  gtk_label_set_text (self->error, error ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error), error != NULL);
  for (guint r = 0; r < table->rows->len; r++)
    for (guint c = 0; c < table->columns->len; c++)
      set_cell (self, g_ptr_array_index (self->entries, r * table->columns->len + c), table, r, c);
  acies_table_free (table);
}

static void
table_chosen_cb (AciesTableEditor *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  guint pos = gtk_drop_down_get_selected (self->tables);

  if (self->updating || cat == NULL || pos >= cat->tables->len)
    return;
  g_free (self->table_id);
  self->table_id = g_strdup (((AciesTable *) g_ptr_array_index (cat->tables, pos))->id);
  build_grid (self);
}

static void
acies_table_editor_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_TABLE_EDITOR);

  G_OBJECT_CLASS (acies_table_editor_parent_class)->dispose (object);
}

static void
acies_table_editor_finalize (GObject *object)
{
  AciesTableEditor *self = ACIES_TABLE_EDITOR (object);

  g_free (self->table_id);
  g_clear_pointer (&self->entries, g_ptr_array_unref);

  G_OBJECT_CLASS (acies_table_editor_parent_class)->finalize (object);
}

static void
acies_table_editor_class_init (AciesTableEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_table_editor_dispose;
  object_class->finalize = acies_table_editor_finalize;
  panel_class->rebuild = acies_table_editor_rebuild;
  panel_class->document_changed = acies_table_editor_document_changed;

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-table-editor.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesTableEditor, no_tables);
  gtk_widget_class_bind_template_child (widget_class, AciesTableEditor, table_box);
  gtk_widget_class_bind_template_child (widget_class, AciesTableEditor, tables);
  gtk_widget_class_bind_template_child (widget_class, AciesTableEditor, error);
  gtk_widget_class_bind_template_child (widget_class, AciesTableEditor, section);
  gtk_widget_class_bind_template_child (widget_class, AciesTableEditor, grid);
  gtk_widget_class_bind_template_callback (widget_class, table_chosen_cb);
}

static void
acies_table_editor_init (AciesTableEditor *self)
{
  self->entries = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  acies_drop_down_ellipsize (self->tables);
}
