/* acies-palette-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-palette-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-text.h"
#include "acies-editor-resources-private.h"
#include "acies-palette-panel.h"
#include "acies-widget-helpers.h"

/**
 * AciesPalettePanel:
 *
 * The palette beside the board: what the editor's tool paints (the
 * catalogue's terrain, edge or cell features, the scenario's areas), each
 * with its colour and full name, the brush (#AciesPalettePanel:brush)
 * selected; or what the tool needs (the elevation painted, a new area's
 * kind) and a word on how to use it.  Choosing a row sets the brush
 * through the "editor.brush" action.  The list of areas follows the
 * scenario: a renamed area is renamed in place.
 */

struct _AciesPalettePanel
{
  AciesEditorPanel  parent_instance;

  /* Template widgets */
  GtkLabel         *title;
  GtkListBox       *list;
  GtkStack         *extra;
  GtkSpinButton    *level_spin;
  GtkDropDown      *area_kinds;

  /* Owned */
  char             *tool;
  char             *brush;
  char             *selected_id;
  gint              level;
  GPtrArray        *brushes;       /* the id of each row */
  GPtrArray        *names;         /* each row's GtkLabel name (borrowed) */
  GPtrArray        *notes;         /* each row's GtkLabel note, or NULL (borrowed) */
};

enum {
  PROP_0,
  PROP_TOOL,
  PROP_BRUSH,
  PROP_LEVEL,
  PROP_SELECTED_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesPalettePanel, acies_palette_panel, ACIES_TYPE_EDITOR_PANEL)

static void
swatch_draw (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  GdkRGBA *rgba = data;

  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_rectangle (cr, 1, 1, width - 2, height - 2);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
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
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), swatch_draw, rgba, g_free);
    }
  return swatch;
}

static GtkWidget *
wrapping_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  return label;
}

static void
set_row_words (GtkWidget  *row,
               const char *name,
               const char *note)
{
  g_autofree char *tip = note != NULL ? g_strdup_printf ("%s (%s)", name, note) : g_strdup (name);

  gtk_widget_set_tooltip_text (row, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
palette_add (AciesPalettePanel *self,
             const char        *id,
             const char        *name,
             const char        *colour,
             const char        *note)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = wrapping_label (name);
  GtkWidget *dim = NULL;

  /* Full names: long ones wrap onto a second line rather than being cut
   * ("Rough / Broken Ground"), in the palette's fixed width. */
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), swatch_new (colour));
  if (note != NULL)
    {
      /* The note goes under the name: side by side they are wider than
       * the palette and the note was cut ("Set-up zone · 0"). */
      GtkWidget *lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

      dim = wrapping_label (note);
      gtk_widget_add_css_class (dim, "dim-label");
      gtk_widget_add_css_class (dim, "caption");
      gtk_widget_set_hexpand (lines, TRUE);
      gtk_box_append (GTK_BOX (lines), label);
      gtk_box_append (GTK_BOX (lines), dim);
      gtk_box_append (GTK_BOX (box), lines);
    }
  else
    gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  set_row_words (row, name, note);
  gtk_list_box_append (self->list, row);
  g_ptr_array_add (self->brushes, g_strdup (id));
  g_ptr_array_add (self->names, label);
  g_ptr_array_add (self->notes, dim);
  if (g_strcmp0 (self->brush, id) == 0)
    gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
}

static void
palette_add_terrain (AciesPalettePanel *self,
                     GPtrArray         *list)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      AciesTerrainType *t = g_ptr_array_index (list, i);

      palette_add (self, t->id, t->name ? t->name : t->id, t->colour, acies_rule_citation_shown (t->source));
    }
}

static char *
area_note (AciesCatalogue *cat,
           AciesArea      *area)
{
  const AciesKind *kind = acies_catalogue_find_kind (cat->area_kinds, area->kind);

  return g_strdup_printf ("%s · %u", kind && kind->name ? kind->name : area->kind, area->cells->len);
}

static void
select_brush (AciesPalettePanel *self)
{
  for (guint i = 0; i < self->brushes->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->brushes, i), self->brush) == 0)
      {
        gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, i));
        return;
      }
  gtk_list_box_unselect_all (self->list);
}

static gboolean
is_terrain_tool (const char *tool)
{
  return g_str_equal (tool, "terrain") || g_str_equal (tool, "fill") || g_str_equal (tool, "eyedropper");
}

