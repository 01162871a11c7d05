/* test-gc-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-play"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "render/acies-render-private.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"

#include "gc-test-common.h"

/*
 * What the play window shows of a Grass Crown game, as two players read
 * it: the actions' sentences (describe_action), the victory screen's score
 * lines, the counters' views, the Fortuna prompt and the log.
 */

/* Plays Heraclea with random legal actions (seeded) until it ends. */
static Fixture
random_game (guint64 seed)
{
  Fixture fx;
  g_autoptr(JsonObject) options = json_object_new ();
  GRand *rand = g_rand_new_with_seed ((guint32) seed);
  guint n = 0;

  json_object_set_int_member (options, "max_turns", 200);
  fixture_start_opts (&fx, heraclea_load (), options);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (seed);
  while (!fx.s->base.finished && n++ < 200000)
    {
      g_autoptr(GArray) l = legal (&fx);
      g_autoptr(GError) error = NULL;

      /* Nobody concedes: the game is played out. */
      for (guint i = l->len; i-- > 0;)
        if (g_array_index (l, AciesAction, i).type == ACIES_GC_ACTION_CONCEDE)
          g_array_remove_index (l, i);
      g_assert_cmpuint (l->len, >, 0);
      g_assert_true (acies_ruleset_apply (fx.ruleset, &fx.s->base,
                                          &g_array_index (l, AciesAction, g_rand_int_range (rand, 0, l->len)),
                                          fx.dice, fx.events, &error));
      g_assert_no_error (error);
      g_ptr_array_set_size (fx.events, 0);
    }
  g_rand_free (rand);
  g_assert_true (fx.s->base.finished);
  return fx;
}

/* GC 13.0: the victory screen totals a side's score lines; they add up to
 * the side's VP, and the Rally Limit is said without points. */
static void
test_13_0_score_lines_sum (void)
{
  gint scored = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    {
      Fixture fx = random_game (seed);

      scored += fx.s->vp[0] + fx.s->vp[1];
      g_test_message ("seed %" G_GUINT64_FORMAT ": VP %d–%d, Rally Limits %d–%d, turn %u: %s", seed, fx.s->vp[0], fx.s->vp[1],
                      fx.s->rally_limit[0], fx.s->rally_limit[1], fx.s->player_turn, fx.s->base.end_reason);

      for (gint side = 0; side < 2; side++)
        {
          g_autoptr(GPtrArray) lines = acies_ruleset_get_score (fx.ruleset, &fx.s->base, side);
          g_autofree char *rl = g_strdup_printf ("Rally Limit left: %d", fx.s->rally_limit[side]);
          gint total = 0;
          gboolean said = FALSE;

          for (guint i = 0; i < lines->len; i++)
            {
              const AciesScoreLine *line = g_ptr_array_index (lines, i);

              total += line->points;
              if (g_str_has_prefix (line->label, rl))
                {
                  said = TRUE;
                  g_assert_cmpint (line->points, ==, 0);
                }
            }
          g_assert_cmpint (total, ==, fx.s->vp[side]);
          g_assert_true (said);
        }
      fixture_end (&fx);
    }
  /* The games did score. */
  g_assert_cmpint (scored, >, 0);
}

static char *
describe (Fixture *fx,
          guint    type,
          gint     player,
          gint     a0,
          gint     a1,
          gint     a2,
          gint     a3,
          gint     a4)
{
  AciesAction a = { 0, };

  a.type = type;
  a.player = player;
  a.args[0] = a0;
  a.args[1] = a1;
  a.args[2] = a2;
  a.args[3] = a3;
  a.args[4] = a4;
  return acies_ruleset_describe_action (fx->ruleset, &fx->s->base, &a);
}

static const char *
label_of (Fixture *fx,
          gint     u)
{
  return acies_board_cell_label (fx->scenario->map.board, fx->s->units[u].cell);
}

/* The first unit of wing @id on the board. */
static gint
unit_of_wing (Fixture    *fx,
              const char *id)
{
  gint w = wing_index (fx, id);

  for (guint u = 0; u < fx->s->n_units; u++)
    if (fx->s->units[u].wing == w && acies_gc_on_board (fx->s, u))
      return u;
  g_assert_not_reached ();
  return -1;
}

/* GC 5.0: Commands read as a player plays them: the Wing by name, the
 * phases in the order they run, the Aquila's effect, the Line Change. */
