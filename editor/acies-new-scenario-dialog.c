/* acies-new-scenario-dialog.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-new-scenario"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

#include "acies-new-scenario-dialog.h"
#include "acies-param-widget.h"

/**
 * acies_new_scenario_create:
 * @ruleset: a ruleset id with a catalogue
 * @width: columns of cells (0 = the catalogue's default); ignored for zones
 * @height: rows of cells (0 = the catalogue's default)
 * @orientation: (nullable): "flat-top" or "pointy-top" for hex boards;
 *   %NULL or "" for the catalogue's
 * @labels: (nullable): "xxyy" (the games' XXYY hex numbers) or "alnum";
 *   %NULL or "" for the catalogue's
 * @error: return location for an error
 *
 * Makes a blank scenario for @ruleset: the board kind from its catalogue
 * (square grid, hex grid or zone board), every cell of the ruleset's
 * default terrain, no sides yet.
 *
 * Returns: (transfer full) (nullable): the scenario, or %NULL with
 *   %ACIES_ENGINE_ERROR_UNKNOWN_RULESET or %ACIES_ENGINE_ERROR_TOO_LARGE
 */
AciesScenario *
acies_new_scenario_create (const char *ruleset,
                           guint       width,
                           guint       height,
                           const char *orientation,
                           const char *labels,
                           GError    **error)
{
  AciesCatalogue *cat;
  g_autoptr(AciesBoard) board = NULL;
  AciesScenario *scenario;

  g_return_val_if_fail (ruleset != NULL, NULL);

  cat = acies_catalogue_lookup (ruleset);
  if (cat == NULL)
    cat = acies_catalogue_get_bundled (ruleset);
  if (cat == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("No rule system “%s” is installed"), ruleset);
      return NULL;
    }

  if (width == 0)
    width = cat->default_width;
  if (height == 0)
    height = cat->default_height;
  if (cat->board_kind != ACIES_BOARD_ZONES &&
      (width < 1 || height < 1 || width > ACIES_MAX_BOARD_SIDE || height > ACIES_MAX_BOARD_SIDE))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   _("A board is 1 to %d cells wide and high, not %u × %u"),
                   ACIES_MAX_BOARD_SIDE, width, height);
      return NULL;
    }

  switch (cat->board_kind)
    {
    case ACIES_BOARD_HEX:
      {
        AciesHexOrientation o = cat->orientation;

        if (g_strcmp0 (orientation, "flat-top") == 0)
          o = ACIES_HEX_FLAT_TOP;
        else if (g_strcmp0 (orientation, "pointy-top") == 0)
          o = ACIES_HEX_POINTY_TOP;
        board = acies_board_new_hex (width, height, o, cat->offset);
      }
      break;
    case ACIES_BOARD_ZONES:
      board = acies_board_new_zones_named ((const char * const *) cat->zone_names);
      break;
    case ACIES_BOARD_SQUARE:
    default:
      board = acies_board_new_square (width, height);
      break;
    }

  if (cat->board_kind != ACIES_BOARD_ZONES)
    {
      AciesLabelScheme scheme = cat->labels;

      if (g_strcmp0 (labels, "xxyy") == 0)
        scheme = ACIES_LABEL_XXYY;
      else if (g_strcmp0 (labels, "alnum") == 0)
        scheme = ACIES_LABEL_ALNUM;
      acies_board_set_label_scheme (board, scheme);
    }

  scenario = acies_scenario_new (cat->id, board, cat->default_terrain);
  scenario->ruleset_version = cat->version;
  return scenario;
}

/* The dialog. */

typedef struct
{
  GtkWindow   *dialog;
  GtkWindow   *parent;
  GtkDropDown *ruleset;
  GtkSpinButton *width;
  GtkSpinButton *height;
  GtkDropDown *orientation;
  GtkDropDown *labels;
  GtkWidget   *hex_box;
  GtkWidget   *size_box;
  GtkLabel    *board_label;
  GStrv        ids;
} Dialog;

static void
dialog_free (Dialog *d)
{
  g_strfreev (d->ids);
  g_free (d);
}

