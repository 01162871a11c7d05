/* acies-sg-setup.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * The scenario and the catalogue read into SgStatic (the hex grid, the
 * charts, the order of battle and the Formation Charts) and the state at
 * the start of the battle.  Whatever a scenario must give the rules
 * (checklist SG section 3) is checked here: new_state() and validate()
 * both run it, so a scenario that validates plays.
 */

static const char * const type_ids[SG_N_TYPES] = {
  "CO", "LG", "HI", "BI", "PH", "HO", "LI", "LP", "SK", "SK*",
  "LN", "LC", "GC", "HC", "RC", "MI", "EL", "CH", "ART",
};

static const char * const missile_ids[SG_N_MISSILES] = {
  "none", "A", "B", "C", "J", "S", "F", "X", "a", "ART",
};

/**
 * sg_type_from_id:
 * @id: a unit type id of the catalogue ("LG")
 *
 * Returns: the SgType, or SG_N_TYPES for an unknown id
 */
SgType
sg_type_from_id (const char *id)
{
  for (guint i = 0; i < SG_N_TYPES; i++)
    if (g_strcmp0 (type_ids[i], id) == 0)
      return i;
  return SG_N_TYPES;
}

static gint
missile_from_id (const char *id)
{
  for (guint i = 0; i < SG_N_MISSILES; i++)
    if (g_strcmp0 (missile_ids[i], id) == 0)
      return i;
  return SG_M_NONE;
}

/* SG 5.14: the Terrain Effects Chart column a unit type uses. */
static SgMoveClass
move_class (SgType t,
            gboolean two_hex)
{
  if (two_hex)
    return SG_MV_TWO_HEX;
  if (t == SG_T_LI || t == SG_T_LP || t == SG_T_SK || t == SG_T_SKS)
    return SG_MV_LIGHT;
  if (sg_is_cavalry (t))
    return SG_MV_CAVALRY;
  if (t == SG_T_EL)
    return SG_MV_ELEPHANT;
  if (t == SG_T_CH)
    return SG_MV_CHARIOT;
  return SG_MV_INFANTRY;
}

/* ---- Options (checklist SG section 2) ---- */

#define opt_bool   acies_catalogue_option_bool
#define opt_int    acies_catalogue_option_int

static gboolean
opt_is (AciesCatalogue *cat, JsonObject *options, const char *id, const char *value)
{
  return g_strcmp0 (acies_catalogue_option_string (cat, options, id, NULL), value) == 0;
}

static void
read_options (SgOptions      *o,
              AciesCatalogue *cat,
              JsonObject     *options)
{
  o->max_turns = (guint) CLAMP (opt_int (cat, options, "max_turns", 0), 0, 100000);
  o->hits_each_unit = !opt_is (cat, options, "hits_mode", "total-distributed");
  o->size_double_needs_two = opt_bool (cat, options, "size_double_needs_two_points", TRUE);
  o->ignored_size_no_drm = !opt_is (cat, options, "size_all_ignored", "count-zero");
  o->column_tq_everywhere = !opt_is (cat, options, "column_tq", "combat-only");
  o->minus_then_halve = !opt_is (cat, options, "hits_adjustment_order", "halve-then-minus");
  o->pursuit_natural_nine = !opt_is (cat, options, "pursuit_return_mode", "modified");
  o->edge_hex_eliminates = TRUE;
  o->keeper_own_only = !opt_is (cat, options, "all_rout_keeper", "any-unit");
  o->defender_chooses_rep = opt_bool (cat, options, "defender_chooses_representative", TRUE);
  o->leader_drm_cumulative = opt_bool (cat, options, "leader_drm_cumulative", FALSE);
  o->rbs_first_attacker = opt_is (cat, options, "rbs_away", "first-attacker");
  o->seizure_first_pt_only = !opt_is (cat, options, "seizure_first_turn", "both-first-turns");
  o->seizure_move_limits = opt_bool (cat, options, "seizure_move_limits", TRUE);
  o->formation_activation = opt_bool (cat, options, "formation_activation", FALSE);
  o->column_rule = opt_bool (cat, options, "column_movement", FALSE);
  o->inactive_leaders_ride = TRUE;
  o->fire_not_farther = opt_is (cat, options, "fire_after_moving", "not-farther");
}

/* ---- Tables ---- */

/* A table with the scenario's overrides applied (a copy, or the
 * catalogue's own); *copy receives what to free. */
static const AciesTable *
table_of (SgStatic      *st,
          AciesScenario *scenario,
          const char    *id,
          AciesTable   **copy)
{
  const AciesTable *t = acies_catalogue_find_table (st->catalogue, id);

  *copy = NULL;
  if (t != NULL && scenario->table_overrides != NULL && json_object_has_member (scenario->table_overrides, id))
    {
      g_autofree char *path = g_strdup_printf ("$.table_overrides.%s", id);
      JsonNode *n = json_object_get_member (scenario->table_overrides, id);

      *copy = acies_table_copy (t);
      if (JSON_NODE_HOLDS_OBJECT (n) && acies_table_apply_override (*copy, json_node_get_object (n), path, NULL))
        return *copy;
      g_clear_pointer (copy, acies_table_free);
    }
  return t;
}

