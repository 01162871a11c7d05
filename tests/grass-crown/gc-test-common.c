/* gc-test-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "gc-test-common"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"

#include "gc-test-common.h"

AciesScenario *
board_new (guint w,
           guint h)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (w, h);
  AciesScenario *sc;
  const char *ids[] = { "red", "blue" };

  acies_board_set_label_scheme (board, ACIES_LABEL_ALNUM);
  sc = acies_scenario_new ("grass-crown", board, "clear");
  sc->first_side = g_strdup ("red");
  for (guint i = 0; i < 2; i++)
    {
      AciesSide *side = acies_side_new (ids[i], i == 0 ? "Laevinus" : "Pyrrhus");

      side->home_edge = i == 0 ? ACIES_MAP_EDGE_SOUTH : ACIES_MAP_EDGE_NORTH;
      json_object_set_int_member (side->params, "skirmish_factor", 3);
      json_object_set_int_member (side->params, "vp_plus5", 30);
      json_object_set_int_member (side->params, "final_vp", 40);
      json_object_set_boolean_member (side->params, "first_turn", i == 0);
      json_object_set_boolean_member (side->params, "initiative", i == 0);
      json_object_set_boolean_member (side->params, "fortuna", i == 0);
      g_ptr_array_add (sc->sides, side);
    }
  return sc;
}

AciesScenario *
heraclea_load (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                            "heraclea.acies", NULL);
  AciesScenario *sc = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return sc;
}

void
add_wing (AciesScenario *sc,
          const char    *id,
          const char    *side,
          const char    *colour,
          gboolean       mounted,
          const char    *ta_role)
{
  AciesFormation *f = acies_formation_new (id, side, "wing");

  f->name = g_strdup (id);
  json_object_set_string_member (f->params, "colour", colour);
  json_object_set_boolean_member (f->params, "mounted", mounted);
  json_object_set_string_member (f->params, "ta_role", ta_role);
  g_ptr_array_add (sc->formations, f);
}

AciesUnit *
add_unit_vp (AciesScenario *sc,
             const char    *id,
             const char    *wing,
             const char    *type,
             const char    *cc,
             const char    *back,
             gint           diamonds,
             const char    *cell,
             gint           vp)
{
  AciesFormation *f = acies_scenario_find_formation (sc, wing);
  AciesUnit *u = acies_unit_new (id, f->side, type);

  u->formation = g_strdup (wing);
  if (cc != NULL)
    json_object_set_string_member (u->attrs, "cc", cc);
  if (diamonds >= 0)
    json_object_set_int_member (u->attrs, "diamonds", diamonds);
  if (back != NULL)
    {
      u->hidden = json_object_new ();
      json_object_set_string_member (u->hidden, "back", back);
      json_object_set_int_member (u->hidden, "vp", vp);
    }
  else
    json_object_set_int_member (u->attrs, "vp", vp);
  u->cell = acies_board_cell_from_label (sc->map.board, cell);
  g_assert_cmpint (u->cell, >=, 0);
  g_ptr_array_add (sc->units, u);
  return u;
}

AciesUnit *
add_unit (AciesScenario *sc,
          const char    *id,
          const char    *wing,
          const char    *type,
          const char    *cc,
          const char    *back,
          gint           diamonds,
          const char    *cell)
{
  return add_unit_vp (sc, id, wing, type, cc, back, diamonds, cell, 2);
}

AciesUnit *
add_piece (AciesScenario *sc,
           const char    *id,
           const char    *wing,
           const char    *type,
           const char    *back,
           gint           diamonds,
           const char    *cell)
{
  if (strchr ("LHP", type[0]) != NULL)
    return add_unit_vp (sc, id, wing, type, "B", back, -1, cell, 2);
  return add_unit_vp (sc, id, wing, type, NULL, NULL, type[0] == 'C' ? diamonds : -1, cell, 3);
}

/* lines_new() and lines_new_plain(): the six counters, each as
 * add_unit() makes it (@plain FALSE) or as add_piece() does. */
