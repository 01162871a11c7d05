/* acies-play-session-actions.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-play-action.h"
#include "acies-play-group.h"
#include "acies-play-session-private.h"

/* The play session's actions list: which actions are shown, in which
 * groups and order, which groups are open, and the keys Alt+1 … Alt+9. */

/* A row of the actions list while it is built: its action and words, and
 * the group it goes under. */
typedef struct
{
  GArray    *shown;   /* AciesAction */
  GPtrArray *labels;  /* char * */
} Rows;

static gboolean
is_shown (Rows              *rows,
          const AciesAction *action)
{
  for (guint i = 0; i < rows->shown->len; i++)
    if (acies_action_equal (&g_array_index (rows->shown, AciesAction, i), action))
      return TRUE;

  return FALSE;
}

static void
add_shown (Rows              *rows,
           const AciesAction *action,
           char              *label)
{
  g_array_append_val (rows->shown, *action);
  g_ptr_array_add (rows->labels, label);
}

/* Adds @action unless it is listed already. */
static void
add_unique (AciesPlaySession  *self,
            Rows              *rows,
            const AciesAction *action)
{
  if (is_shown (rows, action))
    return;
  if (action->type == SERIES_ROW)
    add_shown (rows, action, g_strdup (_acies_play_session_series_words (self, action->args[0])));
  else
    add_shown (rows, action, _acies_play_session_describe (self, action));
}

/* The groups of the actions list, keyed: ":candidates" (what the last
 * click pointed at), ":selected" (the selected unit's actions),
 * ":units" (a row per other unit that can act), else the action spec's
 * name (a group per kind of action, headed by the spec's label). */
static char *
group_key (AciesPlaySession  *self,
           const AciesAction *action,
           guint              index,
           guint              n_candidates)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  if (index < n_candidates)
    return g_strdup (":candidates");
  if (action->type == SERIES_ROW)
    return g_strdup (":picked");
  if (action->type == SELECT_UNIT_ROW)
    return g_strdup (":units");
  if (_acies_play_session_action_of_selection (self, action))
    return g_strdup (":selected");
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type < n_specs && specs[action->type].name != NULL)
    return g_strdup (specs[action->type].name);

  return g_strdup_printf (":type-%u", action->type);
}

/* A group's heading, in the ruleset's words ("Command", "Move", "End the
 * phase") or the window's for its own groups. */
static char *
group_heading (AciesPlaySession  *self,
               const char        *key,
               const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  if (g_str_equal (key, ":candidates") && self->candidates_title != NULL)
    return g_strdup (self->candidates_title);
  if (g_str_equal (key, ":candidates"))
    /* Translators: the heading of the actions a click on the board pointed at. */
    return g_strdup (_("On the Clicked Square"));
  if (g_str_equal (key, ":picked"))
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < self->picks->len; i++)
        {
          g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self),
                                                               g_array_index (self->picks, gint, i), self->seat);

          g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", name != NULL ? name : "?");
        }
      /* Translators: the heading of what the shift-clicked units may do together; their names. */
      return g_strdup_printf (_("Picked: %s"), names->str);
    }
  if (g_str_equal (key, ":units"))
    /* Translators: the heading of the rows that select a unit. */
    return g_strdup (_("Units That Can Act"));
  if (g_str_equal (key, ":selected"))
    {
      g_autofree char *name = self->selected_unit >= 0
                              ? acies_ruleset_describe_unit (ruleset_of (self), state_of (self),
                                                             self->selected_unit, self->seat)
                              : _acies_play_session_selected_leader_name (self);

      /* Translators: the heading of the selected unit's actions. */
      return g_strdup_printf (_("Selected: %s"), name != NULL ? name : "?");
    }
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type < n_specs && specs[action->type].label != NULL)
    return g_strdup (_(specs[action->type].label));

  return g_strdup (key);
}

/* A group's subtitle: how many actions, and the rule of its kind. */
static char *
group_subtitle (AciesPlaySession  *self,
                const char        *key,
                const AciesAction *first,
                guint              n)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  /* Translators: under an action group's heading, "3 actions". */
  g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u action", "%u actions", n), n);

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (first->type < n_specs && specs[first->type].rule != NULL && !g_str_has_prefix (key, ":"))
    /* Translators: an action group's count and rule, "3 actions · GC 8.0". */
    return g_strdup_printf (_("%s · %s"), subtitle, acies_rule_citation_shown (specs[first->type].rule));

  return g_steal_pointer (&subtitle);
}

