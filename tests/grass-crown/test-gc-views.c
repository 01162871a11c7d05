/* test-gc-views.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-views"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"

#include "gc-test-common.h"

/*
 * What the play mode reads from the Grass Crown ruleset: the per-player
 * state views (GC 3.1-d/e, checklist 1.C, GC-G19), the paths and costs of
 * moves (8.0, 8.5, 8.9), the markers in the unit views (8.1, 9.4, 10.0)
 * and the phase names (4.0).  Synthetic boards as in test-gc-move.c: red
 * (side 0) holds the south edge and moves north, blue the north edge.
 */

/* The Foot (@mounted FALSE) or Mounted wing @id (in colour @id) of @side. */
static void
put_wing (AciesScenario *sc,
          const char    *id,
          const char    *side,
          gboolean       mounted)
{
  add_wing (sc, id, side, id, mounted, "none");
}

/* A Foot unit (L, H, P) with @back, or a Mounted unit (C, E, W). */
static void
put_unit (AciesScenario *sc,
          const char    *id,
          const char    *wing,
          const char    *type,
          const char    *back,
          const char    *cell)
{
  add_piece (sc, id, wing, type, back, 1, cell);
}

/* Pink (red Foot), purple (blue Foot), white (red Mounted) and gold (blue
 * Mounted) on 8 × 10, with a Foot unit per side in a corner. */
static AciesScenario *
wings_new (void)
{
  AciesScenario *sc = board_new (8, 10);

  put_wing (sc, "pink", "red", FALSE);
  put_wing (sc, "purple", "blue", FALSE);
  put_wing (sc, "white", "red", TRUE);
  put_wing (sc, "gold", "blue", TRUE);
  put_unit (sc, "p0", "pink", "L", "exhausted", "A10");
  put_unit (sc, "q0", "purple", "L", "exhausted", "H1");
  return sc;
}

/* The sample scenario with @options and seeded dice. */
static void
fixture_load (Fixture    *fx,
              JsonObject *options,
              guint64     seed)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples",
                                            "grass-crown-sample.acies", NULL);
  AciesScenario *sc = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  fixture_start_opts (fx, sc, options);
  acies_dice_free (fx->dice);
  fx->dice = acies_dice_new_seeded (seed);
}

/* Applies an action of @type with a0…a4 (it must be legal and succeed). */
static void
act_plain (Fixture *fx,
           guint    type,
           gint     a0,
           gint     a1,
           gint     a2,
           gint     a3,
           gint     a4)
{
  AciesAction a = action_of (fx, type, a0, a1, a2, a3, a4);

  act_action (fx, &a);
}

/* Commands @wing to Move (group @group, -1 for all). */
static void
order_move (Fixture    *fx,
            const char *wing,
            gint        group)
{
  act_plain (fx, ACIES_GC_ACTION_COMMAND, wing_index (fx, wing), MOVE, NONE, ACIES_GC_AQUILA_NONE, group);
}

static AciesAction
step_action (Fixture    *fx,
             const char *unit,
             const char *to)
{
  AciesAction a;

  acies_action_init (&a, ACIES_GC_ACTION_STEP, fx->s->base.deciding_side);
  a.args[0] = uid (fx, unit);
  a.args[1] = cell (fx, to);
  return a;
}

static char *
view_text (Fixture *fx,
           gint     viewer)
{
  g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (fx->ruleset, &fx->s->base, viewer);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_to_string (node, FALSE);
}

/* The "drawn" record of @wing and @front in @viewer's view, or NULL. */
static JsonObject *
drawn_record (JsonNode   *root,
              const char *wing,
              const char *front)
{
  JsonObject *object = json_node_get_object (root);
  JsonArray *drawn;

  if (!json_object_has_member (object, "drawn"))
    return NULL;
  drawn = json_object_get_array_member (object, "drawn");
  for (guint i = 0; i < json_array_get_length (drawn); i++)
    {
      JsonObject *r = json_array_get_object_element (drawn, i);

      if (g_str_equal (json_object_get_string_member (r, "wing_id"), wing)
          && g_str_equal (json_object_get_string_member (r, "front_id"), front))
        return r;
    }
  return NULL;
}

