/* acies-log-line.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ACIES_TYPE_LOG_LINE (acies_log_line_get_type ())

G_DECLARE_FINAL_TYPE (AciesLogLine, acies_log_line, ACIES, LOG_LINE, GObject)

AciesLogLine *acies_log_line_new      (const char   *text);
const char   *acies_log_line_get_text (AciesLogLine *self);

G_END_DECLS
