/* acies-play-action.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-action.h"

/**
 * AciesPlayAction:
 *
 * A row of the play mode's actions list (#AciesPlaySession:actions): an
 * action the rules allow now, or a row that selects a unit, in words.
 * Its #AciesPlayAction:index is play.choose's parameter; its
 * #AciesPlayAction:key says which of Alt+1 … Alt+9 takes it.
 */

struct _AciesPlayAction
{
  GObject  parent_instance;

  guint    index;
  char    *label;
  char    *details;
  guint    group;
  gint     key;
};

G_DEFINE_FINAL_TYPE (AciesPlayAction, acies_play_action, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_LABEL,
  PROP_DETAILS,
  PROP_GROUP,
  PROP_KEY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_play_action_finalize (GObject *object)
{
  AciesPlayAction *self = ACIES_PLAY_ACTION (object);

  g_free (self->label);
  g_free (self->details);

  G_OBJECT_CLASS (acies_play_action_parent_class)->finalize (object);
}

static void
acies_play_action_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AciesPlayAction *self = ACIES_PLAY_ACTION (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_DETAILS:
      g_value_set_string (value, self->details);
      break;
    case PROP_GROUP:
      g_value_set_uint (value, self->group);
      break;
    case PROP_KEY:
      g_value_set_int (value, self->key);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_action_class_init (AciesPlayActionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_play_action_finalize;
  object_class->get_property = acies_play_action_get_property;

  /**
   * AciesPlayAction:index:
   *
   * The row's place in the actions list: play.choose's parameter.
   */
  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayAction:label:
   *
   * The action in the ruleset's words, with the rule that allows it
   * ("Move red-1 to B3 (TR 2)"), or "Select pink-9 (3 actions)".
   */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayAction:details:
   *
   * What the ruleset says of the action beyond its label, or %NULL: the
   * whole text of the card it plays (acies_ruleset_explain_action()),
   * for the row's tooltip and accessible description.
   */
  properties[PROP_DETAILS] =
    g_param_spec_string ("details", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayAction:group:
   *
   * The index in #AciesPlaySession:action-groups of the group it is
   * listed under.
   */
  properties[PROP_GROUP] =
    g_param_spec_uint ("group", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayAction:key:
   *
   * 0 when Alt+1 takes it, … 8 for Alt+9, or -1: the first nine rows of
   * the open groups, in the order shown, have a key.
   */
  properties[PROP_KEY] =
    g_param_spec_int ("key", NULL, NULL, -1, 8, -1,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_play_action_init (AciesPlayAction *self)
{
  self->key = -1;
}

/**
 * acies_play_action_new:
 * @index: the row's index (play.choose's parameter)
 * @label: the row's words
 * @group: the index of its group
 * @details: (nullable): what the ruleset says of it beyond @label
 *
 * Returns: (transfer full): a new row, with no key
 */
AciesPlayAction *
acies_play_action_new (guint       index,
                       const char *label,
                       guint       group,
                       const char *details)
{
  AciesPlayAction *self = g_object_new (ACIES_TYPE_PLAY_ACTION, NULL);

  self->index = index;
  self->label = g_strdup (label);
  self->details = g_strdup (details);
  self->group = group;

  return self;
}

guint
acies_play_action_get_index (AciesPlayAction *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_ACTION (self), 0);
  return self->index;
}

const char *
acies_play_action_get_label (AciesPlayAction *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_ACTION (self), NULL);
  return self->label;
}

const char *
acies_play_action_get_details (AciesPlayAction *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_ACTION (self), NULL);
  return self->details;
}

guint
acies_play_action_get_group (AciesPlayAction *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_ACTION (self), 0);
  return self->group;
}

gint
acies_play_action_get_key (AciesPlayAction *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_ACTION (self), -1);
  return self->key;
}

/**
 * acies_play_action_set_key:
 * @self: a row
 * @key: 0 … 8 for Alt+1 … Alt+9, or -1
 *
 * Set by the session when the open groups change.
 */
void
acies_play_action_set_key (AciesPlayAction *self,
                           gint             key)
{
  g_return_if_fail (ACIES_IS_PLAY_ACTION (self));
  g_return_if_fail (key >= -1 && key <= 8);

  if (self->key == key)
    return;
  self->key = key;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEY]);
}