static AciesScenario *
lines_build (gboolean plain)
{
  static const struct { const char *id, *wing, *type, *cc, *back, *cell; } pieces[] = {
    { "p1", "pink", "L", "B", "exhausted", "C8" },
    { "p2", "pink", "L", "B", "exhausted", "D8" },
    { "p3", "pink", "L", "C", "brittle", "E8" },
    { "q1", "purple", "P", "A", "exhausted", "C3" },
    { "q2", "purple", "P", "A", "exhausted", "D3" },
    { "q3", "purple", "P", "A", "hero", "E3" },
  };
  AciesScenario *sc = board_new (8, 10);

  add_wing (sc, "pink", "red", "pink", FALSE, "none");
  add_wing (sc, "purple", "blue", "purple", FALSE, "none");
  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    if (plain)
      add_piece (sc, pieces[i].id, pieces[i].wing, pieces[i].type, "exhausted", -1, pieces[i].cell);
    else
      add_unit (sc, pieces[i].id, pieces[i].wing, pieces[i].type, pieces[i].cc, pieces[i].back, -1, pieces[i].cell);
  return sc;
}

AciesScenario *
lines_new (void)
{
  return lines_build (FALSE);
}

AciesScenario *
lines_new_plain (void)
{
  return lines_build (TRUE);
}

void
add_rule (AciesScenario *sc,
          const char    *rule,
          const char    *side)
{
  AciesRuleEntry *e = acies_rule_entry_new (rule);

  e->side = g_strdup (side);
  g_ptr_array_add (sc->special_rules, e);
}

void
fixture_start_opts (Fixture       *fx,
                    AciesScenario *sc,
                    JsonObject    *options)
{
  g_autoptr(GError) error = NULL;

  fx->ruleset = acies_ruleset_lookup ("grass-crown", &error);
  g_assert_no_error (error);
  fx->scenario = sc;
  fx->s = ACIES_GC_STATE (acies_ruleset_new_state (fx->ruleset, sc, options, &error));
  g_assert_no_error (error);
  g_assert_nonnull (fx->s);
  fx->dice = acies_dice_new_scripted ();
  fx->events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
}

void
fixture_start (Fixture       *fx,
               AciesScenario *sc)
{
  fixture_start_opts (fx, sc, NULL);
}

void
fixture_end (Fixture *fx)
{
  acies_ruleset_free_state (fx->ruleset, &fx->s->base);
  acies_scenario_unref (fx->scenario);
  acies_dice_free (fx->dice);
  g_clear_pointer (&fx->events, g_ptr_array_unref);
  g_object_unref (fx->ruleset);
}

void
apply_first_legal (Fixture *fx)
{
  g_autoptr(GArray) l = legal (fx);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (l->len, >, 0);
  g_assert_true (acies_ruleset_apply (fx->ruleset, &fx->s->base, &g_array_index (l, AciesAction, 0),
                                      fx->dice, fx->events, &error));
  g_assert_no_error (error);
}

void
play_setup (Fixture    *fx,
            PlaceCheck  check,
            gpointer    data)
{
  while (fx->s->step == ACIES_GC_STEP_PLACE || fx->s->step == ACIES_GC_STEP_DRAW)
    {
      if (check != NULL)
        {
          g_autoptr(GArray) l = legal (fx);

          for (guint i = 0; i < l->len; i++)
            if (g_array_index (l, AciesAction, i).type == ACIES_GC_ACTION_PLACE)
              check (fx, &g_array_index (l, AciesAction, i), data);
        }
      apply_first_legal (fx);
    }
}

gint
uid (Fixture    *fx,
     const char *id)
{
  gint u = acies_ruleset_unit_index (fx->ruleset, &fx->s->base, id);

  g_assert_cmpint (u, >=, 0);
  return u;
}

AciesCell
cell (Fixture    *fx,
      const char *label)
{
  return acies_board_cell_from_label (fx->scenario->map.board, label);
}

