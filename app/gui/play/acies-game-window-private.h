/* acies-game-window-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acies-board-view.h"

#include "acies-action-list.h"
#include "acies-attack-preview.h"
#include "acies-event-log.h"
#include "acies-game-window.h"
#include "acies-offmap-box.h"
#include "acies-play-curtain.h"
#include "acies-play-session.h"
#include "acies-quick-bar.h"
#include "acies-status-block.h"
#include "acies-victory-page.h"

G_BEGIN_DECLS

struct _AciesGameWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template Widgets */
  AdwWindowTitle       *title;
  GtkWidget            *end_button;
  AdwToastOverlay      *toasts;
  GtkStack             *main_stack;
  AciesBoardView       *board;
  GtkWidget            *band;
  GtkWidget            *offmap_frame;
  GtkWidget            *start_label;
  AciesOffmapBox       *offmap;
  AciesPlayCurtain     *curtain;
  AciesVictoryPage     *victory;
  AciesQuickBar        *quick_bar;
  GtkPaned             *side_panel;
  GtkScrolledWindow    *controls_scrolled;
  AciesStatusBlock     *status;
  AciesAttackPreview   *preview;
  AciesActionList      *action_list;
  AciesEventLog        *event_log;
  GtkLabel             *announcement;    /* the live region (acies-game-window-a11y.c), or NULL */

  /* Borrowed References */
  GtkWindow            *scenario_window; /* the Scenario dialog, or NULL */
  GtkWidget            *dialog;          /* the open question (an alert: take back, physical roll, close), or NULL */

  /* Owned References */
  AciesPlaySession     *session;
  GFile                *file;            /* saved game, or NULL */
  GFile                *autosave;

  guint                 n_changes;       /* changes of the game since the window opened */
  guint                 saved_changes;   /* n_changes at the last explicit save */
  gboolean              close_after_save; /* the close question's Save: close once saved */
  gboolean              may_close;       /* the close question was answered */
  gint                  drag_unit;       /* the unit a drag on the board carries, or -1 */
  gboolean              banding;         /* a Shift+drag draws the rubber band */
  graphene_rect_t       band_rect;       /* the band, in board pixels */
  const char           *shown_page;      /* the main stack's page shown last */
  guint                 focus_source;    /* the curtain's Ready takes the keyboard */
  guint                 log_height_source;
  GdkFrameClock        *in_view_clock;   /* weak: the actions are brought into view after its paint */
  gulong                in_view_handler;
  guint                 announced_lines; /* log lines the live region has said (acies-game-window-a11y.c) */
};

void      _acies_game_window_class_actions_init (AciesGameWindowClass *klass);
void      _acies_game_window_actions_init       (AciesGameWindow      *self);
void      _acies_game_window_dnd_init           (AciesGameWindow      *self);
void      _acies_game_window_class_a11y_init    (AciesGameWindowClass *klass);
void      _acies_game_window_a11y_init          (AciesGameWindow      *self);
void      _acies_game_window_a11y_bind          (AciesGameWindow      *self);
void      _acies_game_window_announce           (AciesGameWindow      *self,
                                                 const char           *text);
gint      _acies_game_window_view_at_point      (AciesGameWindow      *self,
                                                 double                x,
                                                 double                y);
gboolean  _acies_game_window_save_to            (AciesGameWindow      *self,
                                                 GFile                *file);
void      _acies_game_window_save_as            (AciesGameWindow      *self,
                                                 gboolean              log);
void      _acies_game_window_toast              (AciesGameWindow      *self,
                                                 const char           *text);
void      _acies_game_window_ask_roll           (AciesGameWindow      *self,
                                                 const char           *message);

G_END_DECLS
