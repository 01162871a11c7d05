/* acies-catalogue-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "acies-json-private.h"
#include "model/acies-catalogue.h"

G_BEGIN_DECLS

/*
 * What the catalogue's files share: acies-catalogue.c (the API, the
 * registry, the frees), acies-catalogue-read.c (reading a catalogue with
 * the engine's JSON reader), acies-param-spec.c (checking values against
 * their specs) and acies-table.c (tables).
 */

/* Reads a catalogue from its parsed document; NULL with @error naming the
 * file, line, column and JSON path. */
AciesCatalogue *acies_catalogue_read     (JsonNode           *root,
                                          GHashTable         *positions,
                                          const char         *display_name,
                                          GError            **error);

/* The item with @id in a list of catalogue items (each struct starts with
 * its id), or NULL. */
gpointer        acies_catalogue_find_item (GPtrArray         *items,
                                           const char        *id);

void            acies_param_spec_free    (AciesParamSpec     *spec);
void            acies_terrain_type_free  (AciesTerrainType   *terrain);
void            acies_unit_type_free     (AciesUnitType      *type);
void            acies_kind_free          (AciesKind          *kind);
void            acies_catalogue_free     (AciesCatalogue     *catalogue);

/* A table within a file's reader (the catalogue's): errors carry the
 * line and column. */
AciesTable     *acies_table_read         (AciesJsonReader    *reader,
                                          JsonNode           *node,
                                          const char         *path);

G_END_DECLS
