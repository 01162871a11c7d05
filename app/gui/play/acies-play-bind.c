/* acies-play-bind.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-bind.h"

/* The play panels show the session's words (AciesPlaySession's text
 * properties, %NULL for none) in labels that take no room while there are
 * none. */

static gboolean
text_to_label_cb (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text != NULL ? text : "");
  return TRUE;
}

static gboolean
text_to_shown_cb (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      data)
{
  const char *text = g_value_get_string (from);

  g_value_set_boolean (to, text != NULL && *text != '\0');
  return TRUE;
}

/**
 * acies_play_bind_label:
 * @bindings: the panel's bindings to its session
 * @property: a text property of the session
 * @label: a #GtkLabel
 *
 * @label says @property, and shows only while it says something.
 */
void
acies_play_bind_label (GBindingGroup *bindings,
                       const char    *property,
                       GtkWidget     *label)
{
  g_return_if_fail (G_IS_BINDING_GROUP (bindings));
  g_return_if_fail (GTK_IS_LABEL (label));

  g_binding_group_bind_full (bindings, property, label, "label", G_BINDING_SYNC_CREATE,
                             text_to_label_cb, NULL, NULL, NULL);
  acies_play_bind_shown (bindings, property, label);
}

/**
 * acies_play_bind_shown:
 * @bindings: the panel's bindings to its session
 * @property: a text property of the session
 * @widget: a widget
 *
 * @widget shows only while @property has text.
 */
void
acies_play_bind_shown (GBindingGroup *bindings,
                       const char    *property,
                       GtkWidget     *widget)
{
  g_return_if_fail (G_IS_BINDING_GROUP (bindings));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_binding_group_bind_full (bindings, property, widget, "visible", G_BINDING_SYNC_CREATE,
                             text_to_shown_cb, NULL, NULL, NULL);
}
