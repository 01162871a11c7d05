/* acies-play-ui.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acies-application.h"
#include "acies-board-view.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "play/acies-game-window.h"
#include "play/acies-offmap-box.h"

#include "acies-play-test.h"

G_BEGIN_DECLS

/* What the play mode's UI tests share (test-play, test-play-games): the
 * application, games started through the new-game dialog, the window's
 * session and board, its questions, real input through the X server, and
 * screenshots. */

#define ACIES_PLAY_UI_WAIT_MS 10000

extern AciesApplication *acies_play_ui_app;

gboolean          acies_play_ui_init               (int               *argc,
                                                    char            ***argv,
                                                    gboolean           child);
int               acies_play_ui_run                (void);

AciesGameWindow  *acies_play_ui_find_game_window   (AciesGameWindow   *other);
void              acies_play_ui_destroy_all_windows (void);
void              acies_play_ui_clear_autosaves    (void);
AciesGameWindow  *acies_play_ui_start_game         (AciesScenario     *scenario,
                                                    guint64            seed,
                                                    const char        *player0,
                                                    const char        *player1);
void              acies_play_ui_set_start_option   (const char        *id,
                                                    const char        *value);
void              acies_play_ui_close              (AciesGameWindow   *window);

AciesPlaySession *acies_play_ui_session            (AciesGameWindow   *window);
AciesGame        *acies_play_ui_game               (AciesGameWindow   *window);
AciesBoardView   *acies_play_ui_board              (AciesGameWindow   *window);
char             *acies_play_ui_digest             (AciesGameWindow   *window);
void              acies_play_ui_report_digest      (AciesGameWindow   *window,
                                                    const char        *name);

void              acies_play_ui_choose             (AciesGameWindow   *window,
                                                    gint               index);
void              acies_play_ui_click_cell         (AciesGameWindow   *window,
                                                    AciesCell          cell);
void              acies_play_ui_make_a_move        (AciesGameWindow   *window);
void              acies_play_ui_driver_init        (AciesPlayDriver   *driver,
                                                    AciesGameWindow   *window);

GtkWidget        *acies_play_ui_question           (GtkWindow         *parent);
void              acies_play_ui_answer             (GtkWidget         *dialog,
                                                    const char        *response);
gboolean          acies_play_ui_window_is_open     (gpointer           window);
void              acies_play_ui_wait_closed        (gpointer           window);

void              acies_play_ui_screenshot         (AciesGameWindow   *window,
                                                    const char        *name);
void              acies_play_ui_screenshot_window  (GtkWindow         *window,
                                                    const char        *name);
gboolean          acies_play_ui_xdotool            (AciesGameWindow   *window,
                                                    const char        *format,
                                                    ...) G_GNUC_PRINTF (2, 3);
gboolean          acies_play_ui_point_in_cell      (AciesBoardView    *board,
                                                    AciesCell          cell,
                                                    double            *x,
                                                    double            *y);
gboolean          acies_play_ui_shift_click_unit   (AciesGameWindow   *window,
                                                    gint               unit);
gboolean          acies_play_ui_pointer_drag       (AciesGameWindow   *window,
                                                    double             x0,
                                                    double             y0,
                                                    double             x1,
                                                    double             y1);

G_END_DECLS
