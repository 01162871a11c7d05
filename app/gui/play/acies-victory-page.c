/* acies-victory-page.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-text.h"
#include "rulesets/acies-ruleset.h"

#include "acies-victory-page.h"

/**
 * AciesVictoryPage:
 *
 * The end of the game: who won and why (#AciesPlaySession:victory-title,
 * #AciesPlaySession:victory-text), each side's victory points line by
 * line with the rule of each (the ruleset's score), and Save Game, Save
 * Log and Show Board (play.show-board), which has the keyboard.
 */

struct _AciesVictoryPage
{
  AciesPlayPanel  parent_instance;

  /* Template widgets */
  AdwStatusPage  *page;
  GtkBox         *scores_box;
  GtkWidget      *show_board_button;
};

G_DEFINE_FINAL_TYPE (AciesVictoryPage, acies_victory_page, ACIES_TYPE_PLAY_PANEL)

/* A group per side: its player, its points line by line, the total. */
static void
update_scores (AciesVictoryPage *self)
{
  AciesPlaySession *session = acies_play_panel_get_session (ACIES_PLAY_PANEL (self));
  AciesGame *game;
  const AciesState *state;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->scores_box))) != NULL)
    gtk_box_remove (self->scores_box, child);
  if (session == NULL || !acies_play_session_get_finished (session))
    return;

  game = acies_play_session_get_game (session);
  state = acies_game_get_state (game);
  for (guint side = 0; side < state->scenario->sides->len; side++)
    {
      g_autoptr(GPtrArray) lines = acies_ruleset_get_score (acies_game_get_ruleset (game), state, side);
      g_autofree char *who = acies_play_session_dup_player_label (session, side);
      g_autofree char *desc = NULL;
      GtkWidget *group = adw_preferences_group_new ();
      gint total = 0;

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), who);
      for (guint i = 0; lines != NULL && i < lines->len; i++)
        {
          AciesScoreLine *line = g_ptr_array_index (lines, i);
          GtkWidget *row = adw_action_row_new ();
          g_autofree char *points = g_strdup_printf ("%d", line->points);

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), line->label);
          if (line->rule != NULL)
            adw_action_row_set_subtitle (ADW_ACTION_ROW (row), acies_rule_citation_shown (line->rule));
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (points));
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
          total += line->points;
        }
      desc = g_strdup_printf (_("%d victory points"), total);
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), desc);
      gtk_box_append (self->scores_box, group);
    }
}

static void
acies_victory_page_session_changed (AciesPlayPanel   *panel,
                                    AciesPlaySession *session)
{
  update_scores (ACIES_VICTORY_PAGE (panel));
}

static gboolean
acies_victory_page_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (ACIES_VICTORY_PAGE (widget)->show_board_button);
}

static void
acies_victory_page_class_init (AciesVictoryPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AciesPlayPanelClass *panel_class = ACIES_PLAY_PANEL_CLASS (klass);

  widget_class->grab_focus = acies_victory_page_grab_focus;
  panel_class->session_changed = acies_victory_page_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-victory-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesVictoryPage, page);
  gtk_widget_class_bind_template_child (widget_class, AciesVictoryPage, scores_box);
  gtk_widget_class_bind_template_child (widget_class, AciesVictoryPage, show_board_button);
}

static void
acies_victory_page_init (AciesVictoryPage *self)
{
  GBindingGroup *bindings = acies_play_panel_get_bindings (ACIES_PLAY_PANEL (self));
  GSignalGroup *signals = acies_play_panel_get_signals (ACIES_PLAY_PANEL (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  g_binding_group_bind (bindings, "victory-title", self->page, "title", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (bindings, "victory-text", self->page, "description", G_BINDING_SYNC_CREATE);
  /* The points as the game ended (again after a take-back and a new
   * end), the players by their names. */
  g_signal_group_connect_object (signals, "notify::finished", G_CALLBACK (update_scores), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (signals, "notify::victory-title", G_CALLBACK (update_scores), self,
                                 G_CONNECT_SWAPPED);
}

