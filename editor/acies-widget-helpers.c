/* acies-widget-helpers.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-widget-helpers"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gobject/gvaluecollector.h>

#include "acies-compat.h"
#include "acies-widget-helpers.h"

/*
 * Small behaviours given to stock GTK widgets wherever Acies asks for a
 * value: a spin button that says what is wrong with a typed number
 * instead of clamping it without a word, fields that leave the mouse
 * wheel to the panel they are in unless they have the focus, and
 * drop-downs whose shown item may be cut short in a narrow panel.  And
 * the values windows take in their narrow layouts (a breakpoint's
 * setters, whatever the breakpoint: acies_window_add_breakpoint()).
 */

/* Typed numbers.  A GtkSpinButton on its own drops letters and clamps a
 * number out of range without a word; a guarded one says what is wrong
 * while it is typed and keeps its value when the text is not accepted. */
typedef struct
{
  GtkLabel  *label;      /* where the message goes, or NULL: a popover */
  GtkWidget *popover;
  gboolean   reverting;  /* the next text change is the spin button's own */
} SpinGuard;

static void
spin_guard_free (gpointer data)
{
  SpinGuard *guard = data;

  g_clear_object (&guard->label);
  g_free (guard);
}

static gboolean
spin_text_value (GtkSpinButton *spin,
                 const char    *text,
                 double        *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  double lower, upper;

  if (*copy == '\0')
    return FALSE;
  if (gtk_spin_button_get_digits (spin) == 0)
    {
      gint64 whole;

      if (!g_ascii_string_to_signed (copy, 10, G_MININT64, G_MAXINT64, &whole, NULL))
        return FALSE;
      *value = whole;
    }
  else
    {
      char *end = NULL;

      *value = g_strtod (copy, &end);
      if (end == copy || *end != '\0' || !isfinite (*value))
        return FALSE;
    }
  gtk_spin_button_get_range (spin, &lower, &upper);
  return *value >= lower && *value <= upper;
}

static char *
spin_guard_message (GtkSpinButton *spin,
                    const char    *text)
{
  double lower, upper;
  g_autofree char *shown = g_utf8_make_valid (text, MIN (strlen (text), 24));

  gtk_spin_button_get_range (spin, &lower, &upper);
  if (gtk_spin_button_get_digits (spin) == 0)
    return g_strdup_printf (_("“%s” is not a whole number from %.0f to %.0f"), shown, lower, upper);
  return g_strdup_printf (_("“%s” is not a number from %g to %g"), shown, lower, upper);
}

static void
spin_guard_destroy_cb (GtkWidget *spin,
                       SpinGuard *guard)
{
  g_clear_pointer (&guard->popover, gtk_widget_unparent);
}

/* Shows @message (NULL: clears it) by the field: in its error label, or in
 * a popover when @popup and it has none; the field is marked either way. */
static void
spin_guard_show (SpinGuard     *guard,
                 GtkSpinButton *spin,
                 const char    *message,
                 gboolean       popup)
{
  GtkWidget *widget = GTK_WIDGET (spin);

  if (message == NULL)
    {
      gtk_widget_remove_css_class (widget, "error");
      gtk_widget_set_tooltip_text (widget, NULL);
      if (guard->label != NULL)
        gtk_widget_set_visible (GTK_WIDGET (guard->label), FALSE);
      if (guard->popover != NULL)
        gtk_popover_popdown (GTK_POPOVER (guard->popover));
      return;
    }

  gtk_widget_add_css_class (widget, "error");
  gtk_widget_set_tooltip_text (widget, message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
  if (guard->label != NULL)
    {
      gtk_label_set_text (guard->label, message);
      gtk_widget_set_visible (GTK_WIDGET (guard->label), TRUE);
    }
  else if (popup)
    {
      GtkWidget *label;

      if (guard->popover == NULL)
        {
          guard->popover = gtk_popover_new ();
          gtk_popover_set_autohide (GTK_POPOVER (guard->popover), FALSE);
          gtk_widget_set_parent (guard->popover, widget);
          g_signal_connect (spin, "destroy", G_CALLBACK (spin_guard_destroy_cb), guard);
        }
      label = gtk_label_new (message);
      gtk_widget_add_css_class (label, "error");
      gtk_popover_set_child (GTK_POPOVER (guard->popover), label);
      gtk_popover_popup (GTK_POPOVER (guard->popover));
    }
}

static gint
spin_guard_input_cb (GtkSpinButton *spin,
                     double        *new_value,
                     SpinGuard     *guard)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  g_autofree char *base = NULL;
  g_autofree char *message = NULL;
  g_autofree char *kept = NULL;

  if (spin_text_value (spin, text, new_value))
    {
      spin_guard_show (guard, spin, NULL, FALSE);
      return TRUE;
    }

  /* Not accepted: the value stays (GTK_UPDATE_IF_VALID) and puts its own
   * text back, which must not clear the message. */
  base = spin_guard_message (spin, text);
  kept = g_strdup_printf ("%.*f", (int) gtk_spin_button_get_digits (spin), gtk_spin_button_get_value (spin));
  message = g_strdup_printf (_("%s; it stays %s"), base, kept);
  guard->reverting = TRUE;
  spin_guard_show (guard, spin, message, TRUE);
  gtk_widget_error_bell (GTK_WIDGET (spin));
  return GTK_INPUT_ERROR;
}