/* Checklist 1.C: no view names a unit together with its unrevealed back:
 * the unit records hold only id, status and cell ("hero" only for the
 * owner under GC-G19), and the unit views carry no hidden values. */
static void
assert_no_back_leak (Fixture  *fx,
                     gint      viewer,
                     gboolean  tracks_heroes)
{
  g_autoptr(JsonNode) root = acies_ruleset_state_view_to_json (fx->ruleset, &fx->s->base, viewer);
  JsonArray *units = json_object_get_array_member (json_node_get_object (root), "units");

  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *r = json_array_get_object_element (units, i);
      g_autoptr(GList) fields = json_object_get_members (r);
      gint u = uid (fx, json_object_get_string_member (r, "id"));

      for (GList *f = fields; f != NULL; f = f->next)
        {
          if (g_str_equal (f->data, "hero"))
            {
              g_assert_true (tracks_heroes || fx->s->units[u].revealed);
              g_assert_cmpint (fx->s->units[u].side, ==, viewer);
              g_assert_cmpint (acies_gc_counter (fx->s, u)->back, ==, ACIES_GC_BACK_HERO);
              continue;
            }
          g_assert_true (g_str_equal (f->data, "id") || g_str_equal (f->data, "status")
                         || g_str_equal (f->data, "cell"));
        }
    }
  for (guint u = 0; u < fx->s->n_units; u++)
    {
      AciesUnit view;

      if (!acies_ruleset_unit_view (fx->ruleset, &fx->s->base, u, viewer, &view))
        continue;
      if (!fx->s->units[u].revealed)
        {
          g_assert_false (json_object_has_member (view.attrs, "revealed"));
          g_assert_false (json_object_has_member (view.attrs, "hero"));
          if (!(tracks_heroes && viewer == fx->s->units[u].side
                && acies_gc_counter (fx->s, u)->back == ACIES_GC_BACK_HERO))
            g_assert_null (view.hidden);
        }
      g_assert_false (json_object_has_member (view.attrs, "back"));
    }
}

/* ---- 3.1-d/e, 1.C: the set-up views ---- */

/* GC 3.1-d: after the draw the owner's view holds the backs of the drawn
 * counters per wing and front (they add up to the draw, and match the
 * counters drawn), the opponent's only their number, so the two views
 * differ (the play mode's curtain). */
