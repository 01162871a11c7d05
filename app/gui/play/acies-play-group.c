/* acies-play-group.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-action.h"
#include "acies-play-group.h"

/**
 * AciesPlayGroup:
 *
 * A heading of the play mode's actions list (#AciesPlaySession:action-groups)
 * and the rows under it: what the last click pointed at, the selected
 * unit's actions, a kind of action in the ruleset's words ("Command",
 * "Move") or the units that can act.  A long group starts folded;
 * #AciesPlayGroup:expanded follows the player's choice.
 */

struct _AciesPlayGroup
{
  GObject     parent_instance;

  char       *id;
  char       *title;
  char       *subtitle;
  GListStore *actions;
  gboolean    expanded;
};

G_DEFINE_FINAL_TYPE (AciesPlayGroup, acies_play_group, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_ACTIONS,
  PROP_EXPANDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_play_group_finalize (GObject *object)
{
  AciesPlayGroup *self = ACIES_PLAY_GROUP (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->subtitle);
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (acies_play_group_parent_class)->finalize (object);
}

static void
acies_play_group_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesPlayGroup *self = ACIES_PLAY_GROUP (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_ACTIONS:
      g_value_set_object (value, self->actions);
      break;
    case PROP_EXPANDED:
      g_value_set_boolean (value, self->expanded);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_group_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  AciesPlayGroup *self = ACIES_PLAY_GROUP (object);

  switch (prop_id)
    {
    case PROP_EXPANDED:
      acies_play_group_set_expanded (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_group_class_init (AciesPlayGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_play_group_finalize;
  object_class->get_property = acies_play_group_get_property;
  object_class->set_property = acies_play_group_set_property;

  /**
   * AciesPlayGroup:id:
   *
   * What the group holds: ":candidates" (what the last click pointed
   * at), ":selected" (the selected unit's actions), ":units" (the rows
   * that select a unit), else the action spec's name.
   */
  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayGroup:title:
   *
   * The heading: the action spec's label ("Command", "End the phase"),
   * "Selected: Phalanx A at E5", "Units That Can Act"…
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayGroup:subtitle:
   *
   * How many actions it holds, and the rule of its kind ("3 actions ·
   * GC 8.0").
   */
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayGroup:actions:
   *
   * The group's rows (#AciesPlayAction), in the order shown.
   */
  properties[PROP_ACTIONS] =
    g_param_spec_object ("actions", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlayGroup:expanded:
   *
   * Whether the group shows its rows.
   */
  properties[PROP_EXPANDED] =
    g_param_spec_boolean ("expanded", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_play_group_init (AciesPlayGroup *self)
{
  self->actions = g_list_store_new (ACIES_TYPE_PLAY_ACTION);
}

/**
 * acies_play_group_new:
 * @id: what the group holds (#AciesPlayGroup:id)
 * @title: its heading
 * @subtitle: the line under the heading
 * @expanded: whether it starts open
 *
 * Returns: (transfer full): a new group with no rows; the session adds
 *   them to acies_play_group_get_actions()
 */
AciesPlayGroup *
acies_play_group_new (const char *id,
                      const char *title,
                      const char *subtitle,
                      gboolean    expanded)
{
  AciesPlayGroup *self = g_object_new (ACIES_TYPE_PLAY_GROUP, NULL);

  self->id = g_strdup (id);
  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle);
  self->expanded = expanded;

  return self;
}

const char *
acies_play_group_get_id (AciesPlayGroup *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_GROUP (self), NULL);
  return self->id;
}

const char *
acies_play_group_get_title (AciesPlayGroup *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_GROUP (self), NULL);
  return self->title;
}

const char *
acies_play_group_get_subtitle (AciesPlayGroup *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_GROUP (self), NULL);
  return self->subtitle;
}

/**
 * acies_play_group_get_actions:
 * @self: a group
 *
 * Returns: (transfer none): the group's rows (#AciesPlayAction); a
 *   #GListStore the session fills
 */
GListModel *
acies_play_group_get_actions (AciesPlayGroup *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_GROUP (self), NULL);
  return G_LIST_MODEL (self->actions);
}

gboolean
acies_play_group_get_expanded (AciesPlayGroup *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_GROUP (self), FALSE);
  return self->expanded;
}

void
acies_play_group_set_expanded (AciesPlayGroup *self,
                               gboolean        expanded)
{
  g_return_if_fail (ACIES_IS_PLAY_GROUP (self));

  expanded = !!expanded;
  if (self->expanded == expanded)
    return;
  self->expanded = expanded;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPANDED]);
}
