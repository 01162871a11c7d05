/* acies-editor-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-panel"

#include "config.h"

#include "acies-editor-panel.h"

/**
 * AciesEditorPanel:
 *
 * The base of the editor's side panels and the forms inside them: a
 * widget over an #AciesEditorDocument (its #AciesEditorPanel:document
 * property, which the editor binds) that follows the document's changes
 * through a #GSignalGroup.  A panel that is not shown is not kept up to
 * date: what happened meanwhile is passed on when it is next mapped, so a
 * stroke on the board costs nothing in the pages behind.
 *
 * Subclasses build their content in #AciesEditorPanelClass.rebuild (when
 * the document or what they show of it is set) and update only what
 * changed in #AciesEditorPanelClass.document_changed: no panel is rebuilt
 * on every edit, so its scroll position and focus stay.
 * It is derivable because it is the editor's extension point: a rule
 * system that needs a page of its own adds a subclass.
 */

typedef struct
{
  AciesEditorDocument *document;
  char                *part_id;
  GSignalGroup        *document_signals;
  AciesEditFlags       pending;    /* changes not passed on yet */
  gboolean             stale;      /* to rebuild */
  guint                rebuild_id;
} AciesEditorPanelPrivate;

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_PART_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_TYPE_WITH_PRIVATE (AciesEditorPanel, acies_editor_panel, GTK_TYPE_WIDGET)

/**
 * acies_editor_panel_update:
 * @self: a panel
 *
 * Passes on at once what it has not been told yet (a panel about to be
 * shown, or read by a test).
 */
void
acies_editor_panel_update (AciesEditorPanel *self)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);
  AciesEditorPanelClass *klass = ACIES_EDITOR_PANEL_GET_CLASS (self);

  g_return_if_fail (ACIES_IS_EDITOR_PANEL (self));

  if (priv->stale)
    {
      priv->stale = FALSE;
      priv->pending = 0;
      g_clear_handle_id (&priv->rebuild_id, g_source_remove);
      if (klass->rebuild != NULL)
        klass->rebuild (self);
    }
  else if (priv->pending != 0)
    {
      AciesEditFlags flags = priv->pending;

      priv->pending = 0;
      if (klass->document_changed != NULL && priv->document != NULL)
        klass->document_changed (self, flags);
    }
}

static gboolean
rebuild_idle_cb (gpointer data)
{
  AciesEditorPanel *self = data;
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  priv->rebuild_id = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    acies_editor_panel_update (self);
  return G_SOURCE_REMOVE;
}

/**
 * acies_editor_panel_queue_rebuild:
 * @self: a panel
 *
 * Rebuilds the panel soon: at once when it is next mapped, or in an idle
 * while it is (not at once, so that a field that asked for it returns
 * first from the signal that made the change).
 */
void
acies_editor_panel_queue_rebuild (AciesEditorPanel *self)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  g_return_if_fail (ACIES_IS_EDITOR_PANEL (self));

  priv->stale = TRUE;
  if (priv->rebuild_id == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    priv->rebuild_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_idle_cb, self, NULL);
}

static void
document_changed_cb (AciesEditorPanel    *self,
                     guint                flags,
                     AciesEditorDocument *document)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  priv->pending |= flags;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    acies_editor_panel_update (self);
}

static void
acies_editor_panel_map (GtkWidget *widget)
{
  /* Up to date before the children map, so they show the document. */
  acies_editor_panel_update (ACIES_EDITOR_PANEL (widget));
  GTK_WIDGET_CLASS (acies_editor_panel_parent_class)->map (widget);
}

static void
acies_editor_panel_dispose (GObject *object)
{
  AciesEditorPanel *self = ACIES_EDITOR_PANEL (object);
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);
  GtkWidget *child;

  g_clear_handle_id (&priv->rebuild_id, g_source_remove);
  if (priv->document_signals != NULL)
    g_signal_group_set_target (priv->document_signals, NULL);
  g_clear_object (&priv->document_signals);
  g_clear_object (&priv->document);
  g_clear_pointer (&priv->part_id, g_free);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (acies_editor_panel_parent_class)->dispose (object);
}

static void
acies_editor_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AciesEditorPanel *self = ACIES_EDITOR_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, acies_editor_panel_get_document (self));
      break;
    case PROP_PART_ID:
      g_value_set_string (value, acies_editor_panel_get_part_id (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_editor_panel_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AciesEditorPanel *self = ACIES_EDITOR_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      acies_editor_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_PART_ID:
      acies_editor_panel_set_part_id (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_editor_panel_class_init (AciesEditorPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_editor_panel_dispose;
  object_class->get_property = acies_editor_panel_get_property;
  object_class->set_property = acies_editor_panel_set_property;
  widget_class->map = acies_editor_panel_map;

  /**
   * AciesEditorPanel:document:
   *
   * The document the panel shows.
   */
  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, ACIES_TYPE_EDITOR_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesEditorPanel:part-id:
   *
   * The part of the scenario the panel shows, for a panel that shows one
   * (a side's form, a pool's card, the inspector's part); the panel is
   * made again when it changes.
   */
  properties[PROP_PART_ID] =
    g_param_spec_string ("part-id", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
acies_editor_panel_init (AciesEditorPanel *self)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  /* Built when first shown, document or not. */
  priv->stale = TRUE;
  priv->document_signals = g_signal_group_new (ACIES_TYPE_EDITOR_DOCUMENT);
  g_signal_group_connect_swapped (priv->document_signals, "changed", G_CALLBACK (document_changed_cb), self);
}

/**
 * acies_editor_panel_get_document:
 * @self: a panel
 *
 * Returns: (transfer none) (nullable): the document it shows
 */
AciesEditorDocument *
acies_editor_panel_get_document (AciesEditorPanel *self)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  g_return_val_if_fail (ACIES_IS_EDITOR_PANEL (self), NULL);
  return priv->document;
}

/**
 * acies_editor_panel_set_document:
 * @self: a panel
 * @document: (nullable): the document to show
 */
void
acies_editor_panel_set_document (AciesEditorPanel    *self,
                                 AciesEditorDocument *document)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  g_return_if_fail (ACIES_IS_EDITOR_PANEL (self));
  g_return_if_fail (document == NULL || ACIES_IS_EDITOR_DOCUMENT (document));

  if (!g_set_object (&priv->document, document))
    return;
  g_signal_group_set_target (priv->document_signals, document);
  priv->stale = TRUE;
  priv->pending = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    acies_editor_panel_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/**
 * acies_editor_panel_get_part_id:
 * @self: a panel
 *
 * Returns: (nullable): the part it shows
 */
const char *
acies_editor_panel_get_part_id (AciesEditorPanel *self)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  g_return_val_if_fail (ACIES_IS_EDITOR_PANEL (self), NULL);
  return priv->part_id;
}

/**
 * acies_editor_panel_set_part_id:
 * @self: a panel
 * @part_id: (nullable): the part to show
 */
void
acies_editor_panel_set_part_id (AciesEditorPanel *self,
                                const char       *part_id)
{
  AciesEditorPanelPrivate *priv = acies_editor_panel_get_instance_private (self);

  g_return_if_fail (ACIES_IS_EDITOR_PANEL (self));

  if (g_strcmp0 (priv->part_id, part_id) == 0)
    return;
  g_free (priv->part_id);
  priv->part_id = g_strdup (part_id);
  acies_editor_panel_queue_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PART_ID]);
}