static void
test_3_1_d_owner_sees_backs (void)
{
  Fixture fx;
  g_autofree char *before0 = NULL, *before1 = NULL, *after0 = NULL, *after1 = NULL;
  g_autoptr(JsonNode) owner = NULL, opponent = NULL;
  gint side;
  guint records = 0;

  fixture_load (&fx, NULL, 7);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_DRAW);
  side = fx.s->base.deciding_side;
  before0 = view_text (&fx, 0);
  before1 = view_text (&fx, 1);
  /* Nothing drawn yet: nothing hidden from either. */
  g_assert_cmpstr (before0, ==, before1);

  act_plain (&fx, ACIES_GC_ACTION_DRAW, -1, -1, -1, -1, -1);
  after0 = view_text (&fx, 0);
  after1 = view_text (&fx, 1);
  g_assert_cmpstr (after0, !=, after1);

  owner = acies_ruleset_state_view_to_json (fx.ruleset, &fx.s->base, side);
  opponent = acies_ruleset_state_view_to_json (fx.ruleset, &fx.s->base, 1 - side);
  for (guint w = 0; w < fx.s->st->wings->len; w++)
    for (gint cc = ACIES_GC_CC_D; cc <= ACIES_GC_CC_STAR; cc++)
      {
        const AciesGcWingDef *wd = acies_gc_wing (fx.s, w);
        guint n = 0, backs[3] = { 0, 0, 0 };
        JsonObject *mine, *theirs;

        for (guint u = 0; u < fx.s->n_units; u++)
          {
            const AciesGcCounter *c = acies_gc_counter (fx.s, u);

            if (c == NULL || c->pool < 0 || fx.s->units[u].wing != (gint) w || c->back == ACIES_GC_BACK_NONE
                || (gint) c->cc != cc || fx.s->units[u].status != ACIES_GC_UNIT_UNPLACED)
              continue;
            n++;
            backs[c->back]++;
          }
        mine = drawn_record (owner, wd->id, acies_gc_cc_name (cc));
        theirs = drawn_record (opponent, wd->id, acies_gc_cc_name (cc));
        if (n == 0)
          {
            g_assert_null (mine);
            g_assert_null (theirs);
            continue;
          }
        records++;
        g_assert_cmpint (wd->side, ==, side);
        g_assert_nonnull (mine);
        g_assert_nonnull (theirs);
        g_assert_cmpint (json_object_get_int_member (mine, "drawn"), ==, n);
        g_assert_cmpint (json_object_get_int_member (mine, "exhausted"), ==, backs[ACIES_GC_BACK_EXHAUSTED]);
        g_assert_cmpint (json_object_get_int_member (mine, "brittle"), ==, backs[ACIES_GC_BACK_BRITTLE]);
        g_assert_cmpint (json_object_get_int_member (mine, "hero"), ==, backs[ACIES_GC_BACK_HERO]);
        /* The opponent: the count only. */
        g_assert_cmpint (json_object_get_int_member (theirs, "drawn"), ==, n);
        g_assert_false (json_object_has_member (theirs, "exhausted"));
        g_assert_false (json_object_has_member (theirs, "brittle"));
        g_assert_false (json_object_has_member (theirs, "hero"));
      }
  g_assert_cmpuint (records, >, 0);
  fixture_end (&fx);
}

/* GC 3.1-d/e, 1.C: through the whole set-up neither view ties a placed
 * counter to its back; once play begins the backs are hidden from both,
 * the draw records are gone and both sides see the same state. */
static void
test_3_1_d_no_placed_back (void)
{
  Fixture fx;
  guint steps = 0;
  gboolean differed = FALSE;

  fixture_load (&fx, NULL, 11);
  while (fx.s->phase == ACIES_GC_PHASE_SETUP)
    {
      g_autofree char *v0 = view_text (&fx, 0);
      g_autofree char *v1 = view_text (&fx, 1);

      differed |= g_strcmp0 (v0, v1) != 0;
      assert_no_back_leak (&fx, 0, FALSE);
      assert_no_back_leak (&fx, 1, FALSE);
      apply_first_legal (&fx);
      g_assert_cmpuint (++steps, <, 1000);
    }
  g_assert_true (differed);

  {
    g_autofree char *v0 = view_text (&fx, 0);
    g_autofree char *v1 = view_text (&fx, 1);
    g_autoptr(JsonNode) root = acies_ruleset_state_view_to_json (fx.ruleset, &fx.s->base, 0);

    g_assert_cmpstr (v0, ==, v1);
    g_assert_false (json_object_has_member (json_node_get_object (root), "drawn"));
    assert_no_back_leak (&fx, 0, FALSE);
    assert_no_back_leak (&fx, 1, FALSE);
  }
  fixture_end (&fx);
}

/* GC-G19 (option owner_tracks_heroes): the owner's view marks its placed
 * Heroes, the opponent's does not, so the views differ during play too. */
