/* acies-param-widget.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-param-widget"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "acies-param-widget.h"

/*
 * Widgets for values typed by the catalogue's parameter specs: a spin
 * button for int and number (bounded by min/max), a drop-down for enum
 * and for references to the scenario's sides, formations, areas and the
 * catalogue's unit types, a switch for bool, an entry for string and cell.
 * Every value is checked with acies_param_spec_check() as it is typed; a
 * value that fails shows the checker's message under the field and is not
 * passed on.
 */

typedef struct
{
  const AciesParamSpec  *spec;
  const AciesScenario   *scenario;
  AciesParamChangedFunc  func;
  gpointer               user_data;
  GDestroyNotify         destroy;
  GtkLabel              *error_label;
  GStrv                  choices;     /* drop-down values; "" = none */
  double                 spin_value;  /* the value a spin button last reported */
  guint                  refs;
} ParamClosure;

static ParamClosure *
closure_ref (ParamClosure *closure)
{
  closure->refs++;
  return closure;
}

static void
closure_unref (ParamClosure *closure)
{
  if (--closure->refs > 0)
    return;
  if (closure->destroy != NULL)
    closure->destroy (closure->user_data);
  g_strfreev (closure->choices);
  g_free (closure);
}

static void
closure_notify (gpointer  data,
                GClosure *gclosure)
{
  closure_unref (data);
}

static void
param_emit (ParamClosure *closure,
            JsonNode     *value)
{
  g_autofree char *message = NULL;

  if (value != NULL && !acies_param_spec_check (closure->spec, value, closure->scenario, &message))
    {
      gtk_label_set_text (closure->error_label, message ? message : _("Not a valid value"));
      gtk_widget_set_visible (GTK_WIDGET (closure->error_label), TRUE);
      return;
    }

  gtk_widget_set_visible (GTK_WIDGET (closure->error_label), FALSE);
  closure->func (closure->spec, value, closure->user_data);
}

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
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
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
  gtk_widget_set_tooltip_text (label, text);
}

/**
 * acies_drop_down_ellipsize:
 * @dropdown: a drop-down of #GtkStringObject items
 *
 * Lets @dropdown be narrower than its longest item ("Red set-up (principes:
 * 10 Heavy Infantry, 1 Hero)"): the shown item ends in "…" when the panel
 * is too narrow, with the whole text in its tooltip.  A side panel of fixed
 * width keeps every field inside it.
 */
void
acies_drop_down_ellipsize (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  g_signal_connect (factory, "setup", G_CALLBACK (ellipsized_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (ellipsized_bind_cb), NULL);
  gtk_drop_down_set_factory (dropdown, factory);
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
 * focus (acies_widget_pass_scroll()).
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
  g_object_set_data_full (G_OBJECT (spin), "acies-spin-guard", guard, spin_guard_free);
  g_signal_connect (spin, "input", G_CALLBACK (spin_guard_input_cb), guard);
  g_signal_connect (spin, "changed", G_CALLBACK (spin_guard_changed_cb), guard);
  acies_widget_pass_scroll (GTK_WIDGET (spin));
}

static void
spin_changed_cb (GtkSpinButton *spin,
                 ParamClosure  *closure)
{
  g_autoptr(JsonNode) node = NULL;

  /* A spin button that puts its value back after refused text reports
   * the same value again: nothing changed, and its message stays. */
  if (gtk_spin_button_get_value (spin) == closure->spin_value)
    return;
  closure->spin_value = gtk_spin_button_get_value (spin);
  node = json_node_new (JSON_NODE_VALUE);
  if (closure->spec->type == ACIES_VALUE_NUMBER)
    json_node_set_double (node, gtk_spin_button_get_value (spin));
  else
    json_node_set_int (node, gtk_spin_button_get_value_as_int (spin));
  param_emit (closure, node);
}

static void
switch_changed_cb (GtkSwitch    *sw,
                   GParamSpec   *pspec,
                   ParamClosure *closure)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);

  json_node_set_boolean (node, gtk_switch_get_active (sw));
  param_emit (closure, node);
}

static void
entry_changed_cb (GtkEditable  *editable,
                  ParamClosure *closure)
{
  const char *text = gtk_editable_get_text (editable);
  g_autoptr(JsonNode) node = NULL;

  if (*text == '\0' && !closure->spec->required)
    {
      gtk_widget_set_visible (GTK_WIDGET (closure->error_label), FALSE);
      closure->func (closure->spec, NULL, closure->user_data);
      return;
    }

  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, text);
  param_emit (closure, node);
}

