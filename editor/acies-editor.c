/* acies-editor.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <adwaita.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/acies-table.h"

#include "acies-editor.h"
#include "acies-param-widget.h"

/**
 * AciesEditor:
 *
 * The scenario editor: a tool bar, a palette (left flap), the board view,
 * and side panels (right flap): order of battle, inspector, sides, rules,
 * scenario, tables and problems.  Everything comes from the ruleset's
 * catalogue; every command is an action of the "editor" group
 * (acies_editor_get_action_group()), which the window inserts on itself
 * so tests and menus drive the editor as a user does.
 */

#define VALIDATE_DELAY_MS 250

/* Order-of-battle tree items. */

#define ACIES_TYPE_OOB_ITEM (acies_oob_item_get_type ())
G_DECLARE_FINAL_TYPE (AciesOobItem, acies_oob_item, ACIES, OOB_ITEM, GObject)

struct _AciesOobItem
{
  GObject     parent_instance;
  char       *kind;     /* "side", "formation", "unit", "leader" */
  char       *id;
  char       *label;
  GListStore *children;
};

G_DEFINE_FINAL_TYPE (AciesOobItem, acies_oob_item, G_TYPE_OBJECT)

static void
acies_oob_item_finalize (GObject *object)
{
  AciesOobItem *self = ACIES_OOB_ITEM (object);

  g_free (self->kind);
  g_free (self->id);
  g_free (self->label);
  g_clear_object (&self->children);
  G_OBJECT_CLASS (acies_oob_item_parent_class)->finalize (object);
}

static void
acies_oob_item_class_init (AciesOobItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_oob_item_finalize;
}

static void
acies_oob_item_init (AciesOobItem *self)
{
}

static AciesOobItem *
acies_oob_item_new (const char *kind,
                    const char *id,
                    const char *label)
{
  AciesOobItem *item = g_object_new (ACIES_TYPE_OOB_ITEM, NULL);

  item->kind = g_strdup (kind);
  item->id = g_strdup (id);
  item->label = g_strdup (label);
  return item;
}

/* The editor. */

struct _AciesEditor
{
  GtkWidget            parent_instance;

  AciesEditorDocument *doc;
  AciesCatalogue      *cat;
  GSimpleActionGroup  *actions;

  /* Tool state. */
  char                *tool;
  char                *brush;
  gint                 brush_size;
  gboolean             erase;
  gint                 level;
  AciesCell            last_cell;
  AciesEdge            last_edge;
  double               last_x;        /* the stroke's last pointer position, pixels */
  double               last_y;
  char                *drag_unit;     /* select tool: the unit being dragged */
  gboolean             area_adding;   /* area stroke adds (or removes) cells */

  /* Selection. */
  char                *sel_id;
  char                *sel_kind;

  /* Panel state. */
  gboolean             panel_edit;    /* an edit from a panel: do not rebuild it */
  guint                validate_id;
  GPtrArray           *problems;
  guint                n_errors;
  guint                n_warnings;
  char                *table_id;

  /* Widgets. */
  GtkWidget           *toolbar;
  AdwFlap             *left_flap;
  AdwFlap             *right_flap;
  AciesBoardView      *view;
  GtkLabel            *status_label;
  GtkWidget           *palette_title;
  GtkWidget           *palette_box;
  GtkNotebook         *notebook;
  guint                stale_pages;  /* bit per side-panel page to rebuild when shown */
  GtkListView         *oob_view;
  GListStore          *oob_root;
  GtkTreeListModel    *oob_tree;
  GtkSingleSelection  *oob_selection;
  GtkWidget           *oob_type_dropdown;
  GtkWidget           *inspector_box;
  GtkWidget           *sides_box;
  GtkWidget           *rules_box;
  GtkWidget           *meta_box;
  GtkWidget           *tables_box;
  GtkWidget           *problems_list;
  GtkLabel            *problems_label;
  double               oob_scroll;    /* the army list's scroll position across a rebuild */
  guint                oob_scroll_tick;
  guint                export_id;     /* ACIES_EDITOR_EXPORT_ACTIONS test hook */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_N_ERRORS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesEditor, acies_editor, GTK_TYPE_WIDGET)

static void acies_editor_rebuild_panels (AciesEditor *self);
static void acies_editor_rebuild_inspector (AciesEditor *self);
static void acies_editor_rebuild_palette (AciesEditor *self);
static void acies_editor_rebuild_oob (AciesEditor *self);
static void acies_editor_rebuild_tables (AciesEditor *self);
static void acies_editor_rebuild_sides (AciesEditor *self);
static void acies_editor_rebuild_rules (AciesEditor *self);
static void acies_editor_rebuild_meta (AciesEditor *self);
static void acies_editor_queue_validate (AciesEditor *self);

/* Helpers. */

static AciesScenario *
scenario_of (AciesEditor *self)
{
  return self->doc ? acies_editor_document_get_scenario (self->doc) : NULL;
}

static void
box_clear (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_BOX (box))
        gtk_box_remove (GTK_BOX (box), child);
      else if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_widget_unparent (child);
    }
}

/* Where a side-panel page was before it is rebuilt: its scroll position
 * and the focused control, named by the "acies-focus-key" strings of the
 * control and its ancestors in the page ("form:side-1:|skirmish_factor"). */
typedef struct
{
  double  scroll;
  char   *focus_key;
} PanelPlace;

static void
focus_key_set (GtkWidget  *widget,
               const char *key)
{
  g_object_set_data_full (G_OBJECT (widget), "acies-focus-key", g_strdup (key), g_free);
}

static void
focus_key_set_field (GtkWidget  *widget,
                     const char *object,
                     const char *field)
{
  g_autofree char *key = g_strdup_printf ("field:%s:%s", object ? object : "", field);

  focus_key_set (widget, key);
}

static char *
focus_key_of (GtkWidget *widget,
              GtkWidget *page)
{
  g_autoptr(GString) key = g_string_new (NULL);

  for (GtkWidget *w = widget; w != NULL && w != page; w = gtk_widget_get_parent (w))
    {
      const char *part = g_object_get_data (G_OBJECT (w), "acies-focus-key");

      if (part != NULL)
        {
          g_string_prepend (key, part);
          g_string_prepend_c (key, '|');
        }
    }
  return key->len > 0 ? g_string_free (g_steal_pointer (&key), FALSE) : NULL;
}

static GtkWidget *
find_focus_key (GtkWidget  *widget,
                GtkWidget  *page,
                const char *key)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_object_get_data (G_OBJECT (child), "acies-focus-key") != NULL)
        {
          g_autofree char *child_key = focus_key_of (child, page);

          if (g_strcmp0 (child_key, key) == 0)
            return child;
        }
      if ((found = find_focus_key (child, page, key)) != NULL)
        return found;
    }
  return NULL;
}

static void
panel_place_save (GtkWidget  *page,
                  PanelPlace *place)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (page, GTK_TYPE_SCROLLED_WINDOW);
  GtkRoot *root = gtk_widget_get_root (page);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  place->scroll = scroller != NULL
                  ? gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)))
                  : 0;
  place->focus_key = focus != NULL && gtk_widget_is_ancestor (focus, page) ? focus_key_of (focus, page) : NULL;
}

/* The new rows are laid out at the next frames: the scroll position is
 * put back until the page is long enough to hold it. */
static gboolean
panel_scroll_tick_cb (GtkWidget     *scroller,
                      GdkFrameClock *clock,
                      gpointer       data)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  double *target = g_object_get_data (G_OBJECT (scroller), "acies-scroll-target");
  guint ticks = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (scroller), "acies-scroll-ticks"));

  if (target == NULL)
    return G_SOURCE_REMOVE;
  if (fabs (gtk_adjustment_get_value (adjustment) - *target) >= 0.5)
    gtk_adjustment_set_value (adjustment, *target);
  if (++ticks < 6)
    {
      g_object_set_data (G_OBJECT (scroller), "acies-scroll-ticks", GUINT_TO_POINTER (ticks));
      return G_SOURCE_CONTINUE;
    }
  g_object_set_data (G_OBJECT (scroller), "acies-scroll-target", NULL);
  g_object_set_data (G_OBJECT (scroller), "acies-scroll-ticks", NULL);
  g_object_set_data (G_OBJECT (scroller), "acies-scroll-tick", NULL);
  return G_SOURCE_REMOVE;
}

static void
panel_place_restore (GtkWidget  *page,
                     PanelPlace *place)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (page, GTK_TYPE_SCROLLED_WINDOW);

  if (place->focus_key != NULL)
    {
      GtkWidget *control = find_focus_key (page, page, place->focus_key);

      if (control != NULL)
        gtk_widget_grab_focus (control);
    }
  if (scroller != NULL)
    {
      double *target = g_new (double, 1);

      *target = place->scroll;
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), *target);
      g_object_set_data_full (G_OBJECT (scroller), "acies-scroll-target", target, g_free);
      g_object_set_data (G_OBJECT (scroller), "acies-scroll-ticks", NULL);
      if (g_object_get_data (G_OBJECT (scroller), "acies-scroll-tick") == NULL)
        g_object_set_data (G_OBJECT (scroller), "acies-scroll-tick",
                           GUINT_TO_POINTER (gtk_widget_add_tick_callback (scroller, panel_scroll_tick_cb,
                                                                           NULL, NULL)));
    }
  g_clear_pointer (&place->focus_key, g_free);
}

static GtkWidget *
heading_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  return label;
}

static GtkWidget *
dim_label_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static const char *
kind_of_id (AciesScenario *s,
            const char    *id)
{
  if (id == NULL || s == NULL)
    return NULL;
  if (acies_scenario_find_side (s, id))
    return "side";
  if (acies_scenario_find_formation (s, id))
    return "formation";
  if (acies_scenario_find_unit (s, id))
    return "unit";
  if (acies_scenario_find_leader (s, id))
    return "leader";
  if (acies_scenario_find_area (s, id))
    return "area";
  if (acies_scenario_find_pool (s, id))
    return "pool";
  return NULL;
}

static gint
index_of (GPtrArray     *array,
          gconstpointer  item)
{
  guint index;

  return g_ptr_array_find (array, item, &index) ? (gint) index : -1;
}

static const AciesUnitType *
unit_type_of (AciesEditor *self,
              const char  *type)
{
  return self->cat && type ? acies_catalogue_find_unit_type (self->cat, type) : NULL;
}

static void
fill_defaults (JsonObject *values,
               GPtrArray  *specs)
{
  for (guint i = 0; specs != NULL && i < specs->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (specs, i);

      if (json_object_has_member (values, spec->id))
        continue;
      if (spec->default_value != NULL)
        json_object_set_member (values, spec->id, acies_json_node_copy_deep (spec->default_value));
      else if (spec->required && spec->type == ACIES_VALUE_INT)
        json_object_set_int_member (values, spec->id, MAX (spec->min, 0 < spec->max ? MIN (1, spec->max) : spec->min));
      else if (spec->required && spec->type == ACIES_VALUE_ENUM && spec->values && spec->values[0])
        json_object_set_string_member (values, spec->id, spec->values[0]);
      else if (spec->required && spec->type == ACIES_VALUE_BOOL)
        json_object_set_boolean_member (values, spec->id, FALSE);
    }
}

static guint
n_facings (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);

  if (self->cat == NULL || self->cat->facing == ACIES_FACING_NONE || s == NULL)
    return 0;
  if (self->cat->facing == ACIES_FACING_VERTEX)
    return 6;
  return acies_board_get_n_directions (s->map.board);
}

/* Selection. */

/* The facings a unit may have, in clockwise order: every direction (or
 * hex vertex), or on a square board where units move orthogonally only
 * (GC 2.1) the four sides. */
static GArray *
facing_values (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (gint));
  guint n = n_facings (self);
  gboolean sides_only = n == 8 && s != NULL && acies_board_get_kind (s->map.board) == ACIES_BOARD_SQUARE &&
                        self->cat->adjacency == ACIES_ADJ_ORTHOGONAL;

  for (guint d = 0; d < n; d += sides_only ? 2 : 1)
    {
      gint value = d;

      g_array_append_val (values, value);
    }
  return values;
}

static const char *
compass_word (const char *abbreviation)
{
  const char *short_names[] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
  const char *words[] = { N_("North"), N_("North-east"), N_("East"), N_("South-east"),
                          N_("South"), N_("South-west"), N_("West"), N_("North-west") };

  for (guint i = 0; i < G_N_ELEMENTS (short_names); i++)
    if (g_strcmp0 (abbreviation, short_names[i]) == 0)
      return _(words[i]);
  return abbreviation;
}

/* A facing in words: "North" on squares and zones, "North-east hexside"
 * on hexes, "Corner between North and North-east" for a hex vertex (GBoH
 * 6.11: vertex v lies between directions v and v + 1). */
static char *
facing_name (AciesEditor *self,
             gint         facing)
{
  const AciesBoard *board = scenario_of (self)->map.board;
  guint n = acies_board_get_n_directions (board);

  if (facing < 0)
    return g_strdup (_("As the rules set it at the start"));
  if (self->cat->facing == ACIES_FACING_VERTEX)
    return g_strdup_printf (_("Corner between %s and %s"),
                            compass_word (acies_board_direction_name (board, facing % n)),
                            compass_word (acies_board_direction_name (board, (facing + 1) % n)));
  if (acies_board_get_kind (board) == ACIES_BOARD_HEX)
    return g_strdup_printf (_("%s hexside"), compass_word (acies_board_direction_name (board, facing % n)));
  return g_strdup (compass_word (acies_board_direction_name (board, facing % n)));
}

static void
acies_editor_update_highlight (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));

  if (s != NULL && self->sel_id != NULL)
    {
      AciesUnit *unit = acies_scenario_find_unit (s, self->sel_id);
      AciesLeader *leader = acies_scenario_find_leader (s, self->sel_id);
      AciesArea *area = acies_scenario_find_area (s, self->sel_id);

      if (unit != NULL && unit->cell != ACIES_CELL_NONE)
        {
          g_array_append_val (cells, unit->cell);
          if (unit->cell2 != ACIES_CELL_NONE)
            g_array_append_val (cells, unit->cell2);
        }
      else if (leader != NULL && leader->cell != ACIES_CELL_NONE)
        g_array_append_val (cells, leader->cell);
      else if (area != NULL)
        g_array_append_vals (cells, area->cells->data, area->cells->len);
    }

  /* While painting an area, show it. */
  if (s != NULL && g_strcmp0 (self->tool, "area") == 0 && self->brush != NULL &&
      (self->sel_id == NULL || g_strcmp0 (self->sel_id, self->brush) != 0))
    {
      AciesArea *area = acies_scenario_find_area (s, self->brush);

      if (area != NULL)
        g_array_append_vals (cells, area->cells->data, area->cells->len);
    }

  acies_board_view_set_highlight (self->view, cells);
}

static void
select_in_tree (AciesEditor *self)
{
  GListModel *model = G_LIST_MODEL (self->oob_tree);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);

      if (g_strcmp0 (item->id, self->sel_id) == 0)
        {
          if (gtk_single_selection_get_selected (self->oob_selection) != i)
            gtk_single_selection_set_selected (self->oob_selection, i);
          return;
        }
    }
  gtk_single_selection_set_selected (self->oob_selection, GTK_INVALID_LIST_POSITION);
}

/**
 * acies_editor_select:
 * @self: an editor
 * @id: (nullable): the id of a side, formation, unit, leader, area or pool
 *
 * Selects the object: in the tree, in the inspector, and on the board.
 */
void
acies_editor_select (AciesEditor *self,
                     const char  *id)
{
  AciesScenario *s;

  g_return_if_fail (ACIES_IS_EDITOR (self));

  s = scenario_of (self);
  if (g_strcmp0 (self->sel_id, id) != 0)
    {
      g_free (self->sel_id);
      self->sel_id = g_strdup (id);
    }
  g_free (self->sel_kind);
  self->sel_kind = g_strdup (kind_of_id (s, id));
  if (self->sel_kind == NULL)
    g_clear_pointer (&self->sel_id, g_free);

  select_in_tree (self);
  acies_editor_rebuild_inspector (self);
  acies_editor_update_highlight (self);
}

const char *
acies_editor_get_selected_id (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->sel_id;
}

/* Editing through the document. */

typedef struct
{
  AciesEditor *self;
  const char  *id;
  const char  *s1;
  const char  *s2;
  const char  *s3;
  const char  *s4;
  gint64       n1;
  gint64       n2;
  JsonNode    *node;
  GArray      *cells;
  char        *new_id;
} Edit;

static gboolean
panel_edit (AciesEditor    *self,
            const char     *label,
            const char     *merge_key,
            AciesEditFunc   func,
            Edit           *edit)
{
  gboolean changed;

  self->panel_edit = TRUE;
  changed = acies_editor_document_edit (self->doc, label, 0, merge_key, func, edit);
  self->panel_edit = FALSE;
  return changed;
}

static gboolean
do_edit (AciesEditor    *self,
         const char     *label,
         AciesEditFunc   func,
         Edit           *edit)
{
  return acies_editor_document_edit (self->doc, label, 0, NULL, func, edit);
}

/* Parameter objects: where a value lives for an object id. */
static JsonObject *
params_for (AciesScenario *s,
            const char    *object,
            const char    *which)
{
  AciesSide *side;
  AciesFormation *formation;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesArea *area;
  AciesPool *pool;

  if (object == NULL || *object == '\0' || g_str_equal (object, "scenario"))
    return s->params;

  /* "pool:ID:N": entry N of a pool, front ("attrs") or back ("hidden"). */
  if (g_str_has_prefix (object, "pool:"))
    {
      const char *colon = strrchr (object, ':');
      g_autofree char *pool_id = g_strndup (object + strlen ("pool:"), colon - object - strlen ("pool:"));
      AciesPool *pool = acies_scenario_find_pool (s, pool_id);
      guint64 index = g_ascii_strtoull (colon + 1, NULL, 10);
      AciesPoolEntry *entry;

      if (pool == NULL || index >= pool->entries->len)
        return NULL;
      entry = g_ptr_array_index (pool->entries, index);
      if (g_strcmp0 (which, "hidden") == 0)
        {
          if (entry->hidden == NULL)
            entry->hidden = json_object_new ();
          return entry->hidden;
        }
      if (entry->attrs == NULL)
        entry->attrs = json_object_new ();
      return entry->attrs;
    }

  if (g_str_has_prefix (object, "special:") || g_str_has_prefix (object, "victory:"))
    {
      GPtrArray *list = g_str_has_prefix (object, "special:") ? s->special_rules : s->victory;
      guint64 index = g_ascii_strtoull (strchr (object, ':') + 1, NULL, 10);
      AciesRuleEntry *entry;

      if (index >= list->len)
        return NULL;
      entry = g_ptr_array_index (list, index);
      if (entry->params == NULL)
        entry->params = json_object_new ();
      return entry->params;
    }

  if ((side = acies_scenario_find_side (s, object)))
    {
      if (side->params == NULL)
        side->params = json_object_new ();
      return side->params;
    }
  if ((formation = acies_scenario_find_formation (s, object)))
    {
      if (formation->params == NULL)
        formation->params = json_object_new ();
      return formation->params;
    }
  if ((unit = acies_scenario_find_unit (s, object)))
    {
      if (g_strcmp0 (which, "hidden") == 0)
        {
          if (unit->hidden == NULL)
            unit->hidden = json_object_new ();
          return unit->hidden;
        }
      if (unit->attrs == NULL)
        unit->attrs = json_object_new ();
      return unit->attrs;
    }
  if ((leader = acies_scenario_find_leader (s, object)))
    {
      if (leader->attrs == NULL)
        leader->attrs = json_object_new ();
      return leader->attrs;
    }
  if ((area = acies_scenario_find_area (s, object)))
    {
      if (area->params == NULL)
        area->params = json_object_new ();
      return area->params;
    }
  if ((pool = acies_scenario_find_pool (s, object)))
    {
      if (pool->params == NULL)
        pool->params = json_object_new ();
      return pool->params;
    }

  return NULL;
}

static gboolean
set_param_func (AciesScenario *s,
                gpointer       data)
{
  Edit *e = data;
  JsonObject *params = params_for (s, e->id, e->s2);
  AciesPool *pool = e->s2 == NULL ? acies_scenario_find_pool (s, e->id) : NULL;

  if (params == NULL)
    return FALSE;

  /* A pool's Wing or draw set in its form replaces the member an older
   * file may hold (pool_param_values()): the file then stores, and the
   * rules read, the parameter alone. */
  if (pool != NULL && g_str_equal (e->s1, "formation") && pool->formation != NULL)
    {
      g_clear_pointer (&pool->formation, g_free);
      if (e->node == NULL)
        {
          if (json_object_has_member (params, e->s1))
            json_object_remove_member (params, e->s1);
          return TRUE;
        }
      json_object_set_member (params, e->s1, acies_json_node_copy_deep (e->node));
      return TRUE;
    }
  if (pool != NULL && g_str_equal (e->s1, "draw") && pool->draw > 0)
    {
      pool->draw = 0;
      if (e->node == NULL)
        {
          if (json_object_has_member (params, e->s1))
            json_object_remove_member (params, e->s1);
          return TRUE;
        }
      json_object_set_member (params, e->s1, acies_json_node_copy_deep (e->node));
      return TRUE;
    }

  if (e->node == NULL)
    {
      if (!json_object_has_member (params, e->s1))
        return FALSE;
      json_object_remove_member (params, e->s1);
      return TRUE;
    }

  if (json_object_has_member (params, e->s1) &&
      json_node_equal (json_object_get_member (params, e->s1), e->node))
    return FALSE;

  json_object_set_member (params, e->s1, acies_json_node_copy_deep (e->node));
  return TRUE;
}

typedef struct
{
  AciesEditor *self;
  char        *object;
  char        *which;    /* "attrs", "hidden" or NULL */
} ParamTarget;

static void
param_target_free (ParamTarget *target)
{
  g_free (target->object);
  g_free (target->which);
  g_free (target);
}

static gboolean rebuild_inspector_idle_cb (gpointer data);

static void
param_changed_cb (const AciesParamSpec *spec,
                  JsonNode             *value,
                  gpointer              user_data)
{
  ParamTarget *target = user_data;
  Edit edit = { 0 };
  g_autofree char *key = g_strdup_printf ("param:%s:%s:%s", target->object,
                                          target->which ? target->which : "", spec->id);

  edit.self = target->self;
  edit.id = target->object;
  edit.s1 = spec->id;
  edit.s2 = target->which;
  edit.node = value;
  /* A pool's Wing and draw show in its summary ("Left Wing pool: 12
   * counters, 10 drawn"): rebuild once the field has returned. */
  if (panel_edit (target->self, _("Change Parameter"), key, set_param_func, &edit) &&
      target->which == NULL && acies_scenario_find_pool (scenario_of (target->self), target->object) != NULL)
    g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_inspector_idle_cb,
                     g_object_ref (target->self), g_object_unref);
}

/* The side a part belongs to (a set-up zone's, a pool's, a unit's…), or
 * NULL for the scenario or a part of no side. */
static const char *
object_side (AciesScenario *s,
             const char    *object)
{
  AciesArea *area;
  AciesPool *pool;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesFormation *formation;
  AciesSide *side;

  if (s == NULL || object == NULL)
    return NULL;
  if ((area = acies_scenario_find_area (s, object)))
    return area->side;
  if ((pool = acies_scenario_find_pool (s, object)))
    return pool->side;
  if ((unit = acies_scenario_find_unit (s, object)))
    return unit->side;
  if ((leader = acies_scenario_find_leader (s, object)))
    return leader->side;
  if ((formation = acies_scenario_find_formation (s, object)))
    return formation->side;
  if ((side = acies_scenario_find_side (s, object)))
    return side->id;
  return NULL;
}

static GtkWidget *
param_form (AciesEditor *self,
            GPtrArray   *specs,
            JsonObject  *values,
            const char  *object,
            const char  *which)
{
  ParamTarget *target = g_new0 (ParamTarget, 1);

  target->self = self;
  target->object = g_strdup (object);
  GtkWidget *form;
  g_autofree char *key = g_strdup_printf ("form:%s:%s", object ? object : "", which ? which : "");

  target->which = g_strdup (which);
  form = acies_param_form_new_for_side (specs, values, scenario_of (self), object_side (scenario_of (self), object),
                                        param_changed_cb, target, (GDestroyNotify) param_target_free);
  focus_key_set (form, key);
  return form;
}

/* Whether the catalogue declares the pool parameter @id (GC 3.1 "formation"
 * and "draw"): the pool's "params" then hold it, not its own member. */
static gboolean
pool_param_declared (AciesEditor *self,
                     const char  *id)
{
  return self->cat != NULL && self->cat->pool_params != NULL &&
         acies_catalogue_find_param (self->cat->pool_params, id) != NULL;
}

/* The Wing @pool feeds: its "formation" parameter, else its member (as
 * the Grass Crown set-up reads it). */
static const char *
pool_formation (AciesPool *pool)
{
  const char *id = pool->params ? acies_params_get_string (pool->params, "formation", NULL) : NULL;

  return id != NULL && *id != '\0' ? id : pool->formation;
}

/* How many counters @pool draws: its "draw" parameter, else its member. */
static guint
pool_draw (AciesPool *pool)
{
  gint64 draw = pool->params ? acies_params_get_int (pool->params, "draw", 0) : 0;

  return draw > 0 ? (guint) draw : pool->draw;
}

/* The values the pool_params form of @pool shows: its "params", with its
 * "formation" and "draw" members where a scenario written before the
 * catalogue declared them keeps them there (the rules read either, the
 * parameter first); editing the field moves the value into "params". */
static JsonObject *
pool_param_values (AciesPool *pool)
{
  JsonObject *values = json_object_new ();

  if (pool->params != NULL)
    {
      g_autoptr(GList) names = json_object_get_members (pool->params);

      for (GList *l = names; l != NULL; l = l->next)
        json_object_set_member (values, l->data,
                                json_node_copy (json_object_get_member (pool->params, l->data)));
    }
  if (pool->formation != NULL && !json_object_has_member (values, "formation"))
    json_object_set_string_member (values, "formation", pool->formation);
  if (pool->draw > 0 && acies_params_get_int (values, "draw", 0) <= 0)
    json_object_set_int_member (values, "draw", pool->draw);
  return values;
}

/* Fields of objects that are not catalogue parameters. */

