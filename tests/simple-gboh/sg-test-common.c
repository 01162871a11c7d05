/* sg-test-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "sg-test-common"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"

#include "sg-test-common.h"

AciesScenario *
scn_new (guint w,
         guint h)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (w, h, ACIES_HEX_POINTY_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *sc;
  const char *ids[] = { "rome", "hostes" };
  const char *names[] = { "Rome", "Hostes" };

  acies_board_set_label_scheme (board, ACIES_LABEL_XXYY);
  sc = acies_scenario_new ("simple-gboh", board, "clear");
  sc->first_side = g_strdup ("rome");
  for (guint i = 0; i < 2; i++)
    {
      AciesSide *side = acies_side_new (ids[i], names[i]);

      side->home_edge = i == 0 ? ACIES_MAP_EDGE_SOUTH : ACIES_MAP_EDGE_NORTH;
      json_object_set_int_member (side->params, "withdrawal_level", 100);
      json_object_set_string_member (side->params, "retreat_edge", i == 0 ? "south" : "north");
      g_ptr_array_add (sc->sides, side);
    }
  return sc;
}

void
scn_formation (AciesScenario *sc,
               const char    *id,
               gint           side,
               gboolean       auxiliaries)
{
  AciesFormation *f = acies_formation_new (id, side == 0 ? "rome" : "hostes", "formation");

  f->name = g_strdup (id);
  json_object_set_boolean_member (f->params, "auxiliaries", auxiliaries);
  g_ptr_array_add (sc->formations, f);
}

const char *
nb_label (AciesScenario *sc,
          const char    *label,
          gint           dir)
{
  gint c = acies_board_cell_from_label (sc->map.board, label);
  gint n = acies_board_neighbour (sc->map.board, c, ((dir % 6) + 6) % 6);

  g_assert_cmpint (n, >=, 0);
  return acies_board_cell_label (sc->map.board, n);
}

gint
scn_unit (AciesScenario *sc,
          const char    *id,
          const char    *f,
          const char    *type,
          gint           tq,
          gint           size,
          gint           ma,
          const char    *missile,
          const char    *cell,
          gint           facing)
{
  AciesFormation *form = acies_scenario_find_formation (sc, f);
  AciesUnit *u;

  g_assert_nonnull (form);
  u = acies_unit_new (id, form->side, type);
  u->formation = g_strdup (f);
  u->name = g_strdup (id);
  json_object_set_int_member (u->attrs, "tq", tq);
  json_object_set_int_member (u->attrs, "size", size);
  json_object_set_int_member (u->attrs, "ma", ma);
  if (missile != NULL)
    json_object_set_string_member (u->attrs, "missile", missile);
  u->cell = acies_board_cell_from_label (sc->map.board, cell);
  g_assert_cmpint (u->cell, >=, 0);
  u->facing = g_str_equal (type, "ART") ? -1 : facing;
  if (g_str_equal (type, "PH"))
    u->cell2 = acies_board_cell_from_label (sc->map.board, nb_label (sc, cell, facing - 1));
  g_ptr_array_add (sc->units, u);
  return sc->units->len - 1;
}

void
scn_attr_string (AciesScenario *sc,
                 gint           unit,
                 const char    *name,
                 const char    *value)
{
  json_object_set_string_member (((AciesUnit *) g_ptr_array_index (sc->units, unit))->attrs, name, value);
}

void
scn_attr_int (AciesScenario *sc,
              gint           unit,
              const char    *name,
              gint           value)
{
  json_object_set_int_member (((AciesUnit *) g_ptr_array_index (sc->units, unit))->attrs, name, value);
}

gint
scn_leader (AciesScenario *sc,
            const char    *id,
            gint           side,
            const char    *f,
            gint           initiative,
            gint           range,
            gint           seizure,
            gint           unit,
            const char    *cell)
{
  AciesLeader *l = acies_leader_new (id, side == 0 ? "rome" : "hostes", "leader");

  l->name = g_strdup (id);
  l->formation = g_strdup (f);
  json_object_set_int_member (l->attrs, "initiative", initiative);
  json_object_set_int_member (l->attrs, "command_range", range);
  json_object_set_int_member (l->attrs, "seizure", seizure);
  if (unit >= 0)
    {
      AciesUnit *u = g_ptr_array_index (sc->units, unit);

      l->attached_to = g_strdup (u->id);
      l->cell = u->cell;
    }
  else if (cell != NULL)
    l->cell = acies_board_cell_from_label (sc->map.board, cell);
  g_ptr_array_add (sc->leaders, l);
  return sc->leaders->len - 1;
}

void
scn_leader_bool (AciesScenario *sc,
                 gint           leader,
                 const char    *name,
                 gboolean       value)
{
  json_object_set_boolean_member (((AciesLeader *) g_ptr_array_index (sc->leaders, leader))->attrs, name, value);
}

void
scn_oc (AciesScenario *sc,
        gint           side,
        const char    *leader)
{
  json_object_set_string_member (((AciesSide *) g_ptr_array_index (sc->sides, side))->params, "overall_commander",
                                 leader);
}

void
scn_side_int (AciesScenario *sc,
              gint           side,
              const char    *name,
              gint           value)
{
  json_object_set_int_member (((AciesSide *) g_ptr_array_index (sc->sides, side))->params, name, value);
}

void
scn_terrain (AciesScenario *sc,
             const char    *cell,
             const char    *terrain)
{
  acies_map_set_terrain (&sc->map, acies_board_cell_from_label (sc->map.board, cell), terrain);
}

void
scn_rule (AciesScenario *sc,
          const char    *kind,
          gint           side,
          const char    *param,
          const char    *value)
{
  AciesRuleEntry *e = acies_rule_entry_new (kind);

  if (side >= 0)
    e->side = g_strdup (side == 0 ? "rome" : "hostes");
  if (param != NULL)
    json_object_set_string_member (e->params, param, value);
  g_ptr_array_add (sc->special_rules, e);
}

/* ---- The fixture ---- */

