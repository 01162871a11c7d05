/* acies-field-row.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-field-row"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "acies-text.h"
#include "acies-compat.h"
#include "acies-editor-enums.h"
#include "acies-editor-resources-private.h"
#include "acies-editor-words.h"
#include "acies-field-row.h"
#include "acies-widget-helpers.h"

/**
 * AciesFieldRow:
 *
 * One field of a part of the scenario, with its label: a name, a colour,
 * a choice among the sides, the turn limit, or a catalogue parameter
 * typed by its spec (a spin button for numbers, a drop-down for enums and
 * for references to sides, formations, areas and unit types, a switch,
 * an entry).  It reads its value from the document and writes what the
 * user enters back as an edit (acies_editor_document_set_field() or
 * acies_editor_document_set_param(), typing merged into one command), and
 * follows the document: after any edit, undo or redo it shows the value
 * as it is now, and a drop-down of sides or formations offers those there
 * are.  A parameter's value is checked with acies_param_spec_check() as it
 * is typed; one that fails is said under the field and not passed on.
 *
 * Rows are declared in the panels' templates (the scenario's fields) or
 * made for a part's catalogue parameters (acies_field_row_new_form()).
 */

struct _AciesFieldRow
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkWidget            *header;
  GtkLabel             *title;
  GtkLabel             *source;
  GtkLabel             *error_label;

  /* Owned */
  AciesEditorDocument  *document;
  char                 *object;
  char                 *field;
  char                 *which;
  char                 *label;
  char                 *none_label;
  GStrv                 values;
  GStrv                 labels;
  GStrv                 shown;        /* the drop-down's values now; "" is none */
  GStrv                 shown_labels;
  const AciesParamSpec *spec;         /* borrowed from the document's catalogue */
  GtkWidget            *control;
  GtkTextBuffer        *buffer;
  AciesFieldKind        kind;
  AciesFieldChoices     choices;
  gint                  minimum;
  gint                  maximum;
  gulong                changed_id;
  double                spin_value;   /* the value a parameter's spin button last reported */
  gboolean              updating;     /* the control is being set from the document */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_KIND,
  PROP_LABEL,
  PROP_OBJECT,
  PROP_FIELD,
  PROP_CHOICES,
  PROP_VALUES,
  PROP_LABELS,
  PROP_NONE_LABEL,
  PROP_MINIMUM,
  PROP_MAXIMUM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesFieldRow, acies_field_row, GTK_TYPE_WIDGET)

static gboolean
is_param (AciesFieldRow *self)
{
  return self->kind == ACIES_FIELD_PARAM && self->spec != NULL;
}

/* Writing: the user changed the control. */

static void
set_field (AciesFieldRow *self,
           const char    *value)
{
  if (self->updating || self->document == NULL || self->field == NULL)
    return;
  acies_editor_document_set_field (self->document, self->object, self->field, value, TRUE);
}

static void
set_param (AciesFieldRow *self,
           JsonNode      *value)
{
  g_autofree char *message = NULL;

  if (self->updating || self->document == NULL)
    return;
  if (value != NULL &&
      !acies_param_spec_check (self->spec, value, acies_editor_document_get_scenario (self->document), &message))
    {
      gtk_label_set_text (self->error_label, message ? message : _("Not a valid value"));
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  acies_editor_document_set_param (self->document, self->object, self->which, self->spec->id, value, TRUE);
}

static void
entry_changed_cb (GtkEditable   *editable,
                  AciesFieldRow *self)
{
  const char *text = gtk_editable_get_text (editable);
  g_autoptr(JsonNode) node = NULL;

  if (!is_param (self))
    {
      set_field (self, text);
      return;
    }
  if (*text == '\0' && !self->spec->required)
    {
      if (!self->updating)
        gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
      set_param (self, NULL);
      return;
    }
  set_param (self, node = json_node_init_string (json_node_alloc (), text));
}

static void
spin_changed_cb (GtkSpinButton *spin,
                 AciesFieldRow *self)
{
  g_autoptr(JsonNode) node = NULL;

  if (!is_param (self))
    {
      g_autofree char *text = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

      set_field (self, text);
      return;
    }
  /* A spin button that puts its value back after refused text reports
   * the same value again: nothing changed, and its message stays. */
  if (gtk_spin_button_get_value (spin) == self->spin_value)
    return;
  self->spin_value = gtk_spin_button_get_value (spin);
  if (self->spec->type == ACIES_VALUE_NUMBER)
    node = json_node_init_double (json_node_alloc (), gtk_spin_button_get_value (spin));
  else
    node = json_node_init_int (json_node_alloc (), gtk_spin_button_get_value_as_int (spin));
  set_param (self, node);
}

static void
switch_changed_cb (GtkSwitch     *sw,
                   GParamSpec    *pspec,
                   AciesFieldRow *self)
{
  g_autoptr(JsonNode) node = json_node_init_boolean (json_node_alloc (), gtk_switch_get_active (sw));

  set_param (self, node);
}

static void
colour_changed_cb (GObject       *button,
                   GParamSpec    *pspec,
                   AciesFieldRow *self)
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
  set_field (self, text);
}

