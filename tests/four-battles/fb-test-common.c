/* fb-test-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "fb-test-common.h"

AciesScenario *
fb_scn_new (gint w,
            gint h)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (w, h, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *scn;

  acies_board_set_label_scheme (board, ACIES_LABEL_XXYY);
  acies_board_set_label_origin (board, 1, 1);
  scn = acies_scenario_new ("four-battles", board, "clear");
  for (gint s = 0; s < 2; s++)
    {
      AciesSide *side = acies_side_new (s == 0 ? "a" : "b", s == 0 ? "Army A" : "Army B");

      side->home_edge = s == 0 ? ACIES_MAP_EDGE_WEST : ACIES_MAP_EDGE_EAST;
      json_object_set_int_member (side->params, "demoralization", 60);
      json_object_set_int_member (side->params, "disintegration", 75);
      json_object_set_int_member (side->params, "rally", 1);
      g_ptr_array_add (scn->sides, side);
    }
  scn->first_side = g_strdup ("a");
  scn->turn_limit = 10;
  return scn;
}

static AciesCell
cell_of (AciesScenario *scn,
         const char    *label)
{
  AciesCell c;

  if (label == NULL)
    return ACIES_CELL_NONE;
  c = acies_board_cell_from_label (scn->map.board, label);
  g_assert_cmpint (c, !=, ACIES_CELL_NONE);
  return c;
}

gint
fb_unit (AciesScenario *scn,
         gint           side,
         const char    *type,
         gint           sp,
         gint           ma,
         const char    *cell)
{
  g_autofree char *id = g_strdup_printf ("u%u", scn->units->len);
  g_autofree char *name = g_strdup_printf ("%c%u", side == 0 ? 'A' : 'B', scn->units->len);
  AciesUnit *u = acies_unit_new (id, side == 0 ? "a" : "b", type);

  u->name = g_strdup (name);
  json_object_set_int_member (u->attrs, "sp", sp);
  json_object_set_int_member (u->attrs, "ma", ma);
  u->cell = cell_of (scn, cell);
  g_ptr_array_add (scn->units, u);
  return scn->units->len - 1;
}

void
fb_attr_bool (AciesScenario *scn, gint unit, const char *name, gboolean value)
{
  json_object_set_boolean_member (((AciesUnit *) g_ptr_array_index (scn->units, unit))->attrs, name, value);
}

void
fb_attr_int (AciesScenario *scn, gint unit, const char *name, gint value)
{
  json_object_set_int_member (((AciesUnit *) g_ptr_array_index (scn->units, unit))->attrs, name, value);
}

void
fb_attr_string (AciesScenario *scn, gint unit, const char *name, const char *value)
{
  json_object_set_string_member (((AciesUnit *) g_ptr_array_index (scn->units, unit))->attrs, name, value);
}

gint
fb_leader (AciesScenario *scn,
           gint           side,
           const char    *kind,
           gint           additive,
           gint           ma,
           const char    *cell)
{
  g_autofree char *id = g_strdup_printf ("l%u", scn->leaders->len);
  g_autofree char *name = g_strdup_printf ("L%c%u", side == 0 ? 'A' : 'B', scn->leaders->len);
  AciesLeader *l = acies_leader_new (id, side == 0 ? "a" : "b", kind);

  l->name = g_strdup (name);
  json_object_set_int_member (l->attrs, "additive", additive);
  json_object_set_int_member (l->attrs, "ma", ma);
  l->cell = cell_of (scn, cell);
  g_ptr_array_add (scn->leaders, l);
  return scn->leaders->len - 1;
}

gint
fb_cell_of (AciesScenario *scn,
            const char    *label)
{
  return cell_of (scn, label);
}

void
fb_terrain (AciesScenario *scn,
            const char    *cell,
            const char    *terrain)
{
  acies_map_set_terrain (&scn->map, cell_of (scn, cell), terrain);
}

void
fb_edge (AciesScenario *scn,
         const char    *a,
         const char    *b,
         const char    *feature)
{
  AciesEdge e = acies_board_edge_between (scn->map.board, cell_of (scn, a), cell_of (scn, b));

  g_assert_cmpint (e, !=, ACIES_EDGE_NONE);
  acies_map_add_edge_feature (&scn->map, e, feature);
}

void
fb_camp (AciesScenario *scn,
         const char    *cell)
{
  acies_map_add_cell_feature (&scn->map, cell_of (scn, cell), "camp");
}

static void
add_rule (GPtrArray  *list,
          const char *kind,
          gint        side,
          const char *params)
{
  AciesRuleEntry *e = acies_rule_entry_new (kind);

  if (side >= 0)
    e->side = g_strdup (side == 0 ? "a" : "b");
  if (params != NULL)
    {
      g_autoptr(JsonNode) node = json_from_string (params, NULL);

      g_assert_nonnull (node);
      json_object_unref (e->params);
      e->params = json_object_ref (json_node_get_object (node));
    }
  g_ptr_array_add (list, e);
}

void
fb_rule (AciesScenario *scn, const char *kind, gint side, const char *params)
{
  add_rule (scn->special_rules, kind, side, params);
}

void
fb_victory (AciesScenario *scn, const char *kind, gint side, const char *params)
{
  add_rule (scn->victory, kind, side, params);
}

void
fb_area (AciesScenario *scn,
         const char    *id,
         const char    *kind,
         gint           side,
         ...)
{
  AciesArea *area = acies_area_new (id, kind);
  va_list args;
  const char *label;

  if (side >= 0)
    area->side = g_strdup (side == 0 ? "a" : "b");
  va_start (args, side);
  while ((label = va_arg (args, const char *)) != NULL)
    {
      AciesCell c = cell_of (scn, label);

      g_array_append_val (area->cells, c);
    }
  va_end (args);
  {
    /* Sorted, as the scenario keeps them. */
    for (guint i = 1; i < area->cells->len; i++)
      for (guint j = i; j > 0 && g_array_index (area->cells, AciesCell, j - 1) > g_array_index (area->cells, AciesCell, j); j--)
        {
          AciesCell t = g_array_index (area->cells, AciesCell, j);

          g_array_index (area->cells, AciesCell, j) = g_array_index (area->cells, AciesCell, j - 1);
          g_array_index (area->cells, AciesCell, j - 1) = t;
        }
  }
  g_ptr_array_add (scn->areas, area);
}

