/* acies-inspector.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-inspector"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-text.h"
#include "geometry/acies-board.h"

#include "acies-editor-resources-private.h"
#include "acies-editor-words.h"
#include "acies-field-row.h"
#include "acies-inspector.h"
#include "acies-side-form.h"
#include "acies-widget-helpers.h"

/**
 * AciesInspector:
 *
 * The Inspector page: the part selected (#AciesEditorPanel:part-id), with
 * its fields and every attribute the catalogue declares for it, or else
 * the cell selected on the board (#AciesInspector:cell): its terrain and
 * elevation, its features and the areas that hold it.
 *
 * Its form is made when the selection changes, or when what the form
 * holds changes with an edit (a unit of another type has other
 * attributes); any other edit, undo or redo updates the fields in place.
 */

struct _AciesInspector
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkLabel         *title;
  GtkLabel         *subtitle;
  GtkWidget        *content;
  GtkWidget        *buttons;

  /* Owned */
  AciesCell         cell;
  char             *shape;         /* what the form was made for */

  /* Borrowed: the parts of the form that follow the scenario. */
  GtkLabel         *where;         /* a unit's set-up cell */
  GtkSpinButton    *arrives;       /* a unit's reinforcement turn */
  GtkDropDown      *terrain;       /* a cell's */
  GtkSpinButton    *elevation;
  GtkLabel         *features;
  GtkLabel         *areas;
  gboolean          updating;
};

enum {
  PROP_0,
  PROP_CELL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesInspector, acies_inspector, ACIES_TYPE_EDITOR_PANEL)

static AciesEditorDocument *
document_of (AciesInspector *self)
{
  return acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
}

/* The part shown (#AciesEditorPanel:part-id): a side, formation, unit,
 * leader, area or pool, or %NULL for the cell. */
static const char *
object_id (AciesInspector *self)
{
  return acies_editor_panel_get_part_id (ACIES_EDITOR_PANEL (self));
}

static gboolean
shows_cell (AciesInspector *self)
{
  AciesEditorDocument *document = document_of (self);

  return document != NULL && acies_editor_document_kind_of (document, object_id (self)) == NULL &&
         acies_board_contains (acies_editor_document_get_scenario (document)->map.board, self->cell);
}

/* What the form is made for: the part and what decides its fields. */
static char *
shape_of (AciesInspector *self)
{
  AciesEditorDocument *document = document_of (self);
  AciesScenario *s;
  const char *kind;
  const char *detail = NULL;

  if (document == NULL)
    return g_strdup ("");
  s = acies_editor_document_get_scenario (document);
  kind = acies_editor_document_kind_of (document, object_id (self));
  if (kind == NULL)
    return g_strdup (shows_cell (self) ? "cell" : "none");
  if (g_str_equal (kind, "unit"))
    detail = acies_scenario_find_unit (s, object_id (self))->type;
  else if (g_str_equal (kind, "leader"))
    detail = acies_scenario_find_leader (s, object_id (self))->kind;
  else if (g_str_equal (kind, "formation"))
    detail = acies_scenario_find_formation (s, object_id (self))->kind;
  else if (g_str_equal (kind, "area"))
    detail = acies_scenario_find_area (s, object_id (self))->kind;
  return g_strdup_printf ("%s:%s:%s", kind, object_id (self), detail ? detail : "");
}

/* A choice among a catalogue list of kinds or unit types. */
static GtkWidget *
kind_row (AciesEditorDocument *document,
          const char          *label,
          const char          *object,
          const char          *field,
          GPtrArray           *kinds)
{
  g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) l = g_strv_builder_new ();
  g_auto(GStrv) values = NULL;
  g_auto(GStrv) labels = NULL;

  acies_names_add (kinds, v, l);
  values = g_strv_builder_end (v);
  labels = g_strv_builder_end (l);
  return acies_field_row_new_choice (document, label, object, field,
                                     (const char * const *) values, (const char * const *) labels);
}

static void
add (AciesInspector *self,
     GtkWidget      *child)
{
  gtk_box_append (GTK_BOX (self->content), child);
}

static void
arrives_changed_cb (GtkSpinButton  *spin,
                    AciesInspector *self)
{
  if (!self->updating)
    gtk_widget_activate_action (GTK_WIDGET (self), "editor.reinforce", "(su)", object_id (self),
                                (guint32) gtk_spin_button_get_value_as_int (spin));
}