static void
choice_changed_cb (GtkDropDown   *dropdown,
                   GParamSpec    *pspec,
                   AciesFieldRow *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);
  g_autoptr(JsonNode) node = NULL;

  if (self->shown == NULL || pos == GTK_INVALID_LIST_POSITION || pos >= g_strv_length (self->shown))
    return;
  if (!is_param (self))
    {
      set_field (self, self->shown[pos]);
      return;
    }
  if (self->shown[pos][0] == '\0')
    {
      if (!self->updating)
        gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
      set_param (self, NULL);
      return;
    }
  set_param (self, node = json_node_init_string (json_node_alloc (), self->shown[pos]));
}

static void
text_changed_cb (GtkTextBuffer *buffer,
                 AciesFieldRow *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  set_field (self, text);
}

/* Choices. */

/* The formations of @side (any side's with %NULL). */
static void
add_formations (GStrvBuilder  *values,
                GStrvBuilder  *labels,
                AciesScenario *s,
                const char    *side)
{
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);

      if (side != NULL && g_strcmp0 (f->side, side) != 0)
        continue;
      g_strv_builder_add (values, f->id);
      g_strv_builder_add (labels, f->name ? f->name : f->id);
    }
}

/* A referenced object in words: a unit type's, side's, formation's or
 * area's name, as the Army panel shows it; NULL when it has none. */
static const char *
reference_label (AciesFieldRow *self,
                 const char    *id)
{
  AciesScenario *s = acies_editor_document_get_scenario (self->document);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (self->document);
  const AciesUnitType *type;
  AciesSide *side;
  AciesFormation *formation;
  AciesArea *area;

  switch (self->spec->type)
    {
    case ACIES_VALUE_UNIT_TYPE:
      type = cat != NULL ? acies_catalogue_find_unit_type (cat, id) : NULL;
      return type != NULL ? type->name : NULL;
    case ACIES_VALUE_SIDE:
      side = acies_scenario_find_side (s, id);
      return side != NULL ? side->name : NULL;
    case ACIES_VALUE_FORMATION:
      formation = acies_scenario_find_formation (s, id);
      return formation != NULL ? formation->name : NULL;
    case ACIES_VALUE_AREA:
      area = acies_scenario_find_area (s, id);
      return area != NULL ? area->name : NULL;
    default:
      return NULL;
    }
}

/* The values a parameter's drop-down offers: "" (none), then the enum's
 * values or the scenario's sides, formations, areas or unit types.  A
 * formation field of a part of a side offers that side's formations only
 * (GC 3.1: a zone's Wing is of its side); @current stays offered even when
 * it is not, so the field shows it. */