/* Whether a group shows its actions: as the player left it, else open
 * when it is what the player pointed at or selected, when every action
 * fits (a dozen), or when it is short. */
static gboolean
group_starts_open (AciesPlaySession *self,
                   const char       *key,
                   guint             n_in_group,
                   guint             n_total)
{
  guint choice = GPOINTER_TO_UINT (g_hash_table_lookup (self->group_open, key));

  if (choice != 0)
    return choice == 1;
  if (g_str_equal (key, ":candidates") || g_str_equal (key, ":selected") || g_str_equal (key, ":picked"))
    return TRUE;

  return n_total <= 12 || n_in_group <= 5;
}

/* Alt+1 … Alt+9 take the first nine actions shown in open groups, in the
 * order shown. */
static void
number_keys (AciesPlaySession *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->actions));
  gint key = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AciesPlayAction) row = g_list_model_get_item (G_LIST_MODEL (self->actions), i);
      g_autoptr(AciesPlayGroup) group = g_list_model_get_item (G_LIST_MODEL (self->groups),
                                                               acies_play_action_get_group (row));
      gboolean keyed = key < 9 && acies_play_group_get_expanded (group);

      acies_play_action_set_key (row, keyed ? key++ : -1);
    }
}

static void
group_expanded_cb (AciesPlayGroup   *group,
                   GParamSpec       *pspec,
                   AciesPlaySession *self)
{
  g_hash_table_insert (self->group_open, g_strdup (acies_play_group_get_id (group)),
                       GUINT_TO_POINTER (acies_play_group_get_expanded (group) ? 1 : 2));
  number_keys (self);
}

/* Whether the groups shown are @groups with rows @rows already (nothing to
 * rebuild: the list keeps its rows, their focus and scroll). */
static gboolean
same_rows (AciesPlaySession *self,
           Rows             *rows,
           GPtrArray        *groups)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->actions));

  if (n != rows->labels->len || self->shown->len != rows->shown->len
      || g_list_model_get_n_items (G_LIST_MODEL (self->groups)) != groups->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AciesPlayAction) row = g_list_model_get_item (G_LIST_MODEL (self->actions), i);

      if (!acies_action_equal (&g_array_index (self->shown, AciesAction, i),
                               &g_array_index (rows->shown, AciesAction, i))
          || g_strcmp0 (acies_play_action_get_label (row), rows->labels->pdata[i]) != 0)
        return FALSE;
    }
  for (guint g = 0; g < groups->len; g++)
    {
      g_autoptr(AciesPlayGroup) old = g_list_model_get_item (G_LIST_MODEL (self->groups), g);
      AciesPlayGroup *group = g_ptr_array_index (groups, g);

      if (g_strcmp0 (acies_play_group_get_id (old), acies_play_group_get_id (group)) != 0
          || g_strcmp0 (acies_play_group_get_title (old), acies_play_group_get_title (group)) != 0
          || g_strcmp0 (acies_play_group_get_subtitle (old), acies_play_group_get_subtitle (group)) != 0
          || g_list_model_get_n_items (acies_play_group_get_actions (old))
             != g_list_model_get_n_items (acies_play_group_get_actions (group)))
        return FALSE;
    }

  return TRUE;
}

/* Puts @rows in groups: what the click pointed at first, then the
 * selected unit's actions, then a group per kind of action (and the
 * units' rows) in the order they first appear; the session's actions and
 * groups become those, unless they are those already. */