static const char *
cell_string (const AciesTableCell *c)
{
  if (c == NULL || !JSON_NODE_HOLDS_VALUE (c->value) || json_node_get_value_type (c->value) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (c->value);
}

static gint
cell_int (const AciesTableCell *c,
          gint                  fallback)
{
  const char *text;

  if (c == NULL || !JSON_NODE_HOLDS_VALUE (c->value))
    return fallback;
  if (json_node_get_value_type (c->value) == G_TYPE_INT64)
    return (gint) json_node_get_int (c->value);
  text = cell_string (c);
  if (text == NULL || *text == '\0' || g_str_equal (text, "-"))
    return fallback;
  return (gint) strtol (text[0] == '+' ? text + 1 : text, NULL, 10);
}

/* MP: a number, "+N" (added) or "P" (prohibited). */
static guint8
cell_mp (const AciesTableCell *c,
         guint8                fallback)
{
  const char *text = cell_string (c);

  if (text != NULL && (g_str_equal (text, "P") || g_str_equal (text, "p")))
    return SG_MP_PROHIBITED;
  return (guint8) CLAMP (cell_int (c, fallback), 0, 50);
}

static SgTerrainHits
cell_hits (const AciesTableCell *c)
{
  const char *text = cell_string (c);

  if (g_strcmp0 (text, "h") == 0)
    return SG_HITS_H;
  if (g_strcmp0 (text, "(h)") == 0)
    return SG_HITS_PAREN;
  return SG_HITS_NONE;
}

static gboolean
cell_yes (const AciesTableCell *c)
{
  const char *text = cell_string (c);

  if (c != NULL && JSON_NODE_HOLDS_VALUE (c->value) && json_node_get_value_type (c->value) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (c->value);
  return g_strcmp0 (text, "yes") == 0;
}

/* SG 7.53: "2H DR(+2) Rout", "1H", "Retreat", "Rout", "-". */
static SgResult
parse_result (const char *text)
{
  SgResult r = { 0, SG_R_NONE };
  const char *p = text;

  if (p == NULL)
    return r;
  while (*p == ' ')
    p++;
  if (g_ascii_isdigit (*p) && p[1] == 'H')
    {
      r.hits = *p - '0';
      p += 2;
    }
  if (strstr (p, "DR(+2) Rout") != NULL)
    r.kind = SG_R_DR2_ROUT;
  else if (strstr (p, "DR Rout") != NULL)
    r.kind = SG_R_DR_ROUT;
  else if (strstr (p, "Rout") != NULL)
    r.kind = SG_R_ROUT;
  else if (strstr (p, "Retreat") != NULL)
    r.kind = SG_R_RETREAT;
  return r;
}

static gint
terrain_index (const AciesCatalogue *cat,
               const char           *id)
{
  for (guint i = 0; cat != NULL && i < cat->terrain->len && i < 32; i++)
    if (g_strcmp0 (((AciesTerrainType *) g_ptr_array_index (cat->terrain, i))->id, id) == 0)
      return i;
  return 0;
}

static gint
edge_feature_index (const AciesCatalogue *cat,
                    const char           *id)
{
  for (guint i = 0; cat != NULL && i < cat->edge_features->len && i < SG_MAX_EDGE_FEATURES; i++)
    if (g_strcmp0 (((AciesTerrainType *) g_ptr_array_index (cat->edge_features, i))->id, id) == 0)
      return i;
  return -1;
}

static void
read_tables (SgStatic      *st,
             AciesScenario *scenario)
{
  AciesCatalogue *cat = st->catalogue;
  AciesTable *copy = NULL;
  const AciesTable *t;
  static const char *mv_cols[SG_N_MV] = { "Infantry", "Light", "Cavalry", "Elephant", "Chariot", "Two-hex" };

  /* SG 5.4: the Terrain Effects Chart, one row per terrain of the
   * catalogue (a terrain without a row is Clear). */
  st->n_terrain = MIN (cat->terrain->len, 32u);
  t = table_of (st, scenario, "tec", &copy);
  for (guint i = 0; i < st->n_terrain; i++)
    {
      const AciesTerrainType *tt = g_ptr_array_index (cat->terrain, i);
      /* A terrain the chart does not list is Clear. */
      const char *rid = t != NULL && acies_table_row_index (t, tt->id) >= 0 ? tt->id : "clear";

      for (guint m = 0; m < SG_N_MV; m++)
        st->mv_cost[i][m] = t != NULL ? cell_mp (acies_table_lookup (t, rid, mv_cols[m]), 1) : 1;
      st->terrain_hits[i] = t != NULL ? cell_hits (acies_table_lookup (t, rid, "Hits")) : SG_HITS_NONE;
      st->shock_drm[i] = t != NULL ? cell_int (acies_table_lookup (t, rid, "Shock DRM"), 0) : 0;
      st->missile_drm[i] = t != NULL ? cell_int (acies_table_lookup (t, rid, "Missile DRM"), 0) : 0;
      st->blocks_los[i] = t != NULL && cell_yes (acies_table_lookup (t, rid, "blocks LOS"));
      st->impassable[i] = TRUE;
      for (guint m = 0; m < SG_N_MV; m++)
        st->impassable[i] &= st->mv_cost[i][m] == SG_MP_PROHIBITED;
    }
  st->friendly_cost = t != NULL ? cell_mp (acies_table_lookup (t, "friendly-occupied hex", "Infantry"), 1) : 1;
  st->higher_cost = t != NULL ? cell_mp (acies_table_lookup (t, "higher level", "Infantry"), 1) : 1;
  st->higher_drm = t != NULL ? cell_int (acies_table_lookup (t, "higher level", "Shock DRM"), -1) : -1;
  g_clear_pointer (&copy, acies_table_free);

  /* SG 5.4, 11.16: hexsides, from the TEC hexside part and the FEC. */
  st->n_edge_features = MIN (cat->edge_features->len, (guint) SG_MAX_EDGE_FEATURES);
  for (guint e = 0; e < st->n_edge_features; e++)
    {
      const AciesTerrainType *tt = g_ptr_array_index (cat->edge_features, e);
      const char *tables[] = { "tec-hexsides", "fec" };

      for (guint k = 0; k < 2; k++)
        {
          t = table_of (st, scenario, tables[k], &copy);
          if (t != NULL && acies_table_row_index (t, tt->id) >= 0)
            {
              for (guint m = 0; m < SG_N_MV; m++)
                st->edge_mv[e][m] = cell_mp (acies_table_lookup (t, tt->id, mv_cols[m]), 0);
              st->edge_hits[e] = cell_hits (acies_table_lookup (t, tt->id, "Hits"));
              st->edge_shock[e] = cell_int (acies_table_lookup (t, tt->id, "Shock DRM"), 0);
              st->edge_missile[e] = cell_int (acies_table_lookup (t, tt->id, "Missile DRM"), 0);
              st->edge_fortified[e] = k == 1;
              st->edge_mv_out[e] = k == 1 ? cell_mp (acies_table_lookup (t, tt->id, "leaving a camp"), 0) : 0;
              st->edge_blocks_art[e] = k == 1 && cell_yes (acies_table_lookup (t, tt->id, "stops artillery"));
              st->edge_gate[e] = k == 1 && cell_yes (acies_table_lookup (t, tt->id, "gate"));
            }
          g_clear_pointer (&copy, acies_table_free);
        }
    }

  /* SG 6.12, 11.21 */
  t = table_of (st, scenario, "facing", &copy);
  for (guint ty = 0; ty < SG_N_TYPES; ty++)
    {
      const char *v = t != NULL ? cell_string (acies_table_lookup (t, type_ids[ty], "facing change")) : NULL;

      st->face_cost[ty] = g_strcmp0 (v, "free") == 0 ? SG_FACE_FREE : g_strcmp0 (v, "any") == 0 ? SG_FACE_ANY
                          : SG_FACE_VERTEX;
      st->column_ok[ty] = t != NULL && cell_yes (acies_table_lookup (t, type_ids[ty], "Column"));
    }
  g_clear_pointer (&copy, acies_table_free);

  /* SG 7.82: the Weapons System DRM matrices. */
  for (guint k = 0; k < 2; k++)
    {
      t = table_of (st, scenario, k == 0 ? "weapons-front" : "weapons-flank", &copy);
      for (guint a = 0; a < SG_N_MATRIX; a++)
        for (guint d = 0; d < SG_N_MATRIX; d++)
          {
            const AciesTableCell *c = t != NULL ? acies_table_lookup (t, type_ids[a], type_ids[d]) : NULL;

            st->weapons[k][a][d] = cell_int (c, 0);
            st->weapons_prov[k][a][d] = c == NULL || c->source == ACIES_SOURCE_PROVISIONAL;
          }
      g_clear_pointer (&copy, acies_table_free);
    }
  t = table_of (st, scenario, "weapons-special", &copy);
  st->moved_to_attack = t != NULL ? cell_int (acies_table_get (t, 0, 0), 1) : 1;
  g_clear_pointer (&copy, acies_table_free);

  /* SG 7.83: rows "-3 or less" … "12 or more". */
  t = table_of (st, scenario, "shock", &copy);
  for (guint r = 0; r < 16; r++)
    for (guint side = 0; side < 2; side++)
      {
        const AciesTableCell *c = t != NULL && r < t->rows->len ? acies_table_get (t, r, side) : NULL;

        st->shock[r][side] = parse_result (cell_string (c));
        st->shock_src[r][side] = c != NULL ? c->source : ACIES_SOURCE_PROVISIONAL;
      }
  g_clear_pointer (&copy, acies_table_free);

  /* SG 7.81 */
  t = table_of (st, scenario, "missile", &copy);
  st->missile_prov = TRUE;
  for (guint m = 0; m < SG_N_MISSILES; m++)
    for (guint range = 0; range < 6; range++)
      {
        g_autofree char *col = g_strdup_printf ("%u", range + 1);
        const char *row = m == SG_M_ART ? "ART" : missile_ids[m];
        const AciesTableCell *c = t != NULL && acies_table_row_index (t, row) >= 0
                                  ? acies_table_lookup (t, row, col) : NULL;

        st->missile[m][range] = (guint8) CLAMP (cell_int (c, -1) + 1, 0, 11);  /* stored +1: 0 = out of range */
        if (c != NULL && c->source != ACIES_SOURCE_PROVISIONAL)
          st->missile_prov = FALSE;
      }
  g_clear_pointer (&copy, acies_table_free);

  /* SG 7.62, 7.63 */
  t = table_of (st, scenario, "die-roll-summary", &copy);
  st->pursuit_drm = t != NULL ? cell_int (acies_table_get (t, 0, 0), 0) : 0;
  st->return_fc_drm = t != NULL ? cell_int (acies_table_get (t, 1, 0), -2) : -2;
  g_clear_pointer (&copy, acies_table_free);
}

/* ---- The board ---- */

static void
read_board (SgStatic      *st,
            AciesScenario *scenario)
{
  const AciesBoard *board = scenario->map.board;
  AciesHexOrientation o = acies_board_get_orientation (board);
  /* Axial vectors of the six directions (acies-board.h numbering). */
  static const gint pointy[6][2] = { { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 } };
  static const gint flat[6][2] = { { 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 } };
  const gint (*vec)[2] = o == ACIES_HEX_POINTY_TOP ? pointy : flat;
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (gint));

  memset (st->dir_of, -1, sizeof st->dir_of);
  for (gint d = 0; d < 6; d++)
    {
      st->vec[d][0] = (gint8) vec[d][0];
      st->vec[d][1] = (gint8) vec[d][1];
      st->dir_of[(vec[d][0] + 1) * 3 + vec[d][1] + 1] = (gint8) d;
    }
  st->width = acies_board_get_width (board);
  st->height = acies_board_get_height (board);
  st->n_cells = st->width * st->height;
  st->nb = g_new (gint16, st->n_cells * 6);
  st->q = g_new0 (gint16, st->n_cells);
  st->r = g_new0 (gint16, st->n_cells);
  st->terrain = g_new0 (guint8, st->n_cells);
  st->elevation = g_new0 (gint8, st->n_cells);
  st->edges = g_new0 (guint8, st->n_cells * 6);
  st->camp = g_new0 (guint8, st->n_cells);
  st->rampart = g_new0 (guint8, st->n_cells);
  st->edge_of_map = g_new0 (guint8, st->n_cells);
  seen = g_new0 (guint8, st->n_cells);

  for (guint c = 0; c < st->n_cells; c++)
    {
      const char *t = acies_map_get_terrain (&scenario->map, c);

      for (guint d = 0; d < 6; d++)
        {
          AciesEdge e;

          st->nb[c * 6 + d] = acies_board_neighbour (board, c, d);
          e = acies_board_edge_of (board, c, d);
          if (e != ACIES_EDGE_NONE && scenario->map.edge_features != NULL && scenario->map.edge_features[e] != NULL)
            {
              GPtrArray *f = scenario->map.edge_features[e];

              for (guint i = 0; i < f->len; i++)
                {
                  gint k = edge_feature_index (st->catalogue, g_ptr_array_index (f, i));

                  if (k >= 0)
                    st->edges[c * 6 + d] |= 1u << k;
                  if (k >= 0 && k < (gint) st->n_edge_features && st->edge_fortified[k] && !st->edge_gate[k])
                    st->rampart[c] = TRUE;          /* 11.15 */
                }
            }
        }
      st->terrain[c] = terrain_index (st->catalogue, t);
      st->elevation[c] = scenario->map.elevation != NULL ? (gint8) CLAMP (scenario->map.elevation[c], -9, 9) : 0;
      st->camp[c] = acies_map_cell_has_feature (&scenario->map, c, "camp");
      for (guint e = 0; e < 4; e++)
        if (acies_board_cell_on_map_edge (board, c, e))
          st->edge_of_map[c] |= 1u << e;
    }
  for (guint a = 0; a < scenario->areas->len; a++)
    {
      AciesArea *area = g_ptr_array_index (scenario->areas, a);

      if (g_strcmp0 (area->kind, "camp") == 0)
        for (guint i = 0; i < area->cells->len; i++)
          {
            AciesCell c = g_array_index (area->cells, AciesCell, i);

            if (c >= 0 && (guint) c < st->n_cells)
              st->camp[c] = TRUE;
          }
    }

  /* Axial coordinates by walking the grid from cell 0 (distance, 7.13). */
  if (st->n_cells > 0)
    {
      gint zero = 0;

      g_array_append_val (queue, zero);
      seen[0] = TRUE;
    }
  for (guint i = 0; i < queue->len; i++)
    {
      gint c = g_array_index (queue, gint, i);

      for (guint d = 0; d < 6; d++)
        {
          gint n = st->nb[c * 6 + d];

          if (n < 0 || seen[n])
            continue;
          seen[n] = TRUE;
          st->q[n] = st->q[c] + vec[d][0];
          st->r[n] = st->r[c] + vec[d][1];
          g_array_append_val (queue, n);
        }
    }
}

/* ---- Order of battle ---- */

static gint
string_index (GPtrArray  *list,
              const char *text)
{
  guint i;

  if (text == NULL || *text == '\0')
    return -1;
  if (g_ptr_array_find_with_equal_func (list, text, g_str_equal, &i))
    return i;
  g_ptr_array_add (list, g_strdup (text));
  return list->len - 1;
}

static gint
formation_index (AciesScenario *scenario,
                 const char    *id)
{
  for (guint i = 0; id != NULL && i < scenario->formations->len; i++)
    if (g_strcmp0 (((AciesFormation *) g_ptr_array_index (scenario->formations, i))->id, id) == 0)
      return i;
  return -1;
}

static gint
leader_index (AciesScenario *scenario,
              const char    *id)
{
  for (guint i = 0; id != NULL && i < scenario->leaders->len; i++)
    if (g_strcmp0 (((AciesLeader *) g_ptr_array_index (scenario->leaders, i))->id, id) == 0)
      return i;
  return -1;
}

static gint
unit_index (AciesScenario *scenario,
            const char    *id)
{
  for (guint i = 0; id != NULL && i < scenario->units->len; i++)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (scenario->units, i))->id, id) == 0)
      return i;
  return -1;
}