static void
test_5_0_describe_commands (void)
{
  Fixture fx;
  gint pink, white, purple;
  char *text;

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (5);
  play_setup (&fx, NULL, NULL);
  pink = wing_index (&fx, "pink");
  white = wing_index (&fx, "white");
  purple = wing_index (&fx, "purple");

  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, pink, MOVE, COMBAT, ACIES_GC_AQUILA_NONE, -1);
  g_assert_cmpstr (text, ==, "Command Pink (hastati): Move first (4 squares), then Combat");
  g_free (text);
  /* Skirmish/Rally before Move (4.0), whatever the order of the markers. */
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, pink, MOVE, SKIRMISH, ACIES_GC_AQUILA_NONE, -1);
  g_assert_cmpstr (text, ==, "Command Pink (hastati): Skirmish first, then Move (2 squares)");
  g_free (text);
  /* What a Command cannot carry out now is said with it (issue 17.9):
   * nothing to rally (GC 7.0), nobody in contact to attack (GC 9.0). */
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, pink, RALLY, NONE, ACIES_GC_AQUILA_NONE, -1);
  g_assert_cmpstr (text, ==, "Command Pink (hastati): Rally; beware: no unit of the wing is Exhausted: "
                   "its Rally Phase will have nothing to rally (GC 7.0)");
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, pink, COMBAT, NONE, ACIES_GC_AQUILA_PLUS, -1);
  g_assert_cmpstr (text, ==, "Command Pink (hastati): Aquila plus Combat (−1 on each Combat roll); beware: "
                   "no unit of the wing is in contact: its Combat Phase will have no Attack (GC 9.0)");
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, pink, SKIRMISH, COMBAT, ACIES_GC_AQUILA_NONE, -1);
  g_assert_true (g_str_has_suffix (text, "its Combat Phase will have no Attack (GC 9.0)"));
  g_free (text);
  /* A Move first may bring the wing into contact: no warning. */
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, pink, MOVE, COMBAT, ACIES_GC_AQUILA_NONE, -1);
  g_assert_null (strstr (text, "beware"));
  g_free (text);
  /* Laevinus is Triplex Acies: Aquila to all is the Line Change. */
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, -1, MOVE, NONE, ACIES_GC_AQUILA_ALL, -1);
  g_assert_true (g_str_has_prefix (text, "Aquila to all wings: Line Change (GC 11.2)"));
  g_assert_nonnull (strstr (text, "Pink (hastati) wing withdraws"));
  g_free (text);
  /* Pyrrhus is not: the standard Command to every Foot Wing. */
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 1, -1, SKIRMISH, NONE, ACIES_GC_AQUILA_ALL, -1);
  g_assert_true (g_str_has_prefix (text, "Aquila to all Foot Wings: Skirmish"));
  g_assert_nonnull (strstr (text, "Rally Limit −1"));
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_COMMAND, 0, white, MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY);
  g_assert_cmpstr (text, ==, "Command White (horse): Move its Cavalry");
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_SKIRMISH, 0, purple, -1, -1, -1, -1);
  g_assert_cmpstr (text, ==, "Skirmish against the Purple (phalanx) wing");
  g_free (text);

  /* Every Command offered now has its own sentence, not the generic one. */
  {
    g_autoptr(GArray) l = legal (&fx);

    g_assert_cmpuint (l->len, >, 3);
    for (guint i = 0; i < l->len; i++)
      {
        g_autofree char *t = acies_ruleset_describe_action (fx.ruleset, &fx.s->base, &g_array_index (l, AciesAction, i));

        /* The generic sentence lists "name: value" after a dash. */
        g_assert_null (strstr (t, " — "));
        g_assert_null (strstr (t, "wing:"));
        g_assert_null (strstr (t, "aquila:"));
      }
  }
  fixture_end (&fx);
}

/* GC 9.4, 12.0, 14.0 and the rest: units by class, counter and square;
 * yes/no answers as sentences; every action type has its own words. */