static void
group_rows (AciesPlaySession *self,
            Rows             *rows,
            guint             n_candidates)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();  /* distinct keys, in order */
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  const char * const firsts[] = { ":candidates", ":picked", ":selected" };
  Rows sorted = { shown, labels };

  for (guint i = 0; i < rows->shown->len; i++)
    g_ptr_array_add (keys, group_key (self, &g_array_index (rows->shown, AciesAction, i), i, n_candidates));

  for (guint f = 0; f < G_N_ELEMENTS (firsts); f++)
    for (guint i = 0; i < keys->len; i++)
      if (g_str_equal (keys->pdata[i], firsts[f]))
        {
          g_ptr_array_add (order, keys->pdata[i]);
          break;
        }
  for (guint i = 0; i < keys->len; i++)
    if (!g_ptr_array_find_with_equal_func (order, keys->pdata[i], g_str_equal, NULL))
      g_ptr_array_add (order, keys->pdata[i]);

  for (guint g = 0; g < order->len; g++)
    {
      const AciesAction *first = NULL;
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      AciesPlayGroup *group;
      guint n = 0;

      for (guint i = 0; i < keys->len; i++)
        if (g_str_equal (keys->pdata[i], order->pdata[g]))
          {
            if (first == NULL)
              first = &g_array_index (rows->shown, AciesAction, i);
            n++;
          }
      title = group_heading (self, order->pdata[g], first);
      subtitle = group_subtitle (self, order->pdata[g], first, n);
      /* The first group holds what matters now: always open, so Alt+1
       * is one of its actions (not a later group's "Play no Command"). */
      group = acies_play_group_new (order->pdata[g], title, subtitle,
                                    g == 0 || group_starts_open (self, order->pdata[g], n, rows->shown->len));
      g_ptr_array_add (groups, group);
      for (guint i = 0; i < keys->len; i++)
        if (g_str_equal (keys->pdata[i], order->pdata[g]))
          {
            const AciesAction *action = &g_array_index (rows->shown, AciesAction, i);
            /* The ruleset's longer text (a card's whole text), for the
             * row's tooltip; the session's own rows have none. */
            g_autofree char *details = action->type < SERIES_ROW
                                       ? acies_ruleset_explain_action (ruleset_of (self), state_of (self), action)
                                       : NULL;
            AciesPlayAction *item = acies_play_action_new (shown->len, rows->labels->pdata[i], g, details);

            g_list_store_append (G_LIST_STORE (acies_play_group_get_actions (group)), item);
            g_ptr_array_add (items, item);
            add_shown (&sorted, &g_array_index (rows->shown, AciesAction, i), rows->labels->pdata[i]);
          }
    }

  if (same_rows (self, &sorted, groups))
    return;

  g_array_set_size (self->shown, 0);
  g_array_append_vals (self->shown, shown->data, shown->len);
  for (guint g = 0; g < groups->len; g++)
    g_signal_connect_object (g_ptr_array_index (groups, g), "notify::expanded",
                             G_CALLBACK (group_expanded_cb), self, 0);
  g_list_store_splice (self->actions, 0, g_list_model_get_n_items (G_LIST_MODEL (self->actions)),
                       items->pdata, items->len);
  g_list_store_splice (self->groups, 0, g_list_model_get_n_items (G_LIST_MODEL (self->groups)),
                       groups->pdata, groups->len);
  number_keys (self);
}

/* The actions list.  Every legal action can be reached from it:
 * - the actions the last click pointed at (several at one square) first;
 * - at a prompt, every legal action: the selected unit's first, then the
 *   prompt's, then any other legal one (so nothing the rules allow is
 *   left out);
 * - otherwise the actions of no unit, the selected unit's actions, and a
 *   row per other unit that can act ("Select pink-9 (3 actions)"), which
 *   selects it and lists its actions. */