static void
build_unit (AciesInspector *self)
{
  AciesEditorDocument *document = document_of (self);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  AciesUnit *unit = acies_scenario_find_unit (acies_editor_document_get_scenario (document), object_id (self));
  const AciesUnitType *type = cat ? acies_catalogue_find_unit_type (cat, unit->type) : NULL;
  g_autoptr(GArray) facings = acies_editor_document_get_facings (document);
  GtkWidget *row, *spin;

  gtk_label_set_text (self->title, _("Unit"));
  gtk_label_set_text (self->subtitle, unit->id);
  add (self, acies_field_row_new (document, ACIES_FIELD_ENTRY, _("Name"), unit->id, "name"));
  add (self, kind_row (document, _("Type"), unit->id, "type", cat ? cat->unit_types : NULL));
  self->where = GTK_LABEL (acies_dim_label_new (NULL));
  add (self, GTK_WIDGET (self->where));
  if (type && type->two_hex)
    add (self, acies_field_row_new (document, ACIES_FIELD_ENTRY, _("Second hex"), unit->id, "cell2"));
  if (facings->len > 0)
    {
      g_autoptr(GStrvBuilder) v = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) l = g_strv_builder_new ();
      g_auto(GStrv) values = NULL;
      g_auto(GStrv) labels = NULL;
      g_autofree char *unset = acies_editor_describe_facing (document, -1);

      /* Named directions; "" is no facing of its own. */
      g_strv_builder_add (v, "");
      g_strv_builder_add (l, unset);
      for (guint i = 0; i < facings->len; i++)
        {
          gint f = g_array_index (facings, gint, i);
          g_autofree char *value = g_strdup_printf ("%d", f);
          g_autofree char *name = acies_editor_describe_facing (document, f);

          g_strv_builder_add (v, value);
          g_strv_builder_add (l, name);
        }
      values = g_strv_builder_end (v);
      labels = g_strv_builder_end (l);
      add (self, acies_field_row_new_choice (document, _("Facing"), unit->id, "facing",
                                             (const char * const *) values, (const char * const *) labels));
    }

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  spin = gtk_spin_button_new_with_range (0, 99, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Arrives on turn (0 = set up)"), -1);
  self->arrives = GTK_SPIN_BUTTON (spin);
  g_signal_connect (spin, "value-changed", G_CALLBACK (arrives_changed_cb), self);
  gtk_box_append (GTK_BOX (row), acies_dim_label_new (_("Arrives on turn (0 = set up)")));
  gtk_box_append (GTK_BOX (row), spin);
  add (self, row);

  if (type != NULL)
    {
      add (self, acies_heading_new (_("Counter")));
      add (self, acies_field_row_new_form (document, type->attributes, unit->id, "attrs"));
      if (type->hidden && type->hidden->len > 0)
        {
          add (self, acies_heading_new (_("Hidden (Back of Counter)")));
          add (self, acies_field_row_new_form (document, type->hidden, unit->id, "hidden"));
        }
      if (type->source)
        add (self, acies_dim_label_new (acies_rule_citation_shown (type->source)));
    }
}

static void
build_part (AciesInspector *self,
            const char     *kind)
{
  AciesEditorDocument *document = document_of (self);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  AciesScenario *s = acies_editor_document_get_scenario (document);
  const char *id = object_id (self);

  if (g_str_equal (kind, "leader"))
    {
      AciesLeader *leader = acies_scenario_find_leader (s, id);
      const AciesUnitType *type = cat ? acies_catalogue_find_leader_kind (cat, leader->kind) : NULL;

      gtk_label_set_text (self->title, _("Leader"));
      gtk_label_set_text (self->subtitle, id);
      add (self, acies_field_row_new (document, ACIES_FIELD_ENTRY, _("Name"), id, "name"));
      add (self, kind_row (document, _("Kind"), id, "kind", cat ? cat->leader_kinds : NULL));
      if (type != NULL)
        add (self, acies_field_row_new_form (document, type->attributes, id, "attrs"));
    }
  else if (g_str_equal (kind, "formation"))
    {
      AciesFormation *formation = acies_scenario_find_formation (s, id);
      const AciesKind *fkind = cat ? acies_catalogue_find_kind (cat->formation_kinds, formation->kind) : NULL;

      gtk_label_set_text (self->title, _("Formation"));
      gtk_label_set_text (self->subtitle, id);
      add (self, acies_field_row_new (document, ACIES_FIELD_ENTRY, _("Name"), id, "name"));
      add (self, kind_row (document, _("Kind"), id, "kind", cat ? cat->formation_kinds : NULL));
      if (cat && cat->formation_params->len > 0)
        add (self, acies_field_row_new_form (document, cat->formation_params, id, NULL));
      if (fkind && fkind->params && fkind->params->len > 0)
        add (self, acies_field_row_new_form (document, fkind->params, id, NULL));
    }
  else if (g_str_equal (kind, "side"))
    {
      gtk_label_set_text (self->title, _("Side"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle), FALSE);
      add (self, acies_side_form_new (document, id));
    }
  else if (g_str_equal (kind, "area"))
    {
      AciesArea *area = acies_scenario_find_area (s, id);
      const AciesKind *akind = cat ? acies_catalogue_find_kind (cat->area_kinds, area->kind) : NULL;

      gtk_label_set_text (self->title, _("Area"));
      add (self, acies_field_row_new (document, ACIES_FIELD_ENTRY, _("Name"), id, "name"));
      add (self, kind_row (document, _("Kind"), id, "kind", cat ? cat->area_kinds : NULL));
      add (self, g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_CHOICE, "label", _("Side"),
                               "choices", ACIES_FIELD_CHOICES_SIDES, "object", id, "field", "side",
                               "document", document, NULL));
      if (akind && akind->params && akind->params->len > 0)
        add (self, acies_field_row_new_form (document, akind->params, id, NULL));
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->subtitle), FALSE);
}

