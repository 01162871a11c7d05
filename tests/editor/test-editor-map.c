/* test-editor-map.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 5 without a display: a ford drawn on a river keeps the river (in
 * the document, its undo, and a saved file); the pen refuses sides on the
 * map border and the eraser still removes them; a resize counts the
 * units and leaders it would take off the map; counters take their
 * formation's "Counter colour" (Grass Crown 3.1).
 */

#define G_LOG_DOMAIN "acies-test-editor"

#include "config.h"

#include <glib/gstdio.h>

#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"
#include "render/acies-render-private.h"

#include "acies-editor-document.h"

static AciesScenario *
new_hex_scenario (const char *ruleset,
                  guint       width,
                  guint       height)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (width, height, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);

  acies_board_set_label_scheme (board, ACIES_LABEL_XXYY);
  return acies_scenario_new (ruleset, board, "clear");
}

static AciesCell
cell (AciesScenario *s,
      const char    *label)
{
  AciesCell c = acies_board_cell_from_label (s->map.board, label);

  g_assert_cmpint (c, !=, ACIES_CELL_NONE);
  return c;
}

/* four-battles: "ford" is an edge feature like "river"; a ford is a
 * crossing of the river, so the hexside has both. */
static void
test_ford_on_river (void)
{
  g_autoptr(AciesScenario) scenario = new_hex_scenario ("four-battles", 8, 8);
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  AciesEdge edge = acies_board_edge_between (s->map.board, cell (s, "0404"), cell (s, "0405"));
  g_autofree char *river_only = NULL;
  g_autofree char *data = NULL;
  g_autoptr(AciesScenario) loaded = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (edge, !=, ACIES_EDGE_NONE);
  g_assert_cmpuint (acies_editor_document_set_edge_feature (doc, &edge, 1, "river", TRUE, FALSE), ==, 1);
  river_only = acies_scenario_to_data (s, NULL);
  g_assert_cmpuint (acies_editor_document_set_edge_feature (doc, &edge, 1, "ford", TRUE, FALSE), ==, 1);
  g_assert_true (acies_map_edge_has_feature (&s->map, edge, "river"));
  g_assert_true (acies_map_edge_has_feature (&s->map, edge, "ford"));

  /* Saved and read back: both. */
  data = acies_scenario_to_data (s, NULL);
  loaded = acies_scenario_load_data (data, -1, "ford.acies", &error);
  g_assert_no_error (error);
  g_assert_true (acies_map_edge_has_feature (&loaded->map, edge, "river"));
  g_assert_true (acies_map_edge_has_feature (&loaded->map, edge, "ford"));

  /* Undo takes the ford away and leaves the river. */
  g_assert_true (acies_editor_document_undo (doc));
  g_assert_true (acies_map_edge_has_feature (&s->map, edge, "river"));
  g_assert_false (acies_map_edge_has_feature (&s->map, edge, "ford"));
  {
    g_autofree char *undone = acies_scenario_to_data (s, NULL);

    g_assert_cmpstr (undone, ==, river_only);
  }

  /* Erasing the ford leaves the river too. */
  g_assert_true (acies_editor_document_redo (doc));
  g_assert_cmpuint (acies_editor_document_set_edge_feature (doc, &edge, 1, "ford", FALSE, FALSE), ==, 1);
  g_assert_true (acies_map_edge_has_feature (&s->map, edge, "river"));
  g_assert_false (acies_map_edge_has_feature (&s->map, edge, "ford"));
}