static void
spin_guard_changed_cb (GtkEditable *editable,
                       SpinGuard   *guard)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (editable);
  const char *text = gtk_editable_get_text (editable);
  double value;

  /* The spin button puts its value back in steps (delete, insert). */
  if (guard->reverting)
    {
      g_autofree char *kept = g_strdup_printf ("%.*f", (int) gtk_spin_button_get_digits (spin),
                                               gtk_spin_button_get_value (spin));

      if (g_strcmp0 (text, kept) == 0)
        guard->reverting = FALSE;
      return;
    }
  if (spin_text_value (spin, text, &value))
    spin_guard_show (guard, spin, NULL, FALSE);
  else
    {
      g_autofree char *message = spin_guard_message (spin, text);

      spin_guard_show (guard, spin, message, FALSE);
    }
}

/* The mouse wheel over a field without keyboard focus scrolls the panel
 * the field is in, not the field's value: a user scrolling a form must not
 * change the numbers passing under the pointer. */
static gboolean
scroll_guard_scroll_cb (GtkEventControllerScroll *controller,
                        double                    dx,
                        double                    dy,
                        gpointer                  data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *scroller;
  GtkAdjustment *adjustment;
  double step, value;

  if (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_WITHIN)
    return FALSE;

  scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return TRUE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  /* As GtkScrolledWindow steps for a wheel click. */
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0);
  else
    step = 1;
  value = gtk_adjustment_get_value (adjustment) + dy * step;
  gtk_adjustment_set_value (adjustment,
                            CLAMP (value, gtk_adjustment_get_lower (adjustment),
                                   gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment)));
  return TRUE;
}

static void
ellipsized_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* On the button: cut short when narrow, and asking for no more than
   * about 18 characters, so that a long item does not squeeze what stands
   * beside it; in the open list (@data), each item whole on one line. */
  if (data == NULL)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
    }
  gtk_list_item_set_child (item, label);
}

static void
ellipsized_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  data)
{
  GObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = GTK_IS_STRING_OBJECT (object) ? gtk_string_object_get_string (GTK_STRING_OBJECT (object)) : "";

  gtk_label_set_text (GTK_LABEL (label), text);
  /* The whole text where it is cut short. */
  if (data == NULL)
    gtk_widget_set_tooltip_text (label, text);
}

/**
 * acies_drop_down_ellipsize:
 * @dropdown: a drop-down of #GtkStringObject items
 *
 * Lets @dropdown be narrower than its longest item ("Red set-up (principes:
 * 10 Heavy Infantry, 1 Hero)"): the shown item ends in "…" when the panel
 * is too narrow, with the whole text in its tooltip, and asks for about 18
 * characters at most.  A side panel of fixed width keeps every field inside
 * it; a row of the New Game dialog keeps its ruling's text readable beside
 * it.  The open list shows each item whole.
 */
void
acies_drop_down_ellipsize (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  g_signal_connect (factory, "setup", G_CALLBACK (ellipsized_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (ellipsized_bind_cb), NULL);
  gtk_drop_down_set_factory (dropdown, factory);
  g_signal_connect (list_factory, "setup", G_CALLBACK (ellipsized_setup_cb), dropdown);
  g_signal_connect (list_factory, "bind", G_CALLBACK (ellipsized_bind_cb), dropdown);
  gtk_drop_down_set_list_factory (dropdown, list_factory);
}

/**
 * acies_drop_down_new_ellipsized:
 * @labels: (array zero-terminated=1): the items' texts
 *
 * gtk_drop_down_new_from_strings() whose shown item may be cut short
 * (acies_drop_down_ellipsize()).
 *
 * Returns: (transfer floating): the drop-down
 */
GtkWidget *
acies_drop_down_new_ellipsized (const char * const *labels)
{
  GtkWidget *dropdown = gtk_drop_down_new_from_strings (labels);

  acies_drop_down_ellipsize (GTK_DROP_DOWN (dropdown));
  return dropdown;
}

/**
 * acies_widget_pass_scroll:
 * @widget: a field that would take the mouse wheel (a spin button, a
 *   drop-down)
 *
 * Makes @widget take the mouse wheel only while it has keyboard focus;
 * otherwise the wheel scrolls the nearest #GtkScrolledWindow around it
 * (or nothing, outside one), and the field's value stays.
 */
void
acies_widget_pass_scroll (GtkWidget *widget)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_name (controller, "acies-pass-scroll");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_guard_scroll_cb), NULL);
  gtk_widget_add_controller (widget, controller);
}