void
fx_start (Fx            *fx,
          AciesScenario *sc,
          JsonObject    *options)
{
  g_autoptr(GError) error = NULL;

  memset (fx, 0, sizeof *fx);
  fx->ruleset = acies_simple_gboh_ruleset_new ();
  fx->scenario = sc;
  fx->s = SG (acies_ruleset_new_state (fx->ruleset, sc, options, &error));
  g_assert_no_error (error);
  g_assert_nonnull (fx->s);
  fx->dice = acies_dice_new_scripted ();
  fx->events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  acies_dice_set_events (fx->dice, fx->events);
}

void
fx_end (Fx *fx)
{
  if (fx->s != NULL)
    acies_ruleset_free_state (fx->ruleset, &fx->s->base);
  g_clear_pointer (&fx->dice, acies_dice_free);
  g_clear_pointer (&fx->events, g_ptr_array_unref);
  g_clear_pointer (&fx->scenario, acies_scenario_unref);
  g_clear_object (&fx->ruleset);
}

AciesScenario *
fx_battle (const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "simple-gboh", name, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *sc = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return sc;
}

gint
C (Fx         *fx,
   const char *label)
{
  gint c = acies_board_cell_from_label (fx->scenario->map.board, label);

  g_assert_cmpint (c, >=, 0);
  return c;
}

const char *
L (Fx  *fx,
   gint cell)
{
  return cell >= 0 ? acies_board_cell_label (fx->scenario->map.board, cell) : "none";
}

GArray *
fx_legal (Fx *fx)
{
  GArray *legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (fx->ruleset, &fx->s->base, legal);
  return legal;
}

gboolean
fx_has4 (Fx   *fx,
         guint type,
         gint  a0,
         gint  a1,
         gint  a2,
         gint  a3)
{
  g_autoptr(GArray) legal = fx_legal (fx);

  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == type && (a0 == G_MININT || a->args[0] == a0) && (a1 == G_MININT || a->args[1] == a1)
          && (a2 == G_MININT || a->args[2] == a2) && (a3 == G_MININT || a->args[3] == a3))
        return TRUE;
    }
  return FALSE;
}

gboolean
fx_has (Fx   *fx,
        guint type,
        gint  a0,
        gint  a1)
{
  return fx_has4 (fx, type, a0, a1, G_MININT, G_MININT);
}

void
fx_act (Fx   *fx,
        guint type,
        gint  a0,
        gint  a1,
        gint  a2,
        gint  a3)
{
  g_autoptr(GArray) legal = fx_legal (fx);
  g_autoptr(GError) error = NULL;
  const AciesAction *found = NULL;

  for (guint i = 0; i < legal->len && found == NULL; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == type && a->args[0] == a0 && a->args[1] == a1 && a->args[2] == a2 && a->args[3] == a3)
        found = a;
    }
  if (found == NULL)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < legal->len && i < 60; i++)
        {
          g_autofree char *d = acies_ruleset_describe_action (fx->ruleset, &fx->s->base,
                                                              &g_array_index (legal, AciesAction, i));

          g_string_append_printf (list, "\n  %s", d);
        }
      g_error ("action %u (%d, %d, %d, %d) is not legal in step %d; legal:%s", type, a0, a1, a2, a3, fx->s->step,
               list->str);
    }
  if (!acies_ruleset_apply (fx->ruleset, &fx->s->base, found, fx->dice, fx->events, &error))
    g_error ("apply: %s", error->message);
  if (acies_dice_failed (fx->dice))
    {
      g_autoptr(GString) log = g_string_new (NULL);

      for (guint i = 0; i < fx->events->len; i++)
        g_string_append_printf (log, "\n  %s", ((AciesEvent *) g_ptr_array_index (fx->events, i))->text);
      g_error ("a die was rolled that the test did not script; events:%s", log->str);
    }
  if (!acies_ruleset_check_invariants (fx->ruleset, &fx->s->base, &error))
    g_error ("invariant: %s", error->message);
}

