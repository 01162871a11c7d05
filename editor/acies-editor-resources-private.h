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
 * templated class registers them in its class_init (as
 * acies_gui_ensure_resources() does for the application's).  Defined once,
 * in acies-editor.c: a static inline here would keep one "registered" flag
 * per file and register the resource once per file, which GLib 2.84
 * rejects. */
void acies_editor_ensure_resources (void);

#define ACIES_EDITOR_UI(name) "/io/github/acies/Acies/editor/" name

G_END_DECLS
