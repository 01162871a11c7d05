/* acies-test-locale.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *acies_test_locale_select (const char *language) G_GNUC_MALLOC;
void  acies_test_locale_remove (const char *locpath);

G_END_DECLS
