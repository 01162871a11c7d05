/* acies-problem-item.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-problem-item"

#include "config.h"

#include "acies-problem-item.h"

/**
 * AciesProblemItem:
 *
 * One problem of the editor's live validation (#AciesProblemList): the
 * problem as validation found it and where it is in the panels' words
 * (acies_editor_describe_problem_path()).  Its properties are what a row
 * of the Problems panel shows.
 */

struct _AciesProblemItem
{
  GObject       parent_instance;

  AciesProblem *problem;
  char         *place;
};

enum {
  PROP_0,
  PROP_MESSAGE,
  PROP_PLACE,
  PROP_PATH,
  PROP_OBJECT_ID,
  PROP_CELL,
  PROP_IS_ERROR,
  PROP_ICON_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesProblemItem, acies_problem_item, G_TYPE_OBJECT)

static void
acies_problem_item_finalize (GObject *object)
{
  AciesProblemItem *self = ACIES_PROBLEM_ITEM (object);

  g_clear_pointer (&self->problem, acies_problem_free);
  g_free (self->place);

  G_OBJECT_CLASS (acies_problem_item_parent_class)->finalize (object);
}

static void
acies_problem_item_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AciesProblemItem *self = ACIES_PROBLEM_ITEM (object);

  switch (prop_id)
    {
    case PROP_MESSAGE:
      g_value_set_string (value, self->problem->message);
      break;
    case PROP_PLACE:
      g_value_set_string (value, acies_problem_item_get_place (self));
      break;
    case PROP_PATH:
      g_value_set_string (value, self->problem->path);
      break;
    case PROP_OBJECT_ID:
      g_value_set_string (value, self->problem->object_id);
      break;
    case PROP_CELL:
      g_value_set_int (value, self->problem->cell);
      break;
    case PROP_IS_ERROR:
      g_value_set_boolean (value, acies_problem_item_get_is_error (self));
      break;
    case PROP_ICON_NAME:
      g_value_set_string (value, acies_problem_item_get_icon_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_problem_item_class_init (AciesProblemItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_problem_item_finalize;
  object_class->get_property = acies_problem_item_get_property;

  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /**
   * AciesProblemItem:place:
   *
   * Where the problem is, in words ("Unit “Hastati” › Set-up cell"), or
   * its JSON path when the editor has no words for it.
   */
  properties[PROP_PLACE] =
    g_param_spec_string ("place", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_OBJECT_ID] =
    g_param_spec_string ("object-id", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_CELL] =
    g_param_spec_int ("cell", NULL, NULL, G_MININT, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_IS_ERROR] =
    g_param_spec_boolean ("is-error", NULL, NULL, FALSE, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_problem_item_init (AciesProblemItem *self)
{
}

/**
 * acies_problem_item_new:
 * @problem: a problem (copied)
 * @place: (nullable): where it is in words, or %NULL to show its path
 *
 * Returns: (transfer full): a new item
 */
AciesProblemItem *
acies_problem_item_new (const AciesProblem *problem,
                        const char         *place)
{
  AciesProblemItem *self;

  g_return_val_if_fail (problem != NULL, NULL);

  self = g_object_new (ACIES_TYPE_PROBLEM_ITEM, NULL);
  self->problem = acies_problem_new (problem->severity, problem->path, problem->object_id, problem->cell,
                                     "%s", problem->message);
  self->place = g_strdup (place);
  return self;
}

/**
 * acies_problem_item_get_problem:
 * @self: an item
 *
 * Returns: (transfer none): the problem
 */
const AciesProblem *
acies_problem_item_get_problem (AciesProblemItem *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_ITEM (self), NULL);
  return self->problem;
}

const char *
acies_problem_item_get_message (AciesProblemItem *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_ITEM (self), NULL);
  return self->problem->message;
}

/**
 * acies_problem_item_get_place:
 * @self: an item
 *
 * Returns: where the problem is in words, else its path, else ""
 */
const char *
acies_problem_item_get_place (AciesProblemItem *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_ITEM (self), NULL);

  if (self->place != NULL)
    return self->place;
  return self->problem->path ? self->problem->path : "";
}

const char *
acies_problem_item_get_path (AciesProblemItem *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_ITEM (self), NULL);
  return self->problem->path;
}

const char *
acies_problem_item_get_icon_name (AciesProblemItem *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_ITEM (self), NULL);
  return self->problem->severity == ACIES_PROBLEM_ERROR ? "dialog-error-symbolic" : "dialog-warning-symbolic";
}

gboolean
acies_problem_item_get_is_error (AciesProblemItem *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_ITEM (self), FALSE);
  return self->problem->severity == ACIES_PROBLEM_ERROR;
}

/**
 * acies_problem_item_equal:
 * @a: an item
 * @b: another
 *
 * Returns: whether both say the same problem at the same place
 */
gboolean
acies_problem_item_equal (AciesProblemItem *a,
                          AciesProblemItem *b)
{
  return a->problem->severity == b->problem->severity &&
         a->problem->cell == b->problem->cell &&
         g_strcmp0 (a->problem->path, b->problem->path) == 0 &&
         g_strcmp0 (a->problem->object_id, b->problem->object_id) == 0 &&
         g_strcmp0 (a->problem->message, b->problem->message) == 0 &&
         g_strcmp0 (a->place, b->place) == 0;
}