/* Formation ids, comma-separated, to bits; FALSE naming a bad id. */
static gboolean
formation_bits (AciesScenario *scenario,
                const char    *list,
                gint           side,
                guint32       *bits,
                char         **bad)
{
  g_auto(GStrv) ids = g_strsplit (list != NULL ? list : "", ",", -1);

  *bits = 0;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      const char *id = g_strstrip (ids[i]);
      gint f;

      if (*id == '\0')
        continue;
      f = formation_index (scenario, id);
      if (f < 0 || acies_scenario_side_index (scenario,
                                              ((AciesFormation *) g_ptr_array_index (scenario->formations, f))->side) != side)
        {
          *bad = g_strdup (id);
          return FALSE;
        }
      *bits |= 1u << f;
    }
  return TRUE;
}

static gboolean
read_order_of_battle (SgStatic      *st,
                      AciesScenario *scenario,
                      GError       **error)
{
  if (scenario->units->len > SG_MAX_UNITS)
    return sg_fail (error, _("SG 2.2: at most %d combat units (the scenario has %u)"), SG_MAX_UNITS,
                    scenario->units->len);
  if (scenario->leaders->len > SG_MAX_LEADERS)
    return sg_fail (error, _("SG 2.2: at most %d leaders (the scenario has %u)"), SG_MAX_LEADERS,
                    scenario->leaders->len);
  if (scenario->formations->len > SG_MAX_FORMATIONS)
    return sg_fail (error, _("SG 4.1: at most %d Formations (the scenario has %u)"), SG_MAX_FORMATIONS,
                    scenario->formations->len);

  /* 4.1: Formations. */
  st->n_formations = scenario->formations->len;
  for (guint i = 0; i < st->n_formations; i++)
    {
      AciesFormation *f = g_ptr_array_index (scenario->formations, i);
      SgFormationDef *fd = &st->formations[i];

      fd->id = f->id;
      fd->name = f->name != NULL && *f->name != '\0' ? f->name : f->id;
      fd->side = acies_scenario_side_index (scenario, f->side);
      if (fd->side < 0)
        return sg_fail (error, _("SG 4.1: Formation %s belongs to no side"), f->id);
      fd->auxiliaries = acies_params_get_bool (f->params, "auxiliaries", FALSE);
      fd->chain_vacant = acies_params_get_bool (f->params, "chain_through_vacant", FALSE);
    }

  /* 4.2: leaders; a leader's Formation is the one he commands (4.1). */
  st->n_leaders = scenario->leaders->len;
  for (guint i = 0; i < st->n_leaders; i++)
    {
      AciesLeader *l = g_ptr_array_index (scenario->leaders, i);
      SgLeaderDef *ld = &st->leaders[i];

      ld->id = l->id;
      ld->name = l->name != NULL && *l->name != '\0' ? l->name : l->id;
      ld->side = acies_scenario_side_index (scenario, l->side);
      if (ld->side < 0)
        return sg_fail (error, _("SG 4.2: leader %s belongs to no side"), l->id);
      ld->formation = formation_index (scenario, l->formation);
      if (l->formation != NULL && ld->formation < 0)
        return sg_fail (error, _("SG 4.1: leader %s commands the unknown Formation “%s”"), l->id, l->formation);
      if (ld->formation >= 0 && st->formations[ld->formation].side != ld->side)
        return sg_fail (error, _("SG 4.1: leader %s commands a Formation of the other side"), l->id);
      ld->initiative = (guint8) CLAMP (acies_params_get_int (l->attrs, "initiative", 0), 0, 9);
      ld->range = (guint8) CLAMP (acies_params_get_int (l->attrs, "command_range", 0), 0, 12);
      ld->heroic = acies_params_get_bool (l->attrs, "heroic", FALSE);
      ld->seizure = (guint8) CLAMP (acies_params_get_int (l->attrs, "seizure", 0), 0, 20);
      ld->ma = (guint8) CLAMP (acies_params_get_int (l->attrs, "ma", 9), 0, 30);
      ld->reusable = acies_params_get_bool (l->attrs, "reusable", FALSE);
      ld->replacement = g_strcmp0 (l->kind, "replacement") == 0;
      if (ld->formation >= 0 && !ld->replacement)
        {
          SgFormationDef *fd = &st->formations[ld->formation];

          if (fd->n_fc < G_N_ELEMENTS (fd->fc))
            fd->fc[fd->n_fc++] = i;
        }
    }

  /* 9.0, 7.62, 4.22: the armies. */
  if (scenario->sides->len != 2)
    return sg_fail (error, _("SG 3.0: a battle has two armies, not %u"), scenario->sides->len);
  for (guint side = 0; side < 2; side++)
    {
      AciesSide *sd = g_ptr_array_index (scenario->sides, side);
      SgSideDef *x = &st->sides[side];
      const char *edge = acies_params_get_string (sd->params, "retreat_edge", NULL);
      const char *oc = acies_params_get_string (sd->params, "overall_commander", NULL);
      static const char *edges[] = { "north", "east", "south", "west" };

      x->wl = (gint) acies_params_get_int (sd->params, "withdrawal_level", 0);
      if (x->wl <= 0)
        return sg_fail (error, _("SG 9.0: army %s needs its Army Withdrawal Level"), sd->id);
      x->retreat_edge = sd->home_edge;
      for (guint e = 0; e < 4; e++)
        if (g_strcmp0 (edge, edges[e]) == 0)
          x->retreat_edge = e;
      if (x->retreat_edge < 0)
        return sg_fail (error, _("SG 7.62: army %s needs its Retreat Edge"), sd->id);
      x->oc = leader_index (scenario, oc);
      if (oc != NULL && *oc != '\0' && (x->oc < 0 || st->leaders[x->oc].side != (gint) side))
        return sg_fail (error, _("SG 4.22: the Overall Commander of army %s, “%s”, is not one of its leaders"),
                        sd->id, oc);
      if (x->oc >= 0)
        st->leaders[x->oc].is_oc = TRUE;
      x->size_used = acies_params_get_bool (sd->params, "size_used", TRUE);
      memset (x->rp_adjust, -1, sizeof x->rp_adjust);
      x->triarii_enemy = 3;
      x->triarii_lg = 6;
    }

  /* Special rules (checklist SG section 3). */
  for (guint i = 0; i < scenario->special_rules->len; i++)
    {
      AciesRuleEntry *e = g_ptr_array_index (scenario->special_rules, i);
      gint side = e->side != NULL ? acies_scenario_side_index (scenario, e->side) : -1;

      if (g_strcmp0 (e->kind, "multiple-activation") == 0 || g_strcmp0 (e->kind, "fc-seizure") == 0)
        {
          SgMfaDef *m;
          const char *lid = acies_params_get_string (e->params, "leader", NULL);
          g_autofree char *bad = NULL;
          gint l = leader_index (scenario, lid);

          if (st->n_mfa >= SG_MAX_MFA)
            return sg_fail (error, _("SG 4.14: at most %d Multiple Formation Activation entries"), SG_MAX_MFA);
          if (l < 0)
            return sg_fail (error, _("SG 4.14: special rule %s names the unknown leader “%s”"), e->kind,
                            lid != NULL ? lid : "");
          m = &st->mfa[st->n_mfa];
          m->side = st->leaders[l].side;
          m->leader = l;
          m->for_seizure = g_strcmp0 (e->kind, "fc-seizure") == 0;
          if (!formation_bits (scenario, acies_params_get_string (e->params, "formations", ""), m->side,
                               &m->formations, &bad))
            return sg_fail (error, _("SG 4.14: special rule %s names “%s”, not a Formation of leader %s's army"),
                            e->kind, bad, lid);
          if (!m->for_seizure && m->formations == 0)
            return sg_fail (error, _("SG 4.14: the Multiple Formation Activation of %s names no Formation"), lid);
          st->n_mfa++;
        }
      else if (g_strcmp0 (e->kind, "triarii") == 0)
        {
          for (gint s2 = 0; s2 < 2; s2++)
            if (side < 0 || side == s2)
              {
                st->sides[s2].triarii = TRUE;
                st->sides[s2].triarii_enemy = (guint8) acies_params_get_int (e->params, "enemy_range", 3);
                st->sides[s2].triarii_lg = (guint8) acies_params_get_int (e->params, "lg_distance", 6);
              }
        }
      else if (g_strcmp0 (e->kind, "double-depth") == 0)
        {
          for (gint s2 = 0; s2 < 2; s2++)
            if (side < 0 || side == s2)
              st->sides[s2].double_depth = acies_params_get_bool (e->params, "deployed", FALSE) ? 2 : 1;
        }
      else if (g_strcmp0 (e->kind, "column") == 0)
        st->opt.column_rule = TRUE;
      else if (g_strcmp0 (e->kind, "rp-adjustment") == 0)
        {
          SgType ty = sg_type_from_id (acies_params_get_string (e->params, "unit_type", NULL));

          for (gint s2 = 0; s2 < 2; s2++)
            if ((side < 0 || side == s2) && ty < SG_N_TYPES)
              st->sides[s2].rp_adjust[ty] = (gint8) CLAMP (acies_params_get_int (e->params, "rp", 0), 0, 50);
        }
    }

  /* 2.21: combat units. */
  st->n_units = scenario->units->len;
  for (guint i = 0; i < st->n_units; i++)
    {
      AciesUnit *u = g_ptr_array_index (scenario->units, i);
      SgUnitDef *ud = &st->units[i];
      const AciesUnitType *ut = acies_catalogue_find_unit_type (st->catalogue, u->type);

      ud->id = u->id;
      ud->name = u->name != NULL && *u->name != '\0' ? u->name : u->id;
      ud->side = acies_scenario_side_index (scenario, u->side);
      ud->type = sg_type_from_id (u->type);
      if (ud->side < 0)
        return sg_fail (error, _("SG 2.21: unit %s belongs to no side"), u->id);
      if (ud->type >= SG_N_TYPES)
        return sg_fail (error, _("SG 2.22: unit %s has the unknown type “%s”"), u->id, u->type);
      ud->two_hex = ut != NULL && ut->two_hex;
      ud->missile = ud->type == SG_T_ART ? SG_M_ART
                    : missile_from_id (acies_params_get_string (u->attrs, "missile", "none"));
      ud->tq = (guint8) CLAMP (acies_params_get_int (u->attrs, "tq", ud->type == SG_T_ART ? 4 : 5), 0, 9);
      ud->size = (guint8) CLAMP (acies_params_get_int (u->attrs, "size", ud->type == SG_T_GC ? 5 : 1), 0, 40);
      ud->ma = (guint8) CLAMP (acies_params_get_int (u->attrs, "ma", 0), 0, 15);
      if (ud->type == SG_T_PH)
        ud->ma = 4;                                         /* 5.21 */
      if (ud->type == SG_T_ART && !json_object_has_member (u->attrs, "ma"))
        ud->ma = 0;                                         /* 10.11 */
      if (ud->type == SG_T_ART)
        st->has_artillery[ud->side] = TRUE;                 /* 7.24 */
      ud->cls = string_index (st->classes, acies_params_get_string (u->attrs, "class", NULL));
      ud->legion = string_index (st->legions, acies_params_get_string (u->attrs, "legion", NULL));
      ud->formation = formation_index (scenario, u->formation);
      if (ud->formation < 0)
        return sg_fail (error, _("SG 4.1: unit %s belongs to no Formation of the Formation Chart"), u->id);
      if (st->formations[ud->formation].side != ud->side)
        return sg_fail (error, _("SG 4.1: unit %s is in a Formation of the other side"), u->id);
      ud->triarii = st->sides[ud->side].triarii && ud->type == SG_T_HI;    /* 11.3 */
      ud->mv = move_class (ud->type, ud->two_hex);
      ud->may_fire = ud->missile != SG_M_NONE && ud->missile != SG_M_F && ud->missile != SG_M_X;
      if (ud->side == 0 || ud->side == 1)
        st->side_units[ud->side][st->n_side_units[ud->side]++] = (guint8) i;
    }
  return TRUE;
}