static char **
field_slot (AciesScenario *s,
            const char    *object,
            const char    *field)
{
  AciesSide *side;
  AciesFormation *formation;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesArea *area;
  AciesPool *pool;

  if (object == NULL || *object == '\0' || g_str_equal (object, "scenario"))
    {
      if (g_str_equal (field, "title")) return &s->meta.title;
      if (g_str_equal (field, "date")) return &s->meta.date;
      if (g_str_equal (field, "place")) return &s->meta.place;
      if (g_str_equal (field, "description")) return &s->meta.description;
      if (g_str_equal (field, "designer")) return &s->meta.designer;
      if (g_str_equal (field, "notes")) return &s->meta.notes;
      if (g_str_equal (field, "first_side")) return &s->first_side;
      return NULL;
    }
  if ((side = acies_scenario_find_side (s, object)))
    {
      if (g_str_equal (field, "name")) return &side->name;
      if (g_str_equal (field, "colour")) return &side->colour;
      return NULL;
    }
  if ((formation = acies_scenario_find_formation (s, object)))
    {
      if (g_str_equal (field, "name")) return &formation->name;
      if (g_str_equal (field, "kind")) return &formation->kind;
      if (g_str_equal (field, "colour")) return &formation->colour;
      return NULL;
    }
  if ((unit = acies_scenario_find_unit (s, object)))
    {
      if (g_str_equal (field, "name")) return &unit->name;
      if (g_str_equal (field, "type")) return &unit->type;
      return NULL;
    }
  if ((leader = acies_scenario_find_leader (s, object)))
    {
      if (g_str_equal (field, "name")) return &leader->name;
      if (g_str_equal (field, "kind")) return &leader->kind;
      if (g_str_equal (field, "attached_to")) return &leader->attached_to;
      return NULL;
    }
  if ((pool = acies_scenario_find_pool (s, object)))
    {
      if (g_str_equal (field, "formation")) return &pool->formation;
      if (g_str_equal (field, "area")) return &pool->area;
      return NULL;
    }
  if ((area = acies_scenario_find_area (s, object)))
    {
      if (g_str_equal (field, "name")) return &area->name;
      if (g_str_equal (field, "kind")) return &area->kind;
      if (g_str_equal (field, "side")) return &area->side;
      if (g_str_equal (field, "formation")) return &area->formation;
      return NULL;
    }
  return NULL;
}

static AciesCell second_cell (AciesEditor   *self,
                              AciesScenario *s,
                              AciesCell      cell,
                              gint           facing);

static gboolean
set_field_func (AciesScenario *s,
                gpointer       data)
{
  Edit *e = data;
  const char *value = e->s2 && *e->s2 ? e->s2 : NULL;
  char **slot;

  /* Numeric and enumerated fields. */
  if (g_str_equal (e->s1, "turn_limit"))
    {
      guint limit = value ? (guint) g_ascii_strtoull (value, NULL, 10) : 0;

      if (s->turn_limit == limit)
        return FALSE;
      s->turn_limit = limit;
      return TRUE;
    }
  if (g_str_equal (e->s1, "sources"))
    {
      g_auto(GStrv) lines = g_strsplit (value ? value : "", "\n", -1);

      g_ptr_array_set_size (s->meta.sources, 0);
      for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip (lines[i]) != '\0')
          g_ptr_array_add (s->meta.sources, g_strdup (lines[i]));
      return TRUE;
    }
  if (g_str_equal (e->s1, "home_edge"))
    {
      AciesSide *side = acies_scenario_find_side (s, e->id);
      gint edge = value ? atoi (value) : -1;

      if (side == NULL || side->home_edge == (AciesMapEdge) edge)
        return FALSE;
      side->home_edge = edge;
      return TRUE;
    }
  if (g_str_equal (e->s1, "facing") || g_str_equal (e->s1, "cell2") || g_str_equal (e->s1, "draw"))
    {
      AciesUnit *unit = acies_scenario_find_unit (s, e->id);
      AciesPool *pool = acies_scenario_find_pool (s, e->id);

      if (pool != NULL && g_str_equal (e->s1, "draw"))
        {
          guint draw = value ? (guint) g_ascii_strtoull (value, NULL, 10) : 0;

          if (pool_param_declared (e->self, "draw"))
            {
              /* The catalogue's "draw" parameter is what the rules read. */
              if (pool->params == NULL)
                pool->params = json_object_new ();
              if (pool->draw == 0 && acies_params_get_int (pool->params, "draw", 0) == draw &&
                  json_object_has_member (pool->params, "draw"))
                return FALSE;
              json_object_set_int_member (pool->params, "draw", draw);
              pool->draw = 0;
              return TRUE;
            }
          if (pool->draw == draw)
            return FALSE;
          pool->draw = draw;
          return TRUE;
        }
      if (unit == NULL)
        return FALSE;
      if (g_str_equal (e->s1, "facing"))
        {
          gint facing = value ? atoi (value) : -1;

          if (unit->facing == facing || facing >= (gint) n_facings (e->self))
            return FALSE;
          unit->facing = facing;
          if (unit->cell2 != ACIES_CELL_NONE)
            unit->cell2 = second_cell (e->self, s, unit->cell, facing);
          return TRUE;
        }
      else
        {
          AciesCell cell = value ? acies_board_cell_from_label (s->map.board, value) : ACIES_CELL_NONE;

          if (unit->cell2 == cell)
            return FALSE;
          unit->cell2 = cell;
          return TRUE;
        }
    }

  if (g_str_equal (e->s1, "formation") && pool_param_declared (e->self, "formation"))
    {
      AciesPool *pool = acies_scenario_find_pool (s, e->id);

      /* A pool's Wing is the catalogue's "formation" parameter (GC 3.1). */
      if (pool != NULL)
        {
          const char *now = pool->params ? acies_params_get_string (pool->params, "formation", NULL) : NULL;

          if (g_strcmp0 (now, value) == 0 && pool->formation == NULL)
            return FALSE;
          if (pool->params == NULL)
            pool->params = json_object_new ();
          if (value != NULL)
            json_object_set_string_member (pool->params, "formation", value);
          else if (json_object_has_member (pool->params, "formation"))
            json_object_remove_member (pool->params, "formation");
          g_clear_pointer (&pool->formation, g_free);
          return TRUE;
        }
    }

  slot = field_slot (s, e->id, e->s1);
  if (slot == NULL || g_strcmp0 (*slot, value) == 0)
    return FALSE;
  g_free (*slot);
  *slot = g_strdup (value);
  return TRUE;
}

static gboolean
rebuild_inspector_idle_cb (gpointer data)
{
  AciesEditor *self = data;

  /* Not after dispose, which drops the document and the panels. */
  if (self->doc != NULL)
    {
      acies_editor_rebuild_inspector (self);
      acies_editor_rebuild_sides (self);
    }
  return G_SOURCE_REMOVE;
}

static void
acies_editor_set_field (AciesEditor *self,
                        const char  *object,
                        const char  *field,
                        const char  *value,
                        gboolean     from_panel)
{
  Edit edit = { 0 };
  g_autofree char *key = g_strdup_printf ("field:%s:%s", object ? object : "", field);

  edit.self = self;
  edit.id = object;
  edit.s1 = field;
  edit.s2 = value;
  if (from_panel)
    {
      /* A new type or kind brings other attributes: show them, once the
       * drop-down that changed it has returned. */
      if (panel_edit (self, _("Change Field"), key, set_field_func, &edit) &&
          (g_str_equal (field, "type") || g_str_equal (field, "kind") ||
           (acies_scenario_find_pool (scenario_of (self), object) != NULL &&
            (g_str_equal (field, "draw") || g_str_equal (field, "formation"))) ||
           /* A zone's side chooses the Wings its Wing field offers. */
           (acies_scenario_find_area (scenario_of (self), object) != NULL && g_str_equal (field, "side"))))
        g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_inspector_idle_cb,
                         g_object_ref (self), g_object_unref);
    }
  else
    acies_editor_document_edit (self->doc, _("Change Field"), 0, key, set_field_func, &edit);
}

typedef struct
{
  AciesEditor *self;
  char        *object;
  char        *field;
} FieldTarget;

static void
field_target_free (FieldTarget *target)
{
  g_free (target->object);
  g_free (target->field);
  g_free (target);
}

static void
field_target_notify (gpointer  data,
                     GClosure *closure)
{
  field_target_free (data);
}

static void
field_entry_changed_cb (GtkEditable *editable,
                        FieldTarget *target)
{
  acies_editor_set_field (target->self, target->object, target->field,
                          gtk_editable_get_text (editable), TRUE);
}

static GtkWidget *
field_entry (AciesEditor *self,
             const char  *label,
             const char  *object,
             const char  *field,
             const char  *value)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *entry = gtk_entry_new ();
  FieldTarget *target = g_new0 (FieldTarget, 1);

  target->self = self;
  target->object = g_strdup (object);
  target->field = g_strdup (field);
  gtk_box_append (GTK_BOX (box), dim_label_new (label));
  gtk_editable_set_text (GTK_EDITABLE (entry), value ? value : "");
  gtk_widget_set_name (entry, field);
  focus_key_set_field (entry, object, field);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_data (entry, "changed", G_CALLBACK (field_entry_changed_cb),
                         target, field_target_notify, 0);
  gtk_box_append (GTK_BOX (box), entry);
  return box;
}

static void
field_number_changed_cb (GtkSpinButton *spin,
                         FieldTarget   *target)
{
  g_autofree char *text = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

  acies_editor_set_field (target->self, target->object, target->field, text, TRUE);
}

/* A whole number that is a field of an object ("turn_limit"): typed
 * letters or a number out of range say so under the field
 * (acies_spin_button_guard()) and change nothing. */
static GtkWidget *
field_number (AciesEditor *self,
              const char  *label,
              const char  *object,
              const char  *field,
              gint         min,
              gint         max,
              gint         value)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);
  GtkWidget *error_label = gtk_label_new (NULL);
  FieldTarget *target = g_new0 (FieldTarget, 1);

  target->self = self;
  target->object = g_strdup (object);
  target->field = g_strdup (field);
  gtk_label_set_xalign (GTK_LABEL (error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (error_label), TRUE);
  gtk_widget_add_css_class (error_label, "error");
  gtk_widget_add_css_class (error_label, "caption");
  gtk_widget_set_visible (error_label, FALSE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), GTK_LABEL (error_label));
  gtk_widget_set_name (spin, field);
  focus_key_set_field (spin, object, field);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_data (spin, "value-changed", G_CALLBACK (field_number_changed_cb),
                         target, field_target_notify, 0);
  gtk_box_append (GTK_BOX (box), dim_label_new (label));
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), error_label);
  return box;
}

#if GTK_CHECK_VERSION (4, 10, 0)
#define COLOUR_BUTTON_TYPE GTK_TYPE_COLOR_DIALOG_BUTTON
#else
#define COLOUR_BUTTON_TYPE GTK_TYPE_COLOR_BUTTON
#endif

static void
field_colour_changed_cb (GObject     *button,
                         GParamSpec  *pspec,
                         FieldTarget *target)
{
  GdkRGBA *rgba = NULL;
  g_autofree char *text = NULL;

  g_object_get (button, "rgba", &rgba, NULL);
  if (rgba == NULL)
    return;
  /* The file keeps "#rrggbb". */
  text = g_strdup_printf ("#%02x%02x%02x",
                          (guint) lround (CLAMP (rgba->red, 0, 1) * 255),
                          (guint) lround (CLAMP (rgba->green, 0, 1) * 255),
                          (guint) lround (CLAMP (rgba->blue, 0, 1) * 255));
  gdk_rgba_free (rgba);
  acies_editor_set_field (target->self, target->object, target->field, text, TRUE);
}

/* A colour field: a colour button (GtkColorDialogButton from GTK 4.10,
 * GtkColorButton before), saved as "#rrggbb". */
static GtkWidget *
field_colour (AciesEditor *self,
              const char  *label,
              const char  *object,
              const char  *field,
              const char  *value)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *button;
  FieldTarget *target = g_new0 (FieldTarget, 1);
  GdkRGBA rgba = { 0.5, 0.5, 0.5, 1 };

  target->self = self;
  target->object = g_strdup (object);
  target->field = g_strdup (field);
  if (value != NULL)
    gdk_rgba_parse (&rgba, value);
#if GTK_CHECK_VERSION (4, 10, 0)
  {
    GtkColorDialog *dialog = gtk_color_dialog_new ();

    gtk_color_dialog_set_with_alpha (dialog, FALSE);
    gtk_color_dialog_set_title (dialog, label);
    button = gtk_color_dialog_button_new (dialog);
    gtk_color_dialog_button_set_rgba (GTK_COLOR_DIALOG_BUTTON (button), &rgba);
  }
#else
  button = gtk_color_button_new_with_rgba (&rgba);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (button), FALSE);
  gtk_color_button_set_title (GTK_COLOR_BUTTON (button), label);
#endif
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_name (button, field);
  focus_key_set_field (button, object, field);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_data (button, "notify::rgba", G_CALLBACK (field_colour_changed_cb),
                         target, field_target_notify, 0);
  gtk_box_append (GTK_BOX (box), dim_label_new (label));
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

typedef struct
{
  AciesEditor *self;
  char        *object;
  char        *field;
  GStrv        values;
} ChoiceTarget;

static void
choice_target_free (ChoiceTarget *target)
{
  g_free (target->object);
  g_free (target->field);
  g_strfreev (target->values);
  g_free (target);
}

static void
choice_target_notify (gpointer  data,
                      GClosure *closure)
{
  choice_target_free (data);
}

static void
field_choice_changed_cb (GtkDropDown  *dropdown,
                         GParamSpec   *pspec,
                         ChoiceTarget *target)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos == GTK_INVALID_LIST_POSITION || target->values[pos] == NULL)
    return;
  acies_editor_set_field (target->self, target->object, target->field, target->values[pos], TRUE);
}

/* A drop-down over @values (ids) shown as @labels; "" is "none". */
static GtkWidget *
field_choice (AciesEditor        *self,
              const char         *label,
              const char         *object,
              const char         *field,
              const char * const *values,
              const char * const *labels,
              const char         *current)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *dropdown;
  ChoiceTarget *target = g_new0 (ChoiceTarget, 1);
  guint selected = 0;

  target->self = self;
  target->object = g_strdup (object);
  target->field = g_strdup (field);
  target->values = g_strdupv ((char **) values);
  for (guint i = 0; values[i] != NULL; i++)
    if (g_strcmp0 (values[i], current ? current : "") == 0)
      selected = i;

  gtk_box_append (GTK_BOX (box), dim_label_new (label));
  dropdown = acies_drop_down_new_ellipsized (labels);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  gtk_widget_set_name (dropdown, field);
  focus_key_set_field (dropdown, object, field);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_data (dropdown, "notify::selected", G_CALLBACK (field_choice_changed_cb),
                         target, choice_target_notify, 0);
  gtk_box_append (GTK_BOX (box), dropdown);
  return box;
}

/* Choices from a catalogue list of kinds or unit types. */
static void
kind_choices (GPtrArray  *kinds,
              gboolean    unit_types,
              gboolean    with_none,
              GStrv      *values,
              GStrv      *labels)
{
  g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) l = g_strv_builder_new ();

  if (with_none)
    {
      g_strv_builder_add (v, "");
      g_strv_builder_add (l, _("(none)"));
    }
  for (guint i = 0; kinds != NULL && i < kinds->len; i++)
    {
      if (unit_types)
        {
          AciesUnitType *t = g_ptr_array_index (kinds, i);

          g_strv_builder_add (v, t->id);
          g_strv_builder_add (l, t->name ? t->name : t->id);
        }
      else
        {
          AciesKind *k = g_ptr_array_index (kinds, i);

          g_strv_builder_add (v, k->id);
          g_strv_builder_add (l, k->name ? k->name : k->id);
        }
    }
  *values = g_strv_builder_end (v);
  *labels = g_strv_builder_end (l);
}

static void
side_choices (AciesScenario *s,
              GStrv         *values,
              GStrv         *labels)
{
  g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) l = g_strv_builder_new ();

  g_strv_builder_add (v, "");
  g_strv_builder_add (l, _("(none)"));
  for (guint i = 0; i < s->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (s->sides, i);

      g_strv_builder_add (v, side->id);
      g_strv_builder_add (l, side->name ? side->name : side->id);
    }
  *values = g_strv_builder_end (v);
  *labels = g_strv_builder_end (l);
}

/* Order of battle edits. */

static gboolean
add_side_func (AciesScenario *s,
               gpointer       data)
{
  Edit *e = data;
  AciesEditor *self = e->self;
  guint n = s->sides->len;
  g_autofree char *name = g_strdup_printf (_("Side %u"), n + 1);
  AciesSide *side = acies_side_new (e->new_id, e->s1 && *e->s1 ? e->s1 : name);

  if (self->cat && self->cat->side_colours && n < g_strv_length (self->cat->side_colours))
    side->colour = g_strdup (self->cat->side_colours[n]);
  else
    side->colour = g_strdup (n % 2 ? "#c01c28" : "#1c71d8");
  side->home_edge = n % 2 ? ACIES_MAP_EDGE_NORTH : ACIES_MAP_EDGE_SOUTH;
  if (side->params == NULL)
    side->params = json_object_new ();
  if (self->cat)
    fill_defaults (side->params, self->cat->side_params);
  g_ptr_array_add (s->sides, side);
  return TRUE;
}

typedef const char *(*NameFunc) (gconstpointer item);

static const char *formation_name (gconstpointer item) { return ((const AciesFormation *) item)->name; }
static const char *area_name (gconstpointer item) { return ((const AciesArea *) item)->name; }
static const char *leader_name (gconstpointer item) { return ((const AciesLeader *) item)->name; }

/* A name no item of @items has: @base itself unless @numbered or taken,
 * else "@base N" with the first N from 1 (or 2, after a bare @base) that
 * is free ("Set-up zone 2", "Wing 1"): drop-downs never show two alike. */
static char *
unique_name (GPtrArray   *items,
             NameFunc     get_name,
             const char  *base,
             gboolean     numbered)
{
  for (guint n = numbered ? 1 : 0;; n++)
    {
      g_autofree char *name = NULL;
      gboolean taken = FALSE;

      if (n == 1 && !numbered)
        continue;
      name = n == 0 ? g_strdup (base) : g_strdup_printf ("%s %u", base, n);
      for (guint i = 0; i < items->len && !taken; i++)
        taken = g_strcmp0 (get_name (g_ptr_array_index (items, i)), name) == 0;
      if (!taken)
        return g_steal_pointer (&name);
    }
}

static gboolean
add_formation_func (AciesScenario *s,
                    gpointer       data)
{
  Edit *e = data;
  AciesEditor *self = e->self;
  AciesSide *side = acies_scenario_find_side (s, e->id);
  AciesFormation *parent = acies_scenario_find_formation (s, e->id);
  const char *kind = NULL;
  AciesFormation *formation;

  if (side == NULL && parent == NULL)
    return FALSE;
  if (self->cat && self->cat->formation_kinds->len > 0)
    kind = ((AciesKind *) g_ptr_array_index (self->cat->formation_kinds, 0))->id;
  if (e->s1 && *e->s1)
    kind = e->s1;

  formation = acies_formation_new (e->new_id, side ? side->id : parent->side, kind ? kind : "formation");
  if (parent)
    formation->parent = g_strdup (parent->id);
  {
    /* "Wing 1", by the kind's name in the catalogue's words. */
    const AciesKind *k = self->cat && kind ? acies_catalogue_find_kind (self->cat->formation_kinds, kind) : NULL;

    formation->name = unique_name (s->formations, formation_name,
                                   k && k->name && *k->name ? k->name : _("Formation"), TRUE);
  }
  if (formation->params == NULL)
    formation->params = json_object_new ();
  if (self->cat)
    fill_defaults (formation->params, self->cat->formation_params);
  g_ptr_array_add (s->formations, formation);
  return TRUE;
}

/* A readable name for a new unit: its type and the next number free
 * among the scenario's unit names ("Heavy Infantry 3"). */
static char *
unit_default_name (AciesScenario       *s,
                   const AciesUnitType *type)
{
  const char *base = type->name != NULL && *type->name != '\0' ? type->name : type->id;
  guint number = 1;

  for (guint i = 0; i < s->units->len; i++)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (s->units, i))->type, type->id) == 0)
      number++;
  for (;;)
    {
      char *name = g_strdup_printf ("%s %u", base, number);
      gboolean taken = FALSE;

      for (guint i = 0; i < s->units->len && !taken; i++)
        taken = g_strcmp0 (((AciesUnit *) g_ptr_array_index (s->units, i))->name, name) == 0;
      if (!taken)
        return name;
      g_free (name);
      number++;
    }
}

static gboolean
add_unit_func (AciesScenario *s,
               gpointer       data)
{
  Edit *e = data;
  AciesEditor *self = e->self;
  AciesSide *side = acies_scenario_find_side (s, e->id);
  AciesFormation *formation = acies_scenario_find_formation (s, e->id);
  gboolean leader = e->n1 != 0;
  GPtrArray *types = self->cat ? (leader ? self->cat->leader_kinds : self->cat->unit_types) : NULL;
  const AciesUnitType *type = NULL;
  const char *side_id;

  if (side == NULL && formation == NULL)
    return FALSE;
  side_id = side ? side->id : formation->side;

  for (guint i = 0; types != NULL && i < types->len; i++)
    {
      AciesUnitType *t = g_ptr_array_index (types, i);

      if (type == NULL || g_strcmp0 (t->id, e->s1) == 0)
        type = t;
      if (g_strcmp0 (t->id, e->s1) == 0)
        break;
    }
  if (type == NULL)
    return FALSE;

  if (leader)
    {
      AciesLeader *l = acies_leader_new (e->new_id, side_id, type->id);

      l->formation = formation ? g_strdup (formation->id) : NULL;
      l->name = unique_name (s->leaders, leader_name, type->name ? type->name : type->id, FALSE);
      if (l->attrs == NULL)
        l->attrs = json_object_new ();
      fill_defaults (l->attrs, type->attributes);
      g_ptr_array_add (s->leaders, l);
    }
  else
    {
      AciesUnit *u = acies_unit_new (e->new_id, side_id, type->id);

      u->formation = formation ? g_strdup (formation->id) : NULL;
      if (u->attrs == NULL)
        u->attrs = json_object_new ();
      fill_defaults (u->attrs, type->attributes);
      if (type->hidden != NULL && type->hidden->len > 0)
        {
          if (u->hidden == NULL)
            u->hidden = json_object_new ();
          fill_defaults (u->hidden, type->hidden);
        }
      /* No facing of its own: the rules set it at the start (GC 8.1:
       * Foot face the enemy's edge). */
      u->facing = -1;
      u->name = unit_default_name (s, type);
      g_ptr_array_add (s->units, u);
    }
  return TRUE;
}

/* Removes from @params every value that names the formation @id: a
 * formation parameter of @specs or @more, or (for a parameter the
 * catalogue does not know) any value equal to the id. */
static void
forget_formation_params (JsonObject *params,
                         GPtrArray  *specs,
                         GPtrArray  *more,
                         const char *id)
{
  g_autoptr(GList) names = NULL;

  if (params == NULL)
    return;
  names = json_object_get_members (params);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (params, name);
      const AciesParamSpec *spec = NULL;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
          g_strcmp0 (json_node_get_string (node), id) != 0)
        continue;
      if (specs != NULL)
        spec = acies_catalogue_find_param (specs, name);
      if (spec == NULL && more != NULL)
        spec = acies_catalogue_find_param (more, name);
      if (spec == NULL || spec->type == ACIES_VALUE_FORMATION)
        json_object_remove_member (params, name);
    }
}

/* Clears every reference to the formation @id outside the formation
 * tree itself: set-up zones' and pools' Wing (member and parameter), the
 * parameters of sides, formations, rules and the scenario. */
static void
forget_formation (AciesEditor   *self,
                  AciesScenario *s,
                  const char    *id)
{
  AciesCatalogue *cat = self != NULL ? self->cat : NULL;

  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (s->areas, i);
      const AciesKind *kind = cat ? acies_catalogue_find_kind (cat->area_kinds, a->kind) : NULL;

      if (g_strcmp0 (a->formation, id) == 0)
        g_clear_pointer (&a->formation, g_free);
      forget_formation_params (a->params, kind ? kind->params : NULL, NULL, id);
    }
  for (guint i = 0; i < s->pools->len; i++)
    {
      AciesPool *p = g_ptr_array_index (s->pools, i);

      if (g_strcmp0 (p->formation, id) == 0)
        g_clear_pointer (&p->formation, g_free);
      forget_formation_params (p->params, cat ? cat->pool_params : NULL, NULL, id);
    }
  for (guint i = 0; i < s->sides->len; i++)
    forget_formation_params (((AciesSide *) g_ptr_array_index (s->sides, i))->params,
                             cat ? cat->side_params : NULL, NULL, id);
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);
      const AciesKind *kind = cat ? acies_catalogue_find_kind (cat->formation_kinds, f->kind) : NULL;

      forget_formation_params (f->params, kind ? kind->params : NULL, cat ? cat->formation_params : NULL, id);
    }
  for (GPtrArray *lists[] = { s->special_rules, s->victory, NULL }, **l = lists; *l; l++)
    for (guint i = 0; i < (*l)->len; i++)
      {
        AciesRuleEntry *r = g_ptr_array_index (*l, i);
        GPtrArray *kinds = cat ? (*l == s->special_rules ? cat->special_rules : cat->victory_kinds) : NULL;
        const AciesKind *kind = kinds ? acies_catalogue_find_kind (kinds, r->kind) : NULL;

        forget_formation_params (r->params, kind ? kind->params : NULL, NULL, id);
      }
  forget_formation_params (s->params, cat ? cat->scenario_params : NULL, NULL, id);
  for (guint i = 0; i < s->units->len; i++)
    {
      AciesUnit *u = g_ptr_array_index (s->units, i);

      if (g_strcmp0 (u->formation, id) == 0)
        g_clear_pointer (&u->formation, g_free);
    }
  for (guint i = 0; i < s->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);

      if (g_strcmp0 (l->formation, id) == 0)
        g_clear_pointer (&l->formation, g_free);
    }
}

