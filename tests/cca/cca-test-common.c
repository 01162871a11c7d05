/* cca-test-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include <string.h>

#include "io/acies-scenario-io.h"
#include "model/acies-problem.h"
#include "cca-test-common.h"

AciesScenario *
cca_scn_new (guint width,
             guint height,
             gint  first)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (width, height, ACIES_HEX_POINTY_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *scn = acies_scenario_new ("cca", board, "clear");
  AciesSide *north = acies_side_new ("north", "North");
  AciesSide *south = acies_side_new ("south", "South");

  acies_board_set_label_scheme (scn->map.board, ACIES_LABEL_ALNUM);
  north->home_edge = ACIES_MAP_EDGE_NORTH;
  south->home_edge = ACIES_MAP_EDGE_SOUTH;
  json_object_set_int_member (north->params, "hand_size", 5);
  json_object_set_int_member (south->params, "hand_size", 5);
  json_object_set_int_member (north->params, "flags", 6);
  json_object_set_int_member (south->params, "flags", 6);
  g_ptr_array_add (scn->sides, north);
  g_ptr_array_add (scn->sides, south);
  scn->first_side = g_strdup (first == 0 ? "north" : "south");
  /* S4.1: won by flags, said (a scenario without it has a warning). */
  g_ptr_array_add (scn->victory, acies_rule_entry_new ("flags"));
  return scn;
}

static const char *
side_id (gint side)
{
  return side == 0 ? "north" : "south";
}

const char *
cca_scn_unit (AciesScenario *scn,
              gint           side,
              const char    *type,
              const char    *cell,
              gint           blocks)
{
  g_autofree char *id = g_strdup_printf ("%s-%s", type, cell != NULL ? cell : "off");
  AciesUnit *unit = acies_unit_new (id, side_id (side), type);

  unit->cell = cell != NULL ? acies_board_cell_from_label (scn->map.board, cell) : ACIES_CELL_NONE;
  g_assert_true (cell == NULL || unit->cell >= 0);
  if (blocks > 0)
    json_object_set_int_member (unit->attrs, "blocks", blocks);
  g_ptr_array_add (scn->units, unit);
  return unit->id;
}

void
cca_scn_leader (AciesScenario *scn,
                gint           side,
                const char    *id,
                const char    *cell)
{
  AciesLeader *leader = acies_leader_new (id, side_id (side), "commander");

  leader->name = g_strdup (id);
  leader->cell = cell != NULL ? acies_board_cell_from_label (scn->map.board, cell) : ACIES_CELL_NONE;
  g_ptr_array_add (scn->leaders, leader);
}

void
cca_scn_terrain (AciesScenario *scn,
                 const char    *cell,
                 const char    *terrain)
{
  acies_map_set_terrain (&scn->map, acies_board_cell_from_label (scn->map.board, cell), terrain);
}

void
cca_scn_elevation (AciesScenario *scn,
                   const char    *cell,
                   gint           level)
{
  scn->map.elevation[acies_board_cell_from_label (scn->map.board, cell)] = level;
}

void
cca_scn_bastion (AciesScenario *scn,
                 const char    *cell,
                 const char    *other)
{
  AciesEdge e = acies_board_edge_between (scn->map.board, acies_board_cell_from_label (scn->map.board, cell),
                                          acies_board_cell_from_label (scn->map.board, other));

  g_assert_cmpint (e, !=, ACIES_EDGE_NONE);
  acies_map_add_edge_feature (&scn->map, e, "bastion");
}

AciesRuleEntry *
cca_scn_rule (AciesScenario *scn,
              const char    *kind,
              gint           side)
{
  AciesRuleEntry *e = acies_rule_entry_new (kind);

  e->side = side >= 0 ? g_strdup (side_id (side)) : NULL;
  g_ptr_array_add (scn->special_rules, e);
  return e;
}

AciesRuleEntry *
cca_scn_victory (AciesScenario *scn,
                 const char    *kind,
                 gint           side)
{
  AciesRuleEntry *e = acies_rule_entry_new (kind);

  e->side = side >= 0 ? g_strdup (side_id (side)) : NULL;
  g_ptr_array_add (scn->victory, e);
  return e;
}

void
cca_scn_area (AciesScenario *scn,
              const char    *id,
              const char    *kind,
              gint           side,
              const char    *cells)
{
  AciesArea *area = acies_area_new (id, kind);
  g_auto(GStrv) labels = g_strsplit (cells, " ", -1);

  area->name = g_strdup (id);
  area->side = side >= 0 ? g_strdup (side_id (side)) : NULL;
  for (guint i = 0; labels[i] != NULL; i++)
    {
      AciesCell c = acies_board_cell_from_label (scn->map.board, labels[i]);

      g_assert_cmpint (c, >=, 0);
      g_array_append_val (area->cells, c);
    }
  g_ptr_array_add (scn->areas, area);
}