void
_acies_play_session_update_actions (AciesPlaySession  *self,
                                    const AciesPrompt *prompt)
{
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) grouped = g_hash_table_new (NULL, NULL);
  Rows rows = { shown, labels };
  guint n_candidates = 0;

  if (!self->curtain && !state_of (self)->finished)
    {
      for (guint i = 0; i < self->candidates->len; i++)
        add_unique (self, &rows, &g_array_index (self->candidates, AciesAction, i));
      n_candidates = shown->len;
      /* What the picked units may do together, each one gesture. */
      for (guint i = 0; i < self->series->len; i++)
        {
          AciesAction row = { SERIES_ROW, -1, { (gint32) i, -1, -1, -1, -1, -1, -1, -1 } };

          add_unique (self, &rows, &row);
        }

      if (prompt != NULL && prompt->actions != NULL)
        {
          for (guint i = 0; i < self->legal->len; i++)
            if (_acies_play_session_action_of_selection (self, &g_array_index (self->legal, AciesAction, i)))
              add_unique (self, &rows, &g_array_index (self->legal, AciesAction, i));
          for (guint i = 0; i < prompt->actions->len; i++)
            add_unique (self, &rows, &g_array_index (prompt->actions, AciesAction, i));
          for (guint i = 0; i < self->legal->len; i++)
            add_unique (self, &rows, &g_array_index (self->legal, AciesAction, i));
        }
      else
        {
          for (guint i = 0; i < self->legal->len; i++)
            {
              const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
              gint unit = _acies_play_session_first_unit_arg (self, action);
              AciesAction select = { SELECT_UNIT_ROW, -1, { unit, -1, -1, -1, -1, -1, -1, -1 } };
              const char *id;
              g_autofree char *name = NULL;
              guint n = 0;

              if (unit < 0 || unit == self->selected_unit)
                {
                  add_unique (self, &rows, action);
                  continue;
                }
              if (g_hash_table_contains (grouped, GINT_TO_POINTER (unit + 1)))
                continue;
              g_hash_table_add (grouped, GINT_TO_POINTER (unit + 1));

              /* A unit that may act: one row selects it; its actions (and
               * on the board its destinations) show then. */
              for (guint j = 0; j < self->legal->len; j++)
                n += _acies_play_session_first_unit_arg (self, &g_array_index (self->legal, AciesAction, j)) == unit;
              name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->seat);
              id = name != NULL ? name : acies_ruleset_unit_id (ruleset_of (self), state_of (self), unit);
              if (_acies_play_session_cell_of_unit (self, unit) == ACIES_CELL_NONE)
                /* Translators: a unit that is not on the board yet. */
                add_shown (&rows, &select, g_strdup_printf (_("Select %s (off the board)"), id));
              else
                /* Translators: a unit on the board and how many actions it has. */
                add_shown (&rows, &select,
                           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Select %s (%u action)",
                                                         "Select %s (%u actions)", n), id, n));
            }
        }
    }

  group_rows (self, &rows, n_candidates);
}

/* An attack declared and not rolled yet: the legal action that rolls it
 * (one without arguments) for which the ruleset gives odds.  Its odds are
 * those of the declared attack as it now stands, with the supporters and
 * choices made so far (as `acies-cli odds` reads a declared attack in a
 * saved game). */
gboolean
_acies_play_session_find_declared (AciesPlaySession *self,
                                   AciesAction      *out)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
      g_autoptr(AciesOdds) odds = NULL;

      if (action->type >= n_specs || specs[action->type].n_args != 0)
        continue;
      odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);
      if (odds != NULL)
        {
          if (out != NULL)
            *out = *action;
          return TRUE;
        }
    }

  return FALSE;
}

/* The legal action End Phase takes: the first whose spec's name starts
 * with "end" or is "pass" (a convention of the action specs). */
gboolean
_acies_play_session_find_end_phase (AciesPlaySession *self,
                                    AciesAction      *out)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

      if (action->type < n_specs
          && (g_str_has_prefix (specs[action->type].name, "end") || g_str_equal (specs[action->type].name, "pass")))
        {
          if (out != NULL)
            *out = *action;
          return TRUE;
        }
    }

  return FALSE;
}

/* How long after the curtain lifts the list's keys still wait: the
 * incoming player has not read the list yet (issue 17.6). */
#define KEYS_AFTER_CURTAIN_US (G_USEC_PER_SEC / 2)

/**
 * acies_play_session_choose_key:
 * @self: a play session
 * @key: 0 for Alt+1 … 8 for Alt+9
 *
 * Takes the row of the actions list that Alt+@key+1 names (the first nine
 * rows of the open groups, as the list shows them), as
 * acies_play_session_choose() does.  Behind the hand-over curtain, and
 * for half a second after it lifts, the keys take nothing and
 * #AciesPlaySession::key-refused is emitted (the window rings the bell):
 * a key pressed then was meant for a list the player has not read.  A key
 * that no row shows now does nothing.
 *
 * Returns: whether a row has that key and was taken
 */
gboolean
acies_play_session_choose_key (AciesPlaySession *self,
                               guint             key)
{
  guint n;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);

  if (self->curtain
      || (self->lifted_at != 0 && g_get_monotonic_time () - self->lifted_at < KEYS_AFTER_CURTAIN_US))
    {
      _acies_play_session_refuse_key (self);
      return FALSE;
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->actions));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AciesPlayAction) row = g_list_model_get_item (G_LIST_MODEL (self->actions), i);

      if (acies_play_action_get_key (row) == (gint) key)
        {
          acies_play_session_choose (self, acies_play_action_get_index (row));
          return TRUE;
        }
    }

  return FALSE;
}