static void
remove_formation_tree (AciesEditor   *self,
                       AciesScenario *s,
                       const char    *id)
{
  /* Sub-formations first, then the units and leaders it holds. */
  for (guint i = 0; i < s->formations->len;)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);

      if (g_strcmp0 (f->parent, id) == 0)
        {
          g_autofree char *child = g_strdup (f->id);

          remove_formation_tree (self, s, child);
          i = 0;
          continue;
        }
      i++;
    }
  for (guint i = s->units->len; i-- > 0;)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (s->units, i))->formation, id) == 0)
      g_ptr_array_remove_index (s->units, i);
  for (guint i = s->leaders->len; i-- > 0;)
    if (g_strcmp0 (((AciesLeader *) g_ptr_array_index (s->leaders, i))->formation, id) == 0)
      g_ptr_array_remove_index (s->leaders, i);
  forget_formation (self, s, id);
  for (guint i = 0; i < s->formations->len; i++)
    if (g_strcmp0 (((AciesFormation *) g_ptr_array_index (s->formations, i))->id, id) == 0)
      {
        g_ptr_array_remove_index (s->formations, i);
        break;
      }
}

static void
forget_unit (AciesScenario *s,
             const char    *id)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      for (guint j = r->units->len; j-- > 0;)
        if (g_str_equal (g_ptr_array_index (r->units, j), id))
          g_ptr_array_remove_index (r->units, j);
    }
  for (guint i = 0; i < s->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);

      if (g_strcmp0 (l->attached_to, id) == 0)
        g_clear_pointer (&l->attached_to, g_free);
    }
}

static gboolean
remove_func (AciesScenario *s,
             gpointer       data)
{
  Edit *e = data;
  const char *kind = kind_of_id (s, e->id);
  g_autofree char *id = g_strdup (e->id);

  if (kind == NULL)
    return FALSE;

  if (g_str_equal (kind, "unit"))
    {
      forget_unit (s, id);
      g_ptr_array_remove (s->units, acies_scenario_find_unit (s, id));
    }
  else if (g_str_equal (kind, "leader"))
    g_ptr_array_remove (s->leaders, acies_scenario_find_leader (s, id));
  else if (g_str_equal (kind, "formation"))
    remove_formation_tree (e->self, s, id);
  else if (g_str_equal (kind, "area"))
    {
      for (guint i = 0; i < s->pools->len; i++)
        {
          AciesPool *p = g_ptr_array_index (s->pools, i);

          if (g_strcmp0 (p->area, id) == 0)
            g_clear_pointer (&p->area, g_free);
        }
      for (guint i = 0; i < s->reinforcements->len; i++)
        {
          AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

          if (g_strcmp0 (r->area, id) == 0)
            g_clear_pointer (&r->area, g_free);
        }
      g_ptr_array_remove (s->areas, acies_scenario_find_area (s, id));
    }
  else if (g_str_equal (kind, "pool"))
    g_ptr_array_remove (s->pools, acies_scenario_find_pool (s, id));
  else if (g_str_equal (kind, "side"))
    {
      for (guint i = s->formations->len; i-- > 0;)
        {
          AciesFormation *f = g_ptr_array_index (s->formations, i);

          if (g_strcmp0 (f->side, id) == 0 && f->parent == NULL)
            {
              g_autofree char *fid = g_strdup (f->id);

              remove_formation_tree (e->self, s, fid);
              i = s->formations->len;
            }
        }
      for (guint i = s->units->len; i-- > 0;)
        {
          AciesUnit *u = g_ptr_array_index (s->units, i);

          if (g_strcmp0 (u->side, id) == 0)
            {
              forget_unit (s, u->id);
              g_ptr_array_remove_index (s->units, i);
            }
        }
      for (guint i = s->leaders->len; i-- > 0;)
        if (g_strcmp0 (((AciesLeader *) g_ptr_array_index (s->leaders, i))->side, id) == 0)
          g_ptr_array_remove_index (s->leaders, i);
      for (guint i = s->pools->len; i-- > 0;)
        if (g_strcmp0 (((AciesPool *) g_ptr_array_index (s->pools, i))->side, id) == 0)
          g_ptr_array_remove_index (s->pools, i);
      for (guint i = s->reinforcements->len; i-- > 0;)
        if (g_strcmp0 (((AciesReinforcement *) g_ptr_array_index (s->reinforcements, i))->side, id) == 0)
          g_ptr_array_remove_index (s->reinforcements, i);
      for (guint i = 0; i < s->areas->len; i++)
        {
          AciesArea *a = g_ptr_array_index (s->areas, i);

          if (g_strcmp0 (a->side, id) == 0)
            g_clear_pointer (&a->side, g_free);
        }
      for (GPtrArray *lists[] = { s->special_rules, s->victory, NULL }, **l = lists; *l; l++)
        for (guint i = 0; i < (*l)->len; i++)
          {
            AciesRuleEntry *r = g_ptr_array_index (*l, i);

            if (g_strcmp0 (r->side, id) == 0)
              g_clear_pointer (&r->side, g_free);
          }
      if (g_strcmp0 (s->first_side, id) == 0)
        g_clear_pointer (&s->first_side, g_free);
      g_ptr_array_remove (s->sides, acies_scenario_find_side (s, id));
    }

  return TRUE;
}

static JsonObject *
object_copy (JsonObject *object)
{
  return object ? acies_json_object_copy (object) : NULL;
}

static gboolean
duplicate_func (AciesScenario *s,
                gpointer       data)
{
  Edit *e = data;
  AciesUnit *unit = acies_scenario_find_unit (s, e->id);
  AciesLeader *leader = acies_scenario_find_leader (s, e->id);
  AciesFormation *formation = acies_scenario_find_formation (s, e->id);

  if (unit != NULL)
    {
      AciesUnit *copy = acies_unit_new (e->new_id, unit->side, unit->type);

      copy->formation = g_strdup (unit->formation);
      copy->name = g_strdup (unit->name);
      g_clear_pointer (&copy->attrs, json_object_unref);
      copy->attrs = object_copy (unit->attrs);
      g_clear_pointer (&copy->hidden, json_object_unref);
      copy->hidden = object_copy (unit->hidden);
      copy->facing = unit->facing;
      g_ptr_array_insert (s->units, index_of (s->units, unit) + 1, copy);
      return TRUE;
    }
  if (leader != NULL)
    {
      AciesLeader *copy = acies_leader_new (e->new_id, leader->side, leader->kind);

      copy->formation = g_strdup (leader->formation);
      copy->name = g_strdup (leader->name);
      g_clear_pointer (&copy->attrs, json_object_unref);
      copy->attrs = object_copy (leader->attrs);
      g_ptr_array_insert (s->leaders, index_of (s->leaders, leader) + 1, copy);
      return TRUE;
    }
  if (formation != NULL)
    {
      AciesFormation *copy = acies_formation_new (e->new_id, formation->side, formation->kind);

      copy->parent = g_strdup (formation->parent);
      copy->name = g_strdup_printf ("%s (2)", formation->name ? formation->name : formation->id);
      copy->colour = g_strdup (formation->colour);
      g_clear_pointer (&copy->params, json_object_unref);
      copy->params = object_copy (formation->params);
      g_ptr_array_insert (s->formations, index_of (s->formations, formation) + 1, copy);
      return TRUE;
    }
  return FALSE;
}

/* Swaps the object with its previous (n1 < 0) or next sibling of the same
 * kind: the same side and formation. */
static gboolean
move_func (AciesScenario *s,
           gpointer       data)
{
  Edit *e = data;
  const char *kind = kind_of_id (s, e->id);
  GPtrArray *array;
  gint index;
  gint step = e->n1 < 0 ? -1 : 1;

  if (kind == NULL)
    return FALSE;
  if (g_str_equal (kind, "side"))
    array = s->sides;
  else if (g_str_equal (kind, "formation"))
    array = s->formations;
  else if (g_str_equal (kind, "unit"))
    array = s->units;
  else if (g_str_equal (kind, "leader"))
    array = s->leaders;
  else if (g_str_equal (kind, "area"))
    array = s->areas;
  else
    return FALSE;

  for (index = 0; index < (gint) array->len; index++)
    if (g_strcmp0 (*(char **) g_ptr_array_index (array, index), e->id) == 0)
      break;

  for (gint j = index + step; j >= 0 && j < (gint) array->len; j += step)
    {
      gpointer a = g_ptr_array_index (array, index);
      gpointer b = g_ptr_array_index (array, j);
      gboolean sibling = TRUE;

      if (g_str_equal (kind, "unit"))
        sibling = g_strcmp0 (((AciesUnit *) a)->side, ((AciesUnit *) b)->side) == 0 &&
                  g_strcmp0 (((AciesUnit *) a)->formation, ((AciesUnit *) b)->formation) == 0;
      else if (g_str_equal (kind, "leader"))
        sibling = g_strcmp0 (((AciesLeader *) a)->side, ((AciesLeader *) b)->side) == 0 &&
                  g_strcmp0 (((AciesLeader *) a)->formation, ((AciesLeader *) b)->formation) == 0;
      else if (g_str_equal (kind, "formation"))
        sibling = g_strcmp0 (((AciesFormation *) a)->side, ((AciesFormation *) b)->side) == 0 &&
                  g_strcmp0 (((AciesFormation *) a)->parent, ((AciesFormation *) b)->parent) == 0;
      if (!sibling)
        continue;

      array->pdata[index] = b;
      array->pdata[j] = a;
      return TRUE;
    }

  return FALSE;
}

static gboolean
formation_is_below (AciesScenario *s,
                    const char    *id,
                    const char    *ancestor)
{
  for (guint guard = 0; id != NULL && guard < 1000; guard++)
    {
      AciesFormation *f;

      if (g_strcmp0 (id, ancestor) == 0)
        return TRUE;
      f = acies_scenario_find_formation (s, id);
      id = f ? f->parent : NULL;
    }
  return FALSE;
}

/* Moves an object under another (a side or a formation). */
static gboolean
reparent_func (AciesScenario *s,
               gpointer       data)
{
  Edit *e = data;
  AciesUnit *unit = acies_scenario_find_unit (s, e->id);
  AciesLeader *leader = acies_scenario_find_leader (s, e->id);
  AciesFormation *formation = acies_scenario_find_formation (s, e->id);
  AciesSide *to_side = acies_scenario_find_side (s, e->s1);
  AciesFormation *to_formation = acies_scenario_find_formation (s, e->s1);
  const char *side_id;
  const char *formation_id;
  char **side_slot, **formation_slot;

  if (to_side == NULL && to_formation == NULL)
    return FALSE;
  side_id = to_side ? to_side->id : to_formation->side;
  formation_id = to_formation ? to_formation->id : NULL;

  if (unit != NULL)
    {
      side_slot = &unit->side;
      formation_slot = &unit->formation;
    }
  else if (leader != NULL)
    {
      side_slot = &leader->side;
      formation_slot = &leader->formation;
    }
  else if (formation != NULL)
    {
      if (formation_id != NULL && formation_is_below (s, formation_id, formation->id))
        return FALSE;
      side_slot = &formation->side;
      formation_slot = &formation->parent;
    }
  else
    return FALSE;

  if (g_strcmp0 (*side_slot, side_id) == 0 && g_strcmp0 (*formation_slot, formation_id) == 0)
    return FALSE;

  /* A formation moved to another side takes its units along. */
  if (formation != NULL && g_strcmp0 (formation->side, side_id) != 0)
    {
      for (guint i = 0; i < s->units->len; i++)
        {
          AciesUnit *u = g_ptr_array_index (s->units, i);

          if (u->formation && formation_is_below (s, u->formation, formation->id))
            {
              g_free (u->side);
              u->side = g_strdup (side_id);
            }
        }
      for (guint i = 0; i < s->leaders->len; i++)
        {
          AciesLeader *l = g_ptr_array_index (s->leaders, i);

          if (l->formation && formation_is_below (s, l->formation, formation->id))
            {
              g_free (l->side);
              l->side = g_strdup (side_id);
            }
        }
      for (guint i = 0; i < s->formations->len; i++)
        {
          AciesFormation *f = g_ptr_array_index (s->formations, i);

          if (f != formation && formation_is_below (s, f->id, formation->id))
            {
              g_free (f->side);
              f->side = g_strdup (side_id);
            }
        }
    }

  g_free (*side_slot);
  *side_slot = g_strdup (side_id);
  g_free (*formation_slot);
  *formation_slot = g_strdup (formation_id);
  return TRUE;
}

static AciesCell
second_cell (AciesEditor   *self,
             AciesScenario *s,
             AciesCell      cell,
             gint           facing)
{
  guint n = acies_board_get_n_directions (s->map.board);

  /* A two-hex unit stands beside its first hex, along its front: to the
   * right of the facing (the direction two steps clockwise of it). */
  return acies_board_neighbour (s->map.board, cell, ((facing < 0 ? 0 : facing) + 2) % n);
}

static gboolean
place_func (AciesScenario *s,
            gpointer       data)
{
  Edit *e = data;
  AciesUnit *unit = acies_scenario_find_unit (s, e->id);
  AciesLeader *leader = acies_scenario_find_leader (s, e->id);
  AciesCell cell = (AciesCell) e->n1;

  if (unit != NULL)
    {
      const AciesUnitType *type = unit_type_of (e->self, unit->type);
      AciesCell cell2 = ACIES_CELL_NONE;

      if (type != NULL && type->two_hex && cell != ACIES_CELL_NONE)
        cell2 = second_cell (e->self, s, cell, unit->facing);
      if (unit->cell == cell && unit->cell2 == cell2)
        return FALSE;
      unit->cell = cell;
      unit->cell2 = cell2;
      return TRUE;
    }
  if (leader != NULL)
    {
      if (leader->cell == cell)
        return FALSE;
      leader->cell = cell;
      return TRUE;
    }
  return FALSE;
}

static gboolean
rotate_func (AciesScenario *s,
             gpointer       data)
{
  Edit *e = data;
  AciesUnit *unit = acies_scenario_find_unit (s, e->id);
  guint n = n_facings (e->self);
  gint facing;

  if (unit == NULL || n == 0)
    return FALSE;
  facing = (gint) (((e->n1 % (gint) n) + n) % n);
  if (unit->facing == facing)
    return FALSE;
  unit->facing = facing;
  if (unit->cell2 != ACIES_CELL_NONE)
    unit->cell2 = second_cell (e->self, s, unit->cell, facing);
  return TRUE;
}

static gboolean
add_area_func (AciesScenario *s,
               gpointer       data)
{
  Edit *e = data;
  AciesArea *area = acies_area_new (e->new_id, e->s1);
  const AciesKind *kind = e->self->cat ? acies_catalogue_find_kind (e->self->cat->area_kinds, e->s1) : NULL;

  area->name = e->s2 && *e->s2 ? g_strdup (e->s2)
                               : unique_name (s->areas, area_name, kind && kind->name ? kind->name : e->s1, FALSE);
  if (e->s3 && *e->s3)
    area->side = g_strdup (e->s3);
  if (area->params == NULL)
    area->params = json_object_new ();
  if (kind != NULL)
    fill_defaults (area->params, kind->params);
  g_ptr_array_add (s->areas, area);
  return TRUE;
}

static gboolean
area_cells_func (AciesScenario *s,
                 gpointer       data)
{
  Edit *e = data;
  AciesArea *area = acies_scenario_find_area (s, e->id);
  gboolean add = e->n1 != 0;
  gboolean changed = FALSE;

  if (area == NULL)
    return FALSE;

  for (guint k = 0; k < e->cells->len; k++)
    {
      AciesCell c = g_array_index (e->cells, AciesCell, k);
      guint i = 0;

      while (i < area->cells->len && g_array_index (area->cells, AciesCell, i) < c)
        i++;
      if (add && (i == area->cells->len || g_array_index (area->cells, AciesCell, i) != c))
        {
          g_array_insert_val (area->cells, i, c);
          changed = TRUE;
        }
      else if (!add && i < area->cells->len && g_array_index (area->cells, AciesCell, i) == c)
        {
          g_array_remove_index (area->cells, i);
          changed = TRUE;
        }
    }
  return changed;
}

static gboolean
add_rule_func (AciesScenario *s,
               gpointer       data)
{
  Edit *e = data;
  gboolean victory = g_strcmp0 (e->s1, "victory") == 0;
  GPtrArray *kinds = e->self->cat ? (victory ? e->self->cat->victory_kinds : e->self->cat->special_rules) : NULL;
  const AciesKind *kind = kinds ? acies_catalogue_find_kind (kinds, e->s2) : NULL;
  AciesRuleEntry *entry;

  if (kind == NULL)
    return FALSE;
  entry = acies_rule_entry_new (kind->id);
  if (entry->params == NULL)
    entry->params = json_object_new ();
  fill_defaults (entry->params, kind->params);
  g_ptr_array_add (victory ? s->victory : s->special_rules, entry);
  return TRUE;
}

static gboolean
remove_rule_func (AciesScenario *s,
                  gpointer       data)
{
  Edit *e = data;
  GPtrArray *list = g_strcmp0 (e->s1, "victory") == 0 ? s->victory : s->special_rules;

  if (e->n1 < 0 || (guint) e->n1 >= list->len)
    return FALSE;
  g_ptr_array_remove_index (list, e->n1);
  return TRUE;
}

static gboolean
rule_side_func (AciesScenario *s,
                gpointer       data)
{
  Edit *e = data;
  GPtrArray *list = g_strcmp0 (e->s1, "victory") == 0 ? s->victory : s->special_rules;
  AciesRuleEntry *entry;

  if (e->n1 < 0 || (guint) e->n1 >= list->len)
    return FALSE;
  entry = g_ptr_array_index (list, e->n1);
  if (g_strcmp0 (entry->side, e->s2 && *e->s2 ? e->s2 : NULL) == 0)
    return FALSE;
  g_free (entry->side);
  entry->side = e->s2 && *e->s2 ? g_strdup (e->s2) : NULL;
  return TRUE;
}

static gboolean
pool_add_func (AciesScenario *s,
               gpointer       data)
{
  Edit *e = data;
  AciesSide *side = acies_scenario_find_side (s, e->id);
  AciesPool *pool = NULL;
  const AciesUnitType *type = unit_type_of (e->self, e->s1);
  AciesPoolEntry *entry = NULL;

  if (side == NULL || type == NULL)
    return FALSE;
  for (guint i = 0; i < s->pools->len; i++)
    if (g_strcmp0 (((AciesPool *) g_ptr_array_index (s->pools, i))->side, side->id) == 0)
      pool = g_ptr_array_index (s->pools, i);
  if (pool == NULL)
    {
      pool = acies_pool_new (e->new_id, side->id);
      g_ptr_array_add (s->pools, pool);
    }
  for (guint i = 0; i < pool->entries->len; i++)
    if (g_strcmp0 (((AciesPoolEntry *) g_ptr_array_index (pool->entries, i))->type, type->id) == 0)
      entry = g_ptr_array_index (pool->entries, i);
  if (entry == NULL)
    {
      entry = acies_pool_entry_new (type->id, 0);
      if (entry->attrs == NULL)
        entry->attrs = json_object_new ();
      fill_defaults (entry->attrs, type->attributes);
      g_ptr_array_add (pool->entries, entry);
    }
  entry->count += (guint) MAX (e->n1, 1);
  return TRUE;
}

static gboolean
pool_count_func (AciesScenario *s,
                 gpointer       data)
{
  Edit *e = data;
  AciesPool *pool = acies_scenario_find_pool (s, e->id);
  AciesPoolEntry *entry;

  if (pool == NULL || e->n1 < 0 || (guint) e->n1 >= pool->entries->len)
    return FALSE;
  entry = g_ptr_array_index (pool->entries, e->n1);
  if (e->n2 <= 0)
    {
      g_ptr_array_remove_index (pool->entries, e->n1);
      return TRUE;
    }
  if (entry->count == (guint) e->n2)
    return FALSE;
  entry->count = (guint) e->n2;
  return TRUE;
}

static gboolean
reinforce_func (AciesScenario *s,
                gpointer       data)
{
  Edit *e = data;
  AciesUnit *unit = acies_scenario_find_unit (s, e->id);
  AciesReinforcement *target = NULL;

  if (unit == NULL)
    return FALSE;
  forget_unit (s, unit->id);
  for (guint i = s->reinforcements->len; i-- > 0;)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      if (r->units->len == 0)
        g_ptr_array_remove_index (s->reinforcements, i);
    }
  if (e->n1 > 0)
    {
      for (guint i = 0; i < s->reinforcements->len; i++)
        {
          AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

          if (g_strcmp0 (r->side, unit->side) == 0 && r->turn == (guint) e->n1)
            target = r;
        }
      if (target == NULL)
        {
          target = acies_reinforcement_new (e->new_id, unit->side, (guint) e->n1);
          g_ptr_array_add (s->reinforcements, target);
        }
      g_ptr_array_add (target->units, g_strdup (unit->id));
      unit->cell = ACIES_CELL_NONE;
      unit->cell2 = ACIES_CELL_NONE;
    }
  return TRUE;
}

static gboolean
table_cell_func (AciesScenario *s,
                 gpointer       data)
{
  Edit *e = data;
  JsonObject *override, *cell;
  JsonArray *cells;

  if (s->table_overrides == NULL)
    s->table_overrides = json_object_new ();
  if (!json_object_has_member (s->table_overrides, e->id))
    json_object_set_object_member (s->table_overrides, e->id, json_object_new ());
  override = json_object_get_object_member (s->table_overrides, e->id);
  if (!json_object_has_member (override, "cells"))
    json_object_set_array_member (override, "cells", json_array_new ());
  cells = json_object_get_array_member (override, "cells");

  /* Replace an earlier override of the same cell. */
  for (guint i = json_array_get_length (cells); i-- > 0;)
    {
      JsonObject *old = json_array_get_object_element (cells, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (old, "row", ""), e->s1) == 0 &&
          g_strcmp0 (json_object_get_string_member_with_default (old, "column", ""), e->s2) == 0)
        json_array_remove_element (cells, i);
    }

  if (e->node != NULL)
    {
      cell = json_object_new ();
      json_object_set_string_member (cell, "row", e->s1);
      json_object_set_string_member (cell, "column", e->s2);
      json_object_set_member (cell, "value", acies_json_node_copy_deep (e->node));
      json_object_set_string_member (cell, "source", e->s3 ? e->s3 : "rulebook");
      /* A printed value cites where it is printed: the table's section. */
      json_object_set_string_member (cell, "section", e->s4 ? e->s4 : "printed chart");
      json_array_add_object_element (cells, cell);
    }

  if (json_array_get_length (cells) == 0)
    json_object_remove_member (s->table_overrides, e->id);
  if (json_object_get_size (s->table_overrides) == 0)
    g_clear_pointer (&s->table_overrides, json_object_unref);
  return TRUE;
}

/* Board tools. */

static GArray *
brush_cells (AciesEditor *self,
             AciesCell    centre)
{
  AciesScenario *s = scenario_of (self);
  const AciesBoard *board = s->map.board;
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  AciesCell neighbours[8];
  guint start = 0;

  g_array_append_val (cells, centre);
  g_hash_table_add (seen, GINT_TO_POINTER (centre + 1));
  for (gint ring = 1; ring < self->brush_size; ring++)
    {
      guint end = cells->len;

      for (guint i = start; i < end; i++)
        {
          guint n = acies_board_neighbours (board, g_array_index (cells, AciesCell, i),
                                            ACIES_ADJ_ORTHOGONAL, neighbours);

          for (guint k = 0; k < n; k++)
            if (neighbours[k] != ACIES_CELL_NONE &&
                g_hash_table_add (seen, GINT_TO_POINTER (neighbours[k] + 1)))
              g_array_append_val (cells, neighbours[k]);
        }
      start = end;
    }
  return cells;
}

static const char *
unit_at (AciesScenario *s,
         AciesCell      cell)
{
  for (guint i = s->units->len; i-- > 0;)
    {
      AciesUnit *u = g_ptr_array_index (s->units, i);

      if (u->cell == cell || (u->cell2 != ACIES_CELL_NONE && u->cell2 == cell))
        return u->id;
    }
  for (guint i = s->leaders->len; i-- > 0;)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);

      if (l->cell == cell)
        return l->id;
    }
  return NULL;
}

static void
acies_editor_set_state (AciesEditor *self,
                        const char  *action,
                        GVariant    *state)
{
  /* Through the action, so its change-state handler updates the tool. */
  g_action_group_change_action_state (G_ACTION_GROUP (self->actions), action, state);
}

