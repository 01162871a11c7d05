/* acies-log-line.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-log-line.h"

/**
 * AciesLogLine:
 *
 * A line of the play mode's event log (#AciesPlaySession:log): an event
 * as the viewer may read it ("12. Varro (Romans): rolls 4 [LB 4.1]"), or
 * a take-back note.
 */

struct _AciesLogLine
{
  GObject  parent_instance;

  char    *text;
};

G_DEFINE_FINAL_TYPE (AciesLogLine, acies_log_line, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
acies_log_line_finalize (GObject *object)
{
  g_free (ACIES_LOG_LINE (object)->text);

  G_OBJECT_CLASS (acies_log_line_parent_class)->finalize (object);
}

static void
acies_log_line_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, ACIES_LOG_LINE (object)->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_log_line_class_init (AciesLogLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_log_line_finalize;
  object_class->get_property = acies_log_line_get_property;

  /**
   * AciesLogLine:text:
   *
   * The line's words.
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_log_line_init (AciesLogLine *self)
{
}

/**
 * acies_log_line_new:
 * @text: the line's words
 *
 * Returns: (transfer full): a new line
 */
AciesLogLine *
acies_log_line_new (const char *text)
{
  AciesLogLine *self = g_object_new (ACIES_TYPE_LOG_LINE, NULL);

  self->text = g_strdup (text);

  return self;
}

const char *
acies_log_line_get_text (AciesLogLine *self)
{
  g_return_val_if_fail (ACIES_IS_LOG_LINE (self), NULL);
  return self->text;
}
