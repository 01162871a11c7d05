/* lb-test-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include <stdarg.h>

#include "lb-test-common.h"

/*
 * Helpers shared by the Lost Battles rule tests: small scenarios built in
 * code, states put straight into side 0's first player-turn, actions
 * applied with their events logged, and scripted dice.
 */

AciesScenario *
scn_new (void)
{
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("lost-battles");
  g_autoptr(AciesBoard) board = acies_board_new_zones_named ((const char * const *) catalogue->zone_names);
  AciesScenario *scn = acies_scenario_new ("lost-battles", board, "open");

  for (gint s = 0; s < 2; s++)
    {
      AciesSide *side = acies_side_new (s == 0 ? "a" : "b", s == 0 ? "Army 1" : "Army 2");

      g_ptr_array_add (scn->sides, side);
    }
  scn->first_side = g_strdup ("a");
  json_object_set_int_member (scn->params, "attacker_limit", 4);
  {
    /* Small test armies: no LB 11.1 collapse unless a test asks for it. */
    AciesRuleEntry *e = acies_rule_entry_new ("army-collapse");

    json_object_set_double_member (e->params, "min_units", 0);
    g_ptr_array_add (scn->victory, e);
  }
  return scn;
}

gint
scn_unit (AciesScenario *scn,
          gint           side,
          const char    *type,
          const char    *cls,
          const char    *sub)
{
  g_autofree char *id = g_strdup_printf ("u%u", scn->units->len);
  AciesUnit *u = acies_unit_new (id, side == 0 ? "a" : "b", type);

  json_object_set_string_member (u->attrs, "class", cls);
  if (sub != NULL)
    json_object_set_string_member (u->attrs, "subtype", sub);
  g_ptr_array_add (scn->units, u);
  return scn->units->len - 1;
}

gint
scn_leader (AciesScenario *scn,
            gint           side,
            gboolean       hero,
            const char    *rating,
            gboolean       timid,
            gint           bodyguard)
{
  g_autofree char *id = g_strdup_printf ("c%u", scn->leaders->len);
  AciesLeader *l = acies_leader_new (id, side == 0 ? "a" : "b", hero ? "hero" : "strategist");

  json_object_set_string_member (l->attrs, "rating", rating);
  json_object_set_boolean_member (l->attrs, "timid", timid);
  if (bodyguard >= 0)
    l->attached_to = g_strdup (((AciesUnit *) g_ptr_array_index (scn->units, bodyguard))->id);
  g_ptr_array_add (scn->leaders, l);
  return scn->leaders->len - 1;
}

/* A state in side 0's first player-turn, after its Orders roll (d6 = 6). */
AciesLbState *
state_new (AciesScenario *scn)
{
  g_autoptr(GError) error = NULL;
  AciesLbState *s = acies_lb_state_from_scenario (scn, NULL, &error);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  AciesAction a;

  g_assert_no_error (error);
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
  acies_dice_push (dice, 6);
  acies_action_init (&a, LB_A_ROLL, s->base.active_side);
  for (gint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
    a.args[i] = -1;
  g_assert_true (acies_lb_apply (s, &a, dice, NULL, &error));
  g_assert_no_error (error);
  return s;
}

void
state_free (AciesLbState *s)
{
  g_free (s->base.end_reason);
  acies_scenario_unref (s->base.scenario);
  g_free (s);
}

void
put (AciesLbState *s,
     gint          u,
     gint          zone,
     gint          facing)
{
  s->units[u].zone = zone;
  s->units[u].facing = facing;
  acies_lb_recount (s);
}

AciesAction
lb_action (const AciesLbState *s,
           gint                type,
           gint                a0,
           gint                a1,
           gint                a2,
           gint                a3)
{
  AciesAction a;

  acies_action_init (&a, type, s->base.deciding_side);
  for (gint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
    a.args[i] = -1;
  a.args[0] = a0;
  a.args[1] = a1;
  a.args[2] = a2;
  a.args[3] = a3;
  return a;
}

gboolean
act_events (AciesLbState *s,
            AciesDice    *dice,
            GPtrArray    *events,
            gint          type,
            gint          a0,
            gint          a1,
            gint          a2,
            gint          a3)
{
  g_autoptr(GError) error = NULL;
  AciesAction a = lb_action (s, type, a0, a1, a2, a3);
  guint first = events->len;
  gboolean ok;

  ok = acies_lb_apply (s, &a, dice, events, &error);
  for (guint i = first; i < events->len; i++)
    g_test_message ("  %s", ((AciesEvent *) g_ptr_array_index (events, i))->text);
  if (!ok)
    g_test_message ("%s", error->message);
  return ok;
}

gboolean
act (AciesLbState *s,
     AciesDice    *dice,
     gint          type,
     gint          a0,
     gint          a1,
     gint          a2,
     gint          a3)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);

  return act_events (s, dice, events, type, a0, a1, a2, a3);
}

gboolean
has_action (const AciesLbState *s,
            gint                type,
            gint                a0,
            gint                a1)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_lb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == type && (a0 == -2 || a->args[0] == a0) && (a1 == -2 || a->args[1] == a1))
        return TRUE;
    }
  return FALSE;
}

void
push (AciesDice *dice,
      guint      a,
      guint      b)
{
  acies_dice_push (dice, a);
  acies_dice_push (dice, b);
}

/* Attacker @att alone in A1 Centre (1,2) facing S, defender lead @def in
 * A2 Centre (2,2) facing N; activates and declares the attack. */
void
setup_attack (AciesLbState *s,
              AciesDice    *dice,
              gint          att,
              gint          def)
{
  put (s, att, Z (1, 2), S);
  put (s, def, Z (2, 2), N);
  s->units[def].lead = 1;
  g_assert_true (act (s, dice, LB_A_SELECT, att, -1, -1, -1));
  for (gint i = 0; i < s->n_units; i++)
    if (i != att && s->units[i].side == 0 && s->units[i].zone == Z (1, 2))
      g_assert_true (act (s, dice, LB_A_SELECT, i, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_ATTACK);
}

void
side_param (AciesScenario *scn,
            gint           side,
            const char    *name)
{
  json_object_set_boolean_member (((AciesSide *) g_ptr_array_index (scn->sides, side))->params, name, TRUE);
}

/* Ends side 0's player-turn and rolls @die for side 1. */
void
next_player_turn (AciesLbState *s,
                  AciesDice    *dice,
                  guint         die)
{
  gint before = s->base.active_side;

  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  while (s->phase == LB_PH_LEADS)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      acies_lb_legal_actions (s, legal);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (act (s, dice, LB_A_LEAD, g_array_index (legal, AciesAction, 0).args[0], -1, -1, -1));
    }
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
  g_assert_cmpint (s->base.active_side, !=, before);
  acies_dice_push (dice, die);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
}

void
activate (AciesLbState   *s,
          AciesDice *dice,
          gint       kind,
          gint       with,
          gint       first,
          ...)
{
  va_list ap;

  g_assert_true (act (s, dice, LB_A_SELECT, first, -1, -1, -1));
  va_start (ap, first);
  for (gint u = va_arg (ap, gint); u >= 0; u = va_arg (ap, gint))
    g_assert_true (act (s, dice, LB_A_SELECT, u, -1, -1, -1));
  va_end (ap);
  g_assert_true (act (s, dice, LB_A_ACTIVATE, kind, with, -1, -1));
}