/* Applies the current tool at one cell (and edge), as part of a stroke. */
static void
acies_editor_apply_tool (AciesEditor *self,
                         AciesCell    cell,
                         AciesEdge    edge,
                         gboolean     first)
{
  AciesScenario *s = scenario_of (self);
  const char *tool = self->tool;

  if (s == NULL)
    return;

  if (g_str_equal (tool, "edge"))
    {
      AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

      if (edge == ACIES_EDGE_NONE || self->brush == NULL || edge == self->last_edge)
        return;
      /* A side on the map border has one cell on the board: a feature
       * there divides nothing, so the pen does not draw it (the eraser
       * still removes one that a file brought). */
      acies_board_edge_cells (s->map.board, edge, &a, &b);
      if (!self->erase && (a == ACIES_CELL_NONE || b == ACIES_CELL_NONE))
        return;
      self->last_edge = edge;
      acies_editor_document_set_edge_feature (self->doc, &edge, 1, self->brush, !self->erase, TRUE);
      return;
    }

  /* A click off the board with the select tool selects nothing. */
  if (cell == ACIES_CELL_NONE && first && g_str_equal (tool, "select"))
    {
      g_clear_pointer (&self->drag_unit, g_free);
      acies_board_view_set_selected_cell (self->view, ACIES_CELL_NONE);
      acies_editor_select (self, NULL);
      return;
    }
  if (cell == ACIES_CELL_NONE || (!first && cell == self->last_cell))
    return;
  self->last_cell = cell;

  if (g_str_equal (tool, "terrain") || g_str_equal (tool, "feature") ||
      g_str_equal (tool, "elevation") || g_str_equal (tool, "area"))
    {
      g_autoptr(GArray) cells = brush_cells (self, cell);

      if (g_str_equal (tool, "terrain") && self->brush)
        acies_editor_document_paint_terrain (self->doc, (AciesCell *) cells->data, cells->len, self->brush, TRUE);
      else if (g_str_equal (tool, "feature") && self->brush)
        acies_editor_document_set_cell_feature (self->doc, (AciesCell *) cells->data, cells->len,
                                                self->brush, !self->erase, TRUE);
      else if (g_str_equal (tool, "elevation"))
        acies_editor_document_set_elevation (self->doc, (AciesCell *) cells->data, cells->len,
                                             self->level, TRUE);
      else if (g_str_equal (tool, "area") && self->brush)
        {
          Edit e = { 0 };
          g_autofree char *key = g_strdup_printf ("area-stroke:%s", self->brush);

          e.self = self;
          e.id = self->brush;
          e.cells = cells;
          e.n1 = !self->erase;
          acies_editor_document_edit (self->doc, _("Paint Area"), 0, key, area_cells_func, &e);
        }
    }
  else if (g_str_equal (tool, "fill") && first && self->brush)
    acies_editor_document_fill_terrain (self->doc, cell, self->brush);
  else if (g_str_equal (tool, "eyedropper") && first)
    {
      const char *terrain = acies_map_get_terrain (&s->map, cell);

      if (terrain != NULL)
        {
          acies_editor_set_state (self, "brush", g_variant_new_string (terrain));
          acies_editor_set_state (self, "tool", g_variant_new_string ("terrain"));
        }
    }
  else if (g_str_equal (tool, "unit") && first && self->sel_id != NULL)
    {
      Edit e = { 0 };

      e.self = self;
      e.id = self->sel_id;
      e.n1 = cell;
      do_edit (self, _("Place Unit"), place_func, &e);
    }
  else if (g_str_equal (tool, "select"))
    {
      const char *id = unit_at (s, cell);

      acies_board_view_set_selected_cell (self->view, cell);
      if (first)
        {
          g_clear_pointer (&self->drag_unit, g_free);
          if (id != NULL)
            {
              self->drag_unit = g_strdup (id);
              acies_editor_select (self, id);
            }
          else
            /* An empty cell: the inspector shows the cell. */
            acies_editor_select (self, NULL);
        }
    }
}

static void
stroke_begin_cb (AciesBoardView *view,
                 double          x,
                 double          y,
                 AciesEditor    *self)
{
  self->last_cell = ACIES_CELL_NONE;
  self->last_edge = ACIES_EDGE_NONE;
  self->last_x = x;
  self->last_y = y;
  acies_editor_document_break_merge (self->doc);

  /* Brush strokes on the map draw a preview over the cached board. */
  if (g_str_equal (self->tool, "terrain") || g_str_equal (self->tool, "edge") ||
      g_str_equal (self->tool, "feature") || g_str_equal (self->tool, "elevation"))
    acies_board_view_begin_preview (view);
  acies_editor_apply_tool (self, acies_board_view_cell_at_point (view, x, y),
                           acies_board_view_edge_at_point (view, x, y), TRUE);
}

static void
stroke_update_cb (AciesBoardView *view,
                  double          x,
                  double          y,
                  AciesEditor    *self)
{
  double bx0, by0, bx1, by1, step = 8.0;
  guint n = 1;

  if (g_str_equal (self->tool, "select"))
    return;

  /* The pointer may jump several cells between two motion events: walk
   * the segment from the last position in steps of a fifth of a cell (at
   * most 8 pixels), so that every cell and hexside it crosses is drawn. */
  if (acies_board_view_point_to_board (view, 0, 0, &bx0, &by0) &&
      acies_board_view_point_to_board (view, 100, 100, &bx1, &by1) && bx1 > bx0)
    step = CLAMP (100.0 / (bx1 - bx0) / 5.0, 1.0, 8.0);
  n = MIN ((guint) ceil (hypot (x - self->last_x, y - self->last_y) / step), 4096);
  for (guint i = 1; i <= MAX (n, 1); i++)
    {
      double t = n > 0 ? (double) i / n : 1.0;
      double px = self->last_x + (x - self->last_x) * t;
      double py = self->last_y + (y - self->last_y) * t;

      acies_editor_apply_tool (self, acies_board_view_cell_at_point (view, px, py),
                               acies_board_view_edge_at_point (view, px, py), FALSE);
    }
  self->last_x = x;
  self->last_y = y;
}

static void
stroke_end_cb (AciesBoardView *view,
               double          x,
               double          y,
               AciesEditor    *self)
{
  AciesCell cell = acies_board_view_cell_at_point (view, x, y);

  /* Select tool: dropping a dragged unit on another cell moves it. */
  if (self->drag_unit != NULL && cell != ACIES_CELL_NONE)
    {
      AciesUnit *unit = acies_scenario_find_unit (scenario_of (self), self->drag_unit);
      AciesLeader *leader = acies_scenario_find_leader (scenario_of (self), self->drag_unit);
      AciesCell from = unit ? unit->cell : leader ? leader->cell : ACIES_CELL_NONE;

      if (from != cell)
        {
          Edit e = { 0 };

          e.self = self;
          e.id = self->drag_unit;
          e.n1 = cell;
          do_edit (self, _("Move Unit"), place_func, &e);
        }
    }
  g_clear_pointer (&self->drag_unit, g_free);
  acies_editor_document_break_merge (self->doc);
  acies_board_view_end_preview (view);
}

static void
cell_activated_cb (AciesBoardView *view,
                   AciesCell       cell,
                   AciesEditor    *self)
{
  /* Enter or Space on the focus cell applies the tool there: the board
   * can be edited without a mouse (edges need the pointer). */
  acies_editor_document_break_merge (self->doc);
  self->last_cell = ACIES_CELL_NONE;
  acies_editor_apply_tool (self, cell, ACIES_EDGE_NONE, TRUE);
  acies_editor_document_break_merge (self->doc);
}

/* Actions. */

static AciesCell
cell_from_label (AciesEditor *self,
                 const char  *label)
{
  AciesScenario *s = scenario_of (self);

  if (s == NULL || label == NULL || *label == '\0')
    return ACIES_CELL_NONE;
  return acies_board_cell_from_label (s->map.board, label);
}

/* Why the catalogue gives a tool nothing to draw, or NULL when it does. */
static const char *
tool_unavailable (AciesEditor *self,
                  const char  *tool)
{
  if (self->cat == NULL)
    return NULL;
  if (g_str_equal (tool, "edge") && self->cat->edge_features->len == 0)
    return _("This rule system has no edge features");
  if (g_str_equal (tool, "feature") && self->cat->cell_features->len == 0)
    return _("This rule system has no cell features");
  if (g_str_equal (tool, "area") && self->cat->area_kinds->len == 0)
    return _("This rule system has no kinds of area");
  if ((g_str_equal (tool, "terrain") || g_str_equal (tool, "fill") || g_str_equal (tool, "eyedropper")) &&
      self->cat->terrain->len == 0)
    return _("This rule system has no terrain types");
  return NULL;
}

/* The tool bar for the document's rule system and board: tools the
 * catalogue gives nothing for are insensitive and say why; the edge tool
 * names the board's edges. */
static void
acies_editor_update_tools (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  const char *tools[] = { "select", "terrain", "fill", "eyedropper", "edge", "feature",
                          "elevation", "area", "unit", NULL };

  for (guint i = 0; tools[i] != NULL; i++)
    {
      g_autofree char *key = g_strdup_printf ("tool-button-%s", tools[i]);
      GtkWidget *button = g_object_get_data (G_OBJECT (self), key);
      const char *reason = tool_unavailable (self, tools[i]);
      g_autofree char *tooltip = NULL;
      const char *label;

      if (button == NULL)
        continue;
      label = g_object_get_data (G_OBJECT (button), "label");
      if (g_str_equal (tools[i], "edge"))
        {
          AciesBoardKind kind = s != NULL ? acies_board_get_kind (s->map.board) : ACIES_BOARD_HEX;

          label = kind == ACIES_BOARD_HEX ? _("Draw Edge Features along Hexsides (E)")
                  : kind == ACIES_BOARD_ZONES ? _("Draw Edge Features along Zone Borders (E)")
                  : _("Draw Edge Features along Square Edges (E)");
        }
      tooltip = reason != NULL ? g_strdup_printf ("%s\n%s", label, reason) : g_strdup (label);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason != NULL ? reason : "",
                                      -1);
      /* The button is the action's: its holder, not it, is made
       * insensitive, so the action's own state does not undo it. */
      gtk_widget_set_sensitive (gtk_widget_get_parent (button), reason == NULL);
    }
  if (self->tool != NULL && tool_unavailable (self, self->tool) != NULL)
    acies_editor_set_state (self, "tool", g_variant_new_string ("select"));
}

static void
tool_change_state_cb (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *tool = g_variant_get_string (state, NULL);
  const char *tools[] = { "select", "terrain", "fill", "eyedropper", "edge", "feature",
                          "elevation", "area", "unit", NULL };

  if (!g_strv_contains (tools, tool) || tool_unavailable (self, tool) != NULL)
    return;

  g_simple_action_set_state (action, state);
  g_free (self->tool);
  self->tool = g_strdup (tool);
  acies_board_view_set_edit_mode (self->view, TRUE);

  /* A brush that does not fit the new tool gives way to its first item. */
  if (self->cat != NULL)
    {
      const char *brush = self->brush;
      gboolean ok = FALSE;
      const char *first = NULL;

      if (g_str_equal (tool, "terrain") || g_str_equal (tool, "fill"))
        {
          ok = brush && acies_catalogue_find_terrain (self->cat, brush);
          first = self->cat->default_terrain;
        }
      else if (g_str_equal (tool, "edge"))
        {
          ok = brush && acies_catalogue_find_edge_feature (self->cat, brush);
          first = self->cat->edge_features->len ? ((AciesTerrainType *) g_ptr_array_index (self->cat->edge_features, 0))->id : NULL;
        }
      else if (g_str_equal (tool, "feature"))
        {
          ok = brush && acies_catalogue_find_cell_feature (self->cat, brush);
          first = self->cat->cell_features->len ? ((AciesTerrainType *) g_ptr_array_index (self->cat->cell_features, 0))->id : NULL;
        }
      else if (g_str_equal (tool, "area"))
        {
          AciesScenario *s = scenario_of (self);

          ok = brush && s && acies_scenario_find_area (s, brush);
          first = s && s->areas->len ? ((AciesArea *) g_ptr_array_index (s->areas, 0))->id : NULL;
        }
      else
        ok = TRUE;

      if (!ok && first != NULL)
        acies_editor_set_state (self, "brush", g_variant_new_string (first));
    }

  acies_editor_rebuild_palette (self);
  acies_editor_update_highlight (self);
}

static void
brush_change_state_cb (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);

  g_simple_action_set_state (action, state);
  g_free (self->brush);
  self->brush = g_variant_dup_string (state, NULL);

  /* The palette shows the brush, however it was chosen. */
  if (self->palette_box != NULL)
    {
      for (GtkWidget *row = gtk_widget_get_first_child (self->palette_box); row;
           row = gtk_widget_get_next_sibling (row))
        if (GTK_IS_LIST_BOX_ROW (row) &&
            g_strcmp0 (g_object_get_data (G_OBJECT (row), "brush"), self->brush) == 0)
          gtk_list_box_select_row (GTK_LIST_BOX (self->palette_box), GTK_LIST_BOX_ROW (row));
    }
  acies_editor_update_highlight (self);
}

static void
brush_size_change_state_cb (GSimpleAction *action,
                            GVariant      *state,
                            gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  gint size = CLAMP (g_variant_get_int32 (state), 1, 9);
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (self), "brush-size-spin");

  g_simple_action_set_state (action, g_variant_new_int32 (size));
  self->brush_size = size;
  if (spin != NULL && gtk_spin_button_get_value_as_int (spin) != size)
    gtk_spin_button_set_value (spin, size);
}

static void
level_change_state_cb (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);

  g_simple_action_set_state (action, state);
  self->level = g_variant_get_int32 (state);
}

static void
erase_change_state_cb (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  GtkToggleButton *toggle = g_object_get_data (G_OBJECT (self), "erase-toggle");

  g_simple_action_set_state (action, state);
  self->erase = g_variant_get_boolean (state);
  if (toggle != NULL && gtk_toggle_button_get_active (toggle) != self->erase)
    gtk_toggle_button_set_active (toggle, self->erase);
}

static void
paint_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  g_autofree const char **labels = g_variant_get_strv (parameter, NULL);

  /* One stroke through the given cells. */
  acies_editor_document_break_merge (self->doc);
  self->last_cell = ACIES_CELL_NONE;
  for (guint i = 0; labels[i] != NULL; i++)
    acies_editor_apply_tool (self, cell_from_label (self, labels[i]), ACIES_EDGE_NONE, i == 0);
  acies_editor_document_break_merge (self->doc);
}

static void
fill_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesCell cell = cell_from_label (self, g_variant_get_string (parameter, NULL));

  if (self->brush != NULL && cell != ACIES_CELL_NONE)
    acies_editor_document_fill_terrain (self->doc, cell, self->brush);
}

static void
pick_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesCell cell = cell_from_label (self, g_variant_get_string (parameter, NULL));
  const char *terrain;

  if (cell == ACIES_CELL_NONE)
    return;
  terrain = acies_map_get_terrain (&scenario_of (self)->map, cell);
  acies_editor_set_state (self, "brush", g_variant_new_string (terrain));
  acies_editor_set_state (self, "tool", g_variant_new_string ("terrain"));
}

static void
draw_edges_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesScenario *s = scenario_of (self);
  g_autoptr(GVariantIter) iter = NULL;
  const char *a, *b;

  if (self->brush == NULL || acies_catalogue_find_edge_feature (self->cat, self->brush) == NULL)
    return;

  /* Pairs of adjacent cells: the edges between them, as one stroke. */
  acies_editor_document_break_merge (self->doc);
  g_variant_get (parameter, "a(ss)", &iter);
  while (g_variant_iter_loop (iter, "(&s&s)", &a, &b))
    {
      AciesEdge edge = acies_board_edge_between (s->map.board, cell_from_label (self, a), cell_from_label (self, b));

      if (edge != ACIES_EDGE_NONE)
        acies_editor_document_set_edge_feature (self->doc, &edge, 1, self->brush, !self->erase, TRUE);
    }
  acies_editor_document_break_merge (self->doc);
}

static void
add_side_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  g_autofree char *id = acies_editor_document_new_id (self->doc, "side");

  e.self = self;
  e.new_id = id;
  e.s1 = parameter ? g_variant_get_string (parameter, NULL) : NULL;
  if (do_edit (self, _("Add Side"), add_side_func, &e))
    acies_editor_select (self, id);
}

static const char *
container_or_selection (AciesEditor *self,
                        const char  *given)
{
  AciesScenario *s = scenario_of (self);

  if (given != NULL && *given != '\0')
    return given;
  if (self->sel_id == NULL)
    return s->sides->len ? ((AciesSide *) g_ptr_array_index (s->sides, 0))->id : NULL;
  if (g_strcmp0 (self->sel_kind, "unit") == 0)
    {
      AciesUnit *u = acies_scenario_find_unit (s, self->sel_id);

      return u->formation ? u->formation : u->side;
    }
  if (g_strcmp0 (self->sel_kind, "leader") == 0)
    {
      AciesLeader *l = acies_scenario_find_leader (s, self->sel_id);

      return l->formation ? l->formation : l->side;
    }
  return self->sel_id;
}

static void
add_formation_action_cb (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  g_autofree char *id = acies_editor_document_new_id (self->doc, "formation");

  e.self = self;
  e.id = container_or_selection (self, g_variant_get_string (parameter, NULL));
  e.new_id = id;
  if (e.id != NULL && do_edit (self, _("Add Formation"), add_formation_func, &e))
    acies_editor_select (self, id);
}

static const char *
dropdown_type (AciesEditor *self)
{
  guint pos;

  if (self->cat == NULL || self->oob_type_dropdown == NULL)
    return NULL;
  pos = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->oob_type_dropdown));
  if (pos == GTK_INVALID_LIST_POSITION || pos >= self->cat->unit_types->len)
    return NULL;
  return ((AciesUnitType *) g_ptr_array_index (self->cat->unit_types, pos))->id;
}

static void
add_unit_common (AciesEditor *self,
                 GVariant    *parameter,
                 gboolean     leader)
{
  Edit e = { 0 };
  const char *container, *type;
  g_autofree char *id = acies_editor_document_new_id (self->doc, leader ? "leader" : "unit");

  g_variant_get (parameter, "(&s&s)", &container, &type);
  e.self = self;
  e.id = container_or_selection (self, container);
  e.s1 = *type ? type : (leader ? NULL : dropdown_type (self));
  e.n1 = leader;
  e.new_id = id;
  if (e.id != NULL && do_edit (self, leader ? _("Add Leader") : _("Add Unit"), add_unit_func, &e))
    acies_editor_select (self, id);
}

static void
add_unit_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  add_unit_common (ACIES_EDITOR (user_data), parameter, FALSE);
}

static void
add_leader_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  add_unit_common (ACIES_EDITOR (user_data), parameter, TRUE);
}

static const char *
id_or_selection (AciesEditor *self,
                 GVariant    *parameter)
{
  const char *id = parameter ? g_variant_get_string (parameter, NULL) : NULL;

  return id && *id ? id : self->sel_id;
}

/* Edits that take units or leaders away ask first (GNOME HIG: a
 * destructive action names what it loses); Undo still restores all. */
typedef struct
{
  AciesEditor *self;
  char        *id;       /* editor.remove */
  guint        width;    /* editor.resize */
  guint        height;
} PendingEdit;

static void
pending_edit_free (gpointer  data,
                   GClosure *closure)
{
  PendingEdit *pending = data;

  g_object_unref (pending->self);
  g_free (pending->id);
  g_free (pending);
}

/* "7 units and 2 leaders", "1 unit", "2 leaders". */
static char *
describe_losses (guint n_units,
                 guint n_leaders)
{
  g_autofree char *units = g_strdup_printf (ngettext ("%u unit", "%u units", n_units), n_units);
  g_autofree char *leaders = g_strdup_printf (ngettext ("%u leader", "%u leaders", n_leaders), n_leaders);

  if (n_leaders == 0)
    return g_steal_pointer (&units);
  if (n_units == 0)
    return g_steal_pointer (&leaders);
  /* TRANSLATORS: "7 units and 2 leaders" */
  return g_strdup_printf (_("%s and %s"), units, leaders);
}

static void
remove_now (AciesEditor *self,
            const char  *id)
{
  Edit e = { 0 };
  g_autofree char *copy = g_strdup (id);

  e.self = self;
  e.id = copy;
  if (do_edit (self, _("Remove"), remove_func, &e))
    acies_editor_select (self, NULL);
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     PendingEdit      *pending)
{
  if (g_str_equal (response, "remove"))
    remove_now (pending->self, pending->id);
  else if (g_str_equal (response, "resize") && pending->self->doc != NULL)
    acies_editor_document_resize (pending->self->doc, pending->width, pending->height);
}

/* Asks before a destructive edit; @pending is taken. */
static void
confirm_loss (AciesEditor *self,
              const char  *heading,
              const char  *body,
              const char  *response,
              const char  *label,
              PendingEdit *pending)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  pending->self = g_object_ref (self);
  g_signal_connect_data (dialog, "response", G_CALLBACK (confirm_response_cb),
                         pending, pending_edit_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
remove_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  AciesScenario *s = scenario_of (self);
  const char *id = id_or_selection (self, parameter);
  const char *kind;
  guint n_units = 0, n_leaders = 0;

  if (id == NULL || s == NULL || (kind = kind_of_id (s, id)) == NULL)
    return;

  /* A side or formation takes its units and leaders along: count them on
   * a copy, the way remove_func() would remove them. */
  if (g_str_equal (kind, "side") || g_str_equal (kind, "formation"))
    {
      g_autoptr(AciesScenario) copy = acies_scenario_copy (s);
      Edit e = { 0 };

      e.self = self;
      e.id = id;
      remove_func (copy, &e);
      n_units = s->units->len - copy->units->len;
      n_leaders = s->leaders->len - copy->leaders->len;
    }

  if (n_units + n_leaders > 0)
    {
      PendingEdit *pending = g_new0 (PendingEdit, 1);
      g_autofree char *lost = describe_losses (n_units, n_leaders);
      g_autofree char *heading = NULL;
      g_autofree char *body = NULL;
      const char *name = id;

      if (g_str_equal (kind, "side"))
        {
          AciesSide *side = acies_scenario_find_side (s, id);

          name = side->name ? side->name : id;
          heading = g_strdup_printf (_("Delete the Side “%s”?"), name);
        }
      else
        {
          AciesFormation *f = acies_scenario_find_formation (s, id);

          name = f->name ? f->name : id;
          heading = g_strdup_printf (_("Delete the Formation “%s”?"), name);
        }
      /* TRANSLATORS: %s is "7 units and 2 leaders" */
      body = g_strdup_printf (_("%s belong to it and will be deleted with it."), lost);
      pending->id = g_strdup (id);
      confirm_loss (self, heading, body, "remove", _("_Delete"), pending);
      return;
    }

  remove_now (self, id);
}

static void
duplicate_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  const char *kind;
  g_autofree char *id = NULL;

  e.self = self;
  e.id = id_or_selection (self, parameter);
  kind = kind_of_id (scenario_of (self), e.id);
  if (kind == NULL)
    return;
  id = acies_editor_document_new_id (self->doc, kind);
  e.new_id = id;
  if (do_edit (self, _("Duplicate"), duplicate_func, &e))
    acies_editor_select (self, id);
}

static void
move_common (AciesEditor *self,
             GVariant    *parameter,
             gint         step)
{
  Edit e = { 0 };
  g_autofree char *id = g_strdup (id_or_selection (self, parameter));

  e.self = self;
  e.id = id;
  e.n1 = step;
  if (id != NULL && do_edit (self, step < 0 ? _("Move Up") : _("Move Down"), move_func, &e))
    acies_editor_select (self, id);
}

static void
move_up_action_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  move_common (ACIES_EDITOR (user_data), parameter, -1);
}

static void
move_down_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  move_common (ACIES_EDITOR (user_data), parameter, 1);
}

static void
reparent_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  g_autofree char *id = NULL;

  g_variant_get (parameter, "(s&s)", &id, &e.s1);
  e.self = self;
  e.id = id;
  if (do_edit (self, _("Move to Formation"), reparent_func, &e))
    acies_editor_select (self, id);
}

static void
select_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  acies_editor_select (ACIES_EDITOR (user_data), g_variant_get_string (parameter, NULL));
}

static void
place_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  const char *label;
  g_autofree char *id = NULL;

  g_variant_get (parameter, "(s&s)", &id, &label);
  e.self = self;
  e.id = *id ? id : self->sel_id;
  e.n1 = cell_from_label (self, label);
  if (e.id != NULL && (*label == '\0' || e.n1 != ACIES_CELL_NONE))
    do_edit (self, _("Place Unit"), place_func, &e);
  acies_editor_update_highlight (self);
}

static void
rotate_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  const char *id;
  gint facing;

  g_variant_get (parameter, "(&si)", &id, &facing);
  e.self = self;
  e.id = *id ? id : self->sel_id;
  if (e.id == NULL)
    return;
  if (facing < 0)
    {
      AciesUnit *u = acies_scenario_find_unit (scenario_of (self), e.id);
      g_autoptr(GArray) values = facing_values (self);

      /* -1: one step clockwise, among the facings the rules allow. */
      facing = values->len > 0 ? g_array_index (values, gint, 0) : 0;
      for (guint i = 0; u != NULL && i < values->len; i++)
        if (g_array_index (values, gint, i) > u->facing)
          {
            facing = g_array_index (values, gint, i);
            break;
          }
    }
  e.n1 = facing;
  do_edit (self, _("Rotate Unit"), rotate_func, &e);
}

static void
add_area_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  g_autofree char *id = acies_editor_document_new_id (self->doc, "area");

  g_variant_get (parameter, "(&s&s&s)", &e.s1, &e.s2, &e.s3);
  if (self->cat && acies_catalogue_find_kind (self->cat->area_kinds, e.s1) == NULL)
    return;
  e.self = self;
  e.new_id = id;
  if (do_edit (self, _("Add Area"), add_area_func, &e))
    {
      acies_editor_set_state (self, "tool", g_variant_new_string ("area"));
      acies_editor_set_state (self, "brush", g_variant_new_string (id));
      acies_editor_rebuild_palette (self);
      acies_editor_select (self, id);
    }
}

static void
add_rule_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };

  g_variant_get (parameter, "(&s&s)", &e.s1, &e.s2);
  e.self = self;
  do_edit (self, _("Add Rule"), add_rule_func, &e);
}

static void
remove_rule_action_cb (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  guint32 index;

  g_variant_get (parameter, "(&su)", &e.s1, &index);
  e.self = self;
  e.n1 = index;
  do_edit (self, _("Remove Rule"), remove_rule_func, &e);
}

static void
set_field_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  const char *object, *field, *value;

  g_variant_get (parameter, "(&s&s&s)", &object, &field, &value);
  acies_editor_set_field (self, object, field, value, FALSE);
}

static void
set_param_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  const char *json;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *key = NULL;

  /* (object, param, JSON value); the object "scenario", a side, formation,
   * unit ("unit-1" or "unit-1/hidden"), leader, area, or "special:N" /
   * "victory:N"; an empty value removes the parameter. */
  g_variant_get (parameter, "(&s&s&s)", &e.id, &e.s1, &json);
  if (*json != '\0')
    {
      node = json_from_string (json, NULL);
      if (node == NULL)
        return;
    }
  if (g_str_has_suffix (e.id, "/hidden"))
    {
      key = g_strndup (e.id, strlen (e.id) - strlen ("/hidden"));
      e.id = key;
      e.s2 = "hidden";
    }
  e.self = self;
  e.node = node;
  do_edit (self, _("Change Parameter"), set_param_func, &e);
}