static void
dropdown_changed_cb (GtkDropDown  *dropdown,
                     GParamSpec   *pspec,
                     ParamClosure *closure)
{
  guint pos = gtk_drop_down_get_selected (dropdown);
  g_autoptr(JsonNode) node = NULL;

  if (pos == GTK_INVALID_LIST_POSITION || closure->choices[pos] == NULL)
    return;

  if (closure->choices[pos][0] == '\0')
    {
      gtk_widget_set_visible (GTK_WIDGET (closure->error_label), FALSE);
      closure->func (closure->spec, NULL, closure->user_data);
      return;
    }

  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, closure->choices[pos]);
  param_emit (closure, node);
}

/**
 * acies_param_help_split:
 * @help: (nullable): a spec's help text, as the catalogue gives it
 * @ruling: (out) (optional) (transfer full) (nullable): the checklist
 *   reference the text cites, as people read it ("Ruling GC-G25"), or
 *   %NULL when it cites none
 *
 * Splits a help text into what a player reads and the checklist reference
 * it carries, so the reference can be shown apart (a smaller line or a
 * tooltip): a trailing "(checklist GC-G25)" or a leading "FB-A1: " goes
 * to @ruling; a reference inside the text reads "(ruling GC-G30c)".
 *
 * Returns: (transfer full) (nullable): the help without the reference,
 *   or %NULL when @help is %NULL
 */
char *
acies_param_help_split (const char  *help,
                        char       **ruling)
{
  g_autoptr(GRegex) trailing = NULL;
  g_autoptr(GRegex) leading = NULL;
  g_autoptr(GRegex) inside = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *text = NULL;
  g_autofree char *reference = NULL;

  if (ruling != NULL)
    *ruling = NULL;
  if (help == NULL)
    return NULL;

  trailing = g_regex_new ("\\s*\\(checklist\\s+([^()]+)\\)\\s*\\.?\\s*$", 0, 0, NULL);
  leading = g_regex_new ("^([A-Z]{2,4}-[A-Z]+[0-9]+[a-z]?):\\s*", 0, 0, NULL);
  inside = g_regex_new ("\\(checklist\\s+([^()]+)\\)", 0, 0, NULL);

  text = g_strdup (help);
  if (g_regex_match (trailing, text, 0, &match))
    {
      gint start = 0;

      reference = g_match_info_fetch (match, 1);
      g_match_info_fetch_pos (match, 0, &start, NULL);
      text[start] = '\0';
    }
  else
    {
      g_clear_pointer (&match, g_match_info_free);
      if (g_regex_match (leading, text, 0, &match))
        {
          gint end = 0;
          char *rest;

          reference = g_match_info_fetch (match, 1);
          g_match_info_fetch_pos (match, 0, NULL, &end);
          rest = g_strdup (text + end);
          g_free (text);
          text = rest;
          /* "the forest…" after "CCA-E1: " starts the sentence. */
          if (g_ascii_islower (text[0]))
            text[0] = g_ascii_toupper (text[0]);
        }
    }

  if (ruling != NULL && reference != NULL)
    /* Translators: the checklist ruling an option settles, "Ruling GC-G25". */
    *ruling = g_strdup_printf (_("Ruling %s"), g_strstrip (reference));

  /* Translators: a ruling cited inside an option's help text. */
  return g_regex_replace (inside, text, -1, 0, _("(ruling \\1)"), 0, NULL);
}

/* The values a drop-down offers: "" (none), then the enum's values or
 * the scenario's sides, formations, areas or unit types.  With @side,
 * only that side's formations (GC 3.1: a zone's Wing is of its side);
 * @current stays offered even when it is not, so the field shows it. */