/**
 * acies_spin_button_guard:
 * @spin: a spin button for whole numbers (0 digits) or decimals
 * @error_label: (nullable): where to say what is wrong, or %NULL to say
 *   it in a popover by the field
 *
 * Makes @spin say what is wrong with a typed value — letters, or a number
 * outside its range — while it is typed (the field turns red, its tooltip
 * and accessible description give the reason) and when it is entered (the
 * message stays and the value is kept: nothing is clamped or dropped
 * without a word).  The mouse wheel changes it only while it has keyboard
 * focus (acies_widget_pass_scroll()).  @spin is made non-numeric, so that
 * letters reach the field and get their message rather than vanish.
 */
void
acies_spin_button_guard (GtkSpinButton *spin,
                         GtkLabel      *error_label)
{
  SpinGuard *guard;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  guard = g_new0 (SpinGuard, 1);
  guard->label = error_label != NULL ? g_object_ref (error_label) : NULL;
  gtk_spin_button_set_update_policy (spin, GTK_UPDATE_IF_VALID);
  /* Not numeric: a numeric spin button (gtk_spin_button_new_with_range()
   * makes one) drops letters as they are typed on newer GTK (4.18 does,
   * 4.8 does not), so the user would see keys vanish without a word; the
   * guard takes any text and says what is wrong with it. */
  gtk_spin_button_set_numeric (spin, FALSE);
  g_object_set_data_full (G_OBJECT (spin), "acies-spin-guard", guard, spin_guard_free);
  g_signal_connect (spin, "input", G_CALLBACK (spin_guard_input_cb), guard);
  g_signal_connect (spin, "changed", G_CALLBACK (spin_guard_changed_cb), guard);
  acies_widget_pass_scroll (GTK_WIDGET (spin));
}

/**
 * acies_dim_label_new:
 * @text: the words
 *
 * Returns: (transfer floating): a dim label of a side panel: left-aligned,
 *   wrapped within the panel's width
 */
GtkWidget *
acies_dim_label_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/**
 * acies_heading_new:
 * @text: the words
 *
 * Returns: (transfer floating): a heading of a side panel's section
 */
GtkWidget *
acies_heading_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 6);
  return label;
}

/* What the catalogue's items (terrain and unit types, kinds of parts,
 * tables) and the scenario's sides, formations and areas all start with. */
typedef struct
{
  char *id;
  char *name;
} Named;

/**
 * acies_names_add:
 * @items: (nullable) (element-type Named): catalogue items or scenario
 *   parts, each starting with its id and name
 * @values: (nullable): where their ids go
 * @labels: where their names go (the id when one has no name)
 *
 * The values and labels of a drop-down of @items.
 */
void
acies_names_add (GPtrArray    *items,
                 GStrvBuilder *values,
                 GStrvBuilder *labels)
{
  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      const Named *item = g_ptr_array_index (items, i);

      if (values != NULL)
        g_strv_builder_add (values, item->id);
      g_strv_builder_add (labels, item->name != NULL ? item->name : item->id);
    }
}

/**
 * acies_drop_down_set_names:
 * @dropdown: a drop-down
 * @items: (nullable): catalogue items or scenario parts (acies_names_add())
 *
 * Makes @dropdown offer @items by name.
 */
void
acies_drop_down_set_names (GtkDropDown *dropdown,
                           GPtrArray   *items)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) labels = NULL;
  g_autoptr(GtkStringList) list = NULL;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  acies_names_add (items, NULL, builder);
  labels = g_strv_builder_end (builder);
  list = gtk_string_list_new ((const char * const *) labels);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (list));
}

/**
 * acies_breakpoint_add_setter:
 * @breakpoint: (nullable): what acies_window_add_breakpoint() returned
 * @object: the object whose property it sets
 * @property: the property's name
 * @...: the value, of the property's type (as g_object_set() takes it)
 *
 * Sets @property while @breakpoint applies (and puts it back after).
 * Does nothing for %NULL.
 */
void
acies_breakpoint_add_setter (GObject    *breakpoint,
                             gpointer    object,
                             const char *property,
                             ...)
{
  GParamSpec *pspec;
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *error = NULL;
  va_list args;

  if (breakpoint == NULL)
    return;
  g_return_if_fail (G_IS_OBJECT (object));
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), property);
  g_return_if_fail (pspec != NULL);
  va_start (args, property);
  G_VALUE_COLLECT_INIT (&value, pspec->value_type, args, 0, &error);
  va_end (args);
  if (error != NULL)
    {
      g_critical ("%s: %s", G_STRFUNC, error);
      return;
    }
  acies_breakpoint_add_setter_value (breakpoint, object, property, &value);
}
