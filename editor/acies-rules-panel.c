/* acies-rules-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-rules-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-text.h"
#include "acies-editor-resources-private.h"
#include "acies-field-row.h"
#include "acies-rules-panel.h"
#include "acies-widget-helpers.h"

/**
 * AciesRulesPanel:
 *
 * The Rules page: the scenario's victory conditions and special rules,
 * each a card with its name, rule section and description, the sides it
 * applies to and its parameters, and a button to remove it; under each
 * list, a row to add one of the kinds the rule system defines.  A list's
 * cards are made again only when rules come or go.
 */

struct _AciesRulesPanel
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkWidget        *victory;
  GtkWidget        *victory_add;
  GtkDropDown      *victory_kinds;
  GtkWidget        *victory_none;
  GtkWidget        *special;
  GtkWidget        *special_add;
  GtkDropDown      *special_kinds;
  GtkWidget        *special_none;

  /* Owned */
  char             *victory_shown;  /* the kinds of the cards, "KIND\x1fKIND…" */
  char             *special_shown;
};

G_DEFINE_FINAL_TYPE (AciesRulesPanel, acies_rules_panel, ACIES_TYPE_EDITOR_PANEL)

static char *
rule_kinds (GPtrArray *entries)
{
  g_autoptr(GString) key = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    g_string_append_printf (key, "%s\x1f", ((AciesRuleEntry *) g_ptr_array_index (entries, i))->kind);
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static GtkWidget *
rule_card (AciesEditorDocument *document,
           const char          *list,
           guint                index,
           GPtrArray           *kinds,
           AciesRuleEntry      *entry)
{
  const AciesKind *kind = acies_catalogue_find_kind (kinds, entry->kind);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = acies_heading_new (kind && kind->name ? kind->name : entry->kind);
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  g_autofree char *object = g_strdup_printf ("%s:%u", list, index);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_bottom (card, 6);
  gtk_widget_set_margin_top (name, 0);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_set_tooltip_text (remove, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "editor.remove-rule");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "(su)", list, index);
  gtk_box_append (GTK_BOX (header), name);
  gtk_box_append (GTK_BOX (header), remove);
  gtk_box_append (GTK_BOX (card), header);
  if (kind && kind->source)
    gtk_box_append (GTK_BOX (card), acies_dim_label_new (acies_rule_citation_shown (kind->source)));
  if (kind && kind->description)
    gtk_box_append (GTK_BOX (card), acies_dim_label_new (kind->description));
  gtk_box_append (GTK_BOX (card),
                  g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_CHOICE,
                                "choices", ACIES_FIELD_CHOICES_SIDES, "none-label", _("Both sides"),
                                "object", object, "field", "side", "document", document, NULL));
  if (kind && kind->params && kind->params->len > 0)
    gtk_box_append (GTK_BOX (card), acies_field_row_new_form (document, kind->params, object, NULL));
  for (GtkWidget *c = gtk_widget_get_first_child (card); c; c = gtk_widget_get_next_sibling (c))
    {
      gtk_widget_set_margin_start (c, 8);
      gtk_widget_set_margin_end (c, 8);
    }
  gtk_widget_set_margin_top (header, 6);
  return card;
}

static void
update_list (AciesRulesPanel *self,
             const char      *list,
             GtkWidget       *box,
             char           **shown,
             GPtrArray       *kinds,
             GPtrArray       *entries,
             gboolean         force)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  g_autofree char *now = rule_kinds (entries);
  GtkWidget *child;

  if (!force && g_strcmp0 (now, *shown) == 0)
    return;
  g_free (*shown);
  *shown = g_steal_pointer (&now);
  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  for (guint i = 0; i < entries->len; i++)
    gtk_box_append (GTK_BOX (box), rule_card (document, list, i, kinds, g_ptr_array_index (entries, i)));
  /* An empty list would still take the page's spacing. */
  gtk_widget_set_visible (box, entries->len > 0);
}

static void
set_kinds (GtkDropDown *dropdown,
           GtkWidget   *row,
           GtkWidget   *none,
           GPtrArray   *kinds)
{
  acies_drop_down_set_names (dropdown, kinds);
  gtk_widget_set_visible (row, kinds != NULL && kinds->len > 0);
  gtk_widget_set_visible (none, kinds == NULL || kinds->len == 0);
}

static void
acies_rules_panel_rebuild (AciesEditorPanel *panel)
{
  AciesRulesPanel *self = ACIES_RULES_PANEL (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  AciesScenario *s = document ? acies_editor_document_get_scenario (document) : NULL;

  set_kinds (self->victory_kinds, self->victory_add, self->victory_none, cat ? cat->victory_kinds : NULL);
  set_kinds (self->special_kinds, self->special_add, self->special_none, cat ? cat->special_rules : NULL);
  if (cat == NULL)
    {
      gtk_widget_set_visible (self->victory_none, FALSE);
      gtk_widget_set_visible (self->special_none, FALSE);
      return;
    }
  update_list (self, "victory", self->victory, &self->victory_shown, cat->victory_kinds, s->victory, TRUE);
  update_list (self, "special", self->special, &self->special_shown, cat->special_rules, s->special_rules, TRUE);
}

static void
acies_rules_panel_document_changed (AciesEditorPanel *panel,
                                    AciesEditFlags    flags)
{
  AciesRulesPanel *self = ACIES_RULES_PANEL (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  AciesScenario *s = acies_editor_document_get_scenario (document);

  if (!(flags & ACIES_EDIT_STRUCTURE) || cat == NULL)
    return;
  update_list (self, "victory", self->victory, &self->victory_shown, cat->victory_kinds, s->victory, FALSE);
  update_list (self, "special", self->special, &self->special_shown, cat->special_rules, s->special_rules, FALSE);
}

static void
add_rule (AciesRulesPanel *self,
          const char      *list,
          GtkDropDown     *dropdown)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  GPtrArray *kinds = cat ? (g_str_equal (list, "victory") ? cat->victory_kinds : cat->special_rules) : NULL;
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (kinds == NULL || pos >= kinds->len)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-rule", "(ss)", list,
                              ((AciesKind *) g_ptr_array_index (kinds, pos))->id);
}

static void
add_victory_clicked_cb (AciesRulesPanel *self)
{
  add_rule (self, "victory", self->victory_kinds);
}

static void
add_special_clicked_cb (AciesRulesPanel *self)
{
  add_rule (self, "special", self->special_kinds);
}

static void
acies_rules_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_RULES_PANEL);

  G_OBJECT_CLASS (acies_rules_panel_parent_class)->dispose (object);
}

static void
acies_rules_panel_finalize (GObject *object)
{
  AciesRulesPanel *self = ACIES_RULES_PANEL (object);

  g_free (self->victory_shown);
  g_free (self->special_shown);

  G_OBJECT_CLASS (acies_rules_panel_parent_class)->finalize (object);
}

static void
acies_rules_panel_class_init (AciesRulesPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_rules_panel_dispose;
  object_class->finalize = acies_rules_panel_finalize;
  panel_class->rebuild = acies_rules_panel_rebuild;
  panel_class->document_changed = acies_rules_panel_document_changed;

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-rules-panel.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, victory);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, victory_add);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, victory_kinds);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, victory_none);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, special);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, special_add);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, special_kinds);
  gtk_widget_class_bind_template_child (widget_class, AciesRulesPanel, special_none);
  gtk_widget_class_bind_template_callback (widget_class, add_victory_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_special_clicked_cb);
}

static void
acies_rules_panel_init (AciesRulesPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  acies_drop_down_ellipsize (self->victory_kinds);
  acies_drop_down_ellipsize (self->special_kinds);
}