static void
test_describe_actions (void)
{
  Fixture fx;
  gint p, q;
  char *text;
  g_autofree char *expected = NULL;

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (5);
  play_setup (&fx, NULL, NULL);
  p = unit_of_wing (&fx, "pink");
  q = unit_of_wing (&fx, "purple");

  text = describe (&fx, ACIES_GC_ACTION_ABSORB, 0, p, -1, -1, -1, -1);
  expected = g_strdup_printf ("Take the Exhaustion on Light Infantry %s at %s (it flips)",
                              acies_gc_cc_name (acies_gc_counter (fx.s, p)->cc), label_of (&fx, p));
  g_assert_cmpstr (text, ==, expected);
  g_free (text);
  g_clear_pointer (&expected, g_free);
  if (acies_gc_counter (fx.s, p)->back == ACIES_GC_BACK_EXHAUSTED)
    {
      g_assert_false (acies_gc_exhaust (fx.s, p, ACIES_GC_CAUSE_SKIRMISH, NULL));
      text = describe (&fx, ACIES_GC_ACTION_ABSORB, 0, p, -1, -1, -1, -1);
      expected = g_strdup_printf ("Take the Exhaustion on Exhausted Light Infantry at %s (it is Eliminated)",
                                  label_of (&fx, p));
      g_assert_cmpstr (text, ==, expected);
      g_free (text);
      g_clear_pointer (&expected, g_free);
    }

  text = describe (&fx, ACIES_GC_ACTION_ATTACK, 1, q, p, -1, -1, -1);
  g_assert_true (g_str_has_prefix (text, "Attack "));
  g_assert_nonnull (strstr (text, label_of (&fx, p)));
  g_assert_nonnull (strstr (text, "with Phalanx A at "));
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_STEP, 0, p, cell (&fx, "A1"), -1, -1, -1);
  g_assert_true (g_str_has_prefix (text, "Move "));
  g_assert_true (g_str_has_suffix (text, " to A1"));
  g_free (text);

  text = describe (&fx, ACIES_GC_ACTION_INITIATIVE, 0, FALSE, -1, -1, -1, -1);
  g_assert_cmpstr (text, ==, "Do not declare Initiative");
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_INITIATIVE, 0, TRUE, -1, -1, -1, -1);
  g_assert_cmpstr (text, ==, "Declare Initiative and take another turn");
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_FORTUNA, 0, TRUE, -1, -1, -1, -1);
  g_assert_true (g_str_has_prefix (text, "Use Fortuna"));
  g_free (text);
  text = describe (&fx, ACIES_GC_ACTION_FORTUNA, 0, FALSE, -1, -1, -1, -1);
  g_assert_true (g_str_has_prefix (text, "Do not use Fortuna"));
  g_free (text);

  /* Every action type has its own sentence (no "name: value" list). */
  for (guint type = 0; type < ACIES_GC_N_ACTIONS; type++)
    {
      const AciesActionSpec *spec = &acies_gc_action_specs[type];
      AciesAction a = { 0, };

      a.type = type;
      a.player = 0;
      for (guint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
        a.args[i] = -1;
      for (guint i = 0; i < spec->n_args; i++)
        switch (spec->args[i].kind)
          {
          case ACIES_ARG_UNIT: a.args[i] = i == 0 ? p : q; break;
          case ACIES_ARG_CELL: a.args[i] = cell (&fx, "B2"); break;
          case ACIES_ARG_INT: a.args[i] = 0; break;
          case ACIES_ARG_BOOL: a.args[i] = 1; break;
          case ACIES_ARG_CHOICE: a.args[i] = 0; break;
          default: break;
          }
      text = acies_gc_describe_action (fx.s, &a);
      g_assert_nonnull (text);
      g_assert_null (strstr (text, " — "));
      g_assert_null (strstr (text, ": yes"));
      g_free (text);
    }
  fixture_end (&fx);
}

/* The pixel at (@x, @y) of a counter drawn from @look, 64 pixels. */
static guint32
counter_pixel (const AciesCounterLook *look,
               gint                    x,
               gint                    y)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 64, 64);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  guint32 pixel;

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  acies_counter_draw (cr, layout, look, 32, 32, 64, 64);
  cairo_surface_flush (surface);
  pixel = ((guint32 *) (gpointer) cairo_image_surface_get_data (surface))[y * cairo_image_surface_get_stride (surface) / 4 + x];
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return pixel & 0xffffff;
}

/* GC 2.2: an Exhausted unit's counter is flipped: the board draws its
 * reverse (a white stripe and its VP, no Combat Class), not its front. */
