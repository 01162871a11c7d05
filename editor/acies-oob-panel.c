/* acies-oob-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-oob-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-editor-resources-private.h"
#include "acies-editor-words.h"
#include "acies-oob-item.h"
#include "acies-oob-panel.h"
#include "acies-widget-helpers.h"

/**
 * AciesOobPanel:
 *
 * The Army page: the order of battle as a tree (sides, their formations,
 * leaders and units), the part selected in it (#AciesOobPanel:selected-id,
 * which the editor binds to its selection), and buttons for the "editor"
 * actions that add, move and remove parts.  A part dragged onto a side or
 * formation moves under it; one dragged onto the board is placed there
 * (the board's drop target takes the id).
 *
 * After an edit the tree changes only the rows that changed: a renamed or
 * placed unit's label, the rows added or taken away.  The rows folded,
 * the selected row and the scroll position stay.
 */

struct _AciesOobPanel
{
  AciesEditorPanel    parent_instance;

  /* Template widgets */
  GtkListView        *list_view;
  GtkDropDown        *type_dropdown;

  /* Owned */
  GListStore         *root;
  GtkTreeListModel   *tree;
  GtkSingleSelection *selection;
  char               *selected_id;
  gboolean            selecting;
};

enum {
  PROP_0,
  PROP_SELECTED_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesOobPanel, acies_oob_panel, ACIES_TYPE_EDITOR_PANEL)

/* What a level of the tree should hold. */
typedef struct
{
  const char *kind;
  const char *id;
  char       *label;
} Wanted;

static void
wanted_clear (gpointer data)
{
  g_free (((Wanted *) data)->label);
}

/* The units and leaders of each side and formation, by "SIDE\x1fFORMATION". */
typedef struct
{
  AciesEditorDocument *document;
  AciesScenario       *scenario;
  GHashTable          *members;   /* key -> GPtrArray of Wanted */
} TreeSource;

static char *
member_key (const char *side,
            const char *formation)
{
  return g_strconcat (side ? side : "", "\x1f", formation ? formation : "", NULL);
}

static void
add_member (TreeSource *source,
            const char *side,
            const char *formation,
            const char *kind,
            const char *id,
            char       *label)
{
  g_autofree char *key = member_key (side, formation);
  GArray *list = g_hash_table_lookup (source->members, key);
  Wanted wanted = { kind, id, label };

  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (Wanted));
      g_array_set_clear_func (list, wanted_clear);
      g_hash_table_insert (source->members, g_steal_pointer (&key), list);
    }
  g_array_append_val (list, wanted);
}

/* The rows under @side's formation @parent (NULL: the side itself):
 * formations, then leaders, then units, in the scenario's order. */
static GArray *
wanted_level (TreeSource *source,
              const char *side,
              const char *parent)
{
  AciesCatalogue *cat = acies_editor_document_get_catalogue (source->document);
  AciesScenario *s = source->scenario;
  GArray *level = g_array_new (FALSE, FALSE, sizeof (Wanted));
  g_autofree char *key = member_key (side, parent);
  GArray *members = g_hash_table_lookup (source->members, key);

  g_array_set_clear_func (level, wanted_clear);
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);
      const AciesKind *kind;
      Wanted wanted;

      if (g_strcmp0 (f->side, side) != 0 || g_strcmp0 (f->parent, parent) != 0)
        continue;
      kind = cat ? acies_catalogue_find_kind (cat->formation_kinds, f->kind) : NULL;
      wanted.kind = "formation";
      wanted.id = f->id;
      wanted.label = g_strdup_printf ("%s (%s)", f->name ? f->name : f->id,
                                      kind && kind->name ? kind->name : f->kind ? f->kind : "");
      g_array_append_val (level, wanted);
    }
  /* Leaders and units were grouped in that order. */
  for (guint i = 0; members != NULL && i < members->len; i++)
    {
      Wanted *member = &g_array_index (members, Wanted, i);
      Wanted wanted = { member->kind, member->id, g_strdup (member->label) };

      g_array_append_val (level, wanted);
    }
  return level;
}

static void sync_level (AciesOobPanel *self,
                        TreeSource    *source,
                        GListStore    *store,
                        GArray        *wanted,
                        const char    *side,
                        gboolean      *spliced);