gint
wing_index (Fixture    *fx,
            const char *id)
{
  for (guint w = 0; w < fx->s->st->wings->len; w++)
    if (g_str_equal (acies_gc_wing (fx->s, w)->id, id))
      return w;
  g_assert_not_reached ();
}

guint8
status (Fixture    *fx,
        const char *id)
{
  return fx->s->units[uid (fx, id)].status;
}

const AciesEvent *
find_event (Fixture    *fx,
            const char *type)
{
  for (guint i = 0; i < fx->events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx->events, i);

      if (g_str_equal (e->type, type))
        return e;
    }
  return NULL;
}

GArray *
legal (Fixture *fx)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (fx->ruleset, &fx->s->base, out);
  return out;
}

guint
count_actions (Fixture *fx,
               guint    type,
               gint     a0,
               gint     a1)
{
  g_autoptr(GArray) l = legal (fx);
  guint n = 0;

  for (guint i = 0; i < l->len; i++)
    {
      const AciesAction *a = &g_array_index (l, AciesAction, i);

      if (a->type == type && (a0 == G_MININT || a->args[0] == a0) && (a1 == G_MININT || a->args[1] == a1))
        n++;
    }
  return n;
}

gboolean
has_action (Fixture *fx,
            guint    type,
            gint     a0,
            gint     a1)
{
  return count_actions (fx, type, a0, a1) > 0;
}

AciesAction
action_of (Fixture *fx,
           guint    type,
           gint     a0,
           gint     a1,
           gint     a2,
           gint     a3,
           gint     a4)
{
  AciesAction a;

  acies_action_init (&a, type, fx->s->base.deciding_side);
  a.args[0] = a0;
  a.args[1] = a1;
  a.args[2] = a2;
  a.args[3] = a3;
  a.args[4] = a4;
  return a;
}

gboolean
is_legal (Fixture *fx,
          guint    type,
          gint     a0,
          gint     a1,
          gint     a2,
          gint     a3,
          gint     a4)
{
  AciesAction a = action_of (fx, type, a0, a1, a2, a3, a4);

  return acies_ruleset_is_legal (fx->ruleset, &fx->s->base, &a);
}

void
act_action (Fixture     *fx,
            AciesAction *a)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (acies_ruleset_is_legal (fx->ruleset, &fx->s->base, a));
  g_assert_true (acies_ruleset_apply (fx->ruleset, &fx->s->base, a, fx->dice, fx->events, &error));
  g_assert_no_error (error);
}

void
act (Fixture *fx,
     guint    type,
     gint     a0,
     gint     a1,
     gint     a2,
     gint     a3,
     gint     a4)
{
  g_autoptr(GError) error = NULL;
  AciesAction a = action_of (fx, type, a0, a1, a2, a3, a4);

  act_action (fx, &a);
  g_assert_false (acies_dice_failed (fx->dice));
  g_assert_true (acies_ruleset_check_invariants (fx->ruleset, &fx->s->base, &error));
  g_assert_no_error (error);
}

void
command (Fixture    *fx,
         const char *wing,
         gint        first,
         gint        second,
         gint        aquila)
{
  act (fx, ACIES_GC_ACTION_COMMAND, wing != NULL ? wing_index (fx, wing) : -1, first, second, aquila, -1);
}

void
command_move (Fixture    *fx,
              const char *wing,
              gint        group)
{
  act (fx, ACIES_GC_ACTION_COMMAND, wing_index (fx, wing), MOVE, NONE, ACIES_GC_AQUILA_NONE, group);
}

void
no_fortuna (Fixture *fx)
{
  while (fx->s->step == ACIES_GC_STEP_FORTUNA)
    ACT1 (fx, ACIES_GC_ACTION_FORTUNA, FALSE);
}

void
blue_acts (Fixture *fx)
{
  fx->s->acting = 1;
  acies_gc_sync_base (fx->s);
}