/* ---- The state at the start ---- */

static gboolean
place_units (SgState       *s,
             AciesScenario *scenario,
             GError       **error)
{
  SgStatic *st = s->st;

  for (guint i = 0; i < st->n_units; i++)
    {
      AciesUnit *u = g_ptr_array_index (scenario->units, i);
      const SgUnitDef *d = &st->units[i];
      SgUnit *x = &s->units[i];
      gint c = u->cell, c2 = u->cell2;

      x->merged = SG_NONE;
      x->cell = x->cell2 = SG_NONE;
      x->facing = SG_NONE;
      x->hits = (guint8) CLAMP (acies_params_get_int (u->attrs, "hits", 0), 0, 20);
      if (c < 0 || (guint) c >= st->n_cells)
        {
          x->status = SG_U_OUT;
          continue;
        }
      if (x->hits >= d->tq && d->tq > 0)
        return sg_fail (error, _("SG 8.1: unit %s starts with %u Hits, at or above its TQ %u"), u->id, x->hits, d->tq);
      if (d->type != SG_T_ART)
        {
          if (u->facing < 0 || u->facing > 5)
            return sg_fail (error, _("SG 6.11: unit %s needs a facing toward a hex vertex (0 to 5)"), u->id);
          x->facing = u->facing;
        }
      if (d->two_hex)
        {
          if (c2 < 0 || !sg_two_hex_ok (st, c, c2, x->facing))
            return sg_fail (error, _("SG 6.11: two-hex unit %s must lie on two adjacent hexes with its three front hexes "
                                     "ahead (its second hex beside the first, across the facing)"), u->id);
        }
      else
        c2 = SG_NONE;
      for (gint k = 0; k < (c2 >= 0 ? 2 : 1); k++)
        {
          gint cc = k == 0 ? c : c2;
          gint top = s->occ[2 * cc];

          if (st->impassable[st->terrain[cc]])
            return sg_fail (error, _("SG 5.15: unit %s stands on impassable terrain at %s"), u->id,
                            acies_board_cell_label (st->board, cc));
          if (top >= 0)
            {
              if (d->two_hex || st->units[top].two_hex || s->occ[2 * cc + 1] >= 0 || !sg_may_stack (s, top, i))
                return sg_fail (error, _("SG 5.31: units %s and %s share hex %s but may not stack (5.32)"),
                                st->units[top].id, u->id, acies_board_cell_label (st->board, cc));
              if (s->units[top].facing != x->facing && d->type != SG_T_ART && st->units[top].type != SG_T_ART)
                return sg_fail (error, _("SG 6.11: units %s and %s share hex %s with different facings"),
                                st->units[top].id, u->id, acies_board_cell_label (st->board, cc));
            }
        }
      x->status = SG_U_MAP;
      sg_place (s, i, c, c2, FALSE);
    }

  /* 10.3: a side deployed at Double Depth merges each pair in place. */
  for (guint i = 0; i < st->n_units; i++)
    for (guint j = 0; j < st->n_units; j++)
      if (i != j && st->sides[st->units[i].side].double_depth == 2 && sg_double_depth_ok (s, i, j))
        {
          s->units[i].f |= SG_UF_DOUBLE;
          s->units[i].merged = j;
          s->units[j].merged = i;
          sg_lift (s, j);
          s->units[j].status = SG_U_MERGED;
        }
  return TRUE;
}

