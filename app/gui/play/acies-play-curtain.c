/* acies-play-curtain.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-curtain.h"

/**
 * AciesPlayCurtain:
 *
 * What the play window shows instead of the board when the player who
 * must decide changes and something is hidden from one of the players:
 * the player to take the seat (#AciesPlaySession:curtain-text), what
 * that player missed (#AciesPlaySession:curtain-summary, also Ready's
 * accessible description: a screen reader reads it with the focused
 * button), and Ready (play.reveal), which has the keyboard (grabbing
 * the curtain's focus grabs Ready's).
 */

struct _AciesPlayCurtain
{
  AciesPlayPanel  parent_instance;

  /* Template widgets */
  AdwStatusPage  *page;
  GtkLabel       *summary_label;
  GtkWidget      *ready_button;
};

G_DEFINE_FINAL_TYPE (AciesPlayCurtain, acies_play_curtain, ACIES_TYPE_PLAY_PANEL)

static gboolean
acies_play_curtain_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (ACIES_PLAY_CURTAIN (widget)->ready_button);
}

static void
summary_changed_cb (AciesPlaySession *session,
                    GParamSpec       *pspec,
                    AciesPlayCurtain *self)
{
  const char *summary = acies_play_session_get_curtain_summary (session);
  g_autofree char *spoken = acies_play_session_speakable (summary != NULL ? summary : "");

  gtk_label_set_text (self->summary_label, summary != NULL ? summary : "");
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), summary != NULL && *summary != '\0');
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->ready_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spoken,
                                  -1);
}

static void
acies_play_curtain_session_changed (AciesPlayPanel   *panel,
                                    AciesPlaySession *session)
{
  if (session != NULL)
    summary_changed_cb (session, NULL, ACIES_PLAY_CURTAIN (panel));
}

static void
acies_play_curtain_class_init (AciesPlayCurtainClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = acies_play_curtain_grab_focus;
  ACIES_PLAY_PANEL_CLASS (klass)->session_changed = acies_play_curtain_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-play-curtain.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesPlayCurtain, page);
  gtk_widget_class_bind_template_child (widget_class, AciesPlayCurtain, summary_label);
  gtk_widget_class_bind_template_child (widget_class, AciesPlayCurtain, ready_button);
}

static void
acies_play_curtain_init (AciesPlayCurtain *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_binding_group_bind (acies_play_panel_get_bindings (ACIES_PLAY_PANEL (self)), "curtain-text",
                        self->page, "title", G_BINDING_SYNC_CREATE);
  g_signal_group_connect_object (acies_play_panel_get_signals (ACIES_PLAY_PANEL (self)), "notify::curtain-summary",
                                 G_CALLBACK (summary_changed_cb), self, 0);
}
