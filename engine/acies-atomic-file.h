/* acies-atomic-file.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * Every file Acies writes (scenarios, saved games, logs, PNG and PDF
 * output, from the GUI and the CLI) is written through this: into a new
 * hidden file beside the target, synced, then renamed over it.  A write
 * that fails (a full disk, a size limit, a kill) leaves the target as it
 * was, or absent when it was new, and no temporary file behind.  No
 * backup ("FILE~") is ever left in the user's folder.
 *
 * Errors are ACIES_ENGINE_ERROR_IO with a message that says what and
 * where: "/home/ann/map.pdf: cannot write the file: the disk is full".
 */

typedef struct _AciesAtomicFile AciesAtomicFile;

AciesAtomicFile *acies_atomic_file_new           (GFile            *target,
                                                  GError          **error);
GOutputStream   *acies_atomic_file_get_stream    (AciesAtomicFile  *self);
GFile           *acies_atomic_file_get_temp_file (AciesAtomicFile  *self);
gboolean         acies_atomic_file_commit        (AciesAtomicFile  *self,
                                                  GError          **error);
void             acies_atomic_file_free          (AciesAtomicFile  *self);

void             acies_atomic_file_set_error     (GError          **error,
                                                  GFile            *target,
                                                  const GError     *cause);

gboolean         acies_file_replace_contents     (GFile            *file,
                                                  const char       *data,
                                                  gsize             length,
                                                  GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesAtomicFile, acies_atomic_file_free)

G_END_DECLS