static void
resize_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  guint32 width, height;
  guint n_units = 0, n_leaders = 0;
  g_autofree char *other = NULL;

  if (self->doc == NULL)
    return;
  g_variant_get (parameter, "(uu)", &width, &height);

  /* Units and leaders that would fall off a smaller board, areas that
   * lose cells, painted cells cut off: ask first. */
  other = acies_editor_document_describe_resize_losses (self->doc, width, height);
  if (acies_editor_document_resize_losses (self->doc, width, height, &n_units, &n_leaders) > 0 || other != NULL)
    {
      PendingEdit *pending = g_new0 (PendingEdit, 1);
      g_autofree char *lost = describe_losses (n_units, n_leaders);
      g_autofree char *body = NULL;

      if (n_units + n_leaders == 0)
        body = g_strdup (other);
      else
        {
          /* TRANSLATORS: %s is "7 units and 2 leaders" */
          g_autofree char *units = g_strdup_printf (n_units + n_leaders == 1
                                                    ? _("%s lies outside the new size and will be taken off the map.")
                                                    : _("%s lie outside the new size and will be taken off the map."),
                                                    lost);

          body = other != NULL ? g_strdup_printf ("%s %s", units, other) : g_steal_pointer (&units);
        }
      pending->width = width;
      pending->height = height;
      confirm_loss (self, _("Resize the Board?"), body, "resize", _("_Resize"), pending);
      return;
    }

  acies_editor_document_resize (self->doc, width, height);
}

static void
pool_add_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  g_autofree char *id = acies_editor_document_new_id (self->doc, "pool");
  gint32 count;

  g_variant_get (parameter, "(&s&si)", &e.id, &e.s1, &count);
  e.self = self;
  e.n1 = count;
  e.new_id = id;
  do_edit (self, _("Add to Pool"), pool_add_func, &e);
}

static void
pool_count_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  guint32 index;
  gint32 count;

  g_variant_get (parameter, "(&sui)", &e.id, &index, &count);
  e.self = self;
  e.n1 = index;
  e.n2 = count;
  do_edit (self, _("Change Pool"), pool_count_func, &e);
}

static void
reinforce_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  g_autofree char *id = acies_editor_document_new_id (self->doc, "reinforcement");
  guint32 turn;

  g_variant_get (parameter, "(&su)", &e.id, &turn);
  e.self = self;
  e.n1 = turn;
  e.new_id = id;
  do_edit (self, _("Schedule Reinforcement"), reinforce_func, &e);
}

static void
set_table_cell_action_cb (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  AciesEditor *self = ACIES_EDITOR (user_data);
  Edit e = { 0 };
  const char *json;
  g_autoptr(JsonNode) node = NULL;

  /* (table, row, column, JSON value): the value as printed, source
   * "rulebook"; an empty value drops the override. */
  g_variant_get (parameter, "(&s&s&s&s)", &e.id, &e.s1, &e.s2, &json);
  if (*json != '\0')
    {
      node = json_from_string (json, NULL);
      if (node == NULL)
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_string (node, json);
        }
    }
  /* Only cells the table has: an override of an unknown row or column
   * would make the scenario unreadable. */
  {
    const AciesTable *table = self->cat ? acies_catalogue_find_table (self->cat, e.id) : NULL;

    if (table == NULL || acies_table_row_index (table, e.s1) < 0 ||
        acies_table_column_index (table, e.s2) < 0)
      {
        g_debug ("No cell %s × %s in table “%s”", e.s1, e.s2, e.id);
        return;
      }
    e.s4 = table->section;
  }
  e.self = self;
  e.node = node;
  e.s3 = "rulebook";
  if (do_edit (self, _("Change Table Cell"), table_cell_func, &e))
    acies_editor_rebuild_tables (self);
}

static void
validate_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  acies_editor_validate_now (ACIES_EDITOR (user_data));
}

static void
show_page_action_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  acies_editor_show_page (ACIES_EDITOR (user_data), g_variant_get_string (parameter, NULL));
}

static const GActionEntry editor_entries[] = {
  { "tool", NULL, "s", "'select'", tool_change_state_cb },
  { "brush", NULL, "s", "''", brush_change_state_cb },
  { "brush-size", NULL, "i", "1", brush_size_change_state_cb },
  { "level", NULL, "i", "1", level_change_state_cb },
  { "erase", NULL, "b", "false", erase_change_state_cb },
  { "paint", paint_action_cb, "as" },
  { "fill", fill_action_cb, "s" },
  { "pick", pick_action_cb, "s" },
  { "draw-edges", draw_edges_action_cb, "a(ss)" },
  { "add-side", add_side_action_cb, "s" },
  { "add-formation", add_formation_action_cb, "s" },
  { "add-unit", add_unit_action_cb, "(ss)" },
  { "add-leader", add_leader_action_cb, "(ss)" },
  { "remove", remove_action_cb, "s" },
  { "duplicate", duplicate_action_cb, "s" },
  { "move-up", move_up_action_cb, "s" },
  { "move-down", move_down_action_cb, "s" },
  { "reparent", reparent_action_cb, "(ss)" },
  { "select", select_action_cb, "s" },
  { "place", place_action_cb, "(ss)" },
  { "rotate", rotate_action_cb, "(si)" },
  { "add-area", add_area_action_cb, "(sss)" },
  { "add-rule", add_rule_action_cb, "(ss)" },
  { "remove-rule", remove_rule_action_cb, "(su)" },
  { "set-field", set_field_action_cb, "(sss)" },
  { "set-param", set_param_action_cb, "(sss)" },
  { "resize", resize_action_cb, "(uu)" },
  { "pool-add", pool_add_action_cb, "(ssi)" },
  { "pool-count", pool_count_action_cb, "(sui)" },
  { "reinforce", reinforce_action_cb, "(su)" },
  { "set-table-cell", set_table_cell_action_cb, "(ssss)" },
  { "validate", validate_action_cb },
  { "show-page", show_page_action_cb, "s" },
};

/* Palette. */

static void
palette_row_activated_cb (GtkListBox    *box,
                          GtkListBoxRow *row,
                          AciesEditor   *self)
{
  const char *id = g_object_get_data (G_OBJECT (row), "brush");

  if (id != NULL)
    acies_editor_set_state (self, "brush", g_variant_new_string (id));
}

static GtkWidget *
swatch_new (const char *colour)
{
  GtkWidget *swatch = gtk_drawing_area_new ();

  gtk_widget_set_size_request (swatch, 20, 20);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  if (colour != NULL)
    {
      GdkRGBA *rgba = g_new0 (GdkRGBA, 1);

      if (!gdk_rgba_parse (rgba, colour))
        gdk_rgba_parse (rgba, "#888888");
      g_object_set_data_full (G_OBJECT (swatch), "rgba", rgba, g_free);
    }
  return swatch;
}

static void
swatch_draw (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  GdkRGBA *rgba = g_object_get_data (G_OBJECT (area), "rgba");

  if (rgba == NULL)
    return;
  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_rectangle (cr, 1, 1, width - 2, height - 2);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
palette_add (AciesEditor *self,
             const char  *id,
             const char  *name,
             const char  *colour,
             const char  *note)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = swatch_new (colour);
  GtkWidget *label = gtk_label_new (name);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), swatch_draw, NULL, NULL);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  /* Full names: long ones wrap onto a second line rather than being cut
   * ("Rough / Broken Ground"), in the palette's fixed width. */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), swatch);
  if (note != NULL)
    {
      /* The note goes under the name: side by side they are wider than
       * the palette and the note was cut ("Set-up zone · 0"). */
      GtkWidget *lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *dim = gtk_label_new (note);

      gtk_widget_add_css_class (dim, "dim-label");
      gtk_widget_add_css_class (dim, "caption");
      gtk_label_set_xalign (GTK_LABEL (dim), 0);
      gtk_label_set_wrap (GTK_LABEL (dim), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (dim), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (lines, TRUE);
      gtk_box_append (GTK_BOX (lines), label);
      gtk_box_append (GTK_BOX (lines), dim);
      gtk_box_append (GTK_BOX (box), lines);
    }
  else
    gtk_box_append (GTK_BOX (box), label);
  {
    g_autofree char *tip = note != NULL ? g_strdup_printf ("%s (%s)", name, note) : g_strdup (name);

    gtk_widget_set_tooltip_text (row, tip);
  }
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "brush", g_strdup (id), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_list_box_append (GTK_LIST_BOX (self->palette_box), row);
  if (g_strcmp0 (self->brush, id) == 0)
    gtk_list_box_select_row (GTK_LIST_BOX (self->palette_box), GTK_LIST_BOX_ROW (row));
}

static void
palette_add_terrain (AciesEditor *self,
                     GPtrArray   *list)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      AciesTerrainType *t = g_ptr_array_index (list, i);

      palette_add (self, t->id, t->name ? t->name : t->id, t->colour, t->source);
    }
}

static void
level_spin_changed_cb (GtkSpinButton *spin,
                       AciesEditor   *self)
{
  acies_editor_set_state (self, "level", g_variant_new_int32 (gtk_spin_button_get_value_as_int (spin)));
}

static void
add_area_clicked_cb (GtkButton   *button,
                     AciesEditor *self)
{
  GtkDropDown *dropdown = g_object_get_data (G_OBJECT (button), "kinds");
  guint pos = gtk_drop_down_get_selected (dropdown);
  const AciesKind *kind;

  if (self->cat == NULL || pos >= self->cat->area_kinds->len)
    return;
  kind = g_ptr_array_index (self->cat->area_kinds, pos);
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-area", "(sss)", kind->id, "",
                              g_strcmp0 (self->sel_kind, "side") == 0 ? self->sel_id : "");
}

static void
acies_editor_rebuild_palette (AciesEditor *self)
{
  GtkWidget *extra = g_object_get_data (G_OBJECT (self->palette_box), "extra");
  const char *title = _("Select");
  const char *tool = self->tool ? self->tool : "select";
  AciesScenario *s = scenario_of (self);

  box_clear (self->palette_box);
  if (extra != NULL)
    box_clear (extra);
  if (self->cat == NULL || s == NULL)
    return;

  if (g_str_equal (tool, "terrain") || g_str_equal (tool, "fill") || g_str_equal (tool, "eyedropper"))
    {
      title = _("Terrain");
      palette_add_terrain (self, self->cat->terrain);
    }
  else if (g_str_equal (tool, "edge"))
    {
      title = _("Edge Features");
      palette_add_terrain (self, self->cat->edge_features);
      if (self->cat->edge_features->len == 0)
        gtk_box_append (GTK_BOX (extra), dim_label_new (_("This rule system has no edge features.")));
    }
  else if (g_str_equal (tool, "feature"))
    {
      title = _("Cell Features");
      palette_add_terrain (self, self->cat->cell_features);
      if (self->cat->cell_features->len == 0)
        gtk_box_append (GTK_BOX (extra), dim_label_new (_("This rule system has no cell features.")));
    }
  else if (g_str_equal (tool, "elevation"))
    {
      GtkWidget *spin = gtk_spin_button_new_with_range (-9, 9, 1);
      acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);

      title = _("Elevation");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), self->level);
      gtk_box_append (GTK_BOX (extra), dim_label_new (_("Level painted")));
      gtk_box_append (GTK_BOX (extra), spin);
      g_signal_connect (spin, "value-changed", G_CALLBACK (level_spin_changed_cb), self);
    }
  else if (g_str_equal (tool, "area"))
    {
      g_auto(GStrv) values = NULL;
      g_auto(GStrv) labels = NULL;
      GtkWidget *dropdown, *button;

      title = _("Areas");
      for (guint i = 0; i < s->areas->len; i++)
        {
          AciesArea *a = g_ptr_array_index (s->areas, i);
          const AciesKind *kind = acies_catalogue_find_kind (self->cat->area_kinds, a->kind);
          g_autofree char *note = g_strdup_printf ("%s · %u", kind && kind->name ? kind->name : a->kind,
                                                   a->cells->len);

          palette_add (self, a->id, a->name ? a->name : a->id, NULL, note);
        }
      kind_choices (self->cat->area_kinds, FALSE, FALSE, &values, &labels);
      /* One above the other: side by side, the kind's name and the
       * button are wider than the palette and would be clipped. */
      dropdown = acies_drop_down_new_ellipsized ((const char * const *) labels);
      gtk_widget_set_hexpand (dropdown, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Kind of the new area"), -1);
      button = gtk_button_new_with_mnemonic (_("_New Area"));
      g_object_set_data (G_OBJECT (button), "kinds", dropdown);
      g_signal_connect (button, "clicked", G_CALLBACK (add_area_clicked_cb), self);
      gtk_box_append (GTK_BOX (extra), dim_label_new (_("New area of kind")));
      gtk_box_append (GTK_BOX (extra), dropdown);
      gtk_box_append (GTK_BOX (extra), button);
    }
  else if (g_str_equal (tool, "unit"))
    {
      title = _("Place Units");
      gtk_box_append (GTK_BOX (extra),
                      dim_label_new (_("Select a unit or leader in the Army tree, then click a cell; "
                                       "or drag it from the tree onto the board.")));
    }
  else
    gtk_box_append (GTK_BOX (extra),
                    dim_label_new (_("Click a counter to select it; drag it to move it. "
                                     "Use the right or middle button to pan.")));

  gtk_label_set_text (GTK_LABEL (self->palette_title), title);
}

/* Order of battle. */

static GListModel *
oob_children_cb (gpointer item,
                 gpointer user_data)
{
  AciesOobItem *oob = item;

  if (oob->children == NULL || g_list_model_get_n_items (G_LIST_MODEL (oob->children)) == 0)
    return NULL;
  return G_LIST_MODEL (g_object_ref (oob->children));
}

static char *
unit_label (AciesEditor   *self,
            AciesScenario *s,
            AciesUnit     *unit)
{
  const AciesUnitType *type = unit_type_of (self, unit->type);
  const char *where = unit->cell != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell) : _("off map");

  return g_strdup_printf ("%s · %s · %s", unit->name ? unit->name : unit->id,
                          type && type->name ? type->name : unit->type, where ? where : "?");
}

static void
oob_fill_formation (AciesEditor   *self,
                    AciesScenario *s,
                    GListStore    *store,
                    const char    *side,
                    const char    *parent)
{
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);
      g_autoptr(AciesOobItem) item = NULL;
      g_autofree char *label = NULL;

      if (g_strcmp0 (f->side, side) != 0 || g_strcmp0 (f->parent, parent) != 0)
        continue;
      {
        const AciesKind *kind = self->cat ? acies_catalogue_find_kind (self->cat->formation_kinds, f->kind) : NULL;

        label = g_strdup_printf ("%s (%s)", f->name ? f->name : f->id,
                                 kind && kind->name ? kind->name : f->kind ? f->kind : "");
      }
      item = acies_oob_item_new ("formation", f->id, label);
      item->children = g_list_store_new (ACIES_TYPE_OOB_ITEM);
      oob_fill_formation (self, s, item->children, side, f->id);
      g_list_store_append (store, item);
    }

  for (guint i = 0; i < s->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);
      g_autoptr(AciesOobItem) item = NULL;
      g_autofree char *label = NULL;

      if (g_strcmp0 (l->side, side) != 0 || g_strcmp0 (l->formation, parent) != 0)
        continue;
      label = g_strdup_printf ("★ %s", l->name ? l->name : l->id);
      item = acies_oob_item_new ("leader", l->id, label);
      g_list_store_append (store, item);
    }

  for (guint i = 0; i < s->units->len; i++)
    {
      AciesUnit *u = g_ptr_array_index (s->units, i);
      g_autoptr(AciesOobItem) item = NULL;
      g_autofree char *label = NULL;

      if (g_strcmp0 (u->side, side) != 0 || g_strcmp0 (u->formation, parent) != 0)
        continue;
      label = unit_label (self, s, u);
      item = acies_oob_item_new ("unit", u->id, label);
      g_list_store_append (store, item);
    }
}

/* The list view lays out the new rows at the next frame: put the scroll
 * position back then too. */
static gboolean
oob_restore_scroll_cb (GtkWidget     *widget,
                       GdkFrameClock *clock,
                       gpointer       data)
{
  AciesEditor *self = data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (widget));
  guint frames = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "scroll-frames"));

  /* Until the new rows are laid out (the range is back) and the value
   * held over a frame, or for a few frames at most. */
  if (adjustment != NULL && fabs (gtk_adjustment_get_value (adjustment) - self->oob_scroll) >= 0.5)
    {
      gtk_adjustment_set_value (adjustment, self->oob_scroll);
      frames = 0;
    }
  else
    frames++;
  g_object_set_data (G_OBJECT (widget), "scroll-frames", GUINT_TO_POINTER (frames));
  if (frames < 2 && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "scroll-ticks")) < 30)
    {
      g_object_set_data (G_OBJECT (widget), "scroll-ticks",
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "scroll-ticks")) + 1));
      return G_SOURCE_CONTINUE;
    }
  g_object_set_data (G_OBJECT (widget), "scroll-ticks", NULL);
  g_object_set_data (G_OBJECT (widget), "scroll-frames", NULL);
  self->oob_scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
acies_editor_rebuild_oob (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->oob_view));
  GListModel *rows = G_LIST_MODEL (self->oob_tree);
  g_autoptr(GHashTable) collapsed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n;

  /* An edit rebuilds the tree: keep the rows the user folded, the
   * selection (select_in_tree() below) and the scroll position. */
  n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);

      if (gtk_tree_list_row_is_expandable (row) && !gtk_tree_list_row_get_expanded (row))
        g_hash_table_add (collapsed, g_strdup (item->id));
    }
  if (adjustment != NULL && self->oob_scroll_tick == 0)
    self->oob_scroll = gtk_adjustment_get_value (adjustment);

  g_list_store_remove_all (self->oob_root);
  if (s == NULL)
    return;

  for (guint i = 0; i < s->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (s->sides, i);
      g_autoptr(AciesOobItem) item = acies_oob_item_new ("side", side->id, side->name ? side->name : side->id);

      item->children = g_list_store_new (ACIES_TYPE_OOB_ITEM);
      oob_fill_formation (self, s, item->children, side->id, NULL);
      g_list_store_append (self->oob_root, item);
    }

  /* Rows are expanded as they are made (autoexpand): fold again, from
   * the end, those that were folded. */
  if (g_hash_table_size (collapsed) > 0)
    for (guint i = g_list_model_get_n_items (rows); i-- > 0;)
      {
        g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
        g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);

        if (g_hash_table_contains (collapsed, item->id))
          gtk_tree_list_row_set_expanded (row, FALSE);
      }

  select_in_tree (self);

  if (adjustment != NULL)
    {
      gtk_adjustment_set_value (adjustment, self->oob_scroll);
      if (self->oob_scroll_tick == 0)
        self->oob_scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->oob_view),
                                                              oob_restore_scroll_cb, self, NULL);
    }
}

static void
oob_selection_changed_cb (GtkSingleSelection *selection,
                          GParamSpec         *pspec,
                          AciesEditor        *self)
{
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (selection);
  g_autoptr(AciesOobItem) item = NULL;

  if (row == NULL)
    return;
  item = gtk_tree_list_row_get_item (row);
  if (g_strcmp0 (item->id, self->sel_id) != 0)
    acies_editor_select (self, item->id);
}

static GdkContentProvider *
oob_drag_prepare_cb (GtkDragSource *source,
                     double         x,
                     double         y,
                     GtkWidget     *widget)
{
  const char *id = g_object_get_data (G_OBJECT (widget), "oob-id");

  if (id == NULL)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_STRING, id);
}

static gboolean
oob_drop_cb (GtkDropTarget *target,
             const GValue  *value,
             double         x,
             double         y,
             GtkWidget     *widget)
{
  AciesEditor *self = g_object_get_data (G_OBJECT (widget), "editor");
  const char *dragged = g_value_get_string (value);
  const char *onto = g_object_get_data (G_OBJECT (widget), "oob-id");
  const char *onto_kind = g_object_get_data (G_OBJECT (widget), "oob-kind");
  AciesScenario *s;

  if (self == NULL || dragged == NULL || onto == NULL || g_str_equal (dragged, onto))
    return FALSE;
  s = scenario_of (self);

  /* Onto a side or formation: move under it.  Onto a unit or leader: move
   * into its formation. */
  if (g_strcmp0 (onto_kind, "unit") == 0)
    {
      AciesUnit *u = acies_scenario_find_unit (s, onto);

      onto = u->formation ? u->formation : u->side;
    }
  else if (g_strcmp0 (onto_kind, "leader") == 0)
    {
      AciesLeader *l = acies_scenario_find_leader (s, onto);

      onto = l->formation ? l->formation : l->side;
    }
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.reparent", "(ss)", dragged, onto);
  return TRUE;
}

static void
oob_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              AciesEditor              *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *label = gtk_label_new (NULL);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), label);
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (oob_drag_prepare_cb), expander);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (target, "drop", G_CALLBACK (oob_drop_cb), expander);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (target));
  g_object_set_data (G_OBJECT (expander), "editor", self);
  gtk_list_item_set_child (list_item, expander);
}

static void
oob_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             AciesEditor              *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  g_autoptr(AciesOobItem) item = gtk_tree_list_row_get_item (row);
  GtkWidget *label = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  gtk_label_set_text (GTK_LABEL (label), item->label);
  if (g_str_equal (item->kind, "side"))
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_remove_css_class (label, "heading");
  g_object_set_data_full (G_OBJECT (expander), "oob-id", g_strdup (item->id), g_free);
  g_object_set_data_full (G_OBJECT (expander), "oob-kind", g_strdup (item->kind), g_free);
}

static gboolean
board_drop_cb (GtkDropTarget *target,
               const GValue  *value,
               double         x,
               double         y,
               AciesEditor   *self)
{
  AciesCell cell = acies_board_view_cell_at_point (self->view, x, y);
  const char *id = g_value_get_string (value);

  if (cell == ACIES_CELL_NONE || id == NULL)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.place", "(ss)", id,
                              acies_board_cell_label (scenario_of (self)->map.board, cell));
  return TRUE;
}

/* Inspector. */

static GtkWidget *
action_button (const char *label,
               const char *icon,
               const char *action,
               GVariant   *target)
{
  GtkWidget *button = icon ? gtk_button_new_from_icon_name (icon) : gtk_button_new_with_mnemonic (label);

  if (icon)
    {
      gtk_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  return button;
}

static void
reinforce_turn_cb (GtkSpinButton *spin,
                   AciesEditor   *self)
{
  const char *id = g_object_get_data (G_OBJECT (spin), "unit");

  gtk_widget_activate_action (GTK_WIDGET (self), "editor.reinforce", "(su)", id,
                              (guint32) gtk_spin_button_get_value_as_int (spin));
}

static guint
reinforcement_turn_of (AciesScenario *s,
                       const char    *unit)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      for (guint j = 0; j < r->units->len; j++)
        if (g_str_equal (g_ptr_array_index (r->units, j), unit))
          return r->turn;
    }
  return 0;
}

static void
pool_count_changed_cb (GtkSpinButton *spin,
                       AciesEditor   *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.pool-count", "(sui)",
                              g_object_get_data (G_OBJECT (spin), "pool"),
                              GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "index")),
                              gtk_spin_button_get_value_as_int (spin));
}

static void
pool_add_clicked_cb (GtkButton   *button,
                     AciesEditor *self)
{
  GtkDropDown *dropdown = g_object_get_data (G_OBJECT (button), "types");
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (self->cat == NULL || pos >= self->cat->unit_types->len)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.pool-add", "(ssi)",
                              g_object_get_data (G_OBJECT (button), "side"),
                              ((AciesUnitType *) g_ptr_array_index (self->cat->unit_types, pos))->id, 1);
}

/* A pool in words: the Wing it feeds, or its side ("Red Wing pool"). */
static char *
pool_title (AciesEditor *self,
            AciesPool   *pool)
{
  AciesScenario *s = scenario_of (self);
  const char *fid = pool_formation (pool);
  AciesFormation *formation = fid ? acies_scenario_find_formation (s, fid) : NULL;
  AciesSide *side = pool->side ? acies_scenario_find_side (s, pool->side) : NULL;

  if (formation != NULL)
    /* Translators: a unit pool named by the formation (Wing) it feeds. */
    return g_strdup_printf (_("%s pool"), formation->name ? formation->name : formation->id);
  if (side != NULL)
    /* Translators: a unit pool named by its side. */
    return g_strdup_printf (_("%s pool"), side->name ? side->name : side->id);
  return g_strdup (_("Unit pool"));
}

/* "Red Wing pool: 1 counter, 1 drawn". */
static char *
pool_summary (AciesEditor *self,
              AciesPool   *pool,
              gboolean    *short_of)
{
  g_autofree char *title = pool_title (self, pool);
  g_autofree char *counters = NULL;
  g_autofree char *drawn = NULL;
  guint total = 0;

  guint draw = pool_draw (pool);

  for (guint j = 0; j < pool->entries->len; j++)
    total += ((AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->count;
  counters = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u counter", "%u counters", total), total);
  *short_of = draw > total;
  if (draw > total)
    drawn = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "but %u is drawn", "but %u are drawn", draw),
                             draw);
  else if (draw > 0)
    drawn = g_strdup_printf (_("%u drawn"), draw);
  else
    /* Draw 0: as many as the rules say (GC 3.1: each zone's count). */
    /* Translators: "Red Wing pool: 12 counters". */
    return g_strdup_printf (_("%s: %s"), title, counters);
  /* Translators: "Red Wing pool: 12 counters, 10 drawn". */
  return g_strdup_printf (_("%s: %s, %s"), title, counters, drawn);
}

/* One pool: its summary, the Wing and set-up zone it feeds, how many are
 * drawn, and each entry with its count and every attribute the catalogue
 * declares for its unit type (front and back). */
