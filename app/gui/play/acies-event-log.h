/* acies-event-log.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_EVENT_LOG (acies_event_log_get_type ())

G_DECLARE_FINAL_TYPE (AciesEventLog, acies_event_log, ACIES, EVENT_LOG, AciesPlayPanel)

void acies_event_log_fit_to (AciesEventLog *self,
                             int            panel_height);

G_END_DECLS