void
fb_side_int (AciesScenario *scn, gint side, const char *name, gint value)
{
  json_object_set_int_member (((AciesSide *) g_ptr_array_index (scn->sides, side))->params, name, value);
}

void
fb_side_bool (AciesScenario *scn, gint side, const char *name, gboolean value)
{
  json_object_set_boolean_member (((AciesSide *) g_ptr_array_index (scn->sides, side))->params, name, value);
}

void
fb_table_cell (AciesScenario *scn,
               const char    *table,
               const char    *row,
               const char    *column,
               const char    *value)
{
  JsonObject *override, *cell;
  JsonArray *cells;

  if (scn->table_overrides == NULL)
    scn->table_overrides = json_object_new ();
  if (!json_object_has_member (scn->table_overrides, table))
    {
      override = json_object_new ();
      json_object_set_array_member (override, "cells", json_array_new ());
      json_object_set_object_member (scn->table_overrides, table, override);
    }
  override = json_object_get_object_member (scn->table_overrides, table);
  cells = json_object_get_array_member (override, "cells");
  cell = json_object_new ();
  json_object_set_string_member (cell, "row", row);
  json_object_set_string_member (cell, "column", column);
  json_object_set_string_member (cell, "value", value);
  json_object_set_string_member (cell, "source", "provisional");
  json_array_add_object_element (cells, cell);
}

void
fb_crt_cell (AciesScenario *scn,
             const char    *row,
             const char    *column,
             const char    *result)
{
  fb_table_cell (scn, "crt", row, column, result);
}

void
fb_crt_all (AciesScenario *scn,
            const char    *result)
{
  static const char *columns[] = { "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1" };

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    for (gint r = 1; r <= 6; r++)
      {
        g_autofree char *row = g_strdup_printf ("%d", r);

        fb_crt_cell (scn, row, columns[c], result);
      }
}