static void
acies_palette_panel_rebuild (AciesEditorPanel *panel)
{
  AciesPalettePanel *self = ACIES_PALETTE_PANEL (panel);
  AciesEditorDocument *document = acies_editor_panel_get_document (panel);
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  const char *tool = self->tool ? self->tool : "select";
  const char *title = _("Select");
  const char *page = "select";
  GtkWidget *row;

  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, row);
  g_ptr_array_set_size (self->brushes, 0);
  g_ptr_array_set_size (self->names, 0);
  g_ptr_array_set_size (self->notes, 0);
  if (cat == NULL)
    {
      gtk_stack_set_visible_child_name (self->extra, "none");
      return;
    }

  if (is_terrain_tool (tool))
    {
      title = _("Terrain");
      page = "none";
      palette_add_terrain (self, cat->terrain);
    }
  else if (g_str_equal (tool, "edge"))
    {
      title = _("Edge Features");
      page = cat->edge_features->len == 0 ? "no-edge" : "none";
      palette_add_terrain (self, cat->edge_features);
    }
  else if (g_str_equal (tool, "feature"))
    {
      title = _("Cell Features");
      page = cat->cell_features->len == 0 ? "no-feature" : "none";
      palette_add_terrain (self, cat->cell_features);
    }
  else if (g_str_equal (tool, "elevation"))
    {
      title = _("Elevation");
      page = "elevation";
    }
  else if (g_str_equal (tool, "area"))
    {
      AciesScenario *s = acies_editor_document_get_scenario (document);

      title = _("Areas");
      page = "area";
      for (guint i = 0; i < s->areas->len; i++)
        {
          AciesArea *a = g_ptr_array_index (s->areas, i);
          g_autofree char *note = area_note (cat, a);

          palette_add (self, a->id, a->name ? a->name : a->id, NULL, note);
        }
    }
  else if (g_str_equal (tool, "unit"))
    {
      title = _("Place Units");
      page = "unit";
    }

  gtk_label_set_text (self->title, title);
  gtk_stack_set_visible_child_name (self->extra, page);
}

/* The areas as they are now: renamed in place, or the list made again
 * when areas came or went. */
static void
update_areas (AciesPalettePanel *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  AciesScenario *s = acies_editor_document_get_scenario (document);
  gboolean same = s->areas->len == self->brushes->len;

  for (guint i = 0; same && i < s->areas->len; i++)
    same = g_str_equal (((AciesArea *) g_ptr_array_index (s->areas, i))->id, g_ptr_array_index (self->brushes, i));
  if (!same)
    {
      acies_palette_panel_rebuild (ACIES_EDITOR_PANEL (self));
      return;
    }
  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (s->areas, i);
      const char *name = a->name ? a->name : a->id;
      g_autofree char *note = area_note (cat, a);

      gtk_label_set_text (g_ptr_array_index (self->names, i), name);
      gtk_label_set_text (g_ptr_array_index (self->notes, i), note);
      set_row_words (GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, i)), name, note);
    }
}

static void
acies_palette_panel_document_changed (AciesEditorPanel *panel,
                                      AciesEditFlags    flags)
{
  AciesPalettePanel *self = ACIES_PALETTE_PANEL (panel);

  if ((flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD)) && g_strcmp0 (self->tool, "area") == 0)
    update_areas (self);
}

static void
row_activated_cb (AciesPalettePanel *self,
                  GtkListBoxRow     *row)
{
  gint index = gtk_list_box_row_get_index (row);

  if (index >= 0 && (guint) index < self->brushes->len)
    gtk_widget_activate_action (GTK_WIDGET (self), "editor.brush", "s", g_ptr_array_index (self->brushes, index));
}

static void
new_area_clicked_cb (AciesPalettePanel *self)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;
  guint pos = gtk_drop_down_get_selected (self->area_kinds);
  const char *kind = acies_editor_document_kind_of (document, self->selected_id);

  if (cat == NULL || pos >= cat->area_kinds->len)
    return;
  /* A new area belongs to the side selected, if one is. */
  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-area", "(sss)",
                              ((AciesKind *) g_ptr_array_index (cat->area_kinds, pos))->id, "",
                              g_strcmp0 (kind, "side") == 0 ? self->selected_id : "");
}

