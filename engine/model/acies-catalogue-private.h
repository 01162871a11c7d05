/* acies-catalogue-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * The reading helpers that the catalogue reader (acies-catalogue.c) shares
 * with the table reader (acies-table.c): their errors say
 * "$.path: what is wrong".
 */

void     acies_catalogue_set_error     (GError             **error,
                                        const char          *path,
                                        const char          *format,
                                        ...) G_GNUC_PRINTF (3, 4);
gboolean acies_catalogue_check_members (JsonObject          *object,
                                        const char          *path,
                                        const char * const  *allowed,
                                        GError             **error);

G_END_DECLS