static gboolean
place_leaders (SgState       *s,
               AciesScenario *scenario,
               GError       **error)
{
  SgStatic *st = s->st;

  for (guint i = 0; i < st->n_leaders; i++)
    {
      AciesLeader *l = g_ptr_array_index (scenario->leaders, i);
      SgLeader *x = &s->leaders[i];
      gint u = unit_index (scenario, l->attached_to);

      x->cell = SG_NONE;
      x->unit = SG_NONE;
      x->formation = st->leaders[i].formation;
      x->seizures = st->leaders[i].seizure;
      if (st->leaders[i].replacement)
        {
          x->status = SG_L_RESERVE;                         /* 4.37 */
          continue;
        }
      if (u >= 0 && sg_on_map (s, u))
        {
          if (st->units[u].side != st->leaders[i].side)
            return sg_fail (error, _("SG 4.31: leader %s is stacked with an enemy unit"), l->id);
          x->unit = u;
          x->cell = s->units[u].cell;
        }
      else if (l->cell >= 0 && (guint) l->cell < st->n_cells)
        {
          gint top = sg_top (s, l->cell);

          x->cell = l->cell;
          if (top < 0)
            for (guint k = 0; k < st->n_units; k++)
              if (s->units[k].cell2 == l->cell)
                top = k;
          if (top >= 0 && st->units[top].side != st->leaders[i].side)
            return sg_fail (error, _("SG 4.34: leader %s stands in a hex of enemy units"), l->id);
          x->unit = top;
        }
      x->status = x->cell >= 0 ? SG_L_MAP : SG_L_OUT;
    }
  return TRUE;
}