static void
param_choices (AciesFieldRow *self,
               const char    *current,
               GStrvBuilder  *values,
               GStrvBuilder  *labels)
{
  AciesScenario *s = acies_editor_document_get_scenario (self->document);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (self->document);
  const char *side = acies_editor_document_side_of (self->document, self->object);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_auto(GStrv) found = NULL;

  switch (self->spec->type)
    {
    case ACIES_VALUE_ENUM:
      if (self->spec->values != NULL)
        g_strv_builder_addv (ids, (const char **) self->spec->values);
      break;
    case ACIES_VALUE_SIDE:
      for (guint i = 0; i < s->sides->len; i++)
        g_strv_builder_add (ids, ((AciesSide *) g_ptr_array_index (s->sides, i))->id);
      break;
    case ACIES_VALUE_FORMATION:
      for (guint i = 0; i < s->formations->len; i++)
        {
          const AciesFormation *f = g_ptr_array_index (s->formations, i);

          if (side == NULL || f->side == NULL || g_strcmp0 (f->side, side) == 0 || g_strcmp0 (f->id, current) == 0)
            g_strv_builder_add (ids, f->id);
        }
      break;
    case ACIES_VALUE_AREA:
      for (guint i = 0; i < s->areas->len; i++)
        g_strv_builder_add (ids, ((AciesArea *) g_ptr_array_index (s->areas, i))->id);
      break;
    case ACIES_VALUE_UNIT_TYPE:
      for (guint i = 0; cat != NULL && i < cat->unit_types->len; i++)
        g_strv_builder_add (ids, ((AciesUnitType *) g_ptr_array_index (cat->unit_types, i))->id);
      break;
    default:
      break;
    }
  found = g_strv_builder_end (ids);

  g_strv_builder_add (values, "");
  g_strv_builder_add (labels, _("(none)"));
  for (guint i = 0; found[i] != NULL; i++)
    {
      g_strv_builder_add (values, found[i]);
      if (self->spec->type == ACIES_VALUE_ENUM)
        {
          /* Enum values in words: the catalogue's "value_labels". */
          g_autofree char *label = acies_param_spec_value_label (self->spec, i);

          g_strv_builder_add (labels, label != NULL ? label : found[i]);
        }
      else
        {
          const char *name = reference_label (self, found[i]);

          g_strv_builder_add (labels, name != NULL && *name != '\0' ? name : found[i]);
        }
    }
}

/* Sets what the drop-down offers when it changed: the scenario's sides,
 * formations or areas as they are now. */
static void
update_choices (AciesFieldRow *self,
                const char    *current)
{
  AciesScenario *s = acies_editor_document_get_scenario (self->document);
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  g_auto(GStrv) new_values = NULL;
  g_auto(GStrv) new_labels = NULL;

  if (is_param (self))
    param_choices (self, current, values, labels);
  else if (self->choices == ACIES_FIELD_CHOICES_GIVEN)
    {
      if (self->values != NULL)
        g_strv_builder_addv (values, (const char **) self->values);
      if (self->labels != NULL)
        g_strv_builder_addv (labels, (const char **) self->labels);
    }
  else
    {
      g_strv_builder_add (values, "");
      g_strv_builder_add (labels, self->none_label ? self->none_label : _("(none)"));
      if (self->choices == ACIES_FIELD_CHOICES_SIDES)
        acies_names_add (s->sides, values, labels);
      else if (self->choices == ACIES_FIELD_CHOICES_AREAS)
        acies_names_add (s->areas, values, labels);
      else
        add_formations (values, labels, s, acies_editor_document_side_of (self->document, self->object));
    }
  new_values = g_strv_builder_end (values);
  new_labels = g_strv_builder_end (labels);
  if (self->none_label != NULL && new_labels[0] != NULL && self->choices == ACIES_FIELD_CHOICES_GIVEN &&
      new_values[0] != NULL && new_values[0][0] == '\0')
    {
      g_free (new_labels[0]);
      new_labels[0] = g_strdup (self->none_label);
    }

  if (self->shown != NULL && g_strv_equal ((const char * const *) self->shown, (const char * const *) new_values) &&
      g_strv_equal ((const char * const *) self->shown_labels, (const char * const *) new_labels))
    return;
  g_strfreev (self->shown);
  g_strfreev (self->shown_labels);
  self->shown = g_steal_pointer (&new_values);
  self->shown_labels = g_steal_pointer (&new_labels);
  {
    g_autoptr(GtkStringList) list = gtk_string_list_new ((const char * const *) self->shown_labels);

    gtk_drop_down_set_model (GTK_DROP_DOWN (self->control), G_LIST_MODEL (list));
  }
}

