/* acies-play-quick.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-quick.h"

/**
 * AciesPlayQuick:
 *
 * A button of the play mode's quick actions (#AciesPlaySession:quick-actions):
 * a frequent command of the phase ("End activation", "Place the rest of
 * this wing") with the key that takes it in every phase ("Alt+E"), and
 * the action it activates (play.key with the key's letter, play.place-rest…).
 * Immutable.
 */

struct _AciesPlayQuick
{
  GObject   parent_instance;

  char     *label;
  char     *accel;
  char     *tooltip;
  char     *action_name;
  GVariant *target;
};

G_DEFINE_FINAL_TYPE (AciesPlayQuick, acies_play_quick, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  PROP_ACCEL,
  PROP_TOOLTIP,
  PROP_ACTION_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_play_quick_finalize (GObject *object)
{
  AciesPlayQuick *self = ACIES_PLAY_QUICK (object);

  g_free (self->label);
  g_free (self->accel);
  g_free (self->tooltip);
  g_free (self->action_name);
  g_clear_pointer (&self->target, g_variant_unref);

  G_OBJECT_CLASS (acies_play_quick_parent_class)->finalize (object);
}

static void
acies_play_quick_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesPlayQuick *self = ACIES_PLAY_QUICK (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_ACCEL:
      g_value_set_string (value, self->accel);
      break;
    case PROP_TOOLTIP:
      g_value_set_string (value, self->tooltip);
      break;
    case PROP_ACTION_NAME:
      g_value_set_string (value, self->action_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_quick_class_init (AciesPlayQuickClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_play_quick_finalize;
  object_class->get_property = acies_play_quick_get_property;

  /**
   * AciesPlayQuick:label:
   *
   * The command in words, "End activation".
   */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * AciesPlayQuick:accel:
   *
   * Its key as a player reads it, "Alt+E", or %NULL.
   */
  properties[PROP_ACCEL] =
    g_param_spec_string ("accel", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * AciesPlayQuick:tooltip:
   *
   * What it does now, with the rule, or %NULL.
   */
  properties[PROP_TOOLTIP] =
    g_param_spec_string ("tooltip", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * AciesPlayQuick:action-name:
   *
   * The action a button activates ("play.key").
   */
  properties[PROP_ACTION_NAME] =
    g_param_spec_string ("action-name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_play_quick_init (AciesPlayQuick *self)
{
}

/**
 * acies_play_quick_new:
 * @label: the command in words
 * @accel: (nullable): its key as a player reads it ("Alt+E")
 * @tooltip: (nullable): what it does now
 * @action_name: the action a button activates
 * @target: (nullable) (transfer floating): its parameter
 *
 * Returns: (transfer full): a new quick action
 */
AciesPlayQuick *
acies_play_quick_new (const char *label,
                      const char *accel,
                      const char *tooltip,
                      const char *action_name,
                      GVariant   *target)
{
  AciesPlayQuick *self;

  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (action_name != NULL, NULL);

  self = g_object_new (ACIES_TYPE_PLAY_QUICK, NULL);
  self->label = g_strdup (label);
  self->accel = g_strdup (accel);
  self->tooltip = g_strdup (tooltip);
  self->action_name = g_strdup (action_name);
  self->target = target != NULL ? g_variant_ref_sink (target) : NULL;

  return self;
}

const char *
acies_play_quick_get_label (AciesPlayQuick *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (self), NULL);
  return self->label;
}

const char *
acies_play_quick_get_accel (AciesPlayQuick *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (self), NULL);
  return self->accel;
}

const char *
acies_play_quick_get_tooltip (AciesPlayQuick *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (self), NULL);
  return self->tooltip;
}

const char *
acies_play_quick_get_action_name (AciesPlayQuick *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (self), NULL);
  return self->action_name;
}

/**
 * acies_play_quick_get_target:
 * @self: a quick action
 *
 * Returns: (transfer none) (nullable): the action's parameter
 */
GVariant *
acies_play_quick_get_target (AciesPlayQuick *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (self), NULL);
  return self->target;
}

/**
 * acies_play_quick_equal:
 * @a: a quick action
 * @b: another
 *
 * Returns: whether @a and @b show and do the same
 */
gboolean
acies_play_quick_equal (AciesPlayQuick *a,
                        AciesPlayQuick *b)
{
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (a), FALSE);
  g_return_val_if_fail (ACIES_IS_PLAY_QUICK (b), FALSE);

  return g_strcmp0 (a->label, b->label) == 0 && g_strcmp0 (a->accel, b->accel) == 0
         && g_strcmp0 (a->tooltip, b->tooltip) == 0 && g_strcmp0 (a->action_name, b->action_name) == 0
         && ((a->target == NULL && b->target == NULL)
             || (a->target != NULL && b->target != NULL && g_variant_equal (a->target, b->target)));
}