static void
test_g19_owner_tracks_heroes (void)
{
  Fixture fx;
  g_autoptr(JsonObject) options = json_object_new ();
  guint marked[2] = { 0, 0 }, heroes[2] = { 0, 0 };

  json_object_set_boolean_member (options, "owner_tracks_heroes", TRUE);
  fixture_load (&fx, options, 5);
  while (fx.s->phase == ACIES_GC_PHASE_SETUP)
    apply_first_legal (&fx);
  for (gint viewer = 0; viewer < 2; viewer++)
    {
      g_autoptr(JsonNode) root = acies_ruleset_state_view_to_json (fx.ruleset, &fx.s->base, viewer);
      JsonArray *units = json_object_get_array_member (json_node_get_object (root), "units");

      assert_no_back_leak (&fx, viewer, TRUE);
      for (guint i = 0; i < json_array_get_length (units); i++)
        if (json_object_get_boolean_member_with_default (json_array_get_object_element (units, i), "hero", FALSE))
          marked[viewer]++;
    }
  for (guint u = 0; u < fx.s->n_units; u++)
    if (acies_gc_on_board (fx.s, u) && acies_gc_counter (fx.s, u)->back == ACIES_GC_BACK_HERO)
      heroes[fx.s->units[u].side]++;
  g_assert_cmpuint (heroes[0] + heroes[1], >, 0);
  g_assert_cmpuint (marked[0], ==, heroes[0]);
  g_assert_cmpuint (marked[1], ==, heroes[1]);
  {
    g_autofree char *v0 = view_text (&fx, 0);
    g_autofree char *v1 = view_text (&fx, 1);

    g_assert_cmpstr (v0, !=, v1);
  }
  fixture_end (&fx);
}

/* ---- 8.0, 8.5, 8.9: paths and costs ---- */

static void
assert_path (Fixture           *fx,
             const AciesAction *a,
             const char *const *labels,
             gint               cost)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  gint got = -1;
  guint n = g_strv_length ((GStrv) labels);

  g_assert_true (acies_ruleset_is_legal (fx->ruleset, &fx->s->base, a));
  g_assert_true (acies_ruleset_get_action_path (fx->ruleset, &fx->s->base, a, cells, &got));
  g_assert_cmpuint (cells->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (g_array_index (cells, AciesCell, i), ==, cell (fx, labels[i]));
  g_assert_cmpint (got, ==, cost);
}

/* GC 8.0: a plain step costs one square; GC 8.9-a: entering the River
 * costs two (the Move Phase charges the same). */
static void
test_8_9_a_path_river (void)
{
  Fixture fx;
  AciesScenario *sc = wings_new ();
  AciesAction a;
  const char *plain[] = { "C8", "C7", NULL };
  const char *river[] = { "D8", "D7", NULL };

  put_unit (sc, "p1", "pink", "L", "exhausted", "C8");
  put_unit (sc, "p2", "pink", "L", "exhausted", "D8");
  acies_map_set_terrain (&sc->map, acies_board_cell_from_label (sc->map.board, "D7"), "river");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  order_move (&fx, "pink", -1);

  a = step_action (&fx, "p1", "C7");
  assert_path (&fx, &a, plain, 1);
  act_action (&fx, &a);
  g_assert_cmpuint (fx.s->units[uid (&fx, "p1")].moved, ==, 1);

  a = step_action (&fx, "p2", "D7");
  assert_path (&fx, &a, river, 2);
  act_action (&fx, &a);
  g_assert_cmpuint (fx.s->units[uid (&fx, "p2")].moved, ==, 2);

  /* Ending the phase moves nothing. */
  acies_action_init (&a, ACIES_GC_ACTION_END_PHASE, fx.s->base.deciding_side);
  {
    g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));

    g_assert_false (acies_ruleset_get_action_path (fx.ruleset, &fx.s->base, &a, cells, NULL));
    g_assert_cmpuint (cells->len, ==, 0);
  }
  fixture_end (&fx);
}

/* GC 8.5-j/k: an elephant moves straight through friendly Foot; the path
 * holds every square crossed and costs their number. */
static void
test_8_5_k_path_elephant (void)
{
  Fixture fx;
  AciesScenario *sc = wings_new ();
  AciesAction a;
  const char *through[] = { "D8", "D7", "D6", NULL };

  put_unit (sc, "e1", "white", "E", NULL, "D8");
  put_unit (sc, "p1", "pink", "L", "exhausted", "D7");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  order_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  a = step_action (&fx, "e1", "D6");
  assert_path (&fx, &a, through, 2);
  act_action (&fx, &a);
  g_assert_cmpuint (fx.s->units[uid (&fx, "e1")].moved, ==, 2);
  fixture_end (&fx);
}