static void
update_area_kinds (AciesPalettePanel *self,
                   GParamSpec        *pspec)
{
  AciesEditorDocument *document = acies_editor_panel_get_document (ACIES_EDITOR_PANEL (self));
  AciesCatalogue *cat = document ? acies_editor_document_get_catalogue (document) : NULL;

  acies_drop_down_set_names (self->area_kinds, cat ? cat->area_kinds : NULL);
}

/* GObject. */

static void
acies_palette_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACIES_TYPE_PALETTE_PANEL);

  G_OBJECT_CLASS (acies_palette_panel_parent_class)->dispose (object);
}

static void
acies_palette_panel_finalize (GObject *object)
{
  AciesPalettePanel *self = ACIES_PALETTE_PANEL (object);

  g_free (self->tool);
  g_free (self->brush);
  g_free (self->selected_id);
  g_clear_pointer (&self->brushes, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);

  G_OBJECT_CLASS (acies_palette_panel_parent_class)->finalize (object);
}

static void
acies_palette_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  AciesPalettePanel *self = ACIES_PALETTE_PANEL (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
      break;
    case PROP_BRUSH:
      g_value_set_string (value, self->brush);
      break;
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_SELECTED_ID:
      g_value_set_string (value, self->selected_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_palette_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  AciesPalettePanel *self = ACIES_PALETTE_PANEL (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      if (g_strcmp0 (self->tool, g_value_get_string (value)) == 0)
        return;
      g_free (self->tool);
      self->tool = g_value_dup_string (value);
      acies_editor_panel_queue_rebuild (ACIES_EDITOR_PANEL (self));
      acies_editor_panel_update (ACIES_EDITOR_PANEL (self));
      break;
    case PROP_BRUSH:
      if (g_strcmp0 (self->brush, g_value_get_string (value)) == 0)
        return;
      g_free (self->brush);
      self->brush = g_value_dup_string (value);
      select_brush (self);
      break;
    case PROP_LEVEL:
      if (self->level == g_value_get_int (value))
        return;
      self->level = g_value_get_int (value);
      break;
    case PROP_SELECTED_ID:
      if (g_strcmp0 (self->selected_id, g_value_get_string (value)) == 0)
        return;
      g_free (self->selected_id);
      self->selected_id = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
acies_palette_panel_class_init (AciesPalettePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesEditorPanelClass *panel_class = ACIES_EDITOR_PANEL_CLASS (klass);

  object_class->dispose = acies_palette_panel_dispose;
  object_class->finalize = acies_palette_panel_finalize;
  object_class->get_property = acies_palette_panel_get_property;
  object_class->set_property = acies_palette_panel_set_property;
  panel_class->rebuild = acies_palette_panel_rebuild;
  panel_class->document_changed = acies_palette_panel_document_changed;

  /**
   * AciesPalettePanel:tool:
   *
   * The editor's tool (the state of "editor.tool").
   */
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesPalettePanel:brush:
   *
   * What the tool paints: a terrain, feature or area id (the state of
   * "editor.brush"); its row is selected.
   */
  properties[PROP_BRUSH] =
    g_param_spec_string ("brush", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesPalettePanel:level:
   *
   * The elevation the elevation tool paints.
   */
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, -9, 9, 1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesPalettePanel:selected-id:
   *
   * The editor's selection: a new area belongs to the side selected.
   */
  properties[PROP_SELECTED_ID] =
    g_param_spec_string ("selected-id", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-palette-panel.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesPalettePanel, title);
  gtk_widget_class_bind_template_child (widget_class, AciesPalettePanel, list);
  gtk_widget_class_bind_template_child (widget_class, AciesPalettePanel, extra);
  gtk_widget_class_bind_template_child (widget_class, AciesPalettePanel, level_spin);
  gtk_widget_class_bind_template_child (widget_class, AciesPalettePanel, area_kinds);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_area_clicked_cb);
}

static void
acies_palette_panel_init (AciesPalettePanel *self)
{
  self->level = 1;
  self->brushes = g_ptr_array_new_with_free_func (g_free);
  self->names = g_ptr_array_new ();
  self->notes = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  acies_spin_button_guard (self->level_spin, NULL);
  acies_drop_down_ellipsize (self->area_kinds);
  g_signal_connect (self, "notify::document", G_CALLBACK (update_area_kinds), NULL);
}