/* A side on the map border has one cell on the board: never drawn on. */
static void
test_border_edges (void)
{
  g_autoptr(AciesScenario) scenario = new_hex_scenario ("four-battles", 6, 10);
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  const AciesBoard *board = s->map.board;
  guint n_border = 0, n_inner = 0;

  for (guint e = 0; e < acies_board_get_n_edges (board); e++)
    {
      AciesEdge edge = e;
      AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;
      guint changed;

      acies_board_edge_cells (board, edge, &a, &b);
      changed = acies_editor_document_set_edge_feature (doc, &edge, 1, "stream", TRUE, FALSE);
      if (a == ACIES_CELL_NONE || b == ACIES_CELL_NONE)
        {
          g_assert_cmpuint (changed, ==, 0);
          g_assert_false (acies_map_edge_has_feature (&s->map, edge, "stream"));
          n_border++;
        }
      else
        {
          g_assert_cmpuint (changed, ==, 1);
          n_inner++;
        }
    }
  g_assert_cmpuint (n_border, >, 0);
  g_assert_cmpuint (n_inner, >, 0);

  /* "0610/SE" is such a side (the tester's example); one that a file
   * brought is erased. */
  {
    AciesEdge edge = acies_board_edge_from_label (board, "0610/SE");
    AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

    g_assert_cmpint (edge, !=, ACIES_EDGE_NONE);
    acies_board_edge_cells (board, edge, &a, &b);
    g_assert_true (a == ACIES_CELL_NONE || b == ACIES_CELL_NONE);
    acies_map_add_edge_feature (&s->map, edge, "stream");
    g_assert_cmpuint (acies_editor_document_set_edge_feature (doc, &edge, 1, "stream", FALSE, FALSE), ==, 1);
    g_assert_false (acies_map_edge_has_feature (&s->map, edge, "stream"));
  }
}

static void
test_resize_losses (void)
{
  g_autoptr(AciesScenario) scenario = new_hex_scenario ("four-battles", 12, 10);
  g_autoptr(AciesEditorDocument) doc = NULL;
  const char *cells[] = { "0101", "0505", "0909", "1210", "0110", "1201", NULL };
  guint units = 99, leaders = 99;

  g_ptr_array_add (scenario->sides, acies_side_new ("a", "A"));
  for (guint i = 0; cells[i] != NULL; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      AciesUnit *u = acies_unit_new (id, "a", "legion");

      u->cell = cell (scenario, cells[i]);
      g_ptr_array_add (scenario->units, u);
    }
  {
    AciesUnit *off = acies_unit_new ("off", "a", "legion");
    AciesLeader *l1 = acies_leader_new ("l1", "a", "general");
    AciesLeader *l2 = acies_leader_new ("l2", "a", "general");

    g_ptr_array_add (scenario->units, off);   /* off the map: never counted */
    l1->cell = cell (scenario, "0808");
    l2->cell = cell (scenario, "0202");
    g_ptr_array_add (scenario->leaders, l1);
    g_ptr_array_add (scenario->leaders, l2);
  }
  doc = acies_editor_document_new (scenario, NULL);

  /* 6 × 6 keeps 0101 and 0505 and the leader at 0202. */
  g_assert_cmpuint (acies_editor_document_resize_losses (doc, 6, 6, &units, &leaders), ==, 5);
  g_assert_cmpuint (units, ==, 4);
  g_assert_cmpuint (leaders, ==, 1);
  /* Growing loses nothing; nor does the same size. */
  g_assert_cmpuint (acies_editor_document_resize_losses (doc, 20, 20, &units, &leaders), ==, 0);
  g_assert_cmpuint (units, ==, 0);
  g_assert_cmpuint (leaders, ==, 0);
  g_assert_cmpuint (acies_editor_document_resize_losses (doc, 12, 10, NULL, NULL), ==, 0);
  /* Narrower only: the two units in column 12. */
  g_assert_cmpuint (acies_editor_document_resize_losses (doc, 11, 10, &units, &leaders), ==, 2);
  g_assert_cmpuint (units, ==, 2);

  /* The count is what the resize does. */
  g_assert_true (acies_editor_document_resize (doc, 6, 6));
  {
    AciesScenario *s = acies_editor_document_get_scenario (doc);
    guint off_map = 0;

    for (guint i = 0; i < s->units->len; i++)
      off_map += ((AciesUnit *) g_ptr_array_index (s->units, i))->cell == ACIES_CELL_NONE;
    g_assert_cmpuint (off_map, ==, 4 + 1);
  }
}

static void
assert_colour (const AciesRgba *rgba,
               guint            r,
               guint            g,
               guint            b)
{
  g_assert_cmpint ((gint) (rgba->r * 255 + 0.5), ==, (gint) r);
  g_assert_cmpint ((gint) (rgba->g * 255 + 0.5), ==, (gint) g);
  g_assert_cmpint ((gint) (rgba->b * 255 + 0.5), ==, (gint) b);
}