/* GC 8.5-i: every interception offered has a path from the interceptor's
 * square to the chosen one, king steps over empty squares, at most four. */
static void
test_8_5_i_path_intercept (void)
{
  Fixture fx;
  AciesScenario *sc = wings_new ();
  AciesAction a;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint n = 0;

  put_unit (sc, "w1", "white", "C", NULL, "D8");
  put_unit (sc, "g1", "gold", "C", NULL, "D3");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  order_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  a = step_action (&fx, "w1", "D7");
  act_action (&fx, &a);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INTERCEPT);
  acies_ruleset_legal_actions (fx.ruleset, &fx.s->base, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *x = &g_array_index (legal, AciesAction, i);
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
      gint cost = -1;

      if (x->type != ACIES_GC_ACTION_INTERCEPT)
        continue;
      n++;
      g_assert_true (acies_ruleset_get_action_path (fx.ruleset, &fx.s->base, x, cells, &cost));
      g_assert_cmpuint (cells->len, >=, 2);
      g_assert_cmpint (g_array_index (cells, AciesCell, 0), ==, cell (&fx, "D3"));
      g_assert_cmpint (g_array_index (cells, AciesCell, cells->len - 1), ==, x->args[1]);
      g_assert_cmpint (cost, ==, cells->len - 1);
      g_assert_cmpint (cost, <=, 4);
      for (guint k = 1; k < cells->len; k++)
        {
          AciesCell c = g_array_index (cells, AciesCell, k);

          g_assert_true (acies_gc_adjacent8 (fx.s, g_array_index (cells, AciesCell, k - 1), c));
          g_assert_cmpint (fx.s->occ[c], <, 0);
        }
    }
  g_assert_cmpuint (n, >, 0);
  fixture_end (&fx);
}

/* ---- 8.1, 9.4, 10.0: the markers in the unit views ---- */

static JsonObject *
attrs_of (Fixture    *fx,
          const char *unit,
          gint        viewer)
{
  AciesUnit view;

  g_assert_true (acies_ruleset_unit_view (fx->ruleset, &fx->s->base, uid (fx, unit), viewer, &view));
  g_assert_nonnull (view.attrs);
  return view.attrs;
}

/* GC 8.1-d: Foot facing enemy Foot is Engaged; laterally adjacent is not.
 * GC 2.2, 9.4: a flipped Exhausted back shows its reverse (one stripe,
 * its VP) and is revealed; a flipped Hero back its ★ (10.0), the same for
 * both players; the front values stay in the attrs. */
