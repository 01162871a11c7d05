/* acies-ruleset-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/* Generated from the builtin_rulesets list of engine/rulesets/meson.build
 * (acies-rulesets-builtin.c.in): registers every built-in ruleset. */
void acies_rulesets_register_builtin (void);

/* The interface of @self, or NULL when @self is not a ruleset.  Random
 * playouts call the wrappers millions of times, and GLib's interface
 * lookup and instance check were a tenth of a Lost Battles playout: the
 * last class seen by this thread is remembered.  Ruleset classes are
 * static types, never unloaded, so a class pointer seen once stays valid. */
static inline AciesRulesetInterface *
acies_ruleset_iface_of (gpointer self)
{
  static __thread gpointer last_class = NULL;
  static __thread AciesRulesetInterface *last_iface = NULL;
  gpointer klass;

  if (G_UNLIKELY (self == NULL))
    return NULL;
  klass = ((GTypeInstance *) self)->g_class;
  if (G_LIKELY (klass != NULL && klass == last_class))
    return last_iface;
  if (!ACIES_IS_RULESET (self))
    return NULL;
  last_iface = ACIES_RULESET_GET_IFACE (self);
  last_class = klass;
  return last_iface;
}

#define GET_IFACE(self) acies_ruleset_iface_of (self)
#define IS_RULESET(self) (acies_ruleset_iface_of (self) != NULL)

/* The spec of action type @type, or NULL (acies-ruleset.c). */
const AciesActionSpec *acies_ruleset_get_spec (AciesRuleset *self,
                                               guint         type);

G_END_DECLS