static AciesCatalogue *
dialog_catalogue (Dialog *d)
{
  guint pos = gtk_drop_down_get_selected (d->ruleset);

  if (pos == GTK_INVALID_LIST_POSITION || d->ids[pos] == NULL)
    return NULL;
  return acies_catalogue_get_bundled (d->ids[pos]);
}

static void
ruleset_changed_cb (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    Dialog      *d)
{
  AciesCatalogue *cat = dialog_catalogue (d);
  const char *kind;

  if (cat == NULL)
    return;

  gtk_spin_button_set_value (d->width, cat->default_width);
  gtk_spin_button_set_value (d->height, cat->default_height);
  gtk_drop_down_set_selected (d->orientation, cat->orientation == ACIES_HEX_POINTY_TOP ? 1 : 0);
  gtk_drop_down_set_selected (d->labels, cat->labels == ACIES_LABEL_ALNUM ? 1 : 0);
  gtk_widget_set_visible (d->hex_box, cat->board_kind == ACIES_BOARD_HEX);
  gtk_widget_set_visible (d->size_box, cat->board_kind != ACIES_BOARD_ZONES);
  switch (cat->board_kind)
    {
    case ACIES_BOARD_HEX:
      kind = _("Hex grid");
      break;
    case ACIES_BOARD_ZONES:
      kind = _("Zone board, 5 × 4 zones");
      break;
    case ACIES_BOARD_SQUARE:
    default:
      kind = _("Square grid");
      break;
    }
  gtk_label_set_text (d->board_label, kind);
}

static void
create_clicked_cb (GtkButton *button,
                   Dialog    *d)
{
  AciesCatalogue *cat = dialog_catalogue (d);
  const char *orientation = gtk_drop_down_get_selected (d->orientation) == 1 ? "pointy-top" : "flat-top";
  const char *labels = gtk_drop_down_get_selected (d->labels) == 1 ? "alnum" : "xxyy";

  if (cat == NULL)
    return;
  gtk_widget_activate_action (GTK_WIDGET (d->parent), "win.create-scenario", "(suuss)",
                              cat->id,
                              (guint32) gtk_spin_button_get_value_as_int (d->width),
                              (guint32) gtk_spin_button_get_value_as_int (d->height),
                              cat->board_kind == ACIES_BOARD_HEX ? orientation : "",
                              cat->board_kind == ACIES_BOARD_ZONES ? "" : labels);
  gtk_window_destroy (d->dialog);
}

static GtkWidget *
labelled (const char *text,
          GtkWidget  *widget)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), widget);
  return row;
}

/* The message line under a number field: hidden until the field holds
 * text it cannot take ("“0” is not a whole number from 1 to 200"). */
static GtkWidget *
field_message (GtkSpinButton *spin,
               const char    *name)
{
  GtkWidget *message = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (message), 1);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (message), 40);
  gtk_widget_add_css_class (message, "error");
  gtk_widget_add_css_class (message, "caption");
  gtk_widget_set_name (message, name);
  gtk_widget_set_visible (message, FALSE);
  acies_spin_button_guard (spin, GTK_LABEL (message));
  return message;
}

/**
 * acies_new_scenario_dialog_new:
 * @parent: the window that receives the new scenario through its
 *   "win.create-scenario" action
 *
 * A dialog to choose the rule system (the first one Acies can play is
 * chosen at first), and from its catalogue the board: size, hex
 * orientation and numbering, or the zone board.
 *
 * Returns: (transfer none): the dialog, presented
 */