static void
test_8_1_d_view_markers (void)
{
  Fixture fx;
  AciesScenario *sc = wings_new ();
  JsonObject *attrs;

  put_unit (sc, "p1", "pink", "L", "exhausted", "C5");
  put_unit (sc, "q1", "purple", "L", "hero", "C4");
  put_unit (sc, "p2", "pink", "L", "exhausted", "F5");
  put_unit (sc, "q2", "purple", "L", "brittle", "G5");
  fixture_start (&fx, sc);

  attrs = attrs_of (&fx, "p1", 0);
  g_assert_true (json_object_get_boolean_member (attrs, "engaged"));
  g_assert_false (json_object_has_member (attrs, "reverse"));
  g_assert_cmpstr (json_object_get_string_member (attrs, "cc"), ==, "B");
  g_assert_true (json_object_get_boolean_member (attrs_of (&fx, "q1", 1), "engaged"));
  g_assert_false (json_object_get_boolean_member (attrs_of (&fx, "p2", 0), "engaged"));
  g_assert_false (json_object_get_boolean_member (attrs_of (&fx, "q2", 0), "engaged"));
  g_assert_false (json_object_has_member (attrs_of (&fx, "q1", 1), "revealed"));

  /* Flips (9.4). */
  g_assert_false (acies_gc_exhaust (fx.s, uid (&fx, "p1"), ACIES_GC_CAUSE_COMBAT, NULL));
  g_assert_false (acies_gc_exhaust (fx.s, uid (&fx, "q1"), ACIES_GC_CAUSE_COMBAT, NULL));
  for (gint viewer = 0; viewer < 2; viewer++)
    {
      JsonObject *reverse;

      /* GC 2.2: the reverse as printed (one white stripe and the VP; ★
       * and the VP), which the counter draws; no marker word. */
      attrs = attrs_of (&fx, "p1", viewer);
      g_assert_false (json_object_has_member (attrs, "exhausted"));
      g_assert_cmpstr (json_object_get_string_member (attrs, "revealed"), ==, "exhausted");
      g_assert_false (json_object_has_member (attrs, "hero"));
      reverse = json_object_get_object_member (attrs, "reverse");
      g_assert_nonnull (reverse);
      g_assert_cmpint (json_object_get_int_member (reverse, "stripes"), ==, 1);
      g_assert_cmpint (json_object_get_int_member (reverse, "vp"), ==, 2);
      g_assert_false (json_object_has_member (reverse, "cc"));
      attrs = attrs_of (&fx, "q1", viewer);
      g_assert_false (json_object_has_member (attrs, "exhausted"));
      g_assert_false (json_object_has_member (attrs, "hero"));
      g_assert_cmpstr (json_object_get_string_member (attrs, "revealed"), ==, "hero");
      reverse = json_object_get_object_member (attrs, "reverse");
      g_assert_cmpstr (json_object_get_string_member (reverse, "cc"), ==, "★");
      g_assert_cmpint (json_object_get_int_member (reverse, "vp"), ==, 2);
      g_assert_false (json_object_has_member (reverse, "stripes"));
      /* No true flag but "engaged": the window's marker words. */
      {
        g_autoptr(GList) members = json_object_get_members (attrs_of (&fx, "p1", viewer));

        for (GList *l = members; l != NULL; l = l->next)
          {
            JsonNode *node = json_object_get_member (attrs_of (&fx, "p1", viewer), l->data);

            if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN
                && json_node_get_boolean (node))
              g_assert_cmpstr (l->data, ==, "engaged");
          }
      }
      /* The unflipped Brittle back stays hidden. */
      attrs = attrs_of (&fx, "q2", viewer);
      g_assert_false (json_object_has_member (attrs, "revealed"));
      g_assert_false (json_object_has_member (attrs, "hero"));
    }
  /* The scenario's own objects are untouched. */
  g_assert_false (json_object_has_member (acies_scenario_find_unit (sc, "p1")->attrs, "exhausted"));
  fixture_end (&fx);
}

/* ---- 4.0: phase names, and the views and paths over whole games ---- */

static const char *const book_phases[] = {
  "Set-up", "Command Phase", "Skirmish Phase", "Rally Phase", "Move Phase", "Bonus Move Phase",
  "Combat Phase", "Victory Phase", "Initiative Phase", "Game over", NULL
};

static AciesCell
path_start (const AciesGcState *s,
            const AciesAction  *a)
{
  switch (a->type)
    {
    case ACIES_GC_ACTION_STEP:
    case ACIES_GC_ACTION_INTERCEPT:
      return s->units[a->args[0]].cell;
    case ACIES_GC_ACTION_FLEE:
      return s->units[s->flee_unit].cell;
    case ACIES_GC_ACTION_RETREAT:
      return s->units[s->retreat_unit].cell;
    case ACIES_GC_ACTION_TRAMPLE:
      return s->units[s->trample_unit].cell;
    default:
      return ACIES_CELL_NONE;
    }
}

static AciesCell
path_end (const AciesGcState *s,
          const AciesAction  *a)
{
  switch (a->type)
    {
    case ACIES_GC_ACTION_STEP:
    case ACIES_GC_ACTION_INTERCEPT:
      return a->args[1];
    case ACIES_GC_ACTION_FLEE:
    case ACIES_GC_ACTION_RETREAT:
      return a->args[0];
    case ACIES_GC_ACTION_TRAMPLE:
      return s->units[a->args[0]].cell;
    default:
      return ACIES_CELL_NONE;
    }
}