/* Grass Crown 3.1: each wing's counters have their own colour, set by
 * the formation parameter "colour" (Counter colour). */
static void
test_formation_colour (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (10, 10);
  g_autoptr(AciesScenario) s = acies_scenario_new ("grass-crown", board, "clear");
  AciesSide *side = acies_side_new ("red", "Red");
  AciesFormation *green = acies_formation_new ("w1", "red", "wing");
  AciesFormation *inner = acies_formation_new ("w1a", "red", "wing");
  AciesFormation *plain = acies_formation_new ("w2", "red", "wing");
  AciesFormation *hex = acies_formation_new ("w3", "red", "wing");
  AciesUnit *u_green = acies_unit_new ("u1", "red", "LI");
  AciesUnit *u_inner = acies_unit_new ("u2", "red", "LI");
  AciesUnit *u_plain = acies_unit_new ("u3", "red", "LI");
  AciesUnit *u_hex = acies_unit_new ("u4", "red", "LI");
  AciesUnit *u_side = acies_unit_new ("u5", "red", "LI");
  AciesCounterLook look;

  side->colour = g_strdup ("#c01c28");
  g_ptr_array_add (s->sides, side);
  if (green->params == NULL)
    green->params = json_object_new ();
  json_object_set_string_member (green->params, "colour", "green");
  inner->parent = g_strdup ("w1");
  if (hex->params == NULL)
    hex->params = json_object_new ();
  json_object_set_string_member (hex->params, "colour", "silver");
  hex->colour = g_strdup ("#123456");   /* an explicit colour wins */
  g_ptr_array_add (s->formations, green);
  g_ptr_array_add (s->formations, inner);
  g_ptr_array_add (s->formations, plain);
  g_ptr_array_add (s->formations, hex);
  u_green->formation = g_strdup ("w1");
  u_inner->formation = g_strdup ("w1a");
  u_plain->formation = g_strdup ("w2");
  u_hex->formation = g_strdup ("w3");
  g_ptr_array_add (s->units, u_green);
  g_ptr_array_add (s->units, u_inner);
  g_ptr_array_add (s->units, u_plain);
  g_ptr_array_add (s->units, u_hex);
  g_ptr_array_add (s->units, u_side);

  acies_counter_look_init (&look, s, NULL, u_green, FALSE);
  assert_colour (&look.fill, 0x2e, 0xc2, 0x7e);
  acies_counter_look_clear (&look);
  /* A sub-formation without a colour takes its parent's. */
  acies_counter_look_init (&look, s, NULL, u_inner, FALSE);
  assert_colour (&look.fill, 0x2e, 0xc2, 0x7e);
  acies_counter_look_clear (&look);
  /* No colour anywhere up the tree: the side's. */
  acies_counter_look_init (&look, s, NULL, u_plain, FALSE);
  assert_colour (&look.fill, 0xc0, 0x1c, 0x28);
  acies_counter_look_clear (&look);
  acies_counter_look_init (&look, s, NULL, u_hex, FALSE);
  assert_colour (&look.fill, 0x12, 0x34, 0x56);
  acies_counter_look_clear (&look);
  acies_counter_look_init (&look, s, NULL, u_side, FALSE);
  assert_colour (&look.fill, 0xc0, 0x1c, 0x28);
  acies_counter_look_clear (&look);

  /* Every colour the catalogue offers is known. */
  {
    const char *names[] = { "blue", "green", "purple", "peach", "gold", "red", "pink", "orange", "white", "silver" };
    AciesRgba side_rgba;

    acies_unit_colour (s, "red", NULL, &side_rgba);
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        AciesRgba rgba;

        json_object_set_string_member (green->params, "colour", names[i]);
        acies_unit_colour (s, "red", "w1", &rgba);
        if (!g_str_equal (names[i], "red"))
          g_assert_false (rgba.r == side_rgba.r && rgba.g == side_rgba.g && rgba.b == side_rgba.b);
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("acies-editor-map-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/editor/map/ford-on-river", test_ford_on_river);
  g_test_add_func ("/acies/editor/map/border-edges", test_border_edges);
  g_test_add_func ("/acies/editor/map/resize-losses", test_resize_losses);
  g_test_add_func ("/acies/editor/map/formation-colour", test_formation_colour);

  return g_test_run ();
}