void
sg_static_unref (SgStatic *st)
{
  if (st == NULL || !g_atomic_int_dec_and_test (&st->ref_count))
    return;
  g_clear_pointer (&st->catalogue, acies_catalogue_unref);
  g_clear_pointer (&st->board, acies_board_unref);
  g_free (st->nb);
  g_free (st->q);
  g_free (st->r);
  g_free (st->terrain);
  g_free (st->elevation);
  g_free (st->edges);
  g_free (st->camp);
  g_free (st->rampart);
  g_free (st->edge_of_map);
  g_free (st->enter);
  g_free (st->enter_hits);
  g_free (st->near2);
  g_free (st->near2_n);
  g_ptr_array_unref (st->classes);
  g_ptr_array_unref (st->legions);
  g_free (st);
}

/* The first state of the last scenario read, with its static data (the
 * hex grid, the charts, the order of battle): a bench or a test plays one
 * battle many times, and reading it costs as much as many actions.  It is
 * used again only for the same scenario, still equal to the copy taken
 * when it was read (the editor changes a scenario in place), with the
 * same catalogue and rulings.  The static data never changes once read,
 * so the states of every game share it (as acies-cca-setup.c does). */
typedef struct
{
  AciesCatalogue *catalogue;    /* borrowed: compared only */
  AciesScenario  *copy;         /* the scenario's contents when read */
  SgOptions       opt;
  SgState        *first;        /* holds its scenario and static data */
} FirstCache;