GtkWindow *
acies_new_scenario_dialog_new (GtkWindow *parent)
{
  Dialog *d = g_new0 (Dialog, 1);
  const char * const *ids = acies_catalogue_list_bundled ();
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) name_list = NULL;
  GtkWidget *header, *box, *create, *cancel, *content;
  const char *orientations[] = { N_("Flat-top (columns)"), N_("Pointy-top (rows)"), NULL };
  const char *numbering[] = { N_("XXYY numbers (0215)"), N_("Letter and number (C4)"), NULL };
  const char *orientation_labels[3] = { _(orientations[0]), _(orientations[1]), NULL };
  const char *numbering_labels[3] = { _(numbering[0]), _(numbering[1]), NULL };
  guint selected = GTK_INVALID_LIST_POSITION;

  d->parent = parent;
  d->ids = g_strdupv ((char **) ids);
  for (guint i = 0; d->ids[i]; i++)
    {
      AciesCatalogue *cat = acies_catalogue_get_bundled (d->ids[i]);

      g_strv_builder_add (names, cat && cat->name ? cat->name : d->ids[i]);
      /* The first rule system Acies can play (it has a rules engine),
       * not one that can only be edited and printed. */
      if (selected == GTK_INVALID_LIST_POSITION)
        {
          g_autoptr(AciesRuleset) rules = acies_ruleset_lookup (d->ids[i], NULL);

          if (rules != NULL)
            selected = i;
        }
    }
  if (selected == GTK_INVALID_LIST_POSITION)
    selected = 0;
  name_list = g_strv_builder_end (names);

  d->dialog = GTK_WINDOW (adw_window_new ());
  gtk_window_set_title (d->dialog, _("New Scenario"));
  gtk_window_set_modal (d->dialog, TRUE);
  gtk_window_set_default_size (d->dialog, 460, -1);
  if (parent != NULL)
    gtk_window_set_transient_for (d->dialog, parent);
  g_object_set_data_full (G_OBJECT (d->dialog), "acies-new-scenario", d, (GDestroyNotify) dialog_free);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), d->dialog);
  create = gtk_button_new_with_mnemonic (_("C_reate"));
  gtk_widget_add_css_class (create, "suggested-action");
  g_signal_connect (create, "clicked", G_CALLBACK (create_clicked_cb), d);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), create);
  gtk_box_append (GTK_BOX (content), header);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);

  d->ruleset = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char * const *) name_list));
  gtk_box_append (GTK_BOX (box), labelled (_("_Rule system"), GTK_WIDGET (d->ruleset)));
  d->board_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_box_append (GTK_BOX (box), labelled (_("Board"), GTK_WIDGET (d->board_label)));

  d->size_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  d->width = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, ACIES_MAX_BOARD_SIDE, 1));
  d->height = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, ACIES_MAX_BOARD_SIDE, 1));
  /* A wrong number is said under its own field, not in a popover: two
   * popovers overlapped, and Escape must close the dialog. */
  gtk_box_append (GTK_BOX (d->size_box), labelled (_("_Columns"), GTK_WIDGET (d->width)));
  gtk_box_append (GTK_BOX (d->size_box), field_message (GTK_SPIN_BUTTON (d->width), "width-error"));
  gtk_box_append (GTK_BOX (d->size_box), labelled (_("R_ows"), GTK_WIDGET (d->height)));
  gtk_box_append (GTK_BOX (d->size_box), field_message (GTK_SPIN_BUTTON (d->height), "height-error"));
  gtk_box_append (GTK_BOX (box), d->size_box);

  d->hex_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  d->orientation = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (orientation_labels));
  d->labels = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (numbering_labels));
  gtk_box_append (GTK_BOX (d->hex_box), labelled (_("Hex _orientation"), GTK_WIDGET (d->orientation)));
  gtk_box_append (GTK_BOX (d->hex_box), labelled (_("Hex _numbering"), GTK_WIDGET (d->labels)));
  gtk_box_append (GTK_BOX (box), d->hex_box);

  {
    GtkWidget *note = gtk_label_new (_("The map starts as the rule system's default terrain; "
                                       "sides, units and rules are added in the editor."));

    gtk_label_set_wrap (GTK_LABEL (note), TRUE);
    gtk_label_set_xalign (GTK_LABEL (note), 0);
    gtk_widget_add_css_class (note, "dim-label");
    gtk_box_append (GTK_BOX (box), note);
  }

  gtk_box_append (GTK_BOX (content), box);
  adw_window_set_content (ADW_WINDOW (d->dialog), content);

  g_signal_connect (d->ruleset, "notify::selected", G_CALLBACK (ruleset_changed_cb), d);
  gtk_drop_down_set_selected (d->ruleset, selected);
  ruleset_changed_cb (d->ruleset, NULL, d);
  gtk_window_set_default_widget (d->dialog, create);

  {
    /* Escape closes, as Cancel does. */
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (keys), GTK_SHORTCUT_SCOPE_MANAGED);
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (GTK_WIDGET (d->dialog), keys);
  }

  gtk_window_present (d->dialog);
  return d->dialog;
}