void
cca_scn_side_int (AciesScenario *scn,
                  gint           side,
                  const char    *name,
                  gint           value)
{
  AciesSide *sd = g_ptr_array_index (scn->sides, side);

  json_object_set_int_member (sd->params, name, value);
}

AciesRuleset *
cca_ruleset (void)
{
  static AciesRuleset *ruleset = NULL;

  if (ruleset == NULL)
    ruleset = acies_cca_ruleset_new ();
  return ruleset;
}

AciesCcaState *
cca_state_new (AciesScenario *scn,
               JsonObject    *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_problem_free);
  AciesState *state;

  acies_ruleset_validate (cca_ruleset (), scn, problems);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("problem: %s", ((AciesProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_cmpuint (problems->len, ==, 0);
  state = acies_ruleset_new_state (cca_ruleset (), scn, options, &error);
  g_assert_no_error (error);
  return ACIES_CCA (state);
}

void
cca_state_free (AciesCcaState *s)
{
  acies_ruleset_free_state (cca_ruleset (), &s->base);
}

gint
cca_cell (const AciesCcaState *s,
          const char          *label)
{
  return acies_board_cell_from_label (s->base.scenario->map.board, label);
}

gint
cca_unit (const AciesCcaState *s,
          const char          *id)
{
  for (guint u = 0; u < s->st->n_units; u++)
    if (g_strcmp0 (s->st->units[u].id, id) == 0)
      return u;
  g_error ("no unit %s", id);
  return -1;
}

gint
cca_leader (const AciesCcaState *s,
            const char          *id)
{
  for (guint l = 0; l < s->st->n_leaders; l++)
    if (g_strcmp0 (s->st->leaders[l].id, id) == 0)
      return l;
  g_error ("no leader %s", id);
  return -1;
}

void
cca_push (AciesDice  *dice,
          const char *symbols)
{
  for (const char *p = symbols; *p != '\0'; p++)
    {
      guint face;

      switch (*p)
        {
        case 'C': face = 1; break;
        case 'T': case '-': face = 2; break;
        case 'S': face = 3; break;
        case 'H': face = 4; break;
        case 'F': face = 5; break;
        case 'X': face = 6; break;
        default: continue;
        }
      acies_dice_push (dice, face);
    }
}

void
cca_push_draw (AciesDice           *dice,
               const AciesCcaState *s,
               gint                 card)
{
  guint k = 0;

  g_assert_cmpuint (s->deck[card], >, 0);
  for (gint i = 0; i < card; i++)
    k += s->deck[i];
  acies_dice_push (dice, k);
}

void
cca_deal (AciesCcaState *s,
          const gint    *hand0,
          const gint    *hand1)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  AciesCcaState *copy = ACIES_CCA (acies_ruleset_copy_state (cca_ruleset (), &s->base));
  const gint *hands[2] = { hand0, hand1 };

  /* The draws come in the deal's order: the first side's hand first; each
   * index is taken from the pile as it is then. */
  for (gint i = 0; i < 2; i++)
    {
      gint side = (s->st->first_side + i) % 2;

      guint n = s->st->dice_orders[side] ? 0 : s->st->hand_start[side];

      for (guint k = 0; k < n; k++)
        {
          gint card = hands[side][0] >= 0 ? *hands[side]++ : -1;

          /* The rest of the hand: the first card left in the pile. */
          if (card < 0)
            for (card = 0; copy->deck[card] == 0; card++)
              ;
          cca_push_draw (dice, copy, card);
          copy->deck[card]--;
        }
    }
  cca_state_free (copy);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);
}

static gboolean
matches (const AciesAction *a,
         gint               type,
         gint               a0,
         gint               a1,
         gint               a2)
{
  return a->type == type && (a0 == -2 || a->args[0] == a0) && (a1 == -2 || a->args[1] == a1)
         && (a2 == -2 || a->args[2] == a2);
}

gboolean
cca_act (AciesCcaState *s,
         AciesDice     *dice,
         GPtrArray     *events,
         gint           type,
         gint           a0,
         gint           a1,
         gint           a2)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesDice) own = NULL;

  /* Without dice: physical ones (draws from a seed; any die roll asked
   * fails, which the caller did not expect). */
  if (dice == NULL)
    dice = own = acies_dice_new_physical (1);
  acies_ruleset_legal_actions (cca_ruleset (), &s->base, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (!matches (a, type, a0, a1, a2))
        continue;
      if (!acies_ruleset_apply (cca_ruleset (), &s->base, a, dice, events, &error))
        {
          g_test_message ("apply: %s", error->message);
          return FALSE;
        }
      if (acies_dice_failed (dice))
        {
          g_test_message ("the dice ran out");
          return FALSE;
        }
      if (!acies_ruleset_check_invariants (cca_ruleset (), &s->base, &error))
        g_error ("invariants: %s", error->message);
      return TRUE;
    }
  g_test_message ("no legal action %s (%d, %d, %d) in step %d; legal:", acies_cca_action_specs[type].name,
                  a0, a1, a2, s->step);
  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *text = acies_ruleset_describe_action (cca_ruleset (), &s->base,
                                                             &g_array_index (legal, AciesAction, i));

      g_test_message ("  %s", text);
    }
  return FALSE;
}