G_LOCK_DEFINE_STATIC (first_cache);
static FirstCache first_cache;
static gint static_serial;      /* SgStatic.serial: the battles read so far */

/* A copy of the cached first state for @scenario, or %NULL. */
static SgState *
first_cache_get (AciesCatalogue  *catalogue,
                 AciesScenario   *scenario,
                 const SgOptions *opt)
{
  SgState *s = NULL;

  G_LOCK (first_cache);
  if (first_cache.first != NULL && first_cache.first->base.scenario == scenario
      && first_cache.catalogue == catalogue && memcmp (&first_cache.opt, opt, sizeof *opt) == 0
      && acies_scenario_equal (first_cache.copy, scenario))
    s = sg_state_copy (first_cache.first);
  G_UNLOCK (first_cache);
  return s;
}

static void
first_cache_put (AciesCatalogue *catalogue,
                 const SgState  *s)
{
  SgState *first = sg_state_copy (s);
  AciesScenario *copy = acies_scenario_copy (s->base.scenario);

  G_LOCK (first_cache);
  g_clear_pointer (&first_cache.first, sg_state_free);
  g_clear_pointer (&first_cache.copy, acies_scenario_unref);
  first_cache.catalogue = catalogue;
  first_cache.copy = copy;
  first_cache.opt = s->st->opt;
  first_cache.first = first;
  G_UNLOCK (first_cache);
}

