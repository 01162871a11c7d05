/* acies-json.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "acies-atomic-file.h"  /* acies_file_replace_contents() */

G_BEGIN_DECLS

/*
 * The engine's one way to read and write its files, below every folder
 * that reads them (the catalogues in model/, the scenario files in io/, the
 * saved games in game/): strict JSON with the place of every error, and
 * files read within the size limit and replaced atomically.
 */

/* Reads a whole file with the size limit and UTF-8 check applied, for all
 * readers.  Returns a NUL-terminated string. */
char          *acies_file_read_text        (GFile               *file,
                                            gsize               *length,
                                            GError             **error);

/* Parses JSON text strictly, giving line/column in the error. */
JsonNode      *acies_json_parse            (const char          *data,
                                            gssize               length,
                                            const char          *display_name,
                                            GError             **error);

G_END_DECLS