static void
terrain_changed_cb (GtkDropDown    *dropdown,
                    GParamSpec     *pspec,
                    AciesInspector *self)
{
  AciesEditorDocument *document = document_of (self);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (self->updating || cat == NULL || pos >= cat->terrain->len)
    return;
  acies_editor_document_break_merge (document);
  acies_editor_document_paint_terrain (document, &self->cell, 1,
                                       ((AciesTerrainType *) g_ptr_array_index (cat->terrain, pos))->id, FALSE);
}

static void
elevation_changed_cb (GtkSpinButton  *spin,
                      AciesInspector *self)
{
  if (!self->updating)
    acies_editor_document_set_elevation (document_of (self), &self->cell, 1, gtk_spin_button_get_value_as_int (spin),
                                         TRUE);
}

/* A selected cell: its terrain and elevation (editable), its features
 * and the areas that hold it. */
static void
build_cell (AciesInspector *self)
{
  AciesEditorDocument *document = document_of (self);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  GtkWidget *spin;

  gtk_widget_set_visible (GTK_WIDGET (self->subtitle), FALSE);
  if (cat != NULL)
    {
      add (self, acies_dim_label_new (_("Terrain")));
      self->terrain = GTK_DROP_DOWN (acies_drop_down_new_ellipsized ((const char *[]) { NULL }));
      acies_drop_down_set_names (self->terrain, cat->terrain);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->terrain), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Terrain"), -1);
      g_signal_connect (self->terrain, "notify::selected", G_CALLBACK (terrain_changed_cb), self);
      add (self, GTK_WIDGET (self->terrain));
    }
  add (self, acies_dim_label_new (_("Elevation")));
  spin = gtk_spin_button_new_with_range (-9, 9, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Elevation"), -1);
  self->elevation = GTK_SPIN_BUTTON (spin);
  g_signal_connect (spin, "value-changed", G_CALLBACK (elevation_changed_cb), self);
  add (self, spin);
  self->features = GTK_LABEL (acies_dim_label_new (NULL));
  self->areas = GTK_LABEL (acies_dim_label_new (NULL));
  add (self, GTK_WIDGET (self->features));
  add (self, GTK_WIDGET (self->areas));
}

/* The parts of the form that are not fields: a unit's cell and arrival,
 * an area's size, a cell's terrain, features and areas. */
static void
update_values (AciesInspector *self)
{
  AciesEditorDocument *document = document_of (self);
  AciesScenario *s;

  if (document == NULL)
    return;
  s = acies_editor_document_get_scenario (document);
  self->updating = TRUE;
  if (self->where != NULL)
    {
      AciesUnit *unit = acies_scenario_find_unit (s, object_id (self));
      g_autofree char *where = NULL;

      where = g_strdup_printf (_("Set-up cell: %s%s%s"),
                               unit->cell != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell) : _("off map"),
                               unit->cell2 != ACIES_CELL_NONE ? " + " : "",
                               unit->cell2 != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell2) : "");
      gtk_label_set_text (self->where, where);
      if ((guint) gtk_spin_button_get_value_as_int (self->arrives) !=
          acies_editor_document_reinforcement_turn (document, object_id (self)))
        gtk_spin_button_set_value (self->arrives, acies_editor_document_reinforcement_turn (document, object_id (self)));
    }
  if (g_strcmp0 (acies_editor_document_kind_of (document, object_id (self)), "area") == 0)
    {
      AciesArea *area = acies_scenario_find_area (s, object_id (self));
      g_autofree char *count = g_strdup_printf (ngettext ("%u cell", "%u cells", area->cells->len), area->cells->len);

      gtk_label_set_text (self->subtitle, count);
    }
  if (self->elevation != NULL)
    {
      AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
      AciesCell cell = self->cell;
      g_autofree char *title = g_strdup_printf (_("Cell %s"), acies_board_cell_label (s->map.board, cell));
      g_autoptr(GString) features = g_string_new (NULL);
      g_autoptr(GString) areas = g_string_new (NULL);

      gtk_label_set_text (self->title, title);
      for (guint i = 0; self->terrain != NULL && i < cat->terrain->len; i++)
        if (g_strcmp0 (((AciesTerrainType *) g_ptr_array_index (cat->terrain, i))->id,
                       acies_map_get_terrain (&s->map, cell)) == 0 &&
            gtk_drop_down_get_selected (self->terrain) != i)
          gtk_drop_down_set_selected (self->terrain, i);
      if (gtk_spin_button_get_value_as_int (self->elevation) != s->map.elevation[cell])
        gtk_spin_button_set_value (self->elevation, s->map.elevation[cell]);
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

          gtk_label_set_text (self->features, text);
        }
      if (areas->len > 0)
        {
          g_autofree char *text = g_strdup_printf (_("In areas: %s"), areas->str);

          gtk_label_set_text (self->areas, text);
        }
      gtk_widget_set_visible (GTK_WIDGET (self->features), features->len > 0);
      gtk_widget_set_visible (GTK_WIDGET (self->areas), areas->len > 0);
    }
  self->updating = FALSE;
}