FbState *
fb_state (AciesScenario *scn,
          const char    *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_four_battles_ruleset_new ();
  g_autoptr(JsonNode) node = options != NULL ? json_from_string (options, NULL) : NULL;
  AciesState *state = acies_ruleset_new_state (ruleset, scn, node != NULL ? json_node_get_object (node) : NULL,
                                               &error);

  g_assert_no_error (error);
  g_assert_nonnull (state);
  return FB (state);
}

void
fb_state_free (FbState *s)
{
  acies_fb_state_free (s);
}

gint
fb_cell (const FbState *s,
         const char    *label)
{
  AciesCell c = acies_board_cell_from_label (s->st->board, label);

  g_assert_cmpint (c, !=, ACIES_CELL_NONE);
  return c;
}

gint
fb_lpiece (const FbState *s,
           gint           l)
{
  return s->st->n_combat + l;
}

gboolean
fb_act (FbState   *s,
        AciesDice *dice,
        GPtrArray *events,
        gint       type,
        gint       a0,
        gint       a1,
        gint       a2)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) own = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  GPtrArray *ev = events != NULL ? events : own;
  AciesAction a;
  guint before = ev->len;
  gboolean ok;

  acies_action_init (&a, type, s->base.deciding_side);
  for (gint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
    a.args[i] = -1;
  a.args[0] = a0;
  a.args[1] = a1;
  a.args[2] = a2;
  if (dice != NULL)
    acies_dice_clear_rolls (dice);
  ok = acies_fb_apply (s, &a, dice, ev, &error);
  if (ok && dice != NULL && acies_dice_failed (dice))
    {
      /* A roll the test did not script: the action is void. */
      g_test_message ("a die was rolled that the test did not script");
      ok = FALSE;
    }
  for (guint i = before; i < ev->len; i++)
    g_test_message ("  %s", ((AciesEvent *) g_ptr_array_index (ev, i))->text);
  if (!ok)
    g_test_message ("refused: %s", error != NULL ? error->message : "?");
  return ok;
}

gboolean
fb_has (const FbState *s,
        gint           type,
        gint           a0,
        gint           a1)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == type && (a0 == -2 || a->args[0] == a0) && (a1 == -2 || a->args[1] == a1))
        return TRUE;
    }
  return FALSE;
}

void
fb_push (AciesDice *dice,
         ...)
{
  va_list args;
  const char *v;

  va_start (args, dice);
  while ((v = va_arg (args, const char *)) != NULL)
    acies_dice_push (dice, atoi (v));
  va_end (args);
}

void
fb_goto (FbState   *s,
         AciesDice *dice,
         FbPhase    phase,
         gint       side)
{
  for (gint guard = 0; guard < 40 && !(s->phase == phase && s->base.active_side == side); guard++)
    {
      g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
      g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
      /* CAN 4.11: infantry left short of its advance: the opponent agrees. */
      if (s->step == FB_ST_CONSENT && s->end_short == FB_SHORT_ASKED)
        g_assert_true (fb_act (s, dice, NULL, FB_A_CONSENT, 1, -1, -1));
    }
  g_assert_cmpint (s->phase, ==, phase);
  g_assert_cmpint (s->base.active_side, ==, side);
}

void
fb_move (FbState    *s,
         AciesDice  *dice,
         gint        piece,
         const char *cell,
         gboolean    charge)
{
  gint c = fb_cell (s, cell);

  g_assert_true (fb_has (s, FB_A_MOVE, piece, c));
  g_assert_true (fb_act (s, dice, NULL, FB_A_MOVE, piece, c, charge ? 1 : 0));
}

gboolean
fb_events_say (GPtrArray  *events,
               const char *text)
{
  for (guint i = 0; i < events->len; i++)
    if (strstr (((AciesEvent *) g_ptr_array_index (events, i))->text, text) != NULL)
      return TRUE;
  return FALSE;
}

void
fb_odds (const FbState *s,
         FbOdds        *o)
{
  memset (o, 0, sizeof *o);
  acies_fb_compute_odds (s, &s->c, o);
}
