/* acies-action.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-game"

#include "config.h"

#include <string.h>

#include "rulesets/acies-action.h"

/**
 * acies_action_init:
 * @action: the action to fill
 * @type: index of the action's spec in the ruleset's action specs
 * @player: the side index that takes the action, or -1
 *
 * Clears @action: every argument is -1 (absent), and the padding is zeroed
 * so actions can be compared and hashed bytewise.
 */
void
acies_action_init (AciesAction *action,
                   guint        type,
                   gint         player)
{
  g_return_if_fail (action != NULL);
  g_return_if_fail (type <= G_MAXUINT16);

  memset (action, 0, sizeof *action);
  action->type = type;
  action->player = player;
  for (guint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
    action->args[i] = -1;
}

/**
 * acies_action_equal:
 * @a: an action
 * @b: another action
 *
 * Returns: %TRUE if @a and @b have the same type, player and arguments
 */
gboolean
acies_action_equal (const AciesAction *a,
                    const AciesAction *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a->type != b->type || a->player != b->player)
    return FALSE;
  for (guint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
    if (a->args[i] != b->args[i])
      return FALSE;
  return TRUE;
}

/**
 * acies_event_new:
 * @type: the event type: "roll", "move", "eliminated"…
 * @rule: the rule that caused it ("GC 9.3"), or %NULL
 * @player: the side index the event concerns, or -1
 * @format: printf format of a sentence a player understands
 *
 * Returns: (transfer full): a new event with no data; free it with
 *   acies_event_free()
 */
AciesEvent *
acies_event_new (const char *type,
                 const char *rule,
                 gint        player,
                 const char *format,
                 ...)
{
  AciesEvent *event;
  va_list args;

  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (format != NULL, NULL);

  event = g_new0 (AciesEvent, 1);
  event->type = g_strdup (type);
  event->rule = g_strdup (rule);
  event->player = player;
  va_start (args, format);
  event->text = g_strdup_vprintf (format, args);
  va_end (args);

  return event;
}

/**
 * acies_event_free:
 * @event: (nullable): an event
 *
 * Frees @event and its data.
 */
void
acies_event_free (AciesEvent *event)
{
  if (event == NULL)
    return;

  g_free (event->type);
  g_free (event->text);
  g_free (event->rule);
  g_clear_pointer (&event->data, json_object_unref);
  g_free (event);
}

/**
 * acies_event_to_json:
 * @event: an event
 *
 * Serialises @event as
 * `{"type": …, "text": …, "rule": … , "player": N, "data": {…}}`; "rule",
 * "player" and "data" are left out when absent.
 *
 * Returns: (transfer full): a JSON object node
 */
JsonNode *
acies_event_to_json (const AciesEvent *event)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (event != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, event->type);
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, event->text);
  if (event->rule != NULL)
    {
      json_builder_set_member_name (builder, "rule");
      json_builder_add_string_value (builder, event->rule);
    }
  if (event->player >= 0)
    {
      json_builder_set_member_name (builder, "player");
      json_builder_add_int_value (builder, event->player);
    }
  if (event->data != NULL)
    {
      JsonNode *data = json_node_new (JSON_NODE_OBJECT);

      json_node_set_object (data, event->data);
      json_builder_set_member_name (builder, "data");
      json_builder_add_value (builder, data);
    }
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}