static void
sync_children (AciesOobPanel *self,
               TreeSource    *source,
               AciesOobItem  *item,
               const char    *side,
               gboolean      *spliced)
{
  g_autoptr(GArray) wanted = NULL;

  if (acies_oob_item_get_children (item) == NULL)
    return;
  if (g_str_equal (acies_oob_item_get_kind (item), "side"))
    wanted = wanted_level (source, acies_oob_item_get_id (item), NULL);
  else
    wanted = wanted_level (source, side, acies_oob_item_get_id (item));
  sync_level (self, source, acies_oob_item_get_children (item), wanted,
              g_str_equal (acies_oob_item_get_kind (item), "side") ? acies_oob_item_get_id (item) : side, spliced);
}

static gboolean
item_is (AciesOobItem *item,
         Wanted       *wanted)
{
  return g_str_equal (acies_oob_item_get_id (item), wanted->id) &&
         g_str_equal (acies_oob_item_get_kind (item), wanted->kind);
}

/* Makes @store hold @wanted: the items that stay keep their objects (and
 * their labels change in place); only the run that differs is spliced. */
static void
sync_level (AciesOobPanel *self,
            TreeSource    *source,
            GListStore    *store,
            GArray        *wanted,
            const char    *side,
            gboolean      *spliced)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
  guint prefix = 0, suffix = 0;

  while (prefix < n && prefix < wanted->len)
    {
      g_autoptr(AciesOobItem) item = g_list_model_get_item (G_LIST_MODEL (store), prefix);

      if (!item_is (item, &g_array_index (wanted, Wanted, prefix)))
        break;
      prefix++;
    }
  while (suffix < n - prefix && suffix < wanted->len - prefix)
    {
      g_autoptr(AciesOobItem) item = g_list_model_get_item (G_LIST_MODEL (store), n - 1 - suffix);

      if (!item_is (item, &g_array_index (wanted, Wanted, wanted->len - 1 - suffix)))
        break;
      suffix++;
    }

  if (prefix + suffix < n || prefix + suffix < wanted->len)
    {
      g_autoptr(GHashTable) old = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);

      /* Items moved within the level keep their rows below. */
      for (guint i = prefix; i < n - suffix; i++)
        {
          AciesOobItem *item = g_list_model_get_item (G_LIST_MODEL (store), i);

          g_hash_table_insert (old, g_strconcat (acies_oob_item_get_kind (item), ":", acies_oob_item_get_id (item), NULL),
                               item);
        }
      for (guint i = prefix; i < wanted->len - suffix; i++)
        {
          Wanted *w = &g_array_index (wanted, Wanted, i);
          g_autofree char *key = g_strconcat (w->kind, ":", w->id, NULL);
          AciesOobItem *item = g_hash_table_lookup (old, key);

          g_ptr_array_add (fresh, item ? g_object_ref (item) : acies_oob_item_new (w->kind, w->id, w->label));
        }
      g_list_store_splice (store, prefix, n - prefix - suffix, fresh->pdata, fresh->len);
      *spliced = TRUE;
    }

  for (guint i = 0; i < wanted->len; i++)
    {
      g_autoptr(AciesOobItem) item = g_list_model_get_item (G_LIST_MODEL (store), i);
      GListModel *children = G_LIST_MODEL (acies_oob_item_get_children (item));
      gboolean was_empty = children != NULL && g_list_model_get_n_items (children) == 0;

      acies_oob_item_set_label (item, g_array_index (wanted, Wanted, i).label);
      sync_children (self, source, item, side, spliced);
      /* A row asks for its children when it is made: one that gets its
       * first or loses its last is made again, to show or hide its
       * expander. */
      if (children != NULL && was_empty != (g_list_model_get_n_items (children) == 0))
        {
          g_list_store_splice (store, i, 1, (gpointer *) &item, 1);
          *spliced = TRUE;
        }
    }
}

static void
select_in_tree (AciesOobPanel *self)
{
  GListModel *rows = G_LIST_MODEL (self->tree);
  guint n = g_list_model_get_n_items (rows);

  self->selecting = TRUE;
  for (guint i = 0; self->selected_id != NULL && i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);

      if (g_strcmp0 (acies_oob_item_get_id (item), self->selected_id) == 0)
        {
          if (gtk_single_selection_get_selected (self->selection) != i)
            gtk_single_selection_set_selected (self->selection, i);
          self->selecting = FALSE;
          return;
        }
    }
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;
}

