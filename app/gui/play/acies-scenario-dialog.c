/* acies-scenario-dialog.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-scenario-dialog.h"

/**
 * AciesScenarioDialog:
 *
 * The game menu's Scenario (play.scenario): the scenario played, its
 * description and notes, the turn limit, the victory conditions and the
 * special rules with their parameters in words
 * (acies_play_session_describe_scenario()).
 */

struct _AciesScenarioDialog
{
  AdwWindow         parent_instance;

  /* Template widgets */
  GtkLabel         *label;

  AciesPlaySession *session;
};

G_DEFINE_FINAL_TYPE (AciesScenarioDialog, acies_scenario_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_scenario_dialog_dispose (GObject *object)
{
  g_clear_object (&ACIES_SCENARIO_DIALOG (object)->session);

  G_OBJECT_CLASS (acies_scenario_dialog_parent_class)->dispose (object);
}

static void
acies_scenario_dialog_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, ACIES_SCENARIO_DIALOG (object)->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_scenario_dialog_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AciesScenarioDialog *self = ACIES_SCENARIO_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      if (self->session != NULL)
        {
          g_autofree char *text = acies_play_session_describe_scenario (self->session);

          gtk_label_set_text (self->label, text);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_scenario_dialog_class_init (AciesScenarioDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_scenario_dialog_dispose;
  object_class->get_property = acies_scenario_dialog_get_property;
  object_class->set_property = acies_scenario_dialog_set_property;

  /**
   * AciesScenarioDialog:session:
   *
   * The session whose scenario the dialog describes.
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ACIES_TYPE_PLAY_SESSION,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-scenario-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesScenarioDialog, label);
}

static void
acies_scenario_dialog_init (AciesScenarioDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * acies_scenario_dialog_new:
 * @parent: the game window
 * @session: the game's session
 *
 * Returns: (transfer none): a new dialog, modal for @parent and destroyed
 *   with it
 */
AciesScenarioDialog *
acies_scenario_dialog_new (GtkWindow        *parent,
                           AciesPlaySession *session)
{
  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (session), NULL);

  return g_object_new (ACIES_TYPE_SCENARIO_DIALOG, "transient-for", parent, "session", session, NULL);
}

/**
 * acies_scenario_dialog_get_text:
 * @self: a dialog
 *
 * Returns: what the dialog says
 */
const char *
acies_scenario_dialog_get_text (AciesScenarioDialog *self)
{
  g_return_val_if_fail (ACIES_IS_SCENARIO_DIALOG (self), NULL);
  return gtk_label_get_text (self->label);
}
