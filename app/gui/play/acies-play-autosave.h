/* acies-play-autosave.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GFile     *acies_play_autosave_dir            (void);
GFile     *acies_play_autosave_new_file       (void);
GPtrArray *acies_play_autosave_list           (void);
void       acies_play_autosave_set_saved_file (GFile *autosave,
                                               GFile *file);
GFile     *acies_play_autosave_get_saved_file (GFile *autosave);
GPtrArray *acies_play_autosave_find_for_file  (GFile *file);
void       acies_play_autosave_remove         (GFile *autosave);
void       acies_play_autosave_hold           (GFile *autosave);
void       acies_play_autosave_release        (GFile *autosave);
gboolean   acies_play_autosave_is_held        (GFile *autosave);
void       acies_play_autosave_begin_resume   (GFile *autosave);
void       acies_play_autosave_end_resume     (GFile *autosave);
gboolean   acies_play_autosave_resume_failed  (GFile *autosave);

G_END_DECLS