static GtkWidget *
pool_form (AciesEditor *self,
           AciesPool   *pool)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_autoptr(GStrvBuilder) fv = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) fl = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) av = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) al = g_strv_builder_new ();
  g_auto(GStrv) formation_values = NULL;
  g_auto(GStrv) formation_labels = NULL;
  g_auto(GStrv) area_values = NULL;
  g_auto(GStrv) area_labels = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *key = g_strdup_printf ("pool:%s", pool->id);
  GtkWidget *summary_label;
  gboolean short_of = FALSE;

  focus_key_set (box, key);
  gtk_widget_add_css_class (box, "card");
  summary = pool_summary (self, pool, &short_of);
  summary_label = heading_new (summary);
  gtk_widget_set_name (summary_label, "pool-summary");
  if (short_of)
    gtk_widget_add_css_class (summary_label, "error");
  gtk_box_append (GTK_BOX (box), summary_label);

  g_strv_builder_add (fv, "");
  g_strv_builder_add (fl, _("(the whole side)"));
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);

      if (g_strcmp0 (f->side, pool->side) != 0)
        continue;
      g_strv_builder_add (fv, f->id);
      g_strv_builder_add (fl, f->name ? f->name : f->id);
    }
  formation_values = g_strv_builder_end (fv);
  formation_labels = g_strv_builder_end (fl);
  /* A ruleset that declares the pool's Wing and draw (GC 3.1) has them in
   * its pool_params form below; only one field for each. */
  if (!pool_param_declared (self, "formation"))
    gtk_box_append (GTK_BOX (box), field_choice (self, _("Wing (formation) it feeds"), pool->id, "formation",
                                                 (const char * const *) formation_values,
                                                 (const char * const *) formation_labels, pool->formation));
  g_strv_builder_add (av, "");
  g_strv_builder_add (al, _("(none)"));
  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (s->areas, i);

      g_strv_builder_add (av, a->id);
      g_strv_builder_add (al, a->name ? a->name : a->id);
    }
  area_values = g_strv_builder_end (av);
  area_labels = g_strv_builder_end (al);
  gtk_box_append (GTK_BOX (box), field_choice (self, _("Set-up zone of the drawn units"), pool->id, "area",
                                               (const char * const *) area_values,
                                               (const char * const *) area_labels, pool->area));
  if (!pool_param_declared (self, "draw"))
    gtk_box_append (GTK_BOX (box), field_number (self, _("Counters drawn (0 = as the rules say)"), pool->id, "draw",
                                                 0, 999, pool->draw));

  if (self->cat != NULL && self->cat->pool_params != NULL && self->cat->pool_params->len > 0)
    {
      g_autoptr(JsonObject) values = pool_param_values (pool);

      gtk_box_append (GTK_BOX (box), param_form (self, self->cat->pool_params, values, pool->id, NULL));
    }

  for (guint j = 0; j < pool->entries->len; j++)
    {
      AciesPoolEntry *entry = g_ptr_array_index (pool->entries, j);
      const AciesUnitType *type = unit_type_of (self, entry->type);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (type && type->name ? type->name : entry->type);
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 999, 1);
      g_autofree char *entry_key = g_strdup_printf ("entry:%u", j);
      g_autofree char *object = g_strdup_printf ("pool:%s:%u", pool->id, j);

      acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "heading");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), entry->count);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      gtk_label_get_text (GTK_LABEL (label)), -1);
      focus_key_set (row, entry_key);
      focus_key_set (spin, "count");
      g_object_set_data_full (G_OBJECT (spin), "pool", g_strdup (pool->id), g_free);
      g_object_set_data (G_OBJECT (spin), "index", GUINT_TO_POINTER (j));
      g_signal_connect (spin, "value-changed", G_CALLBACK (pool_count_changed_cb), self);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), spin);
      gtk_box_append (GTK_BOX (box), row);
      if (type != NULL && type->attributes != NULL && type->attributes->len > 0)
        {
          GtkWidget *form = param_form (self, type->attributes, entry->attrs, object, "attrs");

          focus_key_set (form, entry_key);
          gtk_box_append (GTK_BOX (box), form);
        }
      if (type != NULL && type->hidden != NULL && type->hidden->len > 0)
        {
          GtkWidget *form = param_form (self, type->hidden, entry->hidden, object, "hidden");
          g_autofree char *hidden_key = g_strdup_printf ("entry:%u:hidden", j);

          focus_key_set (form, hidden_key);
          gtk_box_append (GTK_BOX (box), dim_label_new (_("Back of the counters")));
          gtk_box_append (GTK_BOX (box), form);
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    {
      gtk_widget_set_margin_start (c, 8);
      gtk_widget_set_margin_end (c, 8);
    }
  gtk_widget_set_margin_bottom (gtk_widget_get_last_child (box), 8);
  return box;
}

/* The side's army-level parameters, its pools (with totals) and its
 * reinforcement schedule. */
static GtkWidget *
side_form (AciesEditor *self,
           AciesSide   *side)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  const char *edges[] = { "0", "1", "2", "3", NULL };
  const char *edge_names[] = { _("North"), _("East"), _("South"), _("West"), NULL };
  g_autofree char *edge = g_strdup_printf ("%d", side->home_edge);
  g_auto(GStrv) type_values = NULL;
  g_auto(GStrv) type_labels = NULL;

  gtk_box_append (GTK_BOX (box), field_entry (self, _("Name"), side->id, "name", side->name));
  gtk_box_append (GTK_BOX (box), field_colour (self, _("Colour"), side->id, "colour", side->colour));
  gtk_box_append (GTK_BOX (box), field_choice (self, _("Home edge"), side->id, "home_edge",
                                               edges, edge_names, edge));
  if (self->cat && self->cat->side_params->len > 0)
    {
      gtk_box_append (GTK_BOX (box), heading_new (_("Army Parameters")));
      gtk_box_append (GTK_BOX (box), param_form (self, self->cat->side_params, side->params, side->id, NULL));
    }

  /* Pools. */
  gtk_box_append (GTK_BOX (box), heading_new (_("Unit Pools")));
  for (guint i = 0; i < s->pools->len; i++)
    {
      AciesPool *pool = g_ptr_array_index (s->pools, i);

      if (g_strcmp0 (pool->side, side->id) == 0)
        gtk_box_append (GTK_BOX (box), pool_form (self, pool));
    }
  if (self->cat && self->cat->unit_types->len > 0)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *dropdown, *button;
      g_autofree char *key = g_strdup_printf ("pool-add:%s", side->id);

      kind_choices (self->cat->unit_types, TRUE, FALSE, &type_values, &type_labels);
      dropdown = acies_drop_down_new_ellipsized ((const char * const *) type_labels);
      gtk_widget_set_hexpand (dropdown, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Unit type to add to the pool"), -1);
      focus_key_set (row, key);
      focus_key_set (dropdown, "type");
      button = gtk_button_new_with_mnemonic (_("Add to _Pool"));
      focus_key_set (button, "add");
      g_object_set_data (G_OBJECT (button), "types", dropdown);
      g_object_set_data_full (G_OBJECT (button), "side", g_strdup (side->id), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (pool_add_clicked_cb), self);
      gtk_box_append (GTK_BOX (row), dropdown);
      gtk_box_append (GTK_BOX (row), button);
      gtk_box_append (GTK_BOX (box), row);
    }

  /* Reinforcements. */
  gtk_box_append (GTK_BOX (box), heading_new (_("Reinforcements")));
  {
    gboolean any = FALSE;

    for (guint i = 0; i < s->reinforcements->len; i++)
      {
        AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);
        g_autoptr(GString) text = g_string_new (NULL);

        if (g_strcmp0 (r->side, side->id) != 0)
          continue;
        any = TRUE;
        g_string_printf (text, _("Turn %u:"), r->turn);
        for (guint j = 0; j < r->units->len; j++)
          g_string_append_printf (text, " %s", (char *) g_ptr_array_index (r->units, j));
        gtk_box_append (GTK_BOX (box), dim_label_new (text->str));
      }
    if (!any)
      gtk_box_append (GTK_BOX (box), dim_label_new (_("None. Select a unit and set its arrival turn.")));
  }

  return box;
}

static void
cell_terrain_changed_cb (GtkDropDown *dropdown,
                         GParamSpec  *pspec,
                         AciesEditor *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);
  AciesCell cell = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "cell"));

  if (self->cat == NULL || pos >= self->cat->terrain->len)
    return;
  self->panel_edit = TRUE;
  acies_editor_document_break_merge (self->doc);
  acies_editor_document_paint_terrain (self->doc, &cell, 1,
                                       ((AciesTerrainType *) g_ptr_array_index (self->cat->terrain, pos))->id,
                                       FALSE);
  self->panel_edit = FALSE;
}

static void
cell_elevation_changed_cb (GtkSpinButton *spin,
                           AciesEditor   *self)
{
  AciesCell cell = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "cell"));

  self->panel_edit = TRUE;
  acies_editor_document_set_elevation (self->doc, &cell, 1, gtk_spin_button_get_value_as_int (spin), TRUE);
  self->panel_edit = FALSE;
}

/* A selected cell: its terrain and elevation (editable), its features
 * and the areas that hold it. */
static void
cell_inspector (AciesEditor *self,
                AciesCell    cell)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *box = self->inspector_box;
  GtkWidget *dropdown, *spin;
  g_auto(GStrv) values = NULL;
  g_auto(GStrv) labels = NULL;
  g_autofree char *title = g_strdup_printf (_("Cell %s"), acies_board_cell_label (s->map.board, cell));
  g_autoptr(GString) features = g_string_new (NULL);
  g_autoptr(GString) areas = g_string_new (NULL);
  guint selected = 0;

  gtk_box_append (GTK_BOX (box), heading_new (title));
  if (self->cat != NULL)
    {
      g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) l = g_strv_builder_new ();

      for (guint i = 0; i < self->cat->terrain->len; i++)
        {
          AciesTerrainType *t = g_ptr_array_index (self->cat->terrain, i);

          g_strv_builder_add (v, t->id);
          g_strv_builder_add (l, t->name ? t->name : t->id);
          if (g_strcmp0 (t->id, acies_map_get_terrain (&s->map, cell)) == 0)
            selected = i;
        }
      values = g_strv_builder_end (v);
      labels = g_strv_builder_end (l);
      gtk_box_append (GTK_BOX (box), dim_label_new (_("Terrain")));
      dropdown = acies_drop_down_new_ellipsized ((const char * const *) labels);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Terrain"), -1);
      g_object_set_data (G_OBJECT (dropdown), "cell", GINT_TO_POINTER (cell));
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (cell_terrain_changed_cb), self);
      gtk_box_append (GTK_BOX (box), dropdown);
    }

  gtk_box_append (GTK_BOX (box), dim_label_new (_("Elevation")));
  spin = gtk_spin_button_new_with_range (-9, 9, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), s->map.elevation[cell]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Elevation"), -1);
  g_object_set_data (G_OBJECT (spin), "cell", GINT_TO_POINTER (cell));
  g_signal_connect (spin, "value-changed", G_CALLBACK (cell_elevation_changed_cb), self);
  gtk_box_append (GTK_BOX (box), spin);

  for (guint i = 0; s->map.cell_features[cell] && i < s->map.cell_features[cell]->len; i++)
    g_string_append_printf (features, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (s->map.cell_features[cell], i));
  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (s->areas, i);

      if (acies_area_contains (a, cell))
        g_string_append_printf (areas, "%s%s", areas->len ? ", " : "", a->name ? a->name : a->id);
    }
  if (features->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Features: %s"), features->str);

      gtk_box_append (GTK_BOX (box), dim_label_new (text));
    }
  if (areas->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("In areas: %s"), areas->str);

      gtk_box_append (GTK_BOX (box), dim_label_new (text));
    }
}

/* Side-panel pages, in notebook order. */
enum
{
  PAGE_ARMY,
  PAGE_INSPECTOR,
  PAGE_SIDES,
  PAGE_RULES,
  PAGE_META,
  PAGE_TABLES,
  PAGE_PROBLEMS
};

/* Pages not on show are rebuilt when they are shown (page_switched_cb):
 * building every form and text view up front cost most of the time from
 * launch to the first frame (issue 4's launch bench). */
static gboolean
acies_editor_defer_page (AciesEditor *self,
                         guint        page)
{
  if (self->notebook != NULL
      && gtk_notebook_get_current_page (self->notebook) != (gint) page)
    {
      self->stale_pages |= 1u << page;
      return TRUE;
    }
  self->stale_pages &= ~(1u << page);
  return FALSE;
}

static void
inspector_fill (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *box = self->inspector_box;
  const char *kind = self->sel_kind;
  g_auto(GStrv) values = NULL;
  g_auto(GStrv) labels = NULL;

  if (acies_editor_defer_page (self, PAGE_INSPECTOR))
    return;
  box_clear (box);
  if (s == NULL)
    return;

  if ((kind == NULL || self->sel_id == NULL) &&
      acies_board_contains (s->map.board, acies_board_view_get_selected_cell (self->view)))
    {
      cell_inspector (self, acies_board_view_get_selected_cell (self->view));
      return;
    }

  if (kind == NULL || self->sel_id == NULL)
    {
      gtk_box_append (GTK_BOX (box), heading_new (_("Nothing Selected")));
      gtk_box_append (GTK_BOX (box),
                      dim_label_new (_("Select a side, formation, unit, leader or area in the Army tree "
                                       "or on the board to edit its attributes.")));
      return;
    }

  if (g_str_equal (kind, "unit"))
    {
      AciesUnit *unit = acies_scenario_find_unit (s, self->sel_id);
      const AciesUnitType *type = unit_type_of (self, unit->type);
      GtkWidget *row;
      g_autofree char *where = NULL;

      gtk_box_append (GTK_BOX (box), heading_new (_("Unit")));
      gtk_box_append (GTK_BOX (box), dim_label_new (unit->id));
      gtk_box_append (GTK_BOX (box), field_entry (self, _("Name"), unit->id, "name", unit->name));
      kind_choices (self->cat ? self->cat->unit_types : NULL, TRUE, FALSE, &values, &labels);
      gtk_box_append (GTK_BOX (box), field_choice (self, _("Type"), unit->id, "type",
                                                   (const char * const *) values,
                                                   (const char * const *) labels, unit->type));
      where = g_strdup_printf (_("Set-up cell: %s%s%s"),
                               unit->cell != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell) : _("off map"),
                               unit->cell2 != ACIES_CELL_NONE ? " + " : "",
                               unit->cell2 != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell2) : "");
      gtk_box_append (GTK_BOX (box), dim_label_new (where));
      if (type && type->two_hex)
        gtk_box_append (GTK_BOX (box), field_entry (self, _("Second hex"), unit->id, "cell2",
                                                    unit->cell2 != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell2) : ""));
      if (n_facings (self) > 0)
        {
          g_autoptr(GArray) facings = facing_values (self);
          g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
          g_autoptr(GStrvBuilder) l = g_strv_builder_new ();
          g_auto(GStrv) facing_values_ = NULL;
          g_auto(GStrv) facing_labels = NULL;
          g_autofree char *now = unit->facing >= 0 ? g_strdup_printf ("%d", unit->facing) : g_strdup ("");
          g_autofree char *unset = facing_name (self, -1);

          /* Named directions; "" is no facing of its own. */
          g_strv_builder_add (v, "");
          g_strv_builder_add (l, unset);
          for (guint i = 0; i < facings->len; i++)
            {
              gint f = g_array_index (facings, gint, i);
              g_autofree char *value = g_strdup_printf ("%d", f);
              g_autofree char *name = facing_name (self, f);

              g_strv_builder_add (v, value);
              g_strv_builder_add (l, name);
            }
          facing_values_ = g_strv_builder_end (v);
          facing_labels = g_strv_builder_end (l);
          gtk_box_append (GTK_BOX (box), field_choice (self, _("Facing"), unit->id, "facing",
                                                       (const char * const *) facing_values_,
                                                       (const char * const *) facing_labels, now));
        }
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      {
        GtkWidget *spin = gtk_spin_button_new_with_range (0, 99, 1);
        acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);

        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), reinforcement_turn_of (s, unit->id));
        g_object_set_data_full (G_OBJECT (spin), "unit", g_strdup (unit->id), g_free);
        g_signal_connect (spin, "value-changed", G_CALLBACK (reinforce_turn_cb), self);
        gtk_box_append (GTK_BOX (row), dim_label_new (_("Arrives on turn (0 = set up)")));
        gtk_box_append (GTK_BOX (row), spin);
      }
      gtk_box_append (GTK_BOX (box), row);
      if (type != NULL)
        {
          gtk_box_append (GTK_BOX (box), heading_new (_("Counter")));
          gtk_box_append (GTK_BOX (box), param_form (self, type->attributes, unit->attrs, unit->id, "attrs"));
          if (type->hidden && type->hidden->len > 0)
            {
              gtk_box_append (GTK_BOX (box), heading_new (_("Hidden (Back of Counter)")));
              gtk_box_append (GTK_BOX (box), param_form (self, type->hidden, unit->hidden, unit->id, "hidden"));
            }
          if (type->source)
            gtk_box_append (GTK_BOX (box), dim_label_new (type->source));
        }
    }
  else if (g_str_equal (kind, "leader"))
    {
      AciesLeader *leader = acies_scenario_find_leader (s, self->sel_id);
      const AciesUnitType *type = self->cat ? acies_catalogue_find_leader_kind (self->cat, leader->kind) : NULL;

      gtk_box_append (GTK_BOX (box), heading_new (_("Leader")));
      gtk_box_append (GTK_BOX (box), dim_label_new (leader->id));
      gtk_box_append (GTK_BOX (box), field_entry (self, _("Name"), leader->id, "name", leader->name));
      kind_choices (self->cat ? self->cat->leader_kinds : NULL, TRUE, FALSE, &values, &labels);
      gtk_box_append (GTK_BOX (box), field_choice (self, _("Kind"), leader->id, "kind",
                                                   (const char * const *) values,
                                                   (const char * const *) labels, leader->kind));
      if (type != NULL)
        gtk_box_append (GTK_BOX (box), param_form (self, type->attributes, leader->attrs, leader->id, "attrs"));
    }
  else if (g_str_equal (kind, "formation"))
    {
      AciesFormation *formation = acies_scenario_find_formation (s, self->sel_id);
      const AciesKind *fkind = self->cat ? acies_catalogue_find_kind (self->cat->formation_kinds, formation->kind) : NULL;

      gtk_box_append (GTK_BOX (box), heading_new (_("Formation")));
      gtk_box_append (GTK_BOX (box), dim_label_new (formation->id));
      gtk_box_append (GTK_BOX (box), field_entry (self, _("Name"), formation->id, "name", formation->name));
      kind_choices (self->cat ? self->cat->formation_kinds : NULL, FALSE, FALSE, &values, &labels);
      gtk_box_append (GTK_BOX (box), field_choice (self, _("Kind"), formation->id, "kind",
                                                   (const char * const *) values,
                                                   (const char * const *) labels, formation->kind));
      if (self->cat && self->cat->formation_params->len > 0)
        gtk_box_append (GTK_BOX (box), param_form (self, self->cat->formation_params, formation->params, formation->id, NULL));
      if (fkind && fkind->params && fkind->params->len > 0)
        gtk_box_append (GTK_BOX (box), param_form (self, fkind->params, formation->params, formation->id, NULL));
    }
  else if (g_str_equal (kind, "side"))
    {
      AciesSide *side = acies_scenario_find_side (s, self->sel_id);

      gtk_box_append (GTK_BOX (box), heading_new (_("Side")));
      gtk_box_append (GTK_BOX (box), side_form (self, side));
    }
  else if (g_str_equal (kind, "area"))
    {
      AciesArea *area = acies_scenario_find_area (s, self->sel_id);
      const AciesKind *akind = self->cat ? acies_catalogue_find_kind (self->cat->area_kinds, area->kind) : NULL;
      g_auto(GStrv) side_values = NULL;
      g_auto(GStrv) side_labels = NULL;
      g_autofree char *count = g_strdup_printf (ngettext ("%u cell", "%u cells", area->cells->len), area->cells->len);

      gtk_box_append (GTK_BOX (box), heading_new (_("Area")));
      gtk_box_append (GTK_BOX (box), dim_label_new (count));
      gtk_box_append (GTK_BOX (box), field_entry (self, _("Name"), area->id, "name", area->name));
      kind_choices (self->cat ? self->cat->area_kinds : NULL, FALSE, FALSE, &values, &labels);
      gtk_box_append (GTK_BOX (box), field_choice (self, _("Kind"), area->id, "kind",
                                                   (const char * const *) values,
                                                   (const char * const *) labels, area->kind));
      side_choices (s, &side_values, &side_labels);
      gtk_box_append (GTK_BOX (box), field_choice (self, _("Side"), area->id, "side",
                                                   (const char * const *) side_values,
                                                   (const char * const *) side_labels, area->side));
      if (akind && akind->params && akind->params->len > 0)
        gtk_box_append (GTK_BOX (box), param_form (self, akind->params, area->params, area->id, NULL));
    }

  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    gtk_widget_set_margin_top (row, 12);
    gtk_box_append (GTK_BOX (row), action_button (_("_Duplicate"), NULL, "editor.duplicate", g_variant_new_string ("")));
    gtk_box_append (GTK_BOX (row), action_button (_("_Remove"), NULL, "editor.remove", g_variant_new_string ("")));
    gtk_box_append (GTK_BOX (box), row);
  }
}

/* Rebuilt in place: the page keeps its scroll position and the control
 * that had the keyboard focus keeps it (issue 5: after "Add to Pool" or
 * "Resize" the panel jumped to the top and into the Name field). */
static void
acies_editor_rebuild_inspector (AciesEditor *self)
{
  PanelPlace place;

  panel_place_save (self->inspector_box, &place);
  inspector_fill (self);
  panel_place_restore (self->inspector_box, &place);
}

/* Sides, rules, scenario pages. */

static void
sides_fill (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);

  if (acies_editor_defer_page (self, PAGE_SIDES))
    return;
  box_clear (self->sides_box);
  if (s == NULL)
    return;
  for (guint i = 0; i < s->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (s->sides, i);

      gtk_box_append (GTK_BOX (self->sides_box), heading_new (side->name ? side->name : side->id));
      gtk_box_append (GTK_BOX (self->sides_box), side_form (self, side));
      gtk_box_append (GTK_BOX (self->sides_box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
    }
  gtk_box_append (GTK_BOX (self->sides_box),
                  action_button (_("Add _Side"), NULL, "editor.add-side", g_variant_new_string ("")));
}

/* Rebuilt in place: the page keeps its scroll position and the control
 * that had the keyboard focus keeps it (issue 5: after "Add to Pool" or
 * "Resize" the panel jumped to the top and into the Name field). */
static void
acies_editor_rebuild_sides (AciesEditor *self)
{
  PanelPlace place;

  panel_place_save (self->sides_box, &place);
  sides_fill (self);
  panel_place_restore (self->sides_box, &place);
}

static void
rule_add_clicked_cb (GtkButton   *button,
                     AciesEditor *self)
{
  GtkDropDown *dropdown = g_object_get_data (G_OBJECT (button), "kinds");
  const char *list = g_object_get_data (G_OBJECT (button), "list");
  GPtrArray *kinds = g_str_equal (list, "victory") ? self->cat->victory_kinds : self->cat->special_rules;
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos >= kinds->len)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-rule", "(ss)", list,
                              ((AciesKind *) g_ptr_array_index (kinds, pos))->id);
}

static void
rule_side_changed_cb (GtkDropDown *dropdown,
                      GParamSpec  *pspec,
                      AciesEditor *self)
{
  Edit e = { 0 };
  GStrv values = g_object_get_data (G_OBJECT (dropdown), "values");
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos == GTK_INVALID_LIST_POSITION || values[pos] == NULL)
    return;
  e.self = self;
  e.s1 = g_object_get_data (G_OBJECT (dropdown), "list");
  e.s2 = values[pos];
  e.n1 = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "index"));
  panel_edit (self, _("Change Rule Side"), NULL, rule_side_func, &e);
}

static void
rules_section (AciesEditor *self,
               const char  *list,
               const char  *title,
               GPtrArray   *kinds,
               GPtrArray   *entries)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *dropdown, *button;
  g_auto(GStrv) values = NULL;
  g_auto(GStrv) labels = NULL;

  gtk_box_append (GTK_BOX (self->rules_box), heading_new (title));
  for (guint i = 0; i < entries->len; i++)
    {
      AciesRuleEntry *entry = g_ptr_array_index (entries, i);
      const AciesKind *kind = acies_catalogue_find_kind (kinds, entry->kind);
      GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (kind && kind->name ? kind->name : entry->kind);
      g_autofree char *object = g_strdup_printf ("%s:%u", list, i);
      g_auto(GStrv) side_labels = NULL;
      GStrv side_values = NULL;
      GtkWidget *sides;
      guint selected = 0;

      gtk_widget_add_css_class (frame, "card");
      gtk_widget_set_margin_bottom (frame, 6);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_wrap (GTK_LABEL (name), TRUE);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (header), name);
      gtk_box_append (GTK_BOX (header), action_button (_("Remove"), "user-trash-symbolic", "editor.remove-rule",
                                                       g_variant_new ("(su)", list, i)));
      gtk_box_append (GTK_BOX (frame), header);
      if (kind && kind->source)
        gtk_box_append (GTK_BOX (frame), dim_label_new (kind->source));
      if (kind && kind->description)
        gtk_box_append (GTK_BOX (frame), dim_label_new (kind->description));

      side_choices (s, &side_values, &side_labels);
      g_free (side_labels[0]);
      side_labels[0] = g_strdup (_("Both sides"));
      for (guint k = 0; side_values[k]; k++)
        if (g_strcmp0 (side_values[k], entry->side ? entry->side : "") == 0)
          selected = k;
      sides = acies_drop_down_new_ellipsized ((const char * const *) side_labels);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (sides), selected);
      g_object_set_data_full (G_OBJECT (sides), "values", side_values, (GDestroyNotify) g_strfreev);
      g_object_set_data_full (G_OBJECT (sides), "list", g_strdup (list), g_free);
      g_object_set_data (G_OBJECT (sides), "index", GINT_TO_POINTER (i));
      g_signal_connect (sides, "notify::selected", G_CALLBACK (rule_side_changed_cb), self);
      gtk_box_append (GTK_BOX (frame), sides);
      if (kind && kind->params && kind->params->len > 0)
        gtk_box_append (GTK_BOX (frame), param_form (self, kind->params, entry->params, object, NULL));
      for (GtkWidget *c = gtk_widget_get_first_child (frame); c; c = gtk_widget_get_next_sibling (c))
        {
          gtk_widget_set_margin_start (c, 8);
          gtk_widget_set_margin_end (c, 8);
        }
      gtk_widget_set_margin_top (header, 6);
      gtk_box_append (GTK_BOX (self->rules_box), frame);
    }

  kind_choices (kinds, FALSE, FALSE, &values, &labels);
  if (values[0] == NULL)
    {
      gtk_box_append (GTK_BOX (self->rules_box), dim_label_new (_("This rule system defines none.")));
      return;
    }
  dropdown = acies_drop_down_new_ellipsized ((const char * const *) labels);
  gtk_widget_set_hexpand (dropdown, TRUE);
  button = gtk_button_new_with_mnemonic (_("_Add"));
  g_object_set_data (G_OBJECT (button), "kinds", dropdown);
  g_object_set_data_full (G_OBJECT (button), "list", g_strdup (list), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (rule_add_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), dropdown);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (self->rules_box), row);
}