static GStrv
reference_choices (const AciesParamSpec *spec,
                   const AciesScenario  *scenario,
                   const char           *side,
                   const char           *current)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  AciesCatalogue *catalogue = NULL;

  g_strv_builder_add (builder, "");
  if (spec->type == ACIES_VALUE_ENUM && spec->values != NULL)
    g_strv_builder_addv (builder, (const char **) spec->values);
  else if (scenario != NULL)
    {
      switch (spec->type)
        {
        case ACIES_VALUE_SIDE:
          for (guint i = 0; i < scenario->sides->len; i++)
            g_strv_builder_add (builder, ((AciesSide *) g_ptr_array_index (scenario->sides, i))->id);
          break;
        case ACIES_VALUE_FORMATION:
          for (guint i = 0; i < scenario->formations->len; i++)
            {
              const AciesFormation *f = g_ptr_array_index (scenario->formations, i);

              if (side == NULL || f->side == NULL || g_strcmp0 (f->side, side) == 0 ||
                  g_strcmp0 (f->id, current) == 0)
                g_strv_builder_add (builder, f->id);
            }
          break;
        case ACIES_VALUE_AREA:
          for (guint i = 0; i < scenario->areas->len; i++)
            g_strv_builder_add (builder, ((AciesArea *) g_ptr_array_index (scenario->areas, i))->id);
          break;
        case ACIES_VALUE_UNIT_TYPE:
          catalogue = scenario->ruleset ? acies_catalogue_lookup (scenario->ruleset) : NULL;
          if (catalogue == NULL && scenario->ruleset)
            catalogue = acies_catalogue_get_bundled (scenario->ruleset);
          if (catalogue != NULL)
            for (guint i = 0; i < catalogue->unit_types->len; i++)
              g_strv_builder_add (builder, ((AciesUnitType *) g_ptr_array_index (catalogue->unit_types, i))->id);
          break;
        default:
          break;
        }
    }

  return g_strv_builder_end (builder);
}

/* A referenced object in words: a unit type's, side's, formation's or
 * area's name, as the Army panel shows it; NULL when it has none. */
static const char *
reference_label (const AciesParamSpec *spec,
                 const AciesScenario  *scenario,
                 const char           *id)
{
  AciesCatalogue *catalogue;
  const AciesUnitType *type;
  AciesSide *side;
  AciesFormation *formation;
  AciesArea *area;

  if (scenario == NULL)
    return NULL;
  switch (spec->type)
    {
    case ACIES_VALUE_UNIT_TYPE:
      catalogue = scenario->ruleset ? acies_catalogue_lookup (scenario->ruleset) : NULL;
      if (catalogue == NULL && scenario->ruleset)
        catalogue = acies_catalogue_get_bundled (scenario->ruleset);
      type = catalogue != NULL ? acies_catalogue_find_unit_type (catalogue, id) : NULL;
      return type != NULL ? type->name : NULL;
    case ACIES_VALUE_SIDE:
      side = acies_scenario_find_side (scenario, id);
      return side != NULL ? side->name : NULL;
    case ACIES_VALUE_FORMATION:
      formation = acies_scenario_find_formation (scenario, id);
      return formation != NULL ? formation->name : NULL;
    case ACIES_VALUE_AREA:
      area = acies_scenario_find_area (scenario, id);
      return area != NULL ? area->name : NULL;
    default:
      return NULL;
    }
}

/**
 * acies_param_widget_new:
 * @spec: the parameter's spec (borrowed: keep the catalogue alive)
 * @current: (nullable): the current value
 * @scenario: (nullable): the scenario, for references and checks
 * @func: called with each valid new value
 * @user_data: for @func
 * @destroy: (nullable): frees @user_data with the widget
 *
 * Returns: (transfer floating): a labelled field for one parameter, with
 *   the spec's help as tooltip and its rule section beside the label
 */
GtkWidget *
acies_param_widget_new (const AciesParamSpec  *spec,
                        JsonNode              *current,
                        const AciesScenario   *scenario,
                        AciesParamChangedFunc  func,
                        gpointer               user_data,
                        GDestroyNotify         destroy)
{
  return acies_param_widget_new_for_side (spec, current, scenario, NULL, func, user_data, destroy);
}

/**
 * acies_param_widget_new_for_side:
 * @spec: the parameter's spec (borrowed: keep the catalogue alive)
 * @current: (nullable): the current value
 * @scenario: (nullable): the scenario, for references and checks
 * @side: (nullable): the side id of the part the value belongs to
 * @func: called with each valid new value
 * @user_data: for @func
 * @destroy: (nullable): frees @user_data with the widget
 *
 * Like acies_param_widget_new(), but a formation field of a part that
 * belongs to @side offers only that side's formations (a set-up zone's
 * Wing, GC 3.1).
 *
 * Returns: (transfer floating): a labelled field for one parameter
 */