static void
select_choice (AciesFieldRow *self,
               const char    *value)
{
  guint selected = 0;

  for (guint i = 0; self->shown != NULL && self->shown[i] != NULL; i++)
    if (g_strcmp0 (self->shown[i], value ? value : "") == 0)
      selected = i;
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->control)) != selected)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->control), selected);
}

/* Reading: the control shows the document's value. */

static void
refresh_param (AciesFieldRow *self)
{
  g_autoptr(JsonNode) node = acies_editor_document_get_param (self->document, self->object, self->which,
                                                              self->spec->id);
  gboolean value = node != NULL && JSON_NODE_HOLDS_VALUE (node);
  const char *text = value && json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;

  if (GTK_IS_SPIN_BUTTON (self->control))
    {
      double number = 0;

      if (value)
        number = json_node_get_double (node);
      else if (self->spec->default_value != NULL && JSON_NODE_HOLDS_VALUE (self->spec->default_value))
        number = json_node_get_double (self->spec->default_value);
      if (gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->control)) != number)
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->control), number);
      self->spin_value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->control));
    }
  else if (GTK_IS_SWITCH (self->control))
    {
      gboolean active = FALSE;

      if (value)
        active = json_node_get_boolean (node);
      else if (self->spec->default_value != NULL)
        active = json_node_get_boolean (self->spec->default_value);
      if (gtk_switch_get_active (GTK_SWITCH (self->control)) != active)
        gtk_switch_set_active (GTK_SWITCH (self->control), active);
    }
  else if (GTK_IS_DROP_DOWN (self->control))
    {
      update_choices (self, text);
      select_choice (self, text);
    }
  else if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->control)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->control), text ? text : "");
}

static void
refresh_field (AciesFieldRow *self)
{
  g_autofree char *value = acies_editor_document_get_field (self->document, self->object, self->field);

  switch (self->kind)
    {
    case ACIES_FIELD_NUMBER:
      {
        gint number = value ? atoi (value) : 0;

        if (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->control)) != number)
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->control), number);
      }
      break;

    case ACIES_FIELD_COLOUR:
      {
        GdkRGBA rgba = { 0.5, 0.5, 0.5, 1 };
        GdkRGBA *now = NULL;

        if (value != NULL)
          gdk_rgba_parse (&rgba, value);
        g_object_get (self->control, "rgba", &now, NULL);
        if (now == NULL || !gdk_rgba_equal (now, &rgba))
          g_object_set (self->control, "rgba", &rgba, NULL);
        g_clear_pointer (&now, gdk_rgba_free);
      }
      break;

    case ACIES_FIELD_CHOICE:
      update_choices (self, value);
      select_choice (self, value);
      break;

    case ACIES_FIELD_TEXT:
      {
        GtkTextIter start, end;
        g_autofree char *text = NULL;

        gtk_text_buffer_get_bounds (self->buffer, &start, &end);
        text = gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
        if (g_strcmp0 (text, value ? value : "") != 0)
          gtk_text_buffer_set_text (self->buffer, value ? value : "", -1);
      }
      break;

    case ACIES_FIELD_ENTRY:
    case ACIES_FIELD_PARAM:
    default:
      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->control)), value ? value : "") != 0)
        gtk_editable_set_text (GTK_EDITABLE (self->control), value ? value : "");
      break;
    }
}

/**
 * acies_field_row_refresh:
 * @self: a row
 *
 * Shows the document's value now (the row does so by itself after each
 * change of the document, once it is shown).
 */
void
acies_field_row_refresh (AciesFieldRow *self)
{
  g_return_if_fail (ACIES_IS_FIELD_ROW (self));

  if (self->document == NULL || self->control == NULL || (!is_param (self) && self->field == NULL))
    return;
  self->updating = TRUE;
  if (is_param (self))
    refresh_param (self);
  else
    refresh_field (self);
  self->updating = FALSE;
}

/* Shown: the value now; not shown: when it is mapped. */
static void
acies_field_row_queue_refresh (AciesFieldRow *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    acies_field_row_refresh (self);
}

static void
document_changed_cb (AciesFieldRow *self,
                     guint          flags)
{
  if (flags & (ACIES_EDIT_STRUCTURE | ACIES_EDIT_BOARD))
    acies_field_row_queue_refresh (self);
}