/* GC 4.0: the phase is always one of the book's names (and the book
 * names each "… Phase"); in play both views are equal and leak no back;
 * every move-like legal action has a connected path from its unit to its
 * destination, with a cost of at least one square. */
static void
test_4_0_phase_names (void)
{
  g_autofree char *book_path = g_build_filename (ACIES_SOURCE_DIR, "..", "shared", "rules",
                                                 "grass-crown.txt", NULL);
  g_autofree char *book = NULL;
  guint paths = 0;

  if (g_file_get_contents (book_path, &book, NULL, NULL))
    for (guint i = 0; book_phases[i] != NULL; i++)
      if (g_str_has_suffix (book_phases[i], "Phase"))
        g_assert_nonnull (strstr (book, book_phases[i]));

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      Fixture fx;
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      guint n = 0;

      fixture_load (&fx, NULL, seed);
      while (!fx.s->base.finished && n++ < 3000)
        {
          g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
          g_autoptr(GError) error = NULL;

          g_assert_nonnull (fx.s->base.phase);
          g_assert_true (g_strv_contains (book_phases, fx.s->base.phase));
          if (fx.s->phase != ACIES_GC_PHASE_SETUP)
            {
              g_autofree char *v0 = view_text (&fx, 0);
              g_autofree char *v1 = view_text (&fx, 1);

              g_assert_cmpstr (v0, ==, v1);
            }
          if (n % 10 == 0)
            {
              assert_no_back_leak (&fx, 0, FALSE);
              assert_no_back_leak (&fx, 1, FALSE);
            }
          acies_ruleset_legal_actions (fx.ruleset, &fx.s->base, legal);
          g_assert_cmpuint (legal->len, >, 0);
          for (guint i = 0; i < legal->len; i++)
            {
              const AciesAction *a = &g_array_index (legal, AciesAction, i);
              g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
              gint cost = -1;
              AciesCell start = path_start (fx.s, a);

              if (!acies_ruleset_get_action_path (fx.ruleset, &fx.s->base, a, cells, &cost))
                {
                  /* Only actions that move no unit (charges, commands…). */
                  g_assert_true (start == ACIES_CELL_NONE);
                  continue;
                }
              paths++;
              g_assert_cmpint (g_array_index (cells, AciesCell, 0), ==, start);
              g_assert_cmpint (g_array_index (cells, AciesCell, cells->len - 1), ==, path_end (fx.s, a));
              for (guint k = 1; k < cells->len; k++)
                g_assert_true (acies_gc_adjacent8 (fx.s, g_array_index (cells, AciesCell, k - 1),
                                                   g_array_index (cells, AciesCell, k)));
              g_assert_cmpint (cost, >=, 1);
              g_assert_cmpint (cost, >=, (gint) cells->len - 1);
            }
          g_assert_true (acies_ruleset_apply (fx.ruleset, &fx.s->base,
                                              &g_array_index (legal, AciesAction,
                                                              g_rand_int_range (rand, 0, legal->len)),
                                              fx.dice, NULL, &error));
          g_assert_no_error (error);
        }
      fixture_end (&fx);
    }
  g_assert_cmpuint (paths, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/3.1-d/owner-sees-backs", test_3_1_d_owner_sees_backs);
  g_test_add_func ("/acies/grass-crown/3.1-d/no-placed-back", test_3_1_d_no_placed_back);
  g_test_add_func ("/acies/grass-crown/GC-G19/owner-tracks-heroes", test_g19_owner_tracks_heroes);
  g_test_add_func ("/acies/grass-crown/8.9-a/path-river-cost", test_8_9_a_path_river);
  g_test_add_func ("/acies/grass-crown/8.5-k/path-elephant", test_8_5_k_path_elephant);
  g_test_add_func ("/acies/grass-crown/8.5-i/path-intercept", test_8_5_i_path_intercept);
  g_test_add_func ("/acies/grass-crown/8.1-d/view-markers", test_8_1_d_view_markers);
  g_test_add_func ("/acies/grass-crown/4.0/phase-names", test_4_0_phase_names);

  return g_test_run ();
}
