/* acies-editor-resources-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "acies-editor-resources.h"

G_BEGIN_DECLS

/* The editor's templates live in a static library, where a
 * constructor-registered resource would be dropped by the linker: each
 * templated class registers them, once, in its class_init (as
 * acies_gui_ensure_resources() does for the application's). */
static inline void
acies_editor_ensure_resources (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered))
    {
      acies_editor_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

#define ACIES_EDITOR_UI(name) "/io/github/acies/Acies/editor/" name

G_END_DECLS
