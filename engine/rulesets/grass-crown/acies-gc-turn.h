/* acies-gc-turn.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-gc-private.h"

G_BEGIN_DECLS

/* The lead's internal entry points (acies-gc-turn.c, acies-gc-move.c). */

void      acies_gc_start             (AciesGcState *s);
void      acies_gc_legal_actions     (const AciesGcState *s, GArray *out);
gboolean  acies_gc_apply             (AciesGcState *s, const AciesAction *action, AciesDice *dice,
                                      GPtrArray *events, GError **error);
char     *acies_gc_prompt_text       (const AciesGcState *s, char **rule);
JsonNode *acies_gc_state_to_json     (const AciesGcState *s);
gboolean  acies_gc_check_invariants  (const AciesGcState *s, GError **error);

/* acies-gc-move.c */
void      acies_gc_move_begin        (AciesGcState *s, AciesDice *dice, GPtrArray *events);
void      acies_gc_move_legal        (const AciesGcState *s, GArray *out);
gboolean  acies_gc_move_apply        (AciesGcState *s, const AciesAction *a, AciesDice *dice,
                                      GPtrArray *events, GError **error);
void      acies_gc_move_roll_resolved (AciesGcState *s, AciesDice *dice, GPtrArray *events);
void      acies_gc_rampage_begin     (AciesGcState *s, guint elephant, gint resume_step,
                                      AciesDice *dice, GPtrArray *events);
/* GC 8.1-d/f: whether @u is Engaged. */
gboolean  acies_gc_engaged           (const AciesGcState *s, guint u);
/* The path and cost of a move-like action (get_action_path). */
gboolean  acies_gc_action_path       (const AciesGcState *s, const AciesAction *a, GArray *cells,
                                      gint *cost);
/* GC 6.0: zone loss when Foot units touch (GC-G24), after @u moved. */
void      acies_gc_contact_check     (AciesGcState *s, guint u, GPtrArray *events);

/* acies-gc-turn.c: what to do after an interrupt (rampage) ends. */
void      acies_gc_resume            (AciesGcState *s, AciesDice *dice, GPtrArray *events);

G_END_DECLS