static void
acies_inspector_rebuild (AciesEditorPanel *panel)
{
  AciesInspector *self = ACIES_INSPECTOR (panel);
  AciesEditorDocument *document = document_of (self);
  const char *kind = document ? acies_editor_document_kind_of (document, object_id (self)) : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
  self->where = NULL;
  self->arrives = NULL;
  self->terrain = NULL;
  self->elevation = NULL;
  self->features = NULL;
  self->areas = NULL;
  g_free (self->shape);
  self->shape = shape_of (self);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle), TRUE);
  gtk_widget_set_visible (self->buttons, kind != NULL);
  if (document == NULL)
    {
      gtk_label_set_text (self->title, "");
      gtk_label_set_text (self->subtitle, "");
      return;
    }

  if (kind == NULL && shows_cell (self))
    build_cell (self);
  else if (kind == NULL)
    {
      gtk_label_set_text (self->title, _("Nothing Selected"));
      gtk_label_set_text (self->subtitle, _("Select a side, formation, unit, leader or area in the Army tree "
                                            "or on the board to edit its attributes."));
    }
  else if (g_str_equal (kind, "unit"))
    build_unit (self);
  else
    build_part (self, kind);
  update_values (self);
}

static void
acies_inspector_document_changed (AciesEditorPanel *panel,
                                  AciesEditFlags    flags)
{
  AciesInspector *self = ACIES_INSPECTOR (panel);
  g_autofree char *shape = shape_of (self);

  /* A brush stroke: only a cell shown can have changed. */
  if (!(flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD)) && self->elevation == NULL)
    return;
  if (g_strcmp0 (shape, self->shape) != 0 || (flags & ACIES_EDIT_BOARD))
    acies_editor_panel_queue_rebuild (panel);
  else
    update_values (self);
}

/* GObject. */

static void
acies_inspector_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_INSPECTOR);

  G_OBJECT_CLASS (acies_inspector_parent_class)->dispose (object);
}

static void
acies_inspector_finalize (GObject *object)
{
  AciesInspector *self = ACIES_INSPECTOR (object);

  g_free (self->shape);

  G_OBJECT_CLASS (acies_inspector_parent_class)->finalize (object);
}

static void
acies_inspector_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AciesInspector *self = ACIES_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_CELL:
      g_value_set_int (value, self->cell);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_inspector_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  AciesInspector *self = ACIES_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_CELL:
      if (self->cell == g_value_get_int (value))
        return;
      self->cell = g_value_get_int (value);
      /* Another cell: the same form, other values. */
      if (self->elevation != NULL && shows_cell (self))
        {
          update_values (self);
          g_object_notify_by_pspec (object, pspec);
          return;
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  acies_editor_panel_queue_rebuild (ACIES_EDITOR_PANEL (self));
  g_object_notify_by_pspec (object, pspec);
}

static void
acies_inspector_class_init (AciesInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_inspector_dispose;
  object_class->finalize = acies_inspector_finalize;
  object_class->get_property = acies_inspector_get_property;
  object_class->set_property = acies_inspector_set_property;
  panel_class->rebuild = acies_inspector_rebuild;
  panel_class->document_changed = acies_inspector_document_changed;

  /**
   * AciesInspector:cell:
   *
   * The cell shown when no part is, or %ACIES_CELL_NONE.
   */
  properties[PROP_CELL] =
    g_param_spec_int ("cell", NULL, NULL, G_MININT, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-inspector.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesInspector, title);
  gtk_widget_class_bind_template_child (widget_class, AciesInspector, subtitle);
  gtk_widget_class_bind_template_child (widget_class, AciesInspector, content);
  gtk_widget_class_bind_template_child (widget_class, AciesInspector, buttons);
}

static void
acies_inspector_init (AciesInspector *self)
{
  self->cell = ACIES_CELL_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
}