/* A row listens to the document while it is shown only: one not shown
 * is brought up to date when it is next mapped. */
static void
listen (AciesFieldRow *self,
        gboolean       on)
{
  if (self->document != NULL && self->changed_id != 0)
    g_signal_handler_disconnect (self->document, self->changed_id);
  self->changed_id = 0;
  if (on && self->document != NULL)
    self->changed_id = g_signal_connect_object (self->document, "changed", G_CALLBACK (document_changed_cb),
                                                self, G_CONNECT_SWAPPED);
}

static void
acies_field_row_set_document (AciesFieldRow       *self,
                              AciesEditorDocument *document)
{
  if (self->document == document)
    return;
  listen (self, FALSE);
  g_set_object (&self->document, document);
  listen (self, gtk_widget_get_mapped (GTK_WIDGET (self)));
  acies_field_row_queue_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* The control. */

static void
set_title (AciesFieldRow *self)
{
  const char *label = self->label;
  g_autofree char *title = NULL;

  if (is_param (self))
    {
      label = self->spec->label ? self->spec->label : self->spec->id;
      title = g_strdup_printf ("%s%s", label, self->spec->required ? " *" : "");
    }
  gtk_label_set_text (self->title, title ? title : label ? label : "");
  /* A field without a name (a rule's sides) has no line for it. */
  gtk_widget_set_visible (self->header, (label != NULL && *label != '\0') ||
                                        gtk_widget_get_visible (GTK_WIDGET (self->source)));
  if (self->control != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->control), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    label ? label : "", -1);
}

static GtkWidget *
make_spin (AciesFieldRow *self,
           double         min,
           double         max,
           double         step)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, step);

  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), self->error_label);
  g_signal_connect (spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
  return spin;
}

static GtkWidget *
make_choice (AciesFieldRow *self)
{
  GtkWidget *dropdown = acies_drop_down_new_ellipsized ((const char *[]) { NULL });

  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (choice_changed_cb), self);
  return dropdown;
}

static GtkWidget *
make_entry (AciesFieldRow *self)
{
  GtkWidget *entry = gtk_entry_new ();

  g_signal_connect (entry, "changed", G_CALLBACK (entry_changed_cb), self);
  return entry;
}

static GtkWidget *
make_param_control (AciesFieldRow *self)
{
  const AciesParamSpec *spec = self->spec;
  GtkWidget *control;

  switch (spec->type)
    {
    case ACIES_VALUE_INT:
    case ACIES_VALUE_NUMBER:
      {
        double min = spec->min, max = spec->max;

        if (min >= max)
          {
            min = -1e6;
            max = 1e6;
          }
        return make_spin (self, min, max, spec->type == ACIES_VALUE_NUMBER ? 0.1 : 1);
      }

    case ACIES_VALUE_BOOL:
      control = gtk_switch_new ();
      gtk_widget_set_halign (control, GTK_ALIGN_START);
      g_signal_connect (control, "notify::active", G_CALLBACK (switch_changed_cb), self);
      return control;

    case ACIES_VALUE_ENUM:
    case ACIES_VALUE_SIDE:
    case ACIES_VALUE_FORMATION:
    case ACIES_VALUE_AREA:
    case ACIES_VALUE_UNIT_TYPE:
      return make_choice (self);

    case ACIES_VALUE_STRING:
    case ACIES_VALUE_CELL:
    default:
      control = make_entry (self);
      if (spec->type == ACIES_VALUE_CELL)
        gtk_entry_set_placeholder_text (GTK_ENTRY (control), _("Cell label, such as 0215"));
      return control;
    }
}

