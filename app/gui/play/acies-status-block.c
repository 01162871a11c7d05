/* acies-status-block.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-bind.h"
#include "acies-status-block.h"

/**
 * AciesStatusBlock:
 *
 * The top of the play window's side panel: the turn and the phase, the
 * player who decides, the ruleset's own status (folded away at will), the
 * prompt, what End Phase would do, the selected unit, and why the last
 * click did nothing; each line follows its #AciesPlaySession property and
 * takes no room while it is empty.
 */

struct _AciesStatusBlock
{
  AciesPlayPanel  parent_instance;

  /* Template widgets */
  GtkWidget      *turn_label;
  GtkWidget      *phase_label;
  GtkWidget      *side_label;
  GtkWidget      *status_expander;
  GtkWidget      *state_label;
  GtkWidget      *prompt_label;
  GtkWidget      *end_label;
  GtkWidget      *unit_label;
  GtkWidget      *legend_label;
  GtkWidget      *hint_label;
};

G_DEFINE_FINAL_TYPE (AciesStatusBlock, acies_status_block, ACIES_TYPE_PLAY_PANEL)

enum {
  PROP_0,
  PROP_STATUS_EXPANDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_status_block_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AciesStatusBlock *self = ACIES_STATUS_BLOCK (object);

  switch (prop_id)
    {
    case PROP_STATUS_EXPANDED:
      g_value_set_boolean (value, gtk_expander_get_expanded (GTK_EXPANDER (self->status_expander)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_status_block_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AciesStatusBlock *self = ACIES_STATUS_BLOCK (object);

  switch (prop_id)
    {
    case PROP_STATUS_EXPANDED:
      gtk_expander_set_expanded (GTK_EXPANDER (self->status_expander), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
status_expanded_cb (AciesStatusBlock *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS_EXPANDED]);
}

static void
acies_status_block_class_init (AciesStatusBlockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = acies_status_block_get_property;
  object_class->set_property = acies_status_block_set_property;

  /**
   * AciesStatusBlock:status-expanded:
   *
   * Whether the ruleset's status shows or is folded away (the window
   * keeps it in GSettings, "play-status-expanded").
   */
  properties[PROP_STATUS_EXPANDED] =
    g_param_spec_boolean ("status-expanded", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-status-block.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, turn_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, phase_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, side_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, status_expander);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, state_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, end_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, unit_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, legend_label);
  gtk_widget_class_bind_template_child (widget_class, AciesStatusBlock, hint_label);
}

static void
acies_status_block_init (AciesStatusBlock *self)
{
  GBindingGroup *bindings = acies_play_panel_get_bindings (ACIES_PLAY_PANEL (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  acies_play_bind_label (bindings, "turn-text", self->turn_label);
  acies_play_bind_label (bindings, "phase-text", self->phase_label);
  acies_play_bind_label (bindings, "side-text", self->side_label);
  acies_play_bind_label (bindings, "state-text", self->state_label);
  acies_play_bind_shown (bindings, "state-text", self->status_expander);
  acies_play_bind_label (bindings, "prompt-text", self->prompt_label);
  acies_play_bind_label (bindings, "end-text", self->end_label);
  acies_play_bind_label (bindings, "unit-text", self->unit_label);
  acies_play_bind_label (bindings, "legend-text", self->legend_label);
  acies_play_bind_label (bindings, "hint-text", self->hint_label);
  g_signal_connect_object (self->status_expander, "notify::expanded",
                           G_CALLBACK (status_expanded_cb), self, G_CONNECT_SWAPPED);
}