/**
 * sg_state_new:
 * @catalogue: the simple-gboh catalogue
 * @scenario: a scenario of the ruleset
 * @options: (nullable): rulings overriding the catalogue's defaults
 * @error: return location for an error
 *
 * Reads @scenario into the state at the start of the battle (SG 3.1:
 * before the roll for the first player, unless the scenario names him).
 *
 * Returns: (transfer full): the state, or %NULL with
 *   ACIES_ENGINE_ERROR_INVALID naming the rule and the unit
 */
SgState *
sg_state_new (AciesCatalogue *catalogue,
              AciesScenario  *scenario,
              JsonObject     *options,
              GError        **error)
{
  SgStatic *st;
  SgState *s;
  SgOptions opt;
  const AciesBoard *board = scenario->map.board;

  if (board == NULL || acies_board_get_kind (board) != ACIES_BOARD_HEX)
    {
      sg_fail (error, _("SG 2.1: a Simple GBoH battle is played on a hex map"));
      return NULL;
    }
  if (acies_board_get_n_cells (board) > 8000)
    {
      sg_fail (error, _("SG 2.1: at most 8000 hexes (the map has %u)"), acies_board_get_n_cells (board));
      return NULL;
    }

  memset (&opt, 0, sizeof opt);
  read_options (&opt, catalogue, options);
  s = first_cache_get (catalogue, scenario, &opt);
  if (s != NULL)
    return s;

  st = g_new0 (SgStatic, 1);
  st->ref_count = 1;
  st->serial = (guint) g_atomic_int_add (&static_serial, 1) + 1;
  st->catalogue = acies_catalogue_ref (catalogue);
  st->board = acies_board_ref ((AciesBoard *) board);
  st->classes = g_ptr_array_new_with_free_func (g_free);
  st->legions = g_ptr_array_new_with_free_func (g_free);
  st->opt = opt;
  read_tables (st, scenario);
  read_board (st, scenario);
  sg_enter_costs_init (st);
  sg_near_init (st);

  s = g_new0 (SgState, 1);
  s->st = st;
  s->base.scenario = acies_scenario_ref (scenario);
  s->base.winner = -1;
  s->base.active_side = 0;
  s->occ = g_new (gint16, 2 * st->n_cells);
  memset (s->occ, 0xff, sizeof (gint16) * 2 * st->n_cells);
  s->adj = g_new0 (guint8, 2 * st->n_cells);

  if (!read_order_of_battle (st, scenario, error))
    goto fail;
  s->n_units = st->n_units;
  s->n_leaders = st->n_leaders;
  if (!place_units (s, scenario, error) || !place_leaders (s, scenario, error))
    goto fail;

  /* 3.1: the scenario may name the first player. */
  st->first_side = -1;
  if (scenario->first_side != NULL)
    st->first_side = acies_scenario_side_index (scenario, scenario->first_side);
  if (st->first_side < 0 && !acies_params_get_bool (scenario->params, "roll_for_first", TRUE))
    st->first_side = 0;

  /* 3.0: the battle also ends when the scenario's victory conditions
   * are met; "nightfall" ends it after its last Player Turn. */
  for (guint i = 0; scenario->victory != NULL && i < scenario->victory->len; i++)
    {
      AciesRuleEntry *e = g_ptr_array_index (scenario->victory, i);

      if (g_strcmp0 (e->kind, "nightfall") == 0)
        st->last_pt = (guint) CLAMP (acies_params_get_int (e->params, "player_turns", 0), 0, 999);
    }

  s->seized_by = s->seized_prev = -1;
  s->seize_leader = s->seize_move = s->oc_move = s->enabler = -1;
  s->mover = s->lmover = s->pending_leader = s->rampaging = -1;
  s->sh.cur = SG_NONE;
  s->first_side = st->first_side;
  s->phase = SG_PH_START;
  s->step = SG_ST_FIRST;
  if (s->first_side >= 0)
    {
      s->base.active_side = s->first_side;
      sg_start_pt (s, NULL, NULL);
    }
  sg_sync (s);
  first_cache_put (catalogue, s);
  return s;

fail:
  sg_state_free (s);
  return NULL;
}

/**
 * sg_state_copy:
 * @s: a state
 *
 * Returns: (transfer full): a deep copy (the static data shared)
 */
SgState *
sg_state_copy (const SgState *s)
{
  SgState *to = g_new (SgState, 1);

  memcpy (to, s, sizeof *to);
  acies_scenario_ref (to->base.scenario);
  to->base.end_reason = g_strdup (s->base.end_reason);
  g_atomic_int_inc (&to->st->ref_count);
  to->occ = g_memdup2 (s->occ, sizeof (gint16) * 2 * s->st->n_cells);
  to->adj = g_memdup2 (s->adj, 2 * s->st->n_cells);
  return to;
}

/**
 * sg_state_free:
 * @s: (nullable): a state
 */
void
sg_state_free (SgState *s)
{
  if (s == NULL)
    return;
  g_free (s->occ);
  g_free (s->adj);
  g_free (s->base.end_reason);
  sg_static_unref (s->st);
  acies_scenario_unref (s->base.scenario);
  g_free (s);
}
