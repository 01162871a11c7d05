/* acies-play-panel.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-panel.h"

/**
 * AciesPlayPanel:
 *
 * The base of the play window's panels (the status block, the attack
 * preview, the actions list, the event log, the curtain, the victory
 * page): a templated widget bound to an #AciesPlaySession by its
 * #AciesPlayPanel:session property.  A panel binds its widgets to the
 * session's properties through acies_play_panel_get_bindings() and
 * connects to its signals through acies_play_panel_get_signals(), in its
 * init; both follow the session as it is set, so a panel updates only
 * what changed, and only while it has a session.  A new side-panel page
 * (dice statistics…) is one more subclass with a `.ui`, placed in
 * acies-game-window.ui.
 */

typedef struct
{
  AciesPlaySession *session;
  GBindingGroup    *bindings;
  GSignalGroup     *signals;
} AciesPlayPanelPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (AciesPlayPanel, acies_play_panel, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_play_panel_dispose (GObject *object)
{
  AciesPlayPanel *self = ACIES_PLAY_PANEL (object);
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  if (priv->bindings != NULL)
    g_binding_group_set_source (priv->bindings, NULL);
  if (priv->signals != NULL)
    g_signal_group_set_target (priv->signals, NULL);
  g_clear_object (&priv->session);

  G_OBJECT_CLASS (acies_play_panel_parent_class)->dispose (object);
}

static void
acies_play_panel_finalize (GObject *object)
{
  AciesPlayPanel *self = ACIES_PLAY_PANEL (object);
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  g_clear_object (&priv->bindings);
  g_clear_object (&priv->signals);

  G_OBJECT_CLASS (acies_play_panel_parent_class)->finalize (object);
}

static void
acies_play_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesPlayPanel *self = ACIES_PLAY_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, acies_play_panel_get_session (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  AciesPlayPanel *self = ACIES_PLAY_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      acies_play_panel_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_panel_class_init (AciesPlayPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = acies_play_panel_dispose;
  object_class->finalize = acies_play_panel_finalize;
  object_class->get_property = acies_play_panel_get_property;
  object_class->set_property = acies_play_panel_set_property;

  /**
   * AciesPlayPanel:session:
   *
   * The play session the panel shows, or %NULL.
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ACIES_TYPE_PLAY_SESSION,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_play_panel_init (AciesPlayPanel *self)
{
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  priv->bindings = g_binding_group_new ();
  priv->signals = g_signal_group_new (ACIES_TYPE_PLAY_SESSION);
}

/**
 * acies_play_panel_get_session:
 * @self: a panel
 *
 * Returns: (transfer none) (nullable): the session shown
 */
AciesPlaySession *
acies_play_panel_get_session (AciesPlayPanel *self)
{
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  g_return_val_if_fail (ACIES_IS_PLAY_PANEL (self), NULL);
  return priv->session;
}

/**
 * acies_play_panel_set_session:
 * @self: a panel
 * @session: (nullable): the session to show
 */
void
acies_play_panel_set_session (AciesPlayPanel   *self,
                              AciesPlaySession *session)
{
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  g_return_if_fail (ACIES_IS_PLAY_PANEL (self));
  g_return_if_fail (session == NULL || ACIES_IS_PLAY_SESSION (session));

  if (!g_set_object (&priv->session, session))
    return;
  g_binding_group_set_source (priv->bindings, session);
  g_signal_group_set_target (priv->signals, session);
  if (ACIES_PLAY_PANEL_GET_CLASS (self)->session_changed != NULL)
    ACIES_PLAY_PANEL_GET_CLASS (self)->session_changed (self, session);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * acies_play_panel_get_bindings:
 * @self: a panel
 *
 * Returns: (transfer none): the bindings from the session's properties to
 *   the panel's widgets
 */
GBindingGroup *
acies_play_panel_get_bindings (AciesPlayPanel *self)
{
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  g_return_val_if_fail (ACIES_IS_PLAY_PANEL (self), NULL);
  return priv->bindings;
}

/**
 * acies_play_panel_get_signals:
 * @self: a panel
 *
 * Returns: (transfer none): the panel's handlers of the session's signals
 */
GSignalGroup *
acies_play_panel_get_signals (AciesPlayPanel *self)
{
  AciesPlayPanelPrivate *priv = acies_play_panel_get_instance_private (self);

  g_return_val_if_fail (ACIES_IS_PLAY_PANEL (self), NULL);
  return priv->signals;
}
