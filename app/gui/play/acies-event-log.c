/* acies-event-log.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-event-log.h"
#include "acies-log-line.h"

/**
 * AciesEventLog:
 *
 * The dice and events of the game as the viewer may read them
 * (#AciesPlaySession:log), filtered by the words typed, with Copy Log
 * (play.copy-log).  After each action (or undo) it shows its newest
 * line; lines added otherwise (a curtain lifted) scroll it to its end
 * too, unless the player has scrolled up.
 */

struct _AciesEventLog
{
  AciesPlayPanel      parent_instance;

  /* Template widgets */
  GtkScrolledWindow  *scrolled;
  GtkListView        *view;
  GtkFilterListModel *filtered;

  GSignalGroup       *log_signals;     /* the session's log */
  guint               n_actions_seen;  /* the game's actions when the log last scrolled */
  guint               scroll_source;
  gboolean            scroll_on_map;   /* the end to show once on screen */
  GdkFrameClock      *end_clock;       /* painting the frame after which the end is set */
  gulong              end_handler;
};

G_DEFINE_FINAL_TYPE (AciesEventLog, acies_event_log, ACIES_TYPE_PLAY_PANEL)

/* The log's height: a few lines, and fewer in a short window, so that
 * the actions above keep most of the panel at any size. */
#define LOG_HEIGHT_MAX 110
#define LOG_HEIGHT_MIN 40
/* A panel taller than this (a 1080-line screen) gives the log two thirds
 * of the rest. */
#define LOG_GROWS_ABOVE 760

static void
forget_end_clock (AciesEventLog *self)
{
  if (self->end_clock != NULL)
    {
      g_clear_signal_handler (&self->end_handler, self->end_clock);
      g_object_remove_weak_pointer (G_OBJECT (self->end_clock), (gpointer *) &self->end_clock);
      self->end_clock = NULL;
    }
}

/* Once a frame is painted, the rows are laid out and the adjustment
 * holds their real heights (estimates before): the very end.  Setting
 * it any earlier can ask the list for a place its rows no longer reach
 * (lines taken back since it was laid out), which GTK warns of ("failed
 * to scroll to given position"). */
static void
end_after_paint_cb (GdkFrameClock *clock,
                    AciesEventLog *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);

  forget_end_clock (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self->view))
      && g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) > 0)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment)
                                          - gtk_adjustment_get_page_size (adjustment));
}

/* After the new rows are laid out: the log shows its newest line. */
static gboolean
scroll_cb (gpointer data)
{
  AciesEventLog *self = data;
  GListModel *model = G_LIST_MODEL (self->filtered);
  guint n = g_list_model_get_n_items (model);
  GdkFrameClock *clock;

  self->scroll_source = 0;
  /* Not on screen (a window not shown yet, or closing): a list lays out
   * no rows then and cannot scroll to one; the end once it shows. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->view)))
    {
      self->scroll_on_map = TRUE;
      return G_SOURCE_REMOVE;
    }
  if (n == 0 || gtk_widget_get_height (GTK_WIDGET (self->view)) <= 0)
    return G_SOURCE_REMOVE;
  /* The list moves to the row when it is next laid out... */
  gtk_widget_activate_action (GTK_WIDGET (self->view), "list.scroll-to-item", "u", n - 1);
  /* ...and the rows' heights may be estimates till then: the very end
   * once that frame is painted. */
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->view));
  if (clock != NULL && self->end_clock == NULL)
    {
      self->end_clock = clock;
      g_object_add_weak_pointer (G_OBJECT (clock), (gpointer *) &self->end_clock);
      self->end_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (end_after_paint_cb), self);
    }

  return G_SOURCE_REMOVE;
}

static void
scroll_to_end (AciesEventLog *self)
{
  if (self->scroll_source == 0)
    self->scroll_source = g_timeout_add_full (G_PRIORITY_LOW, 30, scroll_cb, self, NULL);
}

static void
view_mapped_cb (AciesEventLog *self)
{
  if (self->scroll_on_map)
    {
      self->scroll_on_map = FALSE;
      scroll_to_end (self);
    }
}