static void
test_2_2_exhausted_reverse (void)
{
  Fixture fx;
  gint p = -1;
  AciesUnit view;
  AciesCounterLook front, back;
  AciesCatalogue *catalogue;
  g_autofree char *vp = NULL;

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (5);
  play_setup (&fx, NULL, NULL);
  catalogue = acies_ruleset_get_catalogue (fx.ruleset);
  for (guint u = 0; u < fx.s->n_units && p < 0; u++)
    if (acies_gc_on_board (fx.s, u) && acies_gc_is_foot (fx.s, u)
        && acies_gc_counter (fx.s, u)->back == ACIES_GC_BACK_EXHAUSTED)
      p = u;
  g_assert_cmpint (p, >=, 0);

  g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, p, 0, &view));
  acies_counter_look_init (&front, fx.scenario, catalogue, &view, FALSE);
  g_assert_nonnull (front.values);
  g_assert_true (g_str_has_prefix (front.values, acies_gc_cc_name (acies_gc_counter (fx.s, p)->cc)));

  g_assert_false (acies_gc_exhaust (fx.s, p, ACIES_GC_CAUSE_SKIRMISH, NULL));
  g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, p, 1, &view));
  acies_counter_look_init (&back, fx.scenario, catalogue, &view, FALSE);
  /* The VP printed on the reverse, not the front's Combat Class. */
  vp = g_strdup_printf ("%d", acies_gc_counter (fx.s, p)->vp);
  g_assert_nonnull (back.values);
  g_assert_true (g_str_has_suffix (back.values, vp));
  g_assert_null (strchr (back.values, acies_gc_cc_name (acies_gc_counter (fx.s, p)->cc)[0]));
  {
    g_autofree char *k1 = acies_counter_look_key (&front, 64, 64);
    g_autofree char *k2 = acies_counter_look_key (&back, 64, 64);

    g_assert_cmpstr (k1, !=, k2);
  }
  /* The stripe across the top: white on the reverse, the Wing's colour on
   * the front. */
  g_assert_cmphex (counter_pixel (&back, 32, 6), ==, 0xffffff);
  g_assert_cmphex (counter_pixel (&front, 32, 6), !=, 0xffffff);
  acies_counter_look_clear (&front);
  acies_counter_look_clear (&back);
  fixture_end (&fx);
}

/* The log of the set-up and a Command in a player's words (GC 3.1, 4.0,
 * 5.0): one line per wing's draw (no line per counter), "counter" in the
 * singular for one, a wing whose name says "Wing" not called "… Wing
 * wing", the side named once and first. */
static void
test_3_1_log_wording (void)
{
  AciesScenario *sc = heraclea_load ();
  Fixture fx;
  guint n_draws = 0, n_pools = 0;
  const AciesEvent *turn;
  const AciesEvent *last;

  for (guint i = 0; i < sc->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (sc->formations, i);

      if (g_str_equal (f->id, "pink"))
        {
          g_free (f->name);
          f->name = g_strdup ("Roman Wing");
        }
    }
  for (guint i = 0; i < sc->pools->len; i++)
    n_pools++;
  fixture_start (&fx, sc);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (5);
  acies_dice_set_events (fx.dice, fx.events);
  play_setup (&fx, NULL, NULL);
  acies_dice_set_events (fx.dice, NULL);

  for (guint i = 0; i < fx.events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx.events, i);

      g_assert_cmpstr (e->type, !=, "roll");
      g_assert_null (strstr (e->text, "Wing wing"));
      g_assert_null (strstr (e->text, " 1 counters"));
      if (g_str_equal (e->type, "draw"))
        {
          n_draws++;
          g_assert_true (g_str_has_prefix (e->text, "Laevinus draws ") || g_str_has_prefix (e->text, "Pyrrhus draws "));
          g_assert_true (g_str_has_suffix (e->text, " wing") || g_str_has_suffix (e->text, "Roman Wing"));
        }
    }
  g_assert_cmpuint (n_draws, ==, n_pools);
  g_assert_nonnull (find_event (&fx, "draw"));

  turn = find_event (&fx, "turn");
  g_assert_nonnull (turn);
  /* GC 4.0: each player counts his own turns ("Laevinus Turn 1"). */
  g_assert_cmpstr (turn->text, ==, "Laevinus Turn 1");

  g_ptr_array_set_size (fx.events, 0);
  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  last = find_event (&fx, "command");
  g_assert_nonnull (last);
  g_assert_cmpstr (last->text, ==, "Laevinus: Roman Wing: Move");

  /* describe_unit: the board's words, the same for every viewer. */
  for (guint u = 0; u < fx.s->n_units; u++)
    {
      g_autofree char *own = acies_gc_describe_unit (fx.s, u);
      g_autofree char *red = acies_ruleset_describe_unit (fx.ruleset, &fx.s->base, u, 0);
      g_autofree char *blue = acies_ruleset_describe_unit (fx.ruleset, &fx.s->base, u, 1);

      g_assert_cmpstr (red, ==, own);
      g_assert_cmpstr (blue, ==, own);
      g_assert_null (strstr (red, "Brittle"));
    }
  fixture_end (&fx);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/2.2/exhausted-reverse", test_2_2_exhausted_reverse);
  g_test_add_func ("/acies/grass-crown/3.1/log-wording", test_3_1_log_wording);
  g_test_add_func ("/acies/grass-crown/5.0/describe-commands", test_5_0_describe_commands);
  g_test_add_func ("/acies/grass-crown/9.4/describe-actions", test_describe_actions);
  g_test_add_func ("/acies/grass-crown/13.0/score-lines-sum", test_13_0_score_lines_sum);

  return g_test_run ();
}