GtkWidget *
acies_param_widget_new_for_side (const AciesParamSpec  *spec,
                                 JsonNode              *current,
                                 const AciesScenario   *scenario,
                                 const char            *side,
                                 AciesParamChangedFunc  func,
                                 gpointer               user_data,
                                 GDestroyNotify         destroy)
{
  ParamClosure *closure;
  GtkWidget *box, *header, *label, *control = NULL, *error_label;
  g_autofree char *title = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  closure = g_new0 (ParamClosure, 1);
  closure->refs = 1;
  closure->spec = spec;
  closure->scenario = scenario;
  closure->func = func;
  closure->user_data = user_data;
  closure->destroy = destroy;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (box, "param");
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  title = g_strdup_printf ("%s%s", spec->label ? spec->label : spec->id, spec->required ? " *" : "");
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (header), label);
  if (spec->source != NULL)
    {
      GtkWidget *source = gtk_label_new (spec->source);

      gtk_widget_add_css_class (source, "dim-label");
      gtk_widget_add_css_class (source, "caption");
      gtk_box_append (GTK_BOX (header), source);
    }
  gtk_box_append (GTK_BOX (box), header);
  if (spec->help != NULL)
    {
      g_autofree char *ruling = NULL;
      g_autofree char *help = acies_param_help_split (spec->help, &ruling);
      g_autofree char *tooltip = ruling != NULL ? g_strdup_printf ("%s\n%s", help, ruling) : NULL;

      gtk_widget_set_tooltip_text (box, tooltip != NULL ? tooltip : help);
    }

  switch (spec->type)
    {
    case ACIES_VALUE_INT:
    case ACIES_VALUE_NUMBER:
      {
        double min = spec->min, max = spec->max;
        double value = 0;

        if (min >= max)
          {
            min = -1e6;
            max = 1e6;
          }
        if (current != NULL && JSON_NODE_HOLDS_VALUE (current))
          value = json_node_get_double (current);
        else if (spec->default_value != NULL && JSON_NODE_HOLDS_VALUE (spec->default_value))
          value = json_node_get_double (spec->default_value);
        control = gtk_spin_button_new_with_range (min, max, spec->type == ACIES_VALUE_NUMBER ? 0.1 : 1);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), value);
        closure->spin_value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (control));
        g_signal_connect_data (control, "value-changed", G_CALLBACK (spin_changed_cb),
                               closure_ref (closure), closure_notify, 0);
      }
      break;

    case ACIES_VALUE_BOOL:
      {
        gboolean active = FALSE;

        if (current != NULL && JSON_NODE_HOLDS_VALUE (current))
          active = json_node_get_boolean (current);
        else if (spec->default_value != NULL)
          active = json_node_get_boolean (spec->default_value);
        control = gtk_switch_new ();
        gtk_widget_set_halign (control, GTK_ALIGN_START);
        gtk_switch_set_active (GTK_SWITCH (control), active);
        g_signal_connect_data (control, "notify::active", G_CALLBACK (switch_changed_cb),
                               closure_ref (closure), closure_notify, 0);
      }
      break;

    case ACIES_VALUE_ENUM:
    case ACIES_VALUE_SIDE:
    case ACIES_VALUE_FORMATION:
    case ACIES_VALUE_AREA:
    case ACIES_VALUE_UNIT_TYPE:
      {
        const char *now = NULL;
        guint selected = 0;
        g_autoptr(GStrvBuilder) shown = g_strv_builder_new ();
        g_auto(GStrv) labels = NULL;

        if (current != NULL && JSON_NODE_HOLDS_VALUE (current) &&
            json_node_get_value_type (current) == G_TYPE_STRING)
          now = json_node_get_string (current);
        closure->choices = reference_choices (spec, scenario, side, now);
        for (guint i = 0; closure->choices[i] != NULL; i++)
          {
            if (closure->choices[i][0] == '\0')
              g_strv_builder_add (shown, _("(none)"));
            else if (spec->type == ACIES_VALUE_ENUM)
              {
                /* Enum values in words: the catalogue's "value_labels"
                 * (choice i is value i - 1, after "(none)"). */
                g_autofree char *label = acies_param_spec_value_label (spec, i - 1);

                g_strv_builder_add (shown, label != NULL ? label : closure->choices[i]);
              }
            else
              {
                const char *name = reference_label (spec, scenario, closure->choices[i]);

                g_strv_builder_add (shown, name != NULL && *name != '\0' ? name : closure->choices[i]);
              }
            if (now != NULL && g_str_equal (now, closure->choices[i]))
              selected = i;
          }
        labels = g_strv_builder_end (shown);
        control = acies_drop_down_new_ellipsized ((const char * const *) labels);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (control), selected);
        g_signal_connect_data (control, "notify::selected", G_CALLBACK (dropdown_changed_cb),
                               closure_ref (closure), closure_notify, 0);
      }
      break;

    case ACIES_VALUE_STRING:
    case ACIES_VALUE_CELL:
    default:
      control = gtk_entry_new ();
      if (current != NULL && JSON_NODE_HOLDS_VALUE (current) &&
          json_node_get_value_type (current) == G_TYPE_STRING)
        gtk_editable_set_text (GTK_EDITABLE (control), json_node_get_string (current));
      if (spec->type == ACIES_VALUE_CELL)
        gtk_entry_set_placeholder_text (GTK_ENTRY (control), _("Cell label, such as 0215"));
      g_signal_connect_data (control, "changed", G_CALLBACK (entry_changed_cb),
                             closure_ref (closure), closure_notify, 0);
      break;
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (control),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spec->label ? spec->label : spec->id,
                                  -1);
  gtk_widget_set_name (control, spec->id);
  /* The editor puts the focus back on it after rebuilding a panel. */
  g_object_set_data_full (G_OBJECT (control), "acies-focus-key", g_strdup (spec->id), g_free);
  gtk_box_append (GTK_BOX (box), control);

  error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (error_label), TRUE);
  gtk_widget_add_css_class (error_label, "error");
  gtk_widget_add_css_class (error_label, "caption");
  gtk_widget_set_visible (error_label, FALSE);
  gtk_box_append (GTK_BOX (box), error_label);
  closure->error_label = GTK_LABEL (error_label);
  if (GTK_IS_SPIN_BUTTON (control))
    acies_spin_button_guard (GTK_SPIN_BUTTON (control), closure->error_label);

  g_object_set_data_full (G_OBJECT (box), "acies-param-closure", closure, (GDestroyNotify) closure_unref);

  return box;
}

