/* acies-oob-item.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-oob-item"

#include "config.h"

#include "acies-oob-item.h"

/**
 * AciesOobItem:
 *
 * A row of the army tree (#AciesOobPanel): a side, formation, unit or
 * leader, by its id, with the label the tree shows and, for a side or
 * formation, the rows below it.  The tree keeps the same item for a part
 * while it exists, and changes its label in place when the part is
 * renamed or moved.
 */

struct _AciesOobItem
{
  GObject     parent_instance;

  char       *kind;
  char       *id;
  char       *label;
  GListStore *children;
};

enum {
  PROP_0,
  PROP_KIND,
  PROP_ID,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AciesOobItem, acies_oob_item, G_TYPE_OBJECT)

static void
acies_oob_item_finalize (GObject *object)
{
  AciesOobItem *self = ACIES_OOB_ITEM (object);

  g_free (self->kind);
  g_free (self->id);
  g_free (self->label);
  g_clear_object (&self->children);

  G_OBJECT_CLASS (acies_oob_item_parent_class)->finalize (object);
}

static void
acies_oob_item_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  AciesOobItem *self = ACIES_OOB_ITEM (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_string (value, self->kind);
      break;
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_oob_item_class_init (AciesOobItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_oob_item_finalize;
  object_class->get_property = acies_oob_item_get_property;

  /**
   * AciesOobItem:kind:
   *
   * "side", "formation", "unit" or "leader".
   */
  properties[PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_oob_item_init (AciesOobItem *self)
{
}

/**
 * acies_oob_item_new:
 * @kind: "side", "formation", "unit" or "leader"
 * @id: the part's id
 * @label: what the tree shows
 *
 * Returns: (transfer full): a new item; a side or formation has an empty
 *   list of children
 */
AciesOobItem *
acies_oob_item_new (const char *kind,
                    const char *id,
                    const char *label)
{
  AciesOobItem *self = g_object_new (ACIES_TYPE_OOB_ITEM, NULL);

  self->kind = g_strdup (kind);
  self->id = g_strdup (id);
  self->label = g_strdup (label);
  if (g_str_equal (kind, "side") || g_str_equal (kind, "formation"))
    self->children = g_list_store_new (ACIES_TYPE_OOB_ITEM);
  return self;
}

const char *
acies_oob_item_get_kind (AciesOobItem *self)
{
  g_return_val_if_fail (ACIES_IS_OOB_ITEM (self), NULL);
  return self->kind;
}

const char *
acies_oob_item_get_id (AciesOobItem *self)
{
  g_return_val_if_fail (ACIES_IS_OOB_ITEM (self), NULL);
  return self->id;
}

const char *
acies_oob_item_get_label (AciesOobItem *self)
{
  g_return_val_if_fail (ACIES_IS_OOB_ITEM (self), NULL);
  return self->label;
}

void
acies_oob_item_set_label (AciesOobItem *self,
                          const char   *label)
{
  g_return_if_fail (ACIES_IS_OOB_ITEM (self));

  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

/**
 * acies_oob_item_get_children:
 * @self: an item
 *
 * Returns: (transfer none) (nullable): the rows below a side or formation
 */
GListStore *
acies_oob_item_get_children (AciesOobItem *self)
{
  g_return_val_if_fail (ACIES_IS_OOB_ITEM (self), NULL);
  return self->children;
}
