/* acies-test-texts.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acies-window.h"
#include "model/acies-scenario.h"

G_BEGIN_DECLS

/**
 * AciesTestTextFunc:
 * @where: what shows the text (a widget's type, "tooltip", "log"…)
 * @text: the text as shown
 * @user_data: the caller's data
 *
 * Called for each text the translation tests read.
 */
typedef void (*AciesTestTextFunc) (const char *where,
                                   const char *text,
                                   gpointer    user_data);

GPtrArray   *acies_test_data_words_new        (void);
void         acies_test_data_words_add        (GPtrArray         *words,
                                               const char        *word);
void         acies_test_data_words_add_file   (GPtrArray         *words,
                                               const char        *path);
void         acies_test_data_words_add_bundled (GPtrArray        *words);
void         acies_test_data_words_add_game_titles (GPtrArray    *words);
void         acies_test_walk_texts            (GtkWidget         *widget,
                                               AciesTestTextFunc  func,
                                               gpointer           user_data);
AciesWindow *acies_test_newest_window         (void);
char        *acies_test_first_scenario        (const char        *folder);
guint        acies_test_play_first_turn       (AciesScenario     *scenario,
                                               AciesTestTextFunc  func,
                                               gpointer           user_data);

void         acies_test_read_start_page       (AciesTestTextFunc  func,
                                               gpointer           user_data);
void         acies_test_read_editor           (const char        *path,
                                               AciesTestTextFunc  func,
                                               gpointer           user_data);
gboolean     acies_test_texts_init            (int               *argc,
                                               char            ***argv,
                                               const char        *language,
                                               const char        *localedir,
                                               char             **locpath);
void         acies_test_add_system_turns      (const char        *prefix,
                                               GTestDataFunc      func);

G_END_DECLS
