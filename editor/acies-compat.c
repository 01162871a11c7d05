/* acies-compat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-compat"

#include "config.h"

#include "acies-compat.h"

/*
 * The one file where Acies looks at the GTK and libadwaita versions it is
 * built against (STYLE.md, "Build"): newer API where it exists, the floor's
 * API otherwise, behind one function each.  It lives in the editor
 * library, the lowest layer built on GTK, so the application (which links
 * it) shares it.
 */

/**
 * acies_colour_button_new:
 * @title: the colour chooser's title
 * @rgba: the colour shown
 *
 * A button that shows a colour and lets the user choose another, without
 * alpha: a #GtkColorDialogButton from GTK 4.10, a #GtkColorButton before.
 * Both have an "rgba" property to read, set and be notified of.
 *
 * Returns: (transfer floating): the button
 */
GtkWidget *
acies_colour_button_new (const char    *title,
                         const GdkRGBA *rgba)
{
  GtkWidget *button;

#if GTK_CHECK_VERSION (4, 10, 0)
  GtkColorDialog *dialog = gtk_color_dialog_new ();

  gtk_color_dialog_set_with_alpha (dialog, FALSE);
  gtk_color_dialog_set_title (dialog, title);
  button = gtk_color_dialog_button_new (dialog);
  gtk_color_dialog_button_set_rgba (GTK_COLOR_DIALOG_BUTTON (button), rgba);
#else
  button = gtk_color_button_new_with_rgba (rgba);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (button), FALSE);
  gtk_color_button_set_title (GTK_COLOR_BUTTON (button), title);
#endif

  return button;
}