static void
rules_fill (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);

  if (acies_editor_defer_page (self, PAGE_RULES))
    return;
  box_clear (self->rules_box);
  if (s == NULL || self->cat == NULL)
    return;
  rules_section (self, "victory", _("Victory Conditions"), self->cat->victory_kinds, s->victory);
  rules_section (self, "special", _("Special Rules"), self->cat->special_rules, s->special_rules);
}

/* Rebuilt in place: the page keeps its scroll position and the control
 * that had the keyboard focus keeps it (issue 5: after "Add to Pool" or
 * "Resize" the panel jumped to the top and into the Name field). */
static void
acies_editor_rebuild_rules (AciesEditor *self)
{
  PanelPlace place;

  panel_place_save (self->rules_box, &place);
  rules_fill (self);
  panel_place_restore (self->rules_box, &place);
}

static void
resize_clicked_cb (GtkButton   *button,
                   AciesEditor *self)
{
  GtkSpinButton *w = g_object_get_data (G_OBJECT (button), "width");
  GtkSpinButton *h = g_object_get_data (G_OBJECT (button), "height");

  gtk_widget_activate_action (GTK_WIDGET (self), "editor.resize", "(uu)",
                              (guint32) gtk_spin_button_get_value_as_int (w),
                              (guint32) gtk_spin_button_get_value_as_int (h));
}

static void
text_view_changed_cb (GtkTextBuffer *buffer,
                      FieldTarget   *target)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  acies_editor_set_field (target->self, target->object, target->field, text, TRUE);
}

static GtkWidget *
field_text (AciesEditor *self,
            const char  *label,
            const char  *field,
            const char  *value)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *view = gtk_text_view_new ();
  GtkWidget *frame = gtk_frame_new (NULL);
  FieldTarget *target = g_new0 (FieldTarget, 1);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));

  target->self = self;
  target->object = g_strdup ("scenario");
  target->field = g_strdup (field);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  /* A field of a form: Tab (and Ctrl+Tab) moves on to the next field, as
   * in GNOME's forms, instead of typing a tab. */
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_widget_set_name (view, field);
  gtk_widget_set_size_request (view, -1, 72);
  gtk_text_buffer_set_text (buffer, value ? value : "", -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_data (buffer, "changed", G_CALLBACK (text_view_changed_cb),
                         target, field_target_notify, 0);
  gtk_frame_set_child (GTK_FRAME (frame), view);
  gtk_box_append (GTK_BOX (box), dim_label_new (label));
  gtk_box_append (GTK_BOX (box), frame);
  return box;
}

static void
meta_fill (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *box = self->meta_box;
  g_autoptr(GString) sources = g_string_new (NULL);
  g_auto(GStrv) side_values = NULL;
  g_auto(GStrv) side_labels = NULL;
  const AciesBoard *board;

  if (acies_editor_defer_page (self, PAGE_META))
    return;
  box_clear (box);
  if (s == NULL)
    return;

  gtk_box_append (GTK_BOX (box), heading_new (_("Scenario")));
  gtk_box_append (GTK_BOX (box), field_entry (self, _("Title"), "scenario", "title", s->meta.title));
  gtk_box_append (GTK_BOX (box), field_entry (self, _("Date"), "scenario", "date", s->meta.date));
  gtk_box_append (GTK_BOX (box), field_entry (self, _("Place"), "scenario", "place", s->meta.place));
  gtk_box_append (GTK_BOX (box), field_entry (self, _("Designer"), "scenario", "designer", s->meta.designer));
  gtk_box_append (GTK_BOX (box), field_text (self, _("Description"), "description", s->meta.description));
  for (guint i = 0; i < s->meta.sources->len; i++)
    g_string_append_printf (sources, "%s%s", i ? "\n" : "", (char *) g_ptr_array_index (s->meta.sources, i));
  gtk_box_append (GTK_BOX (box), field_text (self, _("Sources (one per line)"), "sources", sources->str));
  gtk_box_append (GTK_BOX (box), field_text (self, _("Designer's notes"), "notes", s->meta.notes));

  gtk_box_append (GTK_BOX (box), field_number (self, _("Turn limit (0 = none)"), "scenario", "turn_limit",
                                               0, 999, s->turn_limit));
  side_choices (s, &side_values, &side_labels);
  gtk_box_append (GTK_BOX (box), field_choice (self, _("First side"), "scenario", "first_side",
                                               (const char * const *) side_values,
                                               (const char * const *) side_labels, s->first_side));
  if (self->cat && self->cat->scenario_params->len > 0)
    {
      gtk_box_append (GTK_BOX (box), heading_new (_("Scenario Parameters")));
      gtk_box_append (GTK_BOX (box), param_form (self, self->cat->scenario_params, s->params, "scenario", NULL));
    }

  board = s->map.board;
  gtk_box_append (GTK_BOX (box), heading_new (_("Board")));
  if (acies_board_get_kind (board) == ACIES_BOARD_ZONES)
    gtk_box_append (GTK_BOX (box), dim_label_new (_("A zone board has a fixed size.")));
  else
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *w = gtk_spin_button_new_with_range (1, ACIES_MAX_BOARD_SIDE, 1);
      acies_spin_button_guard (GTK_SPIN_BUTTON (w), NULL);
      GtkWidget *h = gtk_spin_button_new_with_range (1, ACIES_MAX_BOARD_SIDE, 1);
      acies_spin_button_guard (GTK_SPIN_BUTTON (h), NULL);
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Resize"));

      gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), acies_board_get_width (board));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (h), acies_board_get_height (board));
      gtk_accessible_update_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Columns"), -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (h), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rows"), -1);
      gtk_editable_set_width_chars (GTK_EDITABLE (w), 3);
      gtk_editable_set_width_chars (GTK_EDITABLE (h), 3);
      focus_key_set (w, "resize-width");
      focus_key_set (h, "resize-height");
      focus_key_set (button, "resize");
      g_object_set_data (G_OBJECT (button), "width", w);
      g_object_set_data (G_OBJECT (button), "height", h);
      g_signal_connect (button, "clicked", G_CALLBACK (resize_clicked_cb), self);
      gtk_box_append (GTK_BOX (row), w);
      gtk_box_append (GTK_BOX (row), gtk_label_new ("×"));
      gtk_box_append (GTK_BOX (row), h);
      gtk_box_append (GTK_BOX (box), row);
      gtk_widget_set_halign (button, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), button);
      gtk_box_append (GTK_BOX (box), dim_label_new (_("Resizing keeps every cell, edge, unit and area cell that still fits.")));
    }
}

/* Rebuilt in place: the page keeps its scroll position and the control
 * that had the keyboard focus keeps it (issue 5: after "Add to Pool" or
 * "Resize" the panel jumped to the top and into the Name field). */
static void
acies_editor_rebuild_meta (AciesEditor *self)
{
  PanelPlace place;

  panel_place_save (self->meta_box, &place);
  meta_fill (self);
  panel_place_restore (self->meta_box, &place);
}

/* Tables. */

static void
table_chosen_cb (GtkDropDown *dropdown,
                 GParamSpec  *pspec,
                 AciesEditor *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (self->cat == NULL || pos >= self->cat->tables->len)
    return;
  g_free (self->table_id);
  self->table_id = g_strdup (((AciesTable *) g_ptr_array_index (self->cat->tables, pos))->id);
  acies_editor_rebuild_tables (self);
}

static void
table_cell_activate_cb (GtkEntry    *entry,
                        AciesEditor *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.set-table-cell", "(ssss)",
                              self->table_id,
                              g_object_get_data (G_OBJECT (entry), "row"),
                              g_object_get_data (G_OBJECT (entry), "column"),
                              gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
acies_editor_rebuild_tables (AciesEditor *self)
{
  AciesScenario *s = scenario_of (self);
  GtkWidget *box = self->tables_box;
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) labels = NULL;
  const AciesTable *base = NULL;
  g_autoptr(GError) error = NULL;
  AciesTable *table;
  GtkWidget *dropdown, *grid, *scroller, *legend;
  guint selected = 0;

  if (acies_editor_defer_page (self, PAGE_TABLES))
    return;
  box_clear (box);
  if (s == NULL || self->cat == NULL || self->cat->tables->len == 0)
    {
      gtk_box_append (GTK_BOX (box), dim_label_new (_("This rule system has no tables.")));
      return;
    }

  for (guint i = 0; i < self->cat->tables->len; i++)
    {
      AciesTable *t = g_ptr_array_index (self->cat->tables, i);

      g_strv_builder_add (names, t->name ? t->name : t->id);
      if (g_strcmp0 (t->id, self->table_id) == 0)
        {
          selected = i;
          base = t;
        }
    }
  if (base == NULL)
    {
      base = g_ptr_array_index (self->cat->tables, 0);
      g_free (self->table_id);
      self->table_id = g_strdup (base->id);
    }
  labels = g_strv_builder_end (names);
  dropdown = acies_drop_down_new_ellipsized ((const char * const *) labels);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Table"), -1);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (table_chosen_cb), self);
  gtk_box_append (GTK_BOX (box), dropdown);

  /* The table as the game reads it: the catalogue's, with this
   * scenario's overrides applied. */
  table = acies_table_copy (base);
  if (s->table_overrides && json_object_has_member (s->table_overrides, base->id))
    acies_table_apply_override (table, json_object_get_object_member (s->table_overrides, base->id),
                                "$.table_overrides", &error);
  if (error != NULL)
    gtk_box_append (GTK_BOX (box), dim_label_new (error->message));

  legend = dim_label_new (_("Each cell shows its source: plain = rulebook, italic = derived from an example, "
                            "highlighted = provisional (not printed; a designer's value). Type a printed value "
                            "and press Enter to replace a cell for this scenario."));
  gtk_box_append (GTK_BOX (box), legend);
  if (table->section)
    {
      g_autofree char *section = g_strdup_printf (_("Section %s"), table->section);

      gtk_box_append (GTK_BOX (box), dim_label_new (section));
    }

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 2);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (table->columns, c));

      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (GTK_GRID (grid), label, c + 1, 0, 1, 1);
    }
  for (guint r = 0; r < table->rows->len; r++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (table->rows, r));

      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (GTK_GRID (grid), label, 0, r + 1, 1, 1);
      for (guint c = 0; c < table->columns->len; c++)
        {
          const AciesTableCell *cell = acies_table_get (table, r, c);
          GtkWidget *entry = gtk_entry_new ();
          g_autofree char *text = NULL;
          g_autofree char *tip = NULL;

          if (cell->value == NULL || JSON_NODE_HOLDS_NULL (cell->value))
            text = g_strdup ("");
          else if (JSON_NODE_HOLDS_VALUE (cell->value) && json_node_get_value_type (cell->value) == G_TYPE_STRING)
            text = g_strdup (json_node_get_string (cell->value));
          else
            text = json_to_string (cell->value, FALSE);
          gtk_editable_set_text (GTK_EDITABLE (entry), text);
          gtk_editable_set_width_chars (GTK_EDITABLE (entry), 4);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
          tip = g_strdup_printf ("%s × %s: %s%s%s%s%s",
                                 (char *) g_ptr_array_index (table->rows, r),
                                 (char *) g_ptr_array_index (table->columns, c),
                                 acies_source_to_string (cell->source),
                                 cell->section ? ", " : "", cell->section ? cell->section : "",
                                 cell->note ? " — " : "", cell->note ? cell->note : "");
          gtk_widget_set_tooltip_text (entry, tip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
          gtk_widget_add_css_class (entry, acies_source_to_string (cell->source));
          if (cell->source == ACIES_SOURCE_PROVISIONAL)
            gtk_widget_add_css_class (entry, "warning");
          else if (cell->source == ACIES_SOURCE_PUBLISHED)
            gtk_widget_add_css_class (entry, "accent");
          else if (cell->source == ACIES_SOURCE_DERIVED)
            {
              PangoAttrList *attrs = pango_attr_list_new ();

              pango_attr_list_insert (attrs, pango_attr_style_new (PANGO_STYLE_ITALIC));
              gtk_entry_set_attributes (GTK_ENTRY (entry), attrs);
              pango_attr_list_unref (attrs);
            }
          g_object_set_data_full (G_OBJECT (entry), "row", g_strdup (g_ptr_array_index (table->rows, r)), g_free);
          g_object_set_data_full (G_OBJECT (entry), "column", g_strdup (g_ptr_array_index (table->columns, c)), g_free);
          g_signal_connect (entry, "activate", G_CALLBACK (table_cell_activate_cb), self);
          gtk_grid_attach (GTK_GRID (grid), entry, c + 1, r + 1, 1, 1);
        }
    }
  acies_table_free (table);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_box_append (GTK_BOX (box), scroller);
}

/* Validation. */

/**
 * acies_editor_locate_problem:
 * @self: an editor
 * @index: a problem of acies_editor_get_problems()
 *
 * Shows where a problem is: selects the offending unit, formation, side
 * or area (in the tree, the inspector and on the board) and selects and
 * scrolls to its cell.
 */
void
acies_editor_locate_problem (AciesEditor *self,
                             guint        index)
{
  AciesProblem *problem;
  AciesScenario *s;

  g_return_if_fail (ACIES_IS_EDITOR (self));

  s = scenario_of (self);
  if (s == NULL || self->problems == NULL || index >= self->problems->len)
    return;
  problem = g_ptr_array_index (self->problems, index);

  if (problem->object_id != NULL && kind_of_id (s, problem->object_id) != NULL)
    {
      acies_editor_select (self, problem->object_id);
      acies_editor_show_page (self, "inspector");
    }
  if (problem->cell != ACIES_CELL_NONE && acies_board_contains (s->map.board, problem->cell))
    {
      acies_board_view_set_selected_cell (self->view, problem->cell);
      acies_board_view_set_focus_cell (self->view, problem->cell);
    }
  else if (problem->object_id != NULL)
    {
      AciesUnit *unit = acies_scenario_find_unit (s, problem->object_id);

      if (unit != NULL && unit->cell != ACIES_CELL_NONE)
        {
          acies_board_view_set_selected_cell (self->view, unit->cell);
          acies_board_view_set_focus_cell (self->view, unit->cell);
        }
    }
}

static void
problem_row_activated_cb (GtkListBox    *box,
                          GtkListBoxRow *row,
                          AciesEditor   *self)
{
  gint index = gtk_list_box_row_get_index (row);

  if (index >= 0)
    acies_editor_locate_problem (self, index);
}

/* One catalogue parameter's label, or its id. */
static const char *
spec_label (GPtrArray  *specs,
            const char *id)
{
  const AciesParamSpec *spec = specs != NULL ? acies_catalogue_find_param (specs, id) : NULL;

  return spec != NULL && spec->label != NULL ? spec->label : NULL;
}

/* Where a problem is, in the words the panels use: the object's kind and
 * name, then the parameter's label ("Area “Macedonian bank” › Units")
 * instead of its JSON path ("$.areas[0].params.count").  NULL when the
 * path is not one the editor knows. */
static char *
describe_problem_path (AciesEditor *self,
                       const char  *path)
{
  AciesScenario *s = scenario_of (self);
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *array = NULL;
  g_autofree char *index_text = NULL;
  g_autofree char *rest = NULL;
  g_autofree char *what = NULL;
  GPtrArray *specs = NULL;
  GPtrArray *more_specs = NULL;
  const char *member;
  guint index;

  if (s == NULL || path == NULL || self->cat == NULL)
    return NULL;
  if (g_str_has_prefix (path, "$.params."))
    {
      const char *label = spec_label (self->cat->scenario_params, path + strlen ("$.params."));

      /* Translators: where a problem is: "Scenario › Turn limit". */
      return label != NULL ? g_strdup_printf (_("Scenario › %s"), label) : NULL;
    }

  regex = g_regex_new ("^\\$\\.([a-z_]+)\\[([0-9]+)\\](?:\\.(.*))?$", 0, 0, NULL);
  if (!g_regex_match (regex, path, 0, &match))
    return NULL;
  array = g_match_info_fetch (match, 1);
  index_text = g_match_info_fetch (match, 2);
  rest = g_match_info_fetch (match, 3);
  index = (guint) g_ascii_strtoull (index_text, NULL, 10);

  if (g_str_equal (array, "units") && index < s->units->len)
    {
      AciesUnit *u = g_ptr_array_index (s->units, index);
      const AciesUnitType *type = unit_type_of (self, u->type);

      what = g_strdup_printf (_("Unit “%s”"), u->name ? u->name : u->id);
      if (type != NULL)
        {
          specs = type->attributes;
          if (g_str_has_prefix (rest ? rest : "", "hidden."))
            specs = type->hidden;
        }
    }
  else if (g_str_equal (array, "leaders") && index < s->leaders->len)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, index);
      const AciesUnitType *kind = acies_catalogue_find_leader_kind (self->cat, l->kind);

      what = g_strdup_printf (_("Leader “%s”"), l->name ? l->name : l->id);
      specs = kind != NULL ? kind->attributes : NULL;
    }
  else if (g_str_equal (array, "sides") && index < s->sides->len)
    {
      AciesSide *side = g_ptr_array_index (s->sides, index);

      what = g_strdup_printf (_("Side “%s”"), side->name ? side->name : side->id);
      specs = self->cat->side_params;
    }
  else if (g_str_equal (array, "formations") && index < s->formations->len)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, index);
      const AciesKind *kind = acies_catalogue_find_kind (self->cat->formation_kinds, f->kind);

      what = g_strdup_printf (_("Formation “%s”"), f->name ? f->name : f->id);
      specs = self->cat->formation_params;
      more_specs = kind != NULL ? kind->params : NULL;
    }
  else if (g_str_equal (array, "areas") && index < s->areas->len)
    {
      AciesArea *a = g_ptr_array_index (s->areas, index);
      const AciesKind *kind = acies_catalogue_find_kind (self->cat->area_kinds, a->kind);

      what = g_strdup_printf ("%s “%s”", kind && kind->name ? kind->name : _("Area"), a->name ? a->name : a->id);
      specs = kind != NULL ? kind->params : NULL;
    }
  else if ((g_str_equal (array, "special_rules") && index < s->special_rules->len) ||
           (g_str_equal (array, "victory") && index < s->victory->len))
    {
      gboolean victory = g_str_equal (array, "victory");
      AciesRuleEntry *entry = g_ptr_array_index (victory ? s->victory : s->special_rules, index);
      const AciesKind *kind = acies_catalogue_find_kind (victory ? self->cat->victory_kinds : self->cat->special_rules,
                                                         entry->kind);

      what = g_strdup (kind && kind->name ? kind->name : entry->kind);
      specs = kind != NULL ? kind->params : NULL;
    }
  else if (g_str_equal (array, "pools") && index < s->pools->len)
    {
      AciesPool *pool = g_ptr_array_index (s->pools, index);

      what = pool_title (self, pool);
      if (rest != NULL && g_str_has_prefix (rest, "entries["))
        {
          guint j = (guint) g_ascii_strtoull (rest + strlen ("entries["), NULL, 10);
          const char *after = strchr (rest, ']');

          if (j < pool->entries->len)
            {
              AciesPoolEntry *entry = g_ptr_array_index (pool->entries, j);
              const AciesUnitType *type = unit_type_of (self, entry->type);
              char *longer = g_strdup_printf ("%s › %s", what, type && type->name ? type->name : entry->type);

              g_free (what);
              what = longer;
              if (type != NULL)
                specs = after != NULL && g_str_has_prefix (after, "].hidden.") ? type->hidden : type->attributes;
            }
          if (after != NULL && after[1] == '.')
            {
              char *tail = g_strdup (after + 2);

              g_free (rest);
              rest = tail;
            }
          else
            g_clear_pointer (&rest, g_free);
        }
    }
  else
    return NULL;

  if (rest == NULL || *rest == '\0')
    return g_steal_pointer (&what);

  /* "params.count", "attrs.cc", "hidden.vp": the parameter's label. */
  member = rest;
  if (g_str_has_prefix (member, "params.") || g_str_has_prefix (member, "attrs.") || g_str_has_prefix (member, "hidden."))
    {
      const char *id = strchr (member, '.') + 1;
      const char *label = spec_label (specs, id);

      if (label == NULL)
        label = spec_label (more_specs, id);
      return g_strdup_printf ("%s › %s", what, label != NULL ? label : id);
    }
  {
    const struct { const char *member; const char *words; } fields[] = {
      { "cell", N_("Set-up cell") }, { "cell2", N_("Second hex") }, { "cells", N_("Cells") },
      { "facing", N_("Facing") }, { "type", N_("Type") }, { "kind", N_("Kind") },
      { "name", N_("Name") }, { "side", N_("Side") }, { "formation", N_("Formation") },
      { "colour", N_("Colour") }, { "draw", N_("Counters drawn") }, { "area", N_("Area") },
    };

    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      if (g_str_equal (member, fields[i].member))
        return g_strdup_printf ("%s › %s", what, _(fields[i].words));
  }
  return g_strdup_printf ("%s › %s", what, member);
}

static void
acies_editor_show_problems (AciesEditor *self)
{
  g_autofree char *summary = NULL;

  box_clear (self->problems_list);
  for (guint i = 0; self->problems && i < self->problems->len; i++)
    {
      AciesProblem *p = g_ptr_array_index (self->problems, i);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *icon = gtk_image_new_from_icon_name (p->severity == ACIES_PROBLEM_ERROR
                                                      ? "dialog-error-symbolic" : "dialog-warning-symbolic");
      GtkWidget *message = gtk_label_new (p->message);
      g_autofree char *place = describe_problem_path (self, p->path);
      GtkWidget *where = dim_label_new (place != NULL ? place : p->path ? p->path : "");

      gtk_widget_add_css_class (icon, p->severity == ACIES_PROBLEM_ERROR ? "error" : "warning");
      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      gtk_label_set_xalign (GTK_LABEL (message), 0);
      gtk_label_set_wrap (GTK_LABEL (message), TRUE);
      gtk_widget_add_css_class (where, "caption");
      /* The path in the file, for those who edit it by hand. */
      if (place != NULL)
        gtk_widget_set_tooltip_text (where, p->path);
      gtk_box_append (GTK_BOX (text), message);
      gtk_box_append (GTK_BOX (text), where);
      gtk_box_append (GTK_BOX (box), icon);
      gtk_box_append (GTK_BOX (box), text);
      gtk_widget_set_margin_top (box, 6);
      gtk_widget_set_margin_bottom (box, 6);
      gtk_widget_set_margin_start (box, 6);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_list_box_append (GTK_LIST_BOX (self->problems_list), row);
    }

  if (self->n_errors == 0 && self->n_warnings == 0)
    {
      AciesScenario *s = scenario_of (self);
      g_autofree char *unplayable = s ? acies_editor_describe_unplayable (s->ruleset) : NULL;

      if (unplayable != NULL)
        summary = g_strdup_printf (_("No problems found. %s."), unplayable);
      else
        summary = g_strdup (_("No problems: the scenario can be played."));
    }
  else
    summary = g_strdup_printf (_("%u errors, %u warnings. Click a problem to show it."),
                               self->n_errors, self->n_warnings);
  gtk_label_set_text (self->problems_label, summary);
}

/**
 * acies_editor_describe_unplayable:
 * @ruleset: (nullable): a ruleset id (AciesScenario.ruleset)
 *
 * Tells whether Acies has a rules engine for @ruleset: some rule systems
 * have a catalogue (so the editor and printing work) but no game logic
 * yet, and acies_ruleset_lookup() does not know them.
 *
 * Returns: (transfer full) (nullable): why games of @ruleset cannot be
 *   played, in plain words naming the catalogue (without a final full
 *   stop), or %NULL when they can
 */
char *
acies_editor_describe_unplayable (const char *ruleset)
{
  g_autoptr(AciesRuleset) rules = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;
  const char *name;

  if (ruleset == NULL || *ruleset == '\0')
    return g_strdup (_("Acies cannot play this scenario: it names no rule system"));

  rules = acies_ruleset_lookup (ruleset, NULL);
  if (rules != NULL)
    return NULL;

  catalogue = acies_catalogue_lookup (ruleset);
  name = catalogue && catalogue->name && *catalogue->name ? catalogue->name : ruleset;
  if (catalogue != NULL)
    /* Translators: %s is a rule system's name, e.g. "Four Battles of the Ancient World". */
    return g_strdup_printf (_("Acies cannot play %s games yet: the editor and printing work, the rules engine does not"),
                            name);
  return g_strdup_printf (_("Acies cannot play “%s” games: it does not know this rule system"), name);
}

/**
 * acies_editor_validate_now:
 * @self: an editor
 *
 * Runs the ruleset's validation (acies_scenario_validate()) and updates
 * the problems panel and #AciesEditor:n-errors.
 */
void
acies_editor_validate_now (AciesEditor *self)
{
  AciesScenario *s;
  g_autoptr(GError) error = NULL;
  guint errors = 0, warnings = 0;

  g_return_if_fail (ACIES_IS_EDITOR (self));

  g_clear_handle_id (&self->validate_id, g_source_remove);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  s = scenario_of (self);
  if (s == NULL)
    return;

  self->problems = acies_problems_new ();
  if (!acies_scenario_validate (s, self->problems, &error))
    g_ptr_array_add (self->problems, acies_problem_new (ACIES_PROBLEM_ERROR, "$.ruleset", NULL,
                                                        ACIES_CELL_NONE, "%s", error->message));
  for (guint i = 0; i < self->problems->len; i++)
    {
      AciesProblem *p = g_ptr_array_index (self->problems, i);

      if (p->severity == ACIES_PROBLEM_ERROR)
        errors++;
      else
        warnings++;
    }
  self->n_warnings = warnings;
  if (self->n_errors != errors)
    {
      self->n_errors = errors;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
    }
  else
    {
      /* Same count, other problems: listeners re-read the reason. */
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
    }
  acies_editor_show_problems (self);
}

static gboolean
validate_timeout_cb (gpointer data)
{
  AciesEditor *self = data;

  self->validate_id = 0;
  acies_editor_validate_now (self);
  return G_SOURCE_REMOVE;
}

static void
acies_editor_queue_validate (AciesEditor *self)
{
  g_clear_handle_id (&self->validate_id, g_source_remove);
  self->validate_id = g_timeout_add (VALIDATE_DELAY_MS, validate_timeout_cb, self);
}

