/* acies-quick-bar.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-quick.h"
#include "acies-quick-bar.h"

/**
 * AciesQuickBar:
 *
 * The frequent commands of the phase (#AciesPlaySession:quick-actions) as
 * buttons above the side panel's scrolled part, so they are in view
 * whatever the actions list holds: "Place the Rest" in a set-up, "End
 * activation", "Activate group"…, each naming the key that takes it in
 * every phase (Alt+letter, from the ruleset's action specs).  Hidden
 * while there is none.
 */

struct _AciesQuickBar
{
  AciesPlayPanel  parent_instance;

  /* Template widgets */
  GtkFlowBox     *buttons;
};

G_DEFINE_FINAL_TYPE (AciesQuickBar, acies_quick_bar, ACIES_TYPE_PLAY_PANEL)

/* A button: the command, its key dimmed beside it. */
static GtkWidget *
button_new (gpointer item,
            gpointer data)
{
  AciesPlayQuick *quick = item;
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (acies_play_quick_get_label (quick));

  gtk_box_append (GTK_BOX (box), label);
  if (acies_play_quick_get_accel (quick) != NULL)
    {
      GtkWidget *accel = gtk_label_new (acies_play_quick_get_accel (quick));

      gtk_widget_add_css_class (accel, "dim-label");
      gtk_box_append (GTK_BOX (box), accel);
    }
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_set_tooltip_text (button, acies_play_quick_get_tooltip (quick));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), acies_play_quick_get_action_name (quick));
  if (acies_play_quick_get_target (quick) != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), acies_play_quick_get_target (quick));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, acies_play_quick_get_label (quick),
                                  -1);

  return button;
}

static void
items_changed_cb (GListModel    *model,
                  guint          position,
                  guint          removed,
                  guint          added,
                  AciesQuickBar *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), g_list_model_get_n_items (model) > 0);
}

static void
acies_quick_bar_session_changed (AciesPlayPanel   *panel,
                                 AciesPlaySession *session)
{
  AciesQuickBar *self = ACIES_QUICK_BAR (panel);
  GListModel *quick = session != NULL ? acies_play_session_get_quick_actions (session) : NULL;

  gtk_flow_box_bind_model (self->buttons, quick, quick != NULL ? button_new : NULL, NULL, NULL);
  if (quick != NULL)
    {
      g_signal_connect_object (quick, "items-changed", G_CALLBACK (items_changed_cb), self, 0);
      items_changed_cb (quick, 0, 0, 0, self);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
acies_quick_bar_dispose (GObject *object)
{
  AciesQuickBar *self = ACIES_QUICK_BAR (object);

  if (self->buttons != NULL)
    gtk_flow_box_bind_model (self->buttons, NULL, NULL, NULL, NULL);

  G_OBJECT_CLASS (acies_quick_bar_parent_class)->dispose (object);
}

static void
acies_quick_bar_class_init (AciesQuickBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesPlayPanelClass *panel_class = ACIES_PLAY_PANEL_CLASS (klass);

  object_class->dispose = acies_quick_bar_dispose;
  panel_class->session_changed = acies_quick_bar_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-quick-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesQuickBar, buttons);
}

static void
acies_quick_bar_init (AciesQuickBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