static GtkWidget *
make_control (AciesFieldRow *self)
{
  GtkWidget *control, *view;

  switch (self->kind)
    {
    case ACIES_FIELD_NUMBER:
      return make_spin (self, self->minimum, self->maximum, 1);

    case ACIES_FIELD_COLOUR:
      {
        GdkRGBA grey = { 0.5, 0.5, 0.5, 1 };

        control = acies_colour_button_new (self->label, &grey);
        gtk_widget_set_halign (control, GTK_ALIGN_START);
        g_signal_connect (control, "notify::rgba", G_CALLBACK (colour_changed_cb), self);
        return control;
      }

    case ACIES_FIELD_CHOICE:
      return make_choice (self);

    case ACIES_FIELD_TEXT:
      view = gtk_text_view_new ();
      gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
      /* A field of a form: Tab (and Ctrl+Tab) moves on to the next field,
       * as in GNOME's forms, instead of typing a tab. */
      gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
      gtk_widget_set_size_request (view, -1, 72);
      self->buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
      g_signal_connect (self->buffer, "changed", G_CALLBACK (text_changed_cb), self);
      control = gtk_frame_new (NULL);
      gtk_frame_set_child (GTK_FRAME (control), view);
      return control;

    case ACIES_FIELD_ENTRY:
    default:
      return make_entry (self);
    }
}

/* The control is named after its field (tests and the accessibility tree
 * find it by that), and labelled for screen readers. */
static void
sync_names (AciesFieldRow *self)
{
  GtkWidget *named;

  set_title (self);
  if (self->control == NULL)
    return;
  /* The text view, not its frame, is the field. */
  named = GTK_IS_FRAME (self->control) ? gtk_frame_get_child (GTK_FRAME (self->control)) : self->control;
  gtk_widget_set_name (named, is_param (self) ? self->spec->id : self->field);
  if (named != self->control)
    gtk_accessible_update_property (GTK_ACCESSIBLE (named), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    self->label ? self->label : "", -1);
}

/* Puts the control in, under the label, once what it edits is known. */
static void
add_control (AciesFieldRow *self)
{
  self->control = is_param (self) ? make_param_control (self) : make_control (self);
  gtk_widget_insert_after (self->control, GTK_WIDGET (self), self->header);
  sync_names (self);
  acies_field_row_queue_refresh (self);
}

static void
acies_field_row_map (GtkWidget *widget)
{
  AciesFieldRow *self = ACIES_FIELD_ROW (widget);

  listen (self, TRUE);
  acies_field_row_refresh (self);
  GTK_WIDGET_CLASS (acies_field_row_parent_class)->map (widget);
}

static void
acies_field_row_unmap (GtkWidget *widget)
{
  listen (ACIES_FIELD_ROW (widget), FALSE);
  GTK_WIDGET_CLASS (acies_field_row_parent_class)->unmap (widget);
}

static void
acies_field_row_constructed (GObject *object)
{
  AciesFieldRow *self = ACIES_FIELD_ROW (object);

  G_OBJECT_CLASS (acies_field_row_parent_class)->constructed (object);

  if (self->kind != ACIES_FIELD_PARAM)
    {
      /* A field's name is a small dim label over it. */
      gtk_widget_add_css_class (GTK_WIDGET (self->title), "dim-label");
      gtk_label_set_max_width_chars (self->title, 28);
      add_control (self);
    }
}

static void
acies_field_row_dispose (GObject *object)
{
  AciesFieldRow *self = ACIES_FIELD_ROW (object);
  GtkWidget *child;

  listen (self, FALSE);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_FIELD_ROW);
  self->control = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (acies_field_row_parent_class)->dispose (object);
}

static void
acies_field_row_finalize (GObject *object)
{
  AciesFieldRow *self = ACIES_FIELD_ROW (object);

  g_free (self->object);
  g_free (self->field);
  g_free (self->which);
  g_free (self->label);
  g_free (self->none_label);
  g_strfreev (self->values);
  g_strfreev (self->labels);
  g_strfreev (self->shown);
  g_strfreev (self->shown_labels);

  G_OBJECT_CLASS (acies_field_row_parent_class)->finalize (object);
}