gboolean
cca_legal (const AciesCcaState *s,
           gint                 type,
           gint                 a0,
           gint                 a1)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (cca_ruleset (), &s->base, legal);
  for (guint i = 0; i < legal->len; i++)
    if (matches (&g_array_index (legal, AciesAction, i), type, a0, a1, -2))
      return TRUE;
  return FALSE;
}

char *
cca_view_text (AciesCcaState *s,
               gint           viewer)
{
  g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (cca_ruleset (), &s->base, viewer);

  return json_to_string (node, FALSE);
}

void
cca_force_orders (AciesCcaState *s,
                  AciesDice     *dice,
                  gint           card,
                  ...)
{
  va_list args;
  const char *id;

  if (s->step == ACIES_CCA_STEP_DEAL)
    {
      static const gint none[] = { -1 };

      cca_deal (s, none, none);
    }
  /* The card leaves the hand as if played (that card if held, else the
   * first one). */
  {
    gint side = s->base.active_side;
    gint played = card >= 0 && acies_cca_hand_has (s, side, card) ? card
                  : s->hand_len[side] > 0 ? s->hand[side][0] : -1;

    if (played >= 0)
      {
        acies_cca_hand_remove (s, side, played);
        s->in_play[played]++;
      }
  }
  memset (&s->play, 0, sizeof s->play);
  s->play.card = card;
  s->play.effect = card;
  s->play.anchor = -1;
  s->play.mode = ACIES_CCA_OM_NONE;
  va_start (args, card);
  while ((id = va_arg (args, const char *)) != NULL)
    {
      gint u = -1;

      for (guint i = 0; i < s->st->n_units; i++)
        if (g_strcmp0 (s->st->units[i].id, id) == 0)
          u = i;
      if (u >= 0)
        {
          acies_cca_set_ordered (s, u, 1);
          s->units[u].seat = s->base.active_side;
          if (card == ACIES_CCA_CARD_DOUBLE_TIME)
            s->units[u].flags |= ACIES_CCA_UF_NO_FIRE;
          if (card == ACIES_CCA_CARD_MOUNTED_CHARGE && acies_cca_is_mounted (s, u))
            s->units[u].bonus_dice = 1;
          if (card == ACIES_CCA_CARD_SPARTACUS)
            s->units[u].bonus_dice = 1;
        }
      else
        {
          gint l = cca_leader (s, id);

          acies_cca_set_ordered (s, (gint) s->st->n_units + l, 1);
          s->leaders[l].seat = s->base.active_side;
        }
      s->play.n_ordered++;
    }
  va_end (args);
  s->top = ACIES_CCA_STEP_MOVE;
  acies_cca_resume (s, dice, NULL);
}

void
cca_put (AciesCcaState *s,
         const char    *id,
         const char    *cell)
{
  acies_cca_place_unit (s, cca_unit (s, id), cell != NULL ? cca_cell (s, cell) : -1);
}

void
cca_give_hand (AciesCcaState *s,
               gint           side,
               ...)
{
  va_list args;
  gint card;

  va_start (args, side);
  while ((card = va_arg (args, gint)) >= 0)
    {
      g_assert_cmpuint (s->deck[card], >, 0);
      s->deck[card]--;
      s->hand[side][s->hand_len[side]++] = card;
    }
  va_end (args);
  /* Sorted, as the rules keep it. */
  for (guint i = 1; i < s->hand_len[side]; i++)
    for (guint k = i; k > 0 && s->hand[side][k - 1] > s->hand[side][k]; k--)
      {
        guint8 t = s->hand[side][k];

        s->hand[side][k] = s->hand[side][k - 1];
        s->hand[side][k - 1] = t;
      }
}

/**
 * cca_end_moves:
 * @s: a state
 * @dice: the dice
 *
 * Ends the movement (S5.2) if the turn is in it.
 */
void
cca_end_moves (AciesCcaState *s,
               AciesDice     *dice)
{
  if (s->step == ACIES_CCA_STEP_MOVE)
    g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE_DONE, -1, -1, -1));
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/**
 * cca_bundled_battles:
 *
 * Returns: (transfer full): the file names of the bundled battles
 *   (data/scenarios/cca/\*.acies), sorted
 */
GPtrArray *
cca_bundled_battles (void)
{
  g_autofree char *dir = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "cca", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".acies"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >=, 7);
  return names;
}

/**
 * cca_load_bundled:
 * @file: a bundled battle's file name ("zela.acies")
 *
 * Returns: (transfer full): the battle of data/scenarios/cca/@file
 */
AciesScenario *
cca_load_bundled (const char *file)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "cca", file, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return scenario;
}
