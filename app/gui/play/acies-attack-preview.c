/* acies-attack-preview.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-attack-preview.h"
#include "acies-play-bind.h"

/**
 * AciesAttackPreview:
 *
 * The attack card: an action with an outcome distribution waiting for
 * Commit (play.commit) or Cancel (play.cancel), or a declared attack
 * waiting for its supporters and choices, with its odds from the ruleset
 * (#AciesPlaySession:odds-title, #AciesPlaySession:odds-text).  Shown only
 * while there is one.
 */

struct _AciesAttackPreview
{
  AciesPlayPanel  parent_instance;

  /* Template widgets */
  GtkWidget      *heading;
  GtkWidget      *odds_label;
};

G_DEFINE_FINAL_TYPE (AciesAttackPreview, acies_attack_preview, ACIES_TYPE_PLAY_PANEL)

static void
acies_attack_preview_class_init (AciesAttackPreviewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-attack-preview.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesAttackPreview, heading);
  gtk_widget_class_bind_template_child (widget_class, AciesAttackPreview, odds_label);
}

static void
acies_attack_preview_init (AciesAttackPreview *self)
{
  GBindingGroup *bindings = acies_play_panel_get_bindings (ACIES_PLAY_PANEL (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  acies_play_bind_label (bindings, "odds-title", self->heading);
  acies_play_bind_label (bindings, "odds-text", self->odds_label);
  acies_play_bind_shown (bindings, "odds-text", GTK_WIDGET (self));
}