static void
acies_field_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AciesFieldRow *self = ACIES_FIELD_ROW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_OBJECT:
      g_value_set_string (value, self->object);
      break;
    case PROP_FIELD:
      g_value_set_string (value, self->field);
      break;
    case PROP_CHOICES:
      g_value_set_enum (value, self->choices);
      break;
    case PROP_VALUES:
      g_value_set_boxed (value, self->values);
      break;
    case PROP_LABELS:
      g_value_set_boxed (value, self->labels);
      break;
    case PROP_NONE_LABEL:
      g_value_set_string (value, self->none_label);
      break;
    case PROP_MINIMUM:
      g_value_set_int (value, self->minimum);
      break;
    case PROP_MAXIMUM:
      g_value_set_int (value, self->maximum);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_string (AciesFieldRow *self,
            char         **slot,
            const GValue  *value,
            GParamSpec    *pspec)
{
  if (g_strcmp0 (*slot, g_value_get_string (value)) == 0)
    return;
  g_free (*slot);
  *slot = g_value_dup_string (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
acies_field_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  AciesFieldRow *self = ACIES_FIELD_ROW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      acies_field_row_set_document (self, g_value_get_object (value));
      return;
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      return;
    case PROP_LABEL:
      set_string (self, &self->label, value, pspec);
      sync_names (self);
      return;
    case PROP_OBJECT:
      set_string (self, &self->object, value, pspec);
      break;
    case PROP_FIELD:
      set_string (self, &self->field, value, pspec);
      sync_names (self);
      break;
    case PROP_CHOICES:
      self->choices = g_value_get_enum (value);
      break;
    case PROP_VALUES:
      g_strfreev (self->values);
      self->values = g_value_dup_boxed (value);
      break;
    case PROP_LABELS:
      g_strfreev (self->labels);
      self->labels = g_value_dup_boxed (value);
      break;
    case PROP_NONE_LABEL:
      set_string (self, &self->none_label, value, pspec);
      break;
    case PROP_MINIMUM:
      self->minimum = g_value_get_int (value);
      if (GTK_IS_SPIN_BUTTON (self->control))
        gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->control), self->minimum, self->maximum);
      break;
    case PROP_MAXIMUM:
      self->maximum = g_value_get_int (value);
      if (GTK_IS_SPIN_BUTTON (self->control))
        gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->control), self->minimum, self->maximum);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (self->control != NULL)
    acies_field_row_queue_refresh (self);
}

static void
acies_field_row_class_init (AciesFieldRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = acies_field_row_constructed;
  object_class->dispose = acies_field_row_dispose;
  object_class->finalize = acies_field_row_finalize;
  object_class->get_property = acies_field_row_get_property;
  object_class->set_property = acies_field_row_set_property;
  widget_class->map = acies_field_row_map;
  widget_class->unmap = acies_field_row_unmap;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, ACIES_TYPE_EDITOR_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, ACIES_TYPE_FIELD_KIND, ACIES_FIELD_ENTRY,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesFieldRow:object:
   *
   * Whose field: "scenario", the id of a part, "special:N" or "victory:N"
   * for a rule, "pool:ID:N" for a pool's entry.
   */
  properties[PROP_OBJECT] =
    g_param_spec_string ("object", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesFieldRow:field:
   *
   * The field (acies_editor_document_set_field()); the control is named
   * after it.
   */
  properties[PROP_FIELD] =
    g_param_spec_string ("field", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CHOICES] =
    g_param_spec_enum ("choices", NULL, NULL, ACIES_TYPE_FIELD_CHOICES, ACIES_FIELD_CHOICES_GIVEN,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS));
  properties[PROP_VALUES] =
    g_param_spec_boxed ("values", NULL, NULL, G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS));
  properties[PROP_LABELS] =
    g_param_spec_boxed ("labels", NULL, NULL, G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS));
  /**
   * AciesFieldRow:none-label:
   *
   * What a choice of no value is called ("(none)" by default; "Both
   * sides", "(the whole side)").
   */
  properties[PROP_NONE_LABEL] =
    g_param_spec_string ("none-label", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_MINIMUM] =
    g_param_spec_int ("minimum", NULL, NULL, G_MININT, G_MAXINT, 0,
                      (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS));
  properties[PROP_MAXIMUM] =
    g_param_spec_int ("maximum", NULL, NULL, G_MININT, G_MAXINT, 999,
                      (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  acies_editor_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, ACIES_EDITOR_UI ("acies-field-row.ui"));
  gtk_widget_class_bind_template_child (widget_class, AciesFieldRow, header);
  gtk_widget_class_bind_template_child (widget_class, AciesFieldRow, title);
  gtk_widget_class_bind_template_child (widget_class, AciesFieldRow, source);
  gtk_widget_class_bind_template_child (widget_class, AciesFieldRow, error_label);
}