void
fx_push (Fx   *fx,
         guint n,
         ...)
{
  va_list args;

  va_start (args, n);
  for (guint i = 0; i < n; i++)
    acies_dice_push (fx->dice, va_arg (args, guint));
  va_end (args);
}

const AciesEvent *
fx_event (Fx         *fx,
          const char *type)
{
  for (guint i = 0; i < fx->events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx->events, i);

      if (g_strcmp0 (e->type, type) == 0)
        return e;
    }
  return NULL;
}

guint
fx_count_events (Fx         *fx,
                 const char *type)
{
  guint n = 0;

  for (guint i = 0; i < fx->events->len; i++)
    n += g_strcmp0 (((AciesEvent *) g_ptr_array_index (fx->events, i))->type, type) == 0;
  return n;
}

void
fx_clear_events (Fx *fx)
{
  g_ptr_array_set_size (fx->events, 0);
}

gint
fx_unit (Fx         *fx,
         const char *id)
{
  for (guint i = 0; i < fx->scenario->units->len; i++)
    if (g_str_equal (((AciesUnit *) g_ptr_array_index (fx->scenario->units, i))->id, id))
      return i;
  g_error ("no unit %s", id);
}

gint
fx_formation (Fx         *fx,
              const char *id)
{
  for (guint i = 0; i < fx->scenario->formations->len; i++)
    if (g_str_equal (((AciesFormation *) g_ptr_array_index (fx->scenario->formations, i))->id, id))
      return i;
  g_error ("no formation %s", id);
}

gint
fx_leader (Fx         *fx,
           const char *id)
{
  for (guint i = 0; i < fx->scenario->leaders->len; i++)
    if (g_str_equal (((AciesLeader *) g_ptr_array_index (fx->scenario->leaders, i))->id, id))
      return i;
  g_error ("no leader %s", id);
}

void
fx_activate (Fx         *fx,
             const char *f)
{
  gint fi = fx_formation (fx, f), fc = sg_fc_of (fx->s, fi);

  if (fx->s->step == SG_ST_SEIZE)
    ACT0 (fx, SG_A_NO_SEIZE);
  g_assert_cmpint (fx->s->step, ==, SG_ST_ACTIVATE);
  fx_act (fx, SG_A_ACTIVATE, fi, fc, -1, -1);
}

void
fx_end_move (Fx *fx)
{
  fx_no_reactions (fx);
  ACT0 (fx, SG_A_END_MOVE);
}

void
fx_step (Fx         *fx,
         gint        u,
         const char *label)
{
  fx_act (fx, SG_A_STEP, u, C (fx, label), -1, -1);
}

void
fx_no_reactions (Fx *fx)
{
  while (fx->s->step == SG_ST_REACT)
    ACT0 (fx, SG_A_NO_REACTION);
}

AciesScenario *
scn_basic (guint w,
           guint h)
{
  AciesScenario *sc = scn_new (w, h);
  g_autofree char *corner = g_strdup_printf ("01%02u", h);

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_leader (sc, "fc", 0, "a", 3, 12, 0, -1, corner);
  return sc;
}

void
fx_pass_to (Fx  *fx,
            gint side)
{
  for (guint i = 0; i < 20 && !(fx->s->base.active_side == side && fx->s->step == SG_ST_ACTIVATE); i++)
    {
      if (fx->s->step == SG_ST_SEIZE)
        ACT0 (fx, SG_A_NO_SEIZE);
      else if (fx->s->step == SG_ST_ACTIVATE)
        ACT0 (fx, SG_A_PASS);
      else if (fx->s->step == SG_ST_MOVE)
        fx_end_move (fx);
      else if (fx->s->step == SG_ST_DESIGNATE && fx_has (fx, SG_A_END_DESIGNATION, -1, -1))
        ACT0 (fx, SG_A_END_DESIGNATION);
      else
        g_error ("fx_pass_to: stuck in step %d", fx->s->step);
    }
  g_assert_cmpint (fx->s->base.active_side, ==, side);
  g_assert_cmpint (fx->s->step, ==, SG_ST_ACTIVATE);
}

AciesAction
fx_first (Fx   *fx,
          guint type)
{
  g_autoptr(GArray) legal = fx_legal (fx);

  for (guint i = 0; i < legal->len; i++)
    if (g_array_index (legal, AciesAction, i).type == type)
      return g_array_index (legal, AciesAction, i);
  g_error ("no legal action of type %u in step %d", type, fx->s->step);
}
