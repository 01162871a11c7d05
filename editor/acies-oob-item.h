/* acies-oob-item.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ACIES_TYPE_OOB_ITEM (acies_oob_item_get_type ())

G_DECLARE_FINAL_TYPE (AciesOobItem, acies_oob_item, ACIES, OOB_ITEM, GObject)

AciesOobItem *acies_oob_item_new          (const char   *kind,
                                           const char   *id,
                                           const char   *label);
const char   *acies_oob_item_get_kind     (AciesOobItem *self);
const char   *acies_oob_item_get_id       (AciesOobItem *self);
const char   *acies_oob_item_get_label    (AciesOobItem *self);
void          acies_oob_item_set_label    (AciesOobItem *self,
                                           const char   *label);
GListStore   *acies_oob_item_get_children (AciesOobItem *self);

G_END_DECLS