static void
acies_field_row_init (AciesFieldRow *self)
{
  self->maximum = 999;
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * acies_field_row_new:
 * @document: (nullable): the document
 * @kind: an entry, number, colour or text field (not a choice or a
 *   parameter)
 * @label: what the field is called
 * @object: whose field ("scenario" or a part's id)
 * @field: the field (acies_editor_document_set_field())
 *
 * Returns: (transfer floating): a new row
 */
GtkWidget *
acies_field_row_new (AciesEditorDocument *document,
                     AciesFieldKind       kind,
                     const char          *label,
                     const char          *object,
                     const char          *field)
{
  return g_object_new (ACIES_TYPE_FIELD_ROW, "kind", kind, "label", label, "object", object,
                       "field", field, "document", document, NULL);
}

/**
 * acies_field_row_new_choice:
 * @document: (nullable): the document
 * @label: what the field is called
 * @object: whose field
 * @field: the field
 * @values: (array zero-terminated=1): the values offered ("" for none)
 * @labels: (array zero-terminated=1): how they are shown
 *
 * Returns: (transfer floating): a new row with a drop-down of @values
 */
GtkWidget *
acies_field_row_new_choice (AciesEditorDocument *document,
                            const char          *label,
                            const char          *object,
                            const char          *field,
                            const char * const  *values,
                            const char * const  *labels)
{
  return g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_CHOICE, "label", label,
                       "object", object, "field", field, "values", values, "labels", labels,
                       "document", document, NULL);
}

/**
 * acies_field_row_new_param:
 * @document: the document
 * @spec: the parameter's spec, from the document's catalogue (borrowed)
 * @object: whose parameter (acies_editor_document_set_param())
 * @which: (nullable): "attrs" or "hidden" for a counter's front or back
 *
 * Returns: (transfer floating): a new row, labelled by the spec (with its
 *   rule section beside the label and its help as tooltip)
 */
GtkWidget *
acies_field_row_new_param (AciesEditorDocument  *document,
                           const AciesParamSpec *spec,
                           const char           *object,
                           const char           *which)
{
  AciesFieldRow *self;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (document), NULL);
  g_return_val_if_fail (spec != NULL, NULL);

  self = g_object_new (ACIES_TYPE_FIELD_ROW, "kind", ACIES_FIELD_PARAM, "object", object, NULL);
  self->spec = spec;
  self->which = g_strdup (which);
  gtk_widget_add_css_class (GTK_WIDGET (self), "param");
  if (spec->source != NULL)
    {
      gtk_label_set_text (self->source, acies_rule_citation_shown (spec->source));
      gtk_widget_set_visible (GTK_WIDGET (self->source), TRUE);
    }
  if (spec->help != NULL)
    {
      g_autofree char *ruling = NULL;
      g_autofree char *help = acies_param_help_split (spec->help, &ruling);
      g_autofree char *tooltip = ruling != NULL ? g_strdup_printf ("%s\n%s", help, ruling) : NULL;

      gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip != NULL ? tooltip : help);
    }
  add_control (self);
  acies_field_row_set_document (self, document);
  return GTK_WIDGET (self);
}

/**
 * acies_field_row_new_form:
 * @document: the document
 * @specs: (element-type AciesParamSpec): parameter specs of the catalogue
 * @object: whose parameters
 * @which: (nullable): "attrs" or "hidden"
 *
 * Returns: (transfer floating): a vertical box of a row per spec
 */
GtkWidget *
acies_field_row_new_form (AciesEditorDocument *document,
                          GPtrArray           *specs,
                          const char          *object,
                          const char          *which)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  for (guint i = 0; specs != NULL && i < specs->len; i++)
    gtk_box_append (GTK_BOX (box), acies_field_row_new_param (document, g_ptr_array_index (specs, i), object, which));
  return box;
}

/**
 * acies_field_row_get_control:
 * @self: a row
 *
 * Returns: (transfer none) (nullable): the field's control
 */
GtkWidget *
acies_field_row_get_control (AciesFieldRow *self)
{
  g_return_val_if_fail (ACIES_IS_FIELD_ROW (self), NULL);
  return self->control;
}
