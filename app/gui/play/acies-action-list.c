/* acies-action-list.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-action-list.h"
#include "acies-play-action.h"
#include "acies-play-group.h"

/**
 * AciesActionList:
 *
 * The actions the rules allow now (#AciesPlaySession:action-groups): a
 * heading per group, an expander row that folds a long group away (the
 * player's choice is the group's #AciesPlayGroup:expanded), and under it
 * a row per action that takes it (play.choose) and names its key,
 * Alt+1 … Alt+9, with the action's #AciesPlayAction:details (the whole
 * text of the card it plays) as its tooltip and accessible description.
 */

struct _AciesActionList
{
  AciesPlayPanel  parent_instance;

  /* Template widgets */
  GtkListBox     *list;
};

G_DEFINE_FINAL_TYPE (AciesActionList, acies_action_list, ACIES_TYPE_PLAY_PANEL)

static gboolean
key_to_label_cb (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      data)
{
  gint key = g_value_get_int (from);

  /* Translators: the key that takes an action of the list, Alt and a digit ("Alt+1"). */
  g_value_take_string (to, key >= 0 ? g_strdup_printf (_("Alt+%d"), key + 1) : g_strdup (""));
  return TRUE;
}

static gboolean
key_to_shown_cb (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      data)
{
  g_value_set_boolean (to, g_value_get_int (from) >= 0);
  return TRUE;
}

/* A row that takes action @row, with its key as a suffix. */
static GtkWidget *
action_row_new (AciesPlayAction *item)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *hint = gtk_label_new (NULL);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), acies_play_action_get_label (item));
  gtk_widget_add_css_class (hint, "dim-label");
  g_object_bind_property_full (item, "key", hint, "label", G_BINDING_SYNC_CREATE,
                               key_to_label_cb, NULL, NULL, NULL);
  g_object_bind_property_full (item, "key", hint, "visible", G_BINDING_SYNC_CREATE,
                               key_to_shown_cb, NULL, NULL, NULL);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), hint);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  /* The ruleset's longer words (a command card's whole text in the
   * hand): a tooltip, and what a screen reader says after the title. */
  if (acies_play_action_get_details (item) != NULL)
    {
      gtk_widget_set_tooltip_text (row, acies_play_action_get_details (item));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      acies_play_action_get_details (item), -1);
    }
  /* For acies_action_list_get_keyed_bottom(). */
  g_object_set_data_full (G_OBJECT (row), "acies-play-action", g_object_ref (item), g_object_unref);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "play.choose");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "i", (gint32) acies_play_action_get_index (item));

  return row;
}

/* A group's heading: an expander row (a long group, forty Commands, folds
 * away) with the group's actions under it; a group of one action is that
 * action's row alone, not a heading that repeats its words ("Try
 * Initiative" over "Try Initiative"). */
static GtkWidget *
group_row_new (gpointer item,
               gpointer data)
{
  AciesPlayGroup *group = item;
  GListModel *actions = acies_play_group_get_actions (group);
  GtkWidget *expander;

  if (g_list_model_get_n_items (actions) == 1)
    {
      g_autoptr(AciesPlayAction) action = g_list_model_get_item (actions, 0);

      return action_row_new (action);
    }
  expander = adw_expander_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (expander), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), acies_play_group_get_title (group));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), acies_play_group_get_subtitle (group));
  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    {
      g_autoptr(AciesPlayAction) action = g_list_model_get_item (actions, i);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), action_row_new (action));
    }
  g_object_bind_property (group, "expanded", expander, "expanded",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  return expander;
}

static gboolean
keyed_bottom (GtkWidget *widget,
              guint      n_keys,
              GtkWidget *target,
              double    *bottom)
{
  AciesPlayAction *item = g_object_get_data (G_OBJECT (widget), "acies-play-action");
  gboolean found = FALSE;

  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (item != NULL && acies_play_action_get_key (item) >= 0 && acies_play_action_get_key (item) < (gint) n_keys)
    {
      graphene_rect_t bounds;

      if (gtk_widget_compute_bounds (widget, target, &bounds))
        {
          *bottom = MAX (*bottom, bounds.origin.y + bounds.size.height);
          return TRUE;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    found |= keyed_bottom (child, n_keys, target, bottom);
  return found;
}

/**
 * acies_action_list_get_keyed_bottom:
 * @self: an actions list
 * @n_keys: how many keys: 3 for the rows of Alt+1, Alt+2 and Alt+3
 * @target: the widget whose coordinates @bottom is in
 * @bottom: (out): the lowest edge of those rows
 *
 * Where the rows of the first @n_keys keys end, for the window that keeps
 * them in view (issue 17: at 1280×720 the actions stay on screen).
 *
 * Returns: whether any of those rows is shown
 */
gboolean
acies_action_list_get_keyed_bottom (AciesActionList *self,
                                    guint            n_keys,
                                    GtkWidget       *target,
                                    double          *bottom)
{
  g_return_val_if_fail (ACIES_IS_ACTION_LIST (self), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (target), FALSE);
  g_return_val_if_fail (bottom != NULL, FALSE);

  *bottom = 0;
  return keyed_bottom (GTK_WIDGET (self->list), n_keys, target, bottom);
}

static void
acies_action_list_session_changed (AciesPlayPanel   *panel,
                                   AciesPlaySession *session)
{
  AciesActionList *self = ACIES_ACTION_LIST (panel);

  gtk_list_box_bind_model (self->list, session != NULL ? acies_play_session_get_action_groups (session) : NULL,
                           session != NULL ? group_row_new : NULL, NULL, NULL);
}

static void
acies_action_list_dispose (GObject *object)
{
  AciesActionList *self = ACIES_ACTION_LIST (object);

  if (self->list != NULL)
    gtk_list_box_bind_model (self->list, NULL, NULL, NULL, NULL);

  G_OBJECT_CLASS (acies_action_list_parent_class)->dispose (object);
}

static void
acies_action_list_class_init (AciesActionListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesPlayPanelClass *panel_class = ACIES_PLAY_PANEL_CLASS (klass);

  object_class->dispose = acies_action_list_dispose;
  panel_class->session_changed = acies_action_list_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-action-list.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesActionList, list);
}

static void
acies_action_list_init (AciesActionList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
