/* acies-accessible.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-accessible"

#include "config.h"

#include "acies-compat.h"
#include "acies-accessible.h"

/*
 * GTK 4.8 gives a button with a mnemonic its raw label ("_Ready") as its
 * accessible label, and AT-SPI adds the label child's text to it: the
 * name read is "_Ready Ready".  Without the property, the name is the
 * child's text alone ("Ready").  The fix uses only API every version
 * has; acies_compat_buttons_need_mnemonic_fix() says whether it is
 * needed.
 */

static void
forget_mnemonic_label (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget))
      && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
button_label_cb (GObject    *button,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  forget_mnemonic_label (GTK_WIDGET (button));
}

static void
fix_button (GtkWidget *widget)
{
  if (!GTK_IS_BUTTON (widget))
    return;
  if (g_object_get_data (G_OBJECT (widget), "acies-mnemonic-name") == NULL)
    {
      /* gtk_button_set_label() sets the raw label again: after it. */
      g_object_set_data (G_OBJECT (widget), "acies-mnemonic-name", GINT_TO_POINTER (1));
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (button_label_cb), NULL);
      g_signal_connect_after (widget, "notify::use-underline", G_CALLBACK (button_label_cb), NULL);
    }
  forget_mnemonic_label (widget);
}

static void
fix_tree (GtkWidget *widget)
{
  fix_button (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fix_tree (child);
}

/* A button when it is mapped; and when a window is, all its buttons: GTK
 * 4.8 shows AT-SPI the pages of a stack that are not mapped. */
static gboolean
map_hook_cb (GSignalInvocationHint *hint,
             guint                  n_values,
             const GValue          *values,
             gpointer               user_data)
{
  GtkWidget *widget = g_value_get_object (&values[0]);

  if (GTK_IS_ROOT (widget))
    fix_tree (widget);
  else
    fix_button (widget);
  return TRUE;
}

/**
 * acies_accessible_fix_mnemonic_names:
 *
 * Keeps the mnemonic's underscore out of buttons' accessible names: on
 * GTK before 4.10, every button with a mnemonic label ("_Ready") is read
 * through AT-SPI as "_Ready Ready"; from when it is mapped, its name is
 * its label's text ("Ready").  GTK 4.10 names such buttons right: there
 * this does nothing.  Call it once, after gtk_init() (the application's
 * startup).
 */
void
acies_accessible_fix_mnemonic_names (void)
{
  static gsize hooked = 0;

  if (!acies_compat_buttons_need_mnemonic_fix ())
    return;
  if (g_once_init_enter (&hooked))
    {
      gpointer klass = g_type_class_ref (GTK_TYPE_WIDGET);
      guint map = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_type_class_unref (klass);
      g_signal_add_emission_hook (map, 0, map_hook_cb, NULL, NULL);
      g_once_init_leave (&hooked, 1);
    }
}