/* Whether the log shows its end (the player has not scrolled up). */
static gboolean
at_end (AciesEventLog *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);

  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 48;
}

static void
lines_changed_cb (AciesEventLog *self,
                  guint          position,
                  guint          removed,
                  guint          added,
                  GListModel    *log)
{
  /* Lines added with no new action (a curtain lifted): to the end,
   * unless the player had scrolled up. */
  if (added > removed && at_end (self))
    scroll_to_end (self);
}

static void
n_actions_cb (AciesEventLog    *self,
              GParamSpec       *pspec,
              AciesPlaySession *session)
{
  guint n = acies_play_session_get_n_actions (session);

  /* After each action (or undo): the newest events in sight. */
  if (n != self->n_actions_seen)
    {
      self->n_actions_seen = n;
      scroll_to_end (self);
    }
}

static void
acies_event_log_session_changed (AciesPlayPanel   *panel,
                                 AciesPlaySession *session)
{
  AciesEventLog *self = ACIES_EVENT_LOG (panel);

  /* Before the list: its handler of a change moves the rows, and whether
   * the log showed its end is read before that. */
  g_signal_group_set_target (self->log_signals, session != NULL ? acies_play_session_get_log (session) : NULL);
  gtk_filter_list_model_set_model (self->filtered, session != NULL ? acies_play_session_get_log (session) : NULL);
  self->n_actions_seen = session != NULL ? acies_play_session_get_n_actions (session) : 0;
  if (session != NULL && g_list_model_get_n_items (acies_play_session_get_log (session)) > 0)
    scroll_to_end (self);
}

/**
 * acies_event_log_fit_to:
 * @self: an event log
 * @panel_height: the side panel's height, pixels
 *
 * Shows a few lines of the log in a short window, so that the actions
 * above it keep most of the panel, and more in a tall one (a combat's
 * lines at 1920 × 1080, rather than five lines under empty space).  The
 * handle above it resizes it.
 */
void
acies_event_log_fit_to (AciesEventLog *self,
                        int            panel_height)
{
  int wanted = CLAMP ((panel_height - 320) / 2, LOG_HEIGHT_MIN,
                      LOG_HEIGHT_MAX + MAX (0, panel_height - LOG_GROWS_ABOVE) * 2 / 3);

  g_return_if_fail (ACIES_IS_EVENT_LOG (self));

  if (panel_height > 0 && gtk_scrolled_window_get_min_content_height (self->scrolled) != wanted)
    gtk_scrolled_window_set_min_content_height (self->scrolled, wanted);
}

static void
acies_event_log_dispose (GObject *object)
{
  AciesEventLog *self = ACIES_EVENT_LOG (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  forget_end_clock (self);
  if (self->log_signals != NULL)
    g_signal_group_set_target (self->log_signals, NULL);
  g_clear_object (&self->log_signals);

  G_OBJECT_CLASS (acies_event_log_parent_class)->dispose (object);
}

static void
acies_event_log_class_init (AciesEventLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesPlayPanelClass *panel_class = ACIES_PLAY_PANEL_CLASS (klass);

  object_class->dispose = acies_event_log_dispose;
  panel_class->session_changed = acies_event_log_session_changed;

  g_type_ensure (ACIES_TYPE_LOG_LINE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-event-log.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesEventLog, scrolled);
  gtk_widget_class_bind_template_child (widget_class, AciesEventLog, view);
  gtk_widget_class_bind_template_child (widget_class, AciesEventLog, filtered);
}

static void
acies_event_log_init (AciesEventLog *self)
{
  GSignalGroup *signals = acies_play_panel_get_signals (ACIES_PLAY_PANEL (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_group_connect_object (signals, "notify::n-actions", G_CALLBACK (n_actions_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "map", G_CALLBACK (view_mapped_cb), self, G_CONNECT_SWAPPED);
  self->log_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->log_signals, "items-changed", G_CALLBACK (lines_changed_cb), self,
                                 G_CONNECT_SWAPPED);
}