/* Brings the tree up to date with the scenario. */
static void
acies_oob_panel_sync (AciesOobPanel *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  GListModel *rows = G_LIST_MODEL (self->tree);
  g_autoptr(GHashTable) collapsed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) sides = g_array_new (FALSE, FALSE, sizeof (Wanted));
  TreeSource source = { 0 };
  gboolean spliced = FALSE;
  guint n;

  g_array_set_clear_func (sides, wanted_clear);
  if (document != NULL)
    {
      AciesScenario *s = acies_editor_document_get_scenario (document);

      source.document = document;
      source.scenario = s;
      source.members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
      for (guint i = 0; i < s->leaders->len; i++)
        {
          AciesLeader *l = g_ptr_array_index (s->leaders, i);

          add_member (&source, l->side, l->formation, "leader", l->id,
                      g_strdup_printf ("★ %s", l->name ? l->name : l->id));
        }
      for (guint i = 0; i < s->units->len; i++)
        {
          AciesUnit *u = g_ptr_array_index (s->units, i);

          add_member (&source, u->side, u->formation, "unit", u->id, acies_editor_describe_unit (document, u));
        }
      for (guint i = 0; i < s->sides->len; i++)
        {
          AciesSide *side = g_ptr_array_index (s->sides, i);
          Wanted wanted = { "side", side->id, g_strdup (side->name ? side->name : side->id) };

          g_array_append_val (sides, wanted);
        }
    }

  /* Rows a splice puts back come unfolded: fold again those that were. */
  n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);

      if (gtk_tree_list_row_is_expandable (row) && !gtk_tree_list_row_get_expanded (row))
        g_hash_table_add (collapsed, g_strdup (acies_oob_item_get_id (item)));
    }

  self->selecting = TRUE;
  sync_level (self, &source, self->root, sides, NULL, &spliced);
  self->selecting = FALSE;
  g_clear_pointer (&source.members, g_hash_table_unref);

  if (spliced && g_hash_table_size (collapsed) > 0)
    for (guint i = g_list_model_get_n_items (rows); i-- > 0;)
      {
        g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
        g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);

        if (gtk_tree_list_row_get_expanded (row) && g_hash_table_contains (collapsed, acies_oob_item_get_id (item)))
          gtk_tree_list_row_set_expanded (row, FALSE);
      }
  select_in_tree (self);
}

static void
acies_oob_panel_rebuild (AciesEditorPanel *panel)
{
  AciesOobPanel *self = ACIES_OOB_PANEL (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;

  acies_drop_down_set_names (self->type_dropdown, cat ? cat->unit_types : NULL);
  g_list_store_remove_all (self->root);
  acies_oob_panel_sync (self);
}

static void
acies_oob_panel_document_changed (AciesEditorPanel *panel,
                                  AciesEditFlags    flags)
{
  if (flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD))
    acies_oob_panel_sync (ACIES_OOB_PANEL (panel));
}

static void
selection_changed_cb (AciesOobPanel      *self,
                      GParamSpec         *pspec,
                      GtkSingleSelection *selection)
{
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (selection);
  g_autoptr(AciesOobItem) item = NULL;

  if (row == NULL || self->selecting)
    return;
  item = gtk_tree_list_row_get_item (row);
  acies_oob_panel_set_selected_id (self, acies_oob_item_get_id (item));
}

static void
add_unit_clicked_cb (AciesOobPanel *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  guint pos = gtk_drop_down_get_selected (self->type_dropdown);
  const char *type = "";

  if (cat != NULL && pos < cat->unit_types->len)
    type = ((AciesUnitType *) g_ptr_array_index (cat->unit_types, pos))->id;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-unit", "(ss)", "", type);
}

/* Rows. */

