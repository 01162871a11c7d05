/* acies-param-widget.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* The helpers this header used to declare live in acies-widget-helpers.h
 * (guarded numbers, ellipsized drop-downs) and acies-editor-words.h (a
 * parameter's help text); a catalogue parameter's field is an
 * #AciesFieldRow.  Kept for the play mode's files that still include it. */

#include "acies-editor-words.h"
#include "acies-widget-helpers.h"