guint
acies_editor_get_n_errors (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), 0);
  return self->n_errors;
}

guint
acies_editor_get_n_warnings (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), 0);
  return self->n_warnings;
}

/**
 * acies_editor_get_problems:
 * @self: an editor
 *
 * Returns: (transfer none) (nullable) (element-type AciesProblem): the
 *   problems of the last validation
 */
GPtrArray *
acies_editor_get_problems (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->problems;
}

/* Document. */

static void
acies_editor_rebuild_panels (AciesEditor *self)
{
  if (self->sel_id != NULL && kind_of_id (scenario_of (self), self->sel_id) == NULL)
    {
      g_clear_pointer (&self->sel_id, g_free);
      g_clear_pointer (&self->sel_kind, g_free);
    }
  acies_editor_rebuild_oob (self);
  acies_editor_rebuild_inspector (self);
  acies_editor_rebuild_sides (self);
  acies_editor_rebuild_rules (self);
  acies_editor_rebuild_meta (self);
  if (g_strcmp0 (self->tool, "area") == 0)
    acies_editor_rebuild_palette (self);
  acies_editor_update_highlight (self);
}

static void lazy_page_fill (GtkWidget *holder);

/* A page shown for the first time since its content changed is built now. */
static void
page_switched_cb (GtkNotebook *notebook,
                  GtkWidget   *page,
                  guint        page_num,
                  AciesEditor *self)
{
  lazy_page_fill (page);
  if (!(self->stale_pages & (1u << page_num)))
    return;
  switch (page_num)
    {
    case PAGE_INSPECTOR:
      acies_editor_rebuild_inspector (self);
      break;
    case PAGE_SIDES:
      acies_editor_rebuild_sides (self);
      break;
    case PAGE_RULES:
      acies_editor_rebuild_rules (self);
      break;
    case PAGE_META:
      acies_editor_rebuild_meta (self);
      break;
    case PAGE_TABLES:
      acies_editor_rebuild_tables (self);
      break;
    default:
      break;
    }
}

static void
document_changed_cb (AciesEditorDocument *doc,
                     guint                flags,
                     AciesEditor         *self)
{
  acies_board_view_scenario_changed (self->view);
  if ((flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD)) && !self->panel_edit)
    acies_editor_rebuild_panels (self);
  else if (self->panel_edit)
    {
      /* The panel that made the edit stays; the tree and the palette's
       * list of areas show new names. */
      acies_editor_rebuild_oob (self);
      if (g_strcmp0 (self->tool, "area") == 0)
        acies_editor_rebuild_palette (self);
    }
  if (flags & ACIES_EDIT_MAP)
    acies_editor_update_highlight (self);
  acies_editor_queue_validate (self);
}

/**
 * acies_editor_set_document:
 * @self: an editor
 * @document: (nullable): the document to edit
 */
void
acies_editor_set_document (AciesEditor         *self,
                           AciesEditorDocument *document)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));

  if (self->doc == document)
    return;

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->doc, document);
  g_clear_pointer (&self->cat, acies_catalogue_unref);
  g_clear_pointer (&self->sel_id, g_free);
  g_clear_pointer (&self->sel_kind, g_free);

  if (document != NULL)
    {
      AciesCatalogue *cat = acies_editor_document_get_catalogue (document);

      self->cat = cat ? acies_catalogue_ref (cat) : NULL;
      g_signal_connect (document, "changed", G_CALLBACK (document_changed_cb), self);
      acies_board_view_set_scenario (self->view, acies_editor_document_get_scenario (document));
      if (self->cat && self->cat->default_terrain)
        acies_editor_set_state (self, "brush", g_variant_new_string (self->cat->default_terrain));
      if (self->cat && self->cat->unit_types->len > 0)
        {
          g_auto(GStrv) values = NULL;
          g_auto(GStrv) labels = NULL;
          GtkStringList *list;

          kind_choices (self->cat->unit_types, TRUE, FALSE, &values, &labels);
          list = gtk_string_list_new ((const char * const *) labels);
          gtk_drop_down_set_model (GTK_DROP_DOWN (self->oob_type_dropdown), G_LIST_MODEL (list));
          g_object_unref (list);
        }
    }
  else
    acies_board_view_set_scenario (self->view, NULL);

  acies_editor_update_tools (self);
  acies_editor_rebuild_panels (self);
  acies_editor_rebuild_palette (self);
  acies_editor_rebuild_tables (self);
  acies_editor_validate_now (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

AciesEditorDocument *
acies_editor_get_document (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->doc;
}

AciesBoardView *
acies_editor_get_board_view (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return self->view;
}

/**
 * acies_editor_get_action_group:
 * @self: an editor
 *
 * Returns: (transfer none): the "editor" actions, for the window to insert
 */
GActionGroup *
acies_editor_get_action_group (AciesEditor *self)
{
  g_return_val_if_fail (ACIES_IS_EDITOR (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

/**
 * acies_editor_show_page:
 * @self: an editor
 * @page: "army", "inspector", "sides", "rules", "scenario", "tables" or "problems"
 *
 * Shows a side panel page (and the side panel, if folded away).
 */
void
acies_editor_show_page (AciesEditor *self,
                        const char  *page)
{
  const char *pages[] = { "army", "inspector", "sides", "rules", "scenario", "tables", "problems", NULL };

  g_return_if_fail (ACIES_IS_EDITOR (self));

  for (guint i = 0; pages[i]; i++)
    if (g_strcmp0 (pages[i], page) == 0)
      {
        gtk_notebook_set_current_page (self->notebook, i);
        adw_flap_set_reveal_flap (self->right_flap, TRUE);
      }
}

/**
 * acies_editor_set_sidebars_visible:
 * @self: an editor
 * @visible: show the palette and the side panel
 */
void
acies_editor_set_sidebars_visible (AciesEditor *self,
                                   gboolean     visible)
{
  g_return_if_fail (ACIES_IS_EDITOR (self));

  adw_flap_set_reveal_flap (self->left_flap, visible);
  adw_flap_set_reveal_flap (self->right_flap, visible);
}

/* Layout. */

static GtkWidget *
tool_button (const char *icon,
             const char *label,
             const char *tool)
{
  GtkWidget *button = gtk_toggle_button_new ();

  g_object_set_data_full (G_OBJECT (button), "label", g_strdup (label), g_free);

  gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.tool");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tool);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

/* The palette and the side panel keep one width whatever they show, so
 * that the board does not move and rescale between clicks: their labels
 * wrap or are ellipsized inside it. */
#define PALETTE_WIDTH 240
#define PANEL_WIDTH   340

static GtkWidget *
fixed_width (GtkWidget *child,
             int        width)
{
  GtkWidget *holder = gtk_scrolled_window_new ();

  /* No scroll bar, and neither the child's minimum nor its natural width
   * reaches the flap: the holder is @width wide. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (holder), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (holder), FALSE);
  gtk_widget_set_size_request (holder, width, -1);
  gtk_widget_set_hexpand (holder, FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (holder), child);
  /* It never scrolls: focus moves inside must not shift it sideways. */
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (holder))),
                                    FALSE);
  return holder;
}

static GtkWidget *
scrolled_page (GtkWidget *child)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_widget_set_margin_start (child, 10);
  gtk_widget_set_margin_end (child, 10);
  gtk_widget_set_margin_top (child, 8);
  gtk_widget_set_margin_bottom (child, 8);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), child);
  gtk_widget_set_vexpand (scroller, TRUE);
  return scroller;
}

/* A page not on show at first is an empty box until it is first shown
 * (lazy_page_fill(), from page_switched_cb): its scroller, scroll bars and
 * viewport cost the launch's first frame as much as a page's content. */
static GtkWidget *
lazy_page (GtkWidget *content)
{
  GtkWidget *holder = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_widget_set_vexpand (holder, TRUE);
  g_object_set_data_full (G_OBJECT (holder), "acies-page-content", g_object_ref_sink (content), g_object_unref);
  return holder;
}

static void
lazy_page_fill (GtkWidget *holder)
{
  GtkWidget *content = g_object_get_data (G_OBJECT (holder), "acies-page-content");

  if (content != NULL && gtk_widget_get_parent (content) == NULL)
    gtk_box_append (GTK_BOX (holder), scrolled_page (content));
}

static void
brush_size_spin_cb (GtkSpinButton *spin,
                    AciesEditor   *self)
{
  acies_editor_set_state (self, "brush-size", g_variant_new_int32 (gtk_spin_button_get_value_as_int (spin)));
}

static void
erase_toggled_cb (GtkToggleButton *button,
                  AciesEditor     *self)
{
  if (gtk_toggle_button_get_active (button) != self->erase)
    acies_editor_set_state (self, "erase", g_variant_new_boolean (gtk_toggle_button_get_active (button)));
}

static void
add_unit_clicked_cb (GtkButton   *button,
                     AciesEditor *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-unit", "(ss)", "", "");
}

static void
add_leader_clicked_cb (GtkButton   *button,
                       AciesEditor *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-leader", "(ss)", "", "");
}

static void
acies_editor_build (AciesEditor *self)
{
  GtkWidget *toolbar, *spin, *left, *right, *scroller, *box, *row, *overlay, *label, *content;
  GtkListItemFactory *factory;
  GtkDropTarget *target;
  const struct { const char *icon; const char *label; const char *tool; } tools[] = {
    { "find-location-symbolic", N_("Select and Move (S)"), "select" },
    { "applications-graphics-symbolic", N_("Paint Terrain (T)"), "terrain" },
    { "color-select-symbolic", N_("Fill Terrain (F)"), "fill" },
    { "color-picker-symbolic", N_("Eyedropper: Pick Terrain (I)"), "eyedropper" },
    { "format-justify-fill-symbolic", N_("Draw Edge Features along Hexsides (E)"), "edge" },
    { "starred-symbolic", N_("Cell Features (C)"), "feature" },
    { "go-up-symbolic", N_("Elevation (H)"), "elevation" },
    { "view-grid-symbolic", N_("Paint Areas (A)"), "area" },
    { "avatar-default-symbolic", N_("Place Units (U)"), "unit" },
  };

  gtk_widget_set_layout_manager (GTK_WIDGET (self), gtk_box_layout_new (GTK_ORIENTATION_VERTICAL));

  /* Tool bar. */
  toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  gtk_widget_add_css_class (toolbar, "toolbar");
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      GtkWidget *button = tool_button (tools[i].icon, _(tools[i].label), tools[i].tool);
      GtkWidget *holder = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      g_autofree char *key = g_strdup_printf ("tool-button-%s", tools[i].tool);

      gtk_box_append (GTK_BOX (holder), button);
      gtk_box_append (GTK_BOX (toolbar), holder);
      g_object_set_data (G_OBJECT (self), key, button);
    }
  gtk_box_append (GTK_BOX (toolbar), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  label = gtk_label_new (_("Brush"));
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (toolbar), label);
  spin = gtk_spin_button_new_with_range (1, 9, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
  gtk_widget_set_tooltip_text (spin, _("Brush size, in cells from the centre"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Brush size"), -1);
  g_signal_connect (spin, "value-changed", G_CALLBACK (brush_size_spin_cb), self);
  g_object_set_data (G_OBJECT (self), "brush-size-spin", spin);
  gtk_box_append (GTK_BOX (toolbar), spin);
  {
    GtkWidget *erase = gtk_toggle_button_new_with_mnemonic (_("E_rase"));

    g_signal_connect (erase, "toggled", G_CALLBACK (erase_toggled_cb), self);
    g_object_set_data (G_OBJECT (self), "erase-toggle", erase);
    gtk_widget_set_tooltip_text (erase, _("Erase edge features, cell features and area cells instead of drawing them"));
    gtk_widget_add_css_class (erase, "flat");
    gtk_box_append (GTK_BOX (toolbar), erase);
  }
  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->status_label), TRUE);
  gtk_label_set_xalign (self->status_label, 1);
  gtk_label_set_ellipsize (self->status_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "dim-label");
  gtk_box_append (GTK_BOX (toolbar), GTK_WIDGET (self->status_label));
  {
    GtkWidget *toggle = gtk_toggle_button_new ();

    gtk_button_set_icon_name (GTK_BUTTON (toggle), "sidebar-show-right-symbolic");
    gtk_widget_set_tooltip_text (toggle, _("Show the Side Panel"));
    gtk_widget_add_css_class (toggle, "flat");
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
    self->toolbar = toolbar;
    g_object_set_data (G_OBJECT (self), "panel-toggle", toggle);
    gtk_box_append (GTK_BOX (toolbar), toggle);
  }
  gtk_widget_set_parent (toolbar, GTK_WIDGET (self));

  /* Palette. */
  left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_hexpand (left, FALSE);
  gtk_widget_add_css_class (left, "background");
  self->palette_title = heading_new (_("Select"));
  gtk_widget_set_margin_start (self->palette_title, 10);
  gtk_box_append (GTK_BOX (left), self->palette_title);
  self->palette_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->palette_box), GTK_SELECTION_SINGLE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->palette_box), TRUE);
  gtk_widget_add_css_class (self->palette_box, "navigation-sidebar");
  g_signal_connect (self->palette_box, "row-activated", G_CALLBACK (palette_row_activated_cb), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->palette_box);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (left), scroller);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  g_object_set_data (G_OBJECT (self->palette_box), "extra", box);
  gtk_box_append (GTK_BOX (left), box);

  /* Board. */
  self->view = ACIES_BOARD_VIEW (acies_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  g_signal_connect (self->view, "stroke-begin", G_CALLBACK (stroke_begin_cb), self);
  g_signal_connect (self->view, "stroke-update", G_CALLBACK (stroke_update_cb), self);
  g_signal_connect (self->view, "stroke-end", G_CALLBACK (stroke_end_cb), self);
  g_signal_connect (self->view, "cell-activated", G_CALLBACK (cell_activated_cb), self);
  target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (board_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (target));
  overlay = gtk_overlay_new ();
  gtk_overlay_set_child (GTK_OVERLAY (overlay), GTK_WIDGET (self->view));
  g_object_set_data (G_OBJECT (self), "board-overlay", overlay);

  /* Side panel. */
  right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (right, FALSE);
  gtk_widget_add_css_class (right, "background");
  self->notebook = GTK_NOTEBOOK (gtk_notebook_new ());
  gtk_notebook_set_scrollable (self->notebook, TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->notebook), TRUE);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->notebook));
  g_signal_connect_after (self->notebook, "switch-page", G_CALLBACK (page_switched_cb), self);

  /* Army (order of battle). */
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->oob_root = g_list_store_new (ACIES_TYPE_OOB_ITEM);
  self->oob_tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->oob_root)), FALSE, TRUE,
                                            oob_children_cb, NULL, NULL);
  self->oob_selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->oob_tree)));
  gtk_single_selection_set_autoselect (self->oob_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->oob_selection, TRUE);
  g_signal_connect (self->oob_selection, "notify::selected", G_CALLBACK (oob_selection_changed_cb), self);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (oob_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (oob_bind_cb), self);
  self->oob_view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->oob_selection)), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->oob_view), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->oob_view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Order of battle"), -1);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->oob_view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  gtk_box_append (GTK_BOX (row), action_button (_("Add Side"), NULL, "editor.add-side", g_variant_new_string ("")));
  gtk_box_append (GTK_BOX (row), action_button (_("Add Formation"), NULL, "editor.add-formation", g_variant_new_string ("")));
  gtk_box_append (GTK_BOX (box), row);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  self->oob_type_dropdown = gtk_drop_down_new (NULL, NULL);
  acies_drop_down_ellipsize (GTK_DROP_DOWN (self->oob_type_dropdown));
  gtk_widget_set_hexpand (self->oob_type_dropdown, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->oob_type_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Unit type"), -1);
  gtk_box_append (GTK_BOX (row), self->oob_type_dropdown);
  gtk_box_append (GTK_BOX (box), row);
  /* The buttons on a row of their own: a long unit type name fits the
   * panel's width beside nothing. */
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  {
    GtkWidget *button = gtk_button_new_with_mnemonic (_("Add _Unit"));

    g_signal_connect (button, "clicked", G_CALLBACK (add_unit_clicked_cb), self);
    gtk_box_append (GTK_BOX (row), button);
    button = gtk_button_new_with_mnemonic (_("_Leader"));
    gtk_widget_set_tooltip_text (button, _("Add a leader"));
    g_signal_connect (button, "clicked", G_CALLBACK (add_leader_clicked_cb), self);
    gtk_box_append (GTK_BOX (row), button);
  }
  gtk_box_append (GTK_BOX (box), row);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_box_append (GTK_BOX (row), action_button (_("Move Up"), "go-up-symbolic", "editor.move-up", g_variant_new_string ("")));
  gtk_box_append (GTK_BOX (row), action_button (_("Move Down"), "go-down-symbolic", "editor.move-down", g_variant_new_string ("")));
  gtk_box_append (GTK_BOX (row), action_button (_("Duplicate"), "edit-copy-symbolic", "editor.duplicate", g_variant_new_string ("")));
  gtk_box_append (GTK_BOX (row), action_button (_("Remove"), "user-trash-symbolic", "editor.remove", g_variant_new_string ("")));
  gtk_box_append (GTK_BOX (row), action_button (_("Rotate Clockwise"), "object-rotate-right-symbolic", "editor.rotate", g_variant_new ("(si)", "", -1)));
  gtk_box_append (GTK_BOX (row), action_button (_("Take Off the Map"), "edit-clear-symbolic", "editor.place", g_variant_new ("(ss)", "", "")));
  gtk_box_append (GTK_BOX (box), row);
  gtk_notebook_append_page (self->notebook, box, gtk_label_new (_("Army")));

  self->inspector_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_notebook_append_page (self->notebook, lazy_page (self->inspector_box), gtk_label_new (_("Inspector")));
  self->sides_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_notebook_append_page (self->notebook, lazy_page (self->sides_box), gtk_label_new (_("Sides")));
  self->rules_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_notebook_append_page (self->notebook, lazy_page (self->rules_box), gtk_label_new (_("Rules")));
  self->meta_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_notebook_append_page (self->notebook, lazy_page (self->meta_box), gtk_label_new (_("Scenario")));
  self->tables_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_notebook_append_page (self->notebook, lazy_page (self->tables_box), gtk_label_new (_("Tables")));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->problems_label = GTK_LABEL (dim_label_new (""));
  gtk_widget_set_margin_start (GTK_WIDGET (self->problems_label), 10);
  gtk_widget_set_margin_top (GTK_WIDGET (self->problems_label), 8);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->problems_label));
  self->problems_list = gtk_list_box_new ();
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->problems_list), TRUE);
  gtk_widget_add_css_class (self->problems_list, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Problems"), -1);
  g_signal_connect (self->problems_list, "row-activated", G_CALLBACK (problem_row_activated_cb), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->problems_list);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_notebook_append_page (self->notebook, box, gtk_label_new (_("Problems")));

  /* Flaps: palette at the start, panels at the end; they fold over the
   * board in narrow windows. */
  self->right_flap = ADW_FLAP (adw_flap_new ());
  adw_flap_set_flap_position (self->right_flap, GTK_PACK_END);
  adw_flap_set_flap (self->right_flap, fixed_width (right, PANEL_WIDTH));
  adw_flap_set_content (self->right_flap, overlay);
  adw_flap_set_separator (self->right_flap, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  self->left_flap = ADW_FLAP (adw_flap_new ());
  adw_flap_set_flap (self->left_flap, fixed_width (left, PALETTE_WIDTH));
  adw_flap_set_content (self->left_flap, GTK_WIDGET (self->right_flap));
  adw_flap_set_separator (self->left_flap, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  /* Fold only when the board would get less than its minimum, so that a
   * 1366 × 768 screen shows palette, board and panel side by side. */
  adw_flap_set_fold_threshold_policy (self->left_flap, ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
  adw_flap_set_fold_threshold_policy (self->right_flap, ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
  content = GTK_WIDGET (self->left_flap);
  gtk_widget_set_vexpand (content, TRUE);
  gtk_widget_set_parent (content, GTK_WIDGET (self));
  g_object_bind_property (g_object_get_data (G_OBJECT (self), "panel-toggle"), "active",
                          self->right_flap, "reveal-flap",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

static void
view_selected_cell_cb (AciesBoardView *view,
                       GParamSpec     *pspec,
                       AciesEditor    *self)
{
  AciesScenario *s = scenario_of (self);
  AciesCell cell = acies_board_view_get_selected_cell (view);
  g_autofree char *text = NULL;

  if (self->sel_id == NULL && !self->panel_edit)
    acies_editor_rebuild_inspector (self);

  if (s == NULL || cell == ACIES_CELL_NONE)
    {
      gtk_label_set_text (self->status_label, "");
      return;
    }
  text = g_strdup_printf (_("%s · %s · elevation %d"),
                          acies_board_cell_label (s->map.board, cell),
                          acies_map_get_terrain (&s->map, cell), s->map.elevation[cell]);
  gtk_label_set_text (self->status_label, text);
}

/* Test hook: with ACIES_EDITOR_EXPORT_ACTIONS set in the environment, the
 * first editor of the process exports its "editor" actions on the
 * application's D-Bus connection, at the application's object path plus
 * "/editor" (org.gtk.Actions), so that a test can edit a scenario in the
 * real acies binary from outside (tests/reliability/test-editor-kill.c).
 * Unset, nothing is exported. */
/* A field of a side panel with the focus as the window goes: it lets go
 * of it first (GTK 4.8 otherwise asks the half-destroyed window for its
 * focus while a scrolled page is disposed). */
static void
root_unrealize_cb (GtkWidget   *root,
                   AciesEditor *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (root));

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    gtk_root_set_focus (GTK_ROOT (root), NULL);
}

static void
acies_editor_root (GtkWidget *widget)
{
  AciesEditor *self = ACIES_EDITOR (widget);
  GApplication *app = g_application_get_default ();

  GTK_WIDGET_CLASS (acies_editor_parent_class)->root (widget);
  g_signal_connect (gtk_widget_get_root (widget), "unrealize", G_CALLBACK (root_unrealize_cb), self);

  if (g_getenv ("ACIES_EDITOR_EXPORT_ACTIONS") != NULL && self->export_id == 0 &&
      app != NULL && g_application_get_dbus_connection (app) != NULL)
    {
      g_autofree char *path = g_strconcat (g_application_get_dbus_object_path (app), "/editor", NULL);
      g_autoptr(GError) error = NULL;

      self->export_id = g_dbus_connection_export_action_group (g_application_get_dbus_connection (app), path,
                                                               G_ACTION_GROUP (self->actions), &error);
      if (self->export_id == 0)
        g_debug ("Editor actions not exported at %s: %s", path, error->message);
    }
}

static void
acies_editor_unroot (GtkWidget *widget)
{
  AciesEditor *self = ACIES_EDITOR (widget);
  GApplication *app = g_application_get_default ();

  if (self->export_id != 0 && app != NULL && g_application_get_dbus_connection (app) != NULL)
    g_dbus_connection_unexport_action_group (g_application_get_dbus_connection (app), self->export_id);
  self->export_id = 0;

  if (gtk_widget_get_root (widget) != NULL)
    g_signal_handlers_disconnect_by_func (gtk_widget_get_root (widget), root_unrealize_cb, self);

  GTK_WIDGET_CLASS (acies_editor_parent_class)->unroot (widget);
}

/* GObject. */

static void
acies_editor_dispose (GObject *object)
{
  AciesEditor *self = ACIES_EDITOR (object);
  GtkWidget *child;

  g_clear_handle_id (&self->validate_id, g_source_remove);
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->oob_root);
  g_clear_object (&self->oob_tree);
  g_clear_object (&self->oob_selection);
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (acies_editor_parent_class)->dispose (object);
}

static void
acies_editor_finalize (GObject *object)
{
  AciesEditor *self = ACIES_EDITOR (object);

  g_clear_pointer (&self->cat, acies_catalogue_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_free (self->tool);
  g_free (self->brush);
  g_free (self->drag_unit);
  g_free (self->sel_id);
  g_free (self->sel_kind);
  g_free (self->table_id);

  G_OBJECT_CLASS (acies_editor_parent_class)->finalize (object);
}

static void
acies_editor_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AciesEditor *self = ACIES_EDITOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->doc);
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->n_errors);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_editor_class_init (AciesEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const struct { guint key; const char *tool; } keys[] = {
    { GDK_KEY_s, "select" }, { GDK_KEY_t, "terrain" }, { GDK_KEY_f, "fill" },
    { GDK_KEY_i, "eyedropper" }, { GDK_KEY_e, "edge" }, { GDK_KEY_c, "feature" },
    { GDK_KEY_h, "elevation" }, { GDK_KEY_a, "area" }, { GDK_KEY_u, "unit" },
  };

  object_class->dispose = acies_editor_dispose;
  object_class->finalize = acies_editor_finalize;
  object_class->get_property = acies_editor_get_property;
  widget_class->root = acies_editor_root;
  widget_class->unroot = acies_editor_unroot;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, ACIES_TYPE_EDITOR_DOCUMENT,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditor:n-errors:
   *
   * How many errors the last validation found; notified after each
   * validation.
   */
  properties[PROP_N_ERRORS] =
    g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Single-key tool shortcuts, on the board only (text fields keep their
   * keys). */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, "editor.tool", "s", keys[i].tool);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "editor.rotate", "(si)", "", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "editor.remove", "s", "");

  gtk_widget_class_set_css_name (widget_class, "scenarioeditor");
}

static void
acies_editor_init (AciesEditor *self)
{
  self->tool = g_strdup ("select");
  self->brush_size = 1;
  self->level = 1;
  self->last_cell = ACIES_CELL_NONE;
  self->last_edge = ACIES_EDGE_NONE;

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), editor_entries,
                                   G_N_ELEMENTS (editor_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", G_ACTION_GROUP (self->actions));

  acies_editor_build (self);
  acies_board_view_set_edit_mode (self->view, TRUE);
  g_signal_connect (self->view, "notify::selected-cell", G_CALLBACK (view_selected_cell_cb), self);
}

/**
 * acies_editor_new:
 *
 * Returns: (transfer floating): a new editor without a document
 */
GtkWidget *
acies_editor_new (void)
{
  return g_object_new (ACIES_TYPE_EDITOR, NULL);
}