typedef struct
{
  AciesParamChangedFunc func;
  gpointer              user_data;
  GDestroyNotify        destroy;
  guint                 refs;
} FormClosure;

static void
form_closure_unref (FormClosure *closure)
{
  if (--closure->refs > 0)
    return;
  if (closure->destroy != NULL)
    closure->destroy (closure->user_data);
  g_free (closure);
}

static void
form_changed (const AciesParamSpec *spec,
              JsonNode             *value,
              gpointer              user_data)
{
  FormClosure *closure = user_data;

  closure->func (spec, value, closure->user_data);
}

/**
 * acies_param_form_new:
 * @specs: (element-type AciesParamSpec): the specs, in order
 * @values: (nullable): the current values, by spec id
 * @scenario: (nullable): the scenario, for references and checks
 * @func: called with each valid new value
 * @user_data: for @func
 * @destroy: (nullable): frees @user_data when the form goes
 *
 * Returns: (transfer floating): a vertical box of parameter widgets
 */
GtkWidget *
acies_param_form_new (GPtrArray             *specs,
                      JsonObject            *values,
                      const AciesScenario   *scenario,
                      AciesParamChangedFunc  func,
                      gpointer               user_data,
                      GDestroyNotify         destroy)
{
  return acies_param_form_new_for_side (specs, values, scenario, NULL, func, user_data, destroy);
}

/**
 * acies_param_form_new_for_side:
 * @specs: (element-type AciesParamSpec): the specs, in order
 * @values: (nullable): the current values, by spec id
 * @scenario: (nullable): the scenario, for references and checks
 * @side: (nullable): the side id of the part the values belong to
 * @func: called with each valid new value
 * @user_data: for @func
 * @destroy: (nullable): frees @user_data when the form goes
 *
 * Like acies_param_form_new(), with formation fields limited to @side's
 * formations (acies_param_widget_new_for_side()).
 *
 * Returns: (transfer floating): a vertical box of parameter widgets
 */
GtkWidget *
acies_param_form_new_for_side (GPtrArray             *specs,
                               JsonObject            *values,
                               const AciesScenario   *scenario,
                               const char            *side,
                               AciesParamChangedFunc  func,
                               gpointer               user_data,
                               GDestroyNotify         destroy)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  FormClosure *closure = g_new0 (FormClosure, 1);

  closure->func = func;
  closure->user_data = user_data;
  closure->destroy = destroy;
  closure->refs = 1;

  for (guint i = 0; specs != NULL && i < specs->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (specs, i);
      JsonNode *current = values && json_object_has_member (values, spec->id)
                          ? json_object_get_member (values, spec->id) : NULL;

      closure->refs++;
      gtk_box_append (GTK_BOX (box),
                      acies_param_widget_new_for_side (spec, current, scenario, side, form_changed, closure,
                                                       (GDestroyNotify) form_closure_unref));
    }

  g_object_set_data_full (G_OBJECT (box), "acies-form-closure", closure, (GDestroyNotify) form_closure_unref);
  return box;
}