static AciesOobItem *
row_item (GtkWidget *expander)
{
  gpointer item = gtk_tree_expander_get_item (GTK_TREE_EXPANDER (expander));

  return ACIES_IS_OOB_ITEM (item) ? item : NULL;
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 gpointer       data)
{
  AciesOobItem *item = row_item (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));

  if (item == NULL)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_STRING, acies_oob_item_get_id (item));
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         AciesOobPanel *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesOobItem *item = row_item (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target)));
  const char *dragged = g_value_get_string (value);
  const char *onto;

  if (document == NULL || item == NULL || dragged == NULL || g_str_equal (dragged, acies_oob_item_get_id (item)))
    return FALSE;
  /* Onto a side or formation: under it.  Onto a unit or leader: into its
   * formation. */
  onto = acies_editor_document_container_of (document, acies_oob_item_get_id (item));
  if (onto == NULL)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.reparent", "(ss)", dragged, onto);
  return TRUE;
}

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              AciesOobPanel            *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *label = gtk_label_new (NULL);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);
  GtkExpression *row = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");
  GtkExpression *text;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), label);
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), NULL);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (target));

  /* The row and its label follow the item: a renamed part's row changes
   * its text, nothing else. */
  gtk_expression_bind (gtk_expression_ref (row), expander, "list-row", list_item);
  text = gtk_property_expression_new (ACIES_TYPE_OOB_ITEM,
                                      gtk_property_expression_new (GTK_TYPE_TREE_LIST_ROW, row, "item"),
                                      "label");
  gtk_expression_bind (text, label, "label", list_item);
  gtk_list_item_set_child (list_item, expander);
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             AciesOobPanel            *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *label = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (gtk_list_item_get_item (list_item));

  if (g_str_equal (acies_oob_item_get_kind (item), "side"))
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_remove_css_class (label, "heading");
}

static GListModel *
children_cb (gpointer item,
             gpointer user_data)
{
  GListStore *children = acies_oob_item_get_children (item);

  if (children == NULL || g_list_model_get_n_items (G_LIST_MODEL (children)) == 0)
    return NULL;
  return G_LIST_MODEL (g_object_ref (children));
}

/* GObject. */

static void
acies_oob_panel_dispose (GObject *object)
{
  AciesOobPanel *self = ACIES_OOB_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_OOB_PANEL);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree);
  g_clear_object (&self->root);

  G_OBJECT_CLASS (acies_oob_panel_parent_class)->dispose (object);
}

static void
acies_oob_panel_finalize (GObject *object)
{
  AciesOobPanel *self = ACIES_OOB_PANEL (object);

  g_free (self->selected_id);

  G_OBJECT_CLASS (acies_oob_panel_parent_class)->finalize (object);
}

static void
acies_oob_panel_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AciesOobPanel *self = ACIES_OOB_PANEL (object);

  switch (prop_id)
    {
    case PROP_SELECTED_ID:
      g_value_set_string (value, self->selected_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_oob_panel_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  AciesOobPanel *self = ACIES_OOB_PANEL (object);

  switch (prop_id)
    {
    case PROP_SELECTED_ID:
      acies_oob_panel_set_selected_id (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_oob_panel_class_init (AciesOobPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_oob_panel_dispose;
  object_class->finalize = acies_oob_panel_finalize;
  object_class->get_property = acies_oob_panel_get_property;
  object_class->set_property = acies_oob_panel_set_property;
  panel_class->rebuild = acies_oob_panel_rebuild;
  panel_class->document_changed = acies_oob_panel_document_changed;

  /**
   * AciesOobPanel:selected-id:
   *
   * The id of the part selected in the tree, or %NULL.
   */
  properties[PROP_SELECTED_ID] =
    g_param_spec_string ("selected-id", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-oob-panel.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesOobPanel, list_view);
  gtk_widget_class_bind_template_child (widget_class, AciesOobPanel, type_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, add_unit_clicked_cb);
}

static void
acies_oob_panel_init (AciesOobPanel *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->root = g_list_store_new (ACIES_TYPE_OOB_ITEM);
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->root)), FALSE, TRUE,
                                        children_cb, NULL, NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->tree)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (selection_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  acies_drop_down_ellipsize (self->type_dropdown);
}

/**
 * acies_oob_panel_get_selected_id:
 * @self: an army panel
 *
 * Returns: (nullable): the id of the part selected in the tree
 */
const char *
acies_oob_panel_get_selected_id (AciesOobPanel *self)
{
  g_return_val_if_fail (ACIES_IS_OOB_PANEL (self), NULL);
  return self->selected_id;
}

/**
 * acies_oob_panel_set_selected_id:
 * @self: an army panel
 * @id: (nullable): a part to select in the tree
 */
void
acies_oob_panel_set_selected_id (AciesOobPanel *self,
                                 const char    *id)
{
  g_return_if_fail (ACIES_IS_OOB_PANEL (self));

  if (g_strcmp0 (self->selected_id, id) == 0)
    return;
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  select_in_tree (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ID]);
}
