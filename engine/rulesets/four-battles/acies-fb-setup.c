/* acies-fb-setup.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-four-battles"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "model/acies-problem.h"
#include "acies-fb-private.h"

/*
 * The scenario read into FbStatic (the map's costs per unit type, the
 * pieces, areas, exclusive rules and tables) and the state at the start of
 * the game.  Everything a battle's Exclusive Rules change is data here: a
 * rule kind with its parameters (catalogue "special_rules" and
 * "victory_conditions").
 */

gboolean
acies_fb_invalid (GError    **error,
                  const char *format,
                  ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, message);
  return FALSE;
}

/* Options (checklist 2.4): the catalogue's defaults, overridden by the
 * game's options. */

static JsonNode *
option_value (AciesCatalogue *cat,
              JsonObject     *options,
              const char     *id)
{
  const AciesParamSpec *spec;

  if (options != NULL && json_object_has_member (options, id))
    return json_object_get_member (options, id);
  spec = cat != NULL ? acies_catalogue_find_param (cat->options, id) : NULL;
  return spec != NULL ? spec->default_value : NULL;
}

static gboolean
opt_bool (AciesCatalogue *cat, JsonObject *options, const char *id, gboolean fallback)
{
  JsonNode *n = option_value (cat, options, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_BOOLEAN
         ? json_node_get_boolean (n) : fallback;
}

static const char *
opt_string (AciesCatalogue *cat, JsonObject *options, const char *id, const char *fallback)
{
  JsonNode *n = option_value (cat, options, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : fallback;
}

static gint64
opt_int (AciesCatalogue *cat, JsonObject *options, const char *id, gint64 fallback)
{
  JsonNode *n = option_value (cat, options, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64
         ? json_node_get_int (n) : fallback;
}

/**
 * acies_fb_options_read:
 * @opt: (out): the rulings
 * @catalogue: the catalogue (its "options" give the defaults)
 * @options: (nullable): the game's options
 *
 * Reads the rulings of the checklist's section 2.4 (and the few the engine
 * adds where the book is silent), each a named catalogue option.
 */
void
acies_fb_options_read (FbOptions      *opt,
                       AciesCatalogue *catalogue,
                       JsonObject     *options)
{
  opt->odds_round_up = g_strcmp0 (opt_string (catalogue, options, "odds_below_one", "round-up"), "round-up") == 0;
  opt->shift_floor_auto_al = g_strcmp0 (opt_string (catalogue, options, "shift_below_floor", "clamp"), "auto-al") == 0;
  opt->die_floor = g_strcmp0 (opt_string (catalogue, options, "die_below_one", "row-1"), "row-1") == 0;
  opt->paren_halving_only = opt_bool (catalogue, options, "paren_halving_only", TRUE);
  opt->rbc_effective_ma = opt_bool (catalogue, options, "rbc_effective_ma", TRUE);
  opt->defender_may_advance = opt_bool (catalogue, options, "defender_may_advance", TRUE);
  opt->missile_nearest_with_los = opt_bool (catalogue, options, "missile_nearest_with_los", TRUE);
  opt->amok_half_vp = opt_bool (catalogue, options, "amok_half_vp", TRUE);
  opt->leader_retreats_with_unit = opt_bool (catalogue, options, "leader_retreats_with_unit", TRUE);
  opt->stack_until_phase_end = g_strcmp0 (opt_string (catalogue, options, "stacking_during_move", "moves-next"),
                                          "moves-next") == 0;
  opt->lone_leader_must_reach = g_strcmp0 (opt_string (catalogue, options, "lone_leader_escape", "must-reach"),
                                           "must-reach") == 0;
  opt->disruption_with_terrain = opt_bool (catalogue, options, "disruption_with_terrain", TRUE);
  opt->berserk_offmap_amok = g_strcmp0 (opt_string (catalogue, options, "berserk_off_map", "amok"), "amok") == 0;
  opt->elite_flip_after_displacement = opt_bool (catalogue, options, "elite_flip_after_displacement", TRUE);
  opt->charger_must_attack = opt_bool (catalogue, options, "charger_must_attack", TRUE);
  opt->locked_units_attack = opt_bool (catalogue, options, "locked_units_attack", TRUE);
  opt->earthquake_vp = opt_bool (catalogue, options, "earthquake_vp", FALSE);
  opt->max_turns = (gint) opt_int (catalogue, options, "max_turns", 0);
}

/* Static data. */

FbStatic *
acies_fb_static_ref (FbStatic *st)
{
  g_atomic_int_inc (&st->ref_count);
  return st;
}

void
acies_fb_static_unref (FbStatic *st)
{
  if (st == NULL || !g_atomic_int_dec_and_test (&st->ref_count))
    return;
  g_clear_pointer (&st->catalogue, acies_catalogue_unref);
  g_clear_pointer (&st->scenario, acies_scenario_unref);
  g_free (st->nbr);
  g_free (st->cell_bits);
  g_free (st->side_bits);
  g_free (st->terrain_mp);
  g_free (st->terrain_ce);
  g_free (st->elevation);
  g_free (st->slope_dist);
  g_free (st->ring2);
  g_free (st->terrain_id);
  g_free (st->area_bits);
  g_strfreev (st->names);
  for (gint t = 0; t < st->n_types; t++)
    {
      g_free (st->cost[t]);
      g_free (st->cell_mp[t]);
      g_free (st->edges[t]);
      g_free (st->degree[t]);
      g_free (st->charge_edges[t]);
      g_free (st->charge_degree[t]);
    }
  for (gint r = 0; r < st->n_rules; r++)
    {
      g_free (st->rules[r].text);
      g_free (st->rules[r].text2);
    }
  g_free (st);
}

/**
 * acies_fb_type_index:
 * @st: the static data
 * @type: a unit type or leader kind id
 *
 * Returns: its index in @st->type_ids, or -1
 */
gint
acies_fb_type_index (const FbStatic *st,
                     const char     *type)
{
  for (gint t = 0; t < st->n_types; t++)
    if (g_strcmp0 (st->type_ids[t], type) == 0)
      return t;
  return -1;
}

static FbClass
class_of (const char *type,
          gboolean    leader)
{
  if (leader)
    return g_strcmp0 (type, "eagle") == 0 ? FB_EAGLE : FB_LEADER;
  if (g_strcmp0 (type, "cavalry") == 0)
    return FB_CAVALRY;
  if (g_strcmp0 (type, "elephant") == 0)
    return FB_ELEPHANT;
  if (g_strcmp0 (type, "chariot") == 0)
    return FB_CHARIOT;
  if (g_strcmp0 (type, "scythed-chariot") == 0)
    return FB_SCYTHED;
  if (g_strcmp0 (type, "baggage") == 0)
    return FB_BAGGAGE;
  if (g_strcmp0 (type, "camel-train") == 0)
    return FB_CAMEL;
  return FB_FOOT;
}

static FbMissile
missile_of (const char *name)
{
  static const char *ids[] = { "none", "bow", "sling", "javelin", "pila" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (g_strcmp0 (ids[i], name) == 0)
      return i;
  return FB_MIS_NONE;
}

/* A unit attribute with the unit type's default (catalogue). */
static JsonNode *
attr_node (const AciesCatalogue *cat,
           const char           *type,
           gboolean              leader,
           JsonObject           *attrs,
           const char           *id)
{
  const AciesUnitType *t;
  const AciesParamSpec *spec;

  if (attrs != NULL && json_object_has_member (attrs, id))
    return json_object_get_member (attrs, id);
  t = leader ? acies_catalogue_find_leader_kind (cat, type) : acies_catalogue_find_unit_type (cat, type);
  spec = t != NULL ? acies_catalogue_find_param (t->attributes, id) : NULL;
  return spec != NULL ? spec->default_value : NULL;
}

static gint64
attr_int (const AciesCatalogue *cat, const char *type, gboolean leader, JsonObject *attrs,
          const char *id, gint64 fallback)
{
  JsonNode *n = attr_node (cat, type, leader, attrs, id);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return fallback;
  if (json_node_get_value_type (n) == G_TYPE_INT64)
    return json_node_get_int (n);
  if (json_node_get_value_type (n) == G_TYPE_DOUBLE)
    return (gint64) json_node_get_double (n);
  return fallback;
}

static gboolean
attr_bool (const AciesCatalogue *cat, const char *type, gboolean leader, JsonObject *attrs,
           const char *id, gboolean fallback)
{
  JsonNode *n = attr_node (cat, type, leader, attrs, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_BOOLEAN
         ? json_node_get_boolean (n) : fallback;
}

static const char *
attr_string (const AciesCatalogue *cat, const char *type, gboolean leader, JsonObject *attrs,
             const char *id, const char *fallback)
{
  JsonNode *n = attr_node (cat, type, leader, attrs, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : fallback;
}

/* A table with the scenario's overrides of it applied: owned by the
 * caller when *@copy is set. */
static const AciesTable *
table_of (FbStatic    *st,
          const char  *id,
          AciesTable **copy)
{
  const AciesTable *table = acies_catalogue_find_table (st->catalogue, id);

  *copy = NULL;
  if (table != NULL && st->scenario->table_overrides != NULL
      && json_object_has_member (st->scenario->table_overrides, id)
      && JSON_NODE_HOLDS_OBJECT (json_object_get_member (st->scenario->table_overrides, id)))
    {
      AciesTable *c = acies_table_copy (table);

      if (acies_table_apply_override (c, json_object_get_object_member (st->scenario->table_overrides, id),
                                      "$.table_overrides", NULL))
        {
          *copy = c;
          return c;
        }
      acies_table_free (c);
    }
  return table;
}

static const char *
cell_text (const AciesTableCell *cell)
{
  if (cell == NULL || cell->value == NULL || !JSON_NODE_HOLDS_VALUE (cell->value))
    return NULL;
  if (json_node_get_value_type (cell->value) == G_TYPE_STRING)
    return json_node_get_string (cell->value);
  return NULL;
}

static gint
cell_int (const AciesTableCell *cell,
          gint                  fallback)
{
  const char *text;

  if (cell == NULL || cell->value == NULL || !JSON_NODE_HOLDS_VALUE (cell->value))
    return fallback;
  if (json_node_get_value_type (cell->value) == G_TYPE_INT64)
    return (gint) json_node_get_int (cell->value);
  text = cell_text (cell);
  if (text != NULL && (g_ascii_isdigit (text[0]) || text[0] == '+' || text[0] == '-')
      && g_ascii_isdigit (text[text[0] == '+' || text[0] == '-' ? 1 : 0]))
    return atoi (text + (text[0] == '+' ? 1 : 0));
  return fallback;
}

static FbResult
result_of (const char *text)
{
  if (g_strcmp0 (text, "AR") == 0) return FB_RES_AR;
  if (g_strcmp0 (text, "AL") == 0) return FB_RES_AL;
  if (g_strcmp0 (text, "EX") == 0) return FB_RES_EX;
  if (g_strcmp0 (text, "DR") == 0) return FB_RES_DR;
  if (g_strcmp0 (text, "DL") == 0) return FB_RES_DL;
  return FB_RES_NONE;
}

/* "3:1" → 2, "1:3" → -2 (FB 8.0). */
static gboolean
parse_ratio (const char *label,
             gint       *level)
{
  gint a, b;

  if (label == NULL || sscanf (label, "%d:%d", &a, &b) != 2 || a < 1 || b < 1 || (a != 1 && b != 1))
    return FALSE;
  *level = a >= b ? a - 1 : -(b - 1);
  return TRUE;
}

static FbCombatEffect
effect_of (const char *text)
{
  if (text == NULL || g_str_equal (text, "NE") || g_str_equal (text, "-"))
    return FB_CE_NE;
  if (g_str_equal (text, "AH"))
    return FB_CE_AH;
  if (g_str_equal (text, "DD"))
    return FB_CE_DD;
  if (g_str_equal (text, "DT"))
    return FB_CE_DT;
  if (g_str_has_prefix (text, "DD-slope") || g_str_has_prefix (text, "DD if"))
    return FB_CE_SLOPE;
  if (g_str_equal (text, "L1"))
    return FB_CE_SHIFT1;
  if (g_str_equal (text, "L2"))
    return FB_CE_SHIFT2;
  return FB_CE_NE;
}

static const char *const hexside_ids[FB_HS_N] = {
  "stream", "ridge", "slope", "trail", "road", "obstacle", "rampart", "river", "ford"
};

/* The TEC row of a terrain or an edge feature (edge features whose id is
 * also a terrain's are written "<id> hexside"). */
static gint
tec_row (const AciesTable *tec,
         const char       *id,
         gboolean          hexside)
{
  if (hexside)
    {
      g_autofree char *label = g_strdup_printf ("%s hexside", id);
      gint r = acies_table_row_index (tec, label);

      if (r >= 0)
        return r;
    }
  return acies_table_row_index (tec, id);
}

/* FB 5.2, 8.4, 7.21, 9.5: the Terrain Effects Chart. */
static void
read_tec_hexsides (FbStatic         *st,
                   const AciesTable *tec)
{
  gint mp = tec != NULL ? acies_table_column_index (tec, "MP") : -1;
  gint ce = tec != NULL ? acies_table_column_index (tec, "combat") : -1;
  gint ch = tec != NULL ? acies_table_column_index (tec, "charge") : -1;

  for (gint h = 0; h < FB_HS_N; h++)
    {
      gint r = tec != NULL ? tec_row (tec, hexside_ids[h], TRUE) : -1;
      const char *mp_text = r >= 0 && mp >= 0 ? cell_text (acies_table_get (tec, r, mp)) : NULL;

      st->hs_add[h] = r >= 0 && mp >= 0 && h != 3 && h != 4 ? MAX (cell_int (acies_table_get (tec, r, mp), 0), 0) : 0;
      st->hs_prohibited[h] = g_strcmp0 (mp_text, "P") == 0;
      st->hs_ce[h] = r >= 0 && ce >= 0 ? effect_of (cell_text (acies_table_get (tec, r, ce))) : FB_CE_NE;
      st->hs_charge[h] = r >= 0 && ch >= 0 ? g_strcmp0 (cell_text (acies_table_get (tec, r, ch)), "no") != 0 : TRUE;
      if (!st->hs_charge[h])
        st->hs_no_charge |= 1 << h;
    }
  /* 5.22, MAR 5.1: trails and roads add nothing of their own. */
  st->hs_add[3] = st->hs_add[4] = 0;
}

typedef struct
{
  guint8 mp;        /* FB_INF_COST: prohibited */
  guint8 ce;
  guint8 blocks;    /* 0 no, 1 yes, 2 only with a ridge between (7.23) */
  guint8 charge;
} TecTerrain;

static TecTerrain
tec_terrain (const AciesTable *tec,
             const char       *id)
{
  TecTerrain t = { 1, FB_CE_NE, 0, 1 };
  gint r = tec != NULL ? tec_row (tec, id, FALSE) : -1;
  gint mp, ce, los, ch;
  const char *text;

  if (r < 0)
    return t;
  mp = acies_table_column_index (tec, "MP");
  ce = acies_table_column_index (tec, "combat");
  los = acies_table_column_index (tec, "blocks LOS");
  ch = acies_table_column_index (tec, "charge");
  text = mp >= 0 ? cell_text (acies_table_get (tec, r, mp)) : NULL;
  if (g_strcmp0 (text, "P") == 0)
    t.mp = FB_INF_COST;
  else if (mp >= 0)
    t.mp = (guint8) CLAMP (cell_int (acies_table_get (tec, r, mp), 1), 1, 20);
  t.ce = ce >= 0 ? effect_of (cell_text (acies_table_get (tec, r, ce))) : FB_CE_NE;
  text = los >= 0 ? cell_text (acies_table_get (tec, r, los)) : NULL;
  t.blocks = g_strcmp0 (text, "yes") == 0 ? 1 : g_strcmp0 (text, "ridge") == 0
             || g_strcmp0 (text, "only with a ridge between") == 0 ? 2 : 0;
  text = ch >= 0 ? cell_text (acies_table_get (tec, r, ch)) : NULL;
  t.charge = g_strcmp0 (text, "no") != 0;
  return t;
}

/* The highest die (rows "1" … "6") whose result in @column starts with
 * @prefix ("AR", "elim", "advance"): the printed "on 1-3"; 0 when none
 * does; @fallback without the table. */
static gint
highest_die (const AciesTable *t,
             const char       *column,
             const char       *prefix,
             gint              fallback)
{
  gint highest = 0;

  if (t == NULL)
    return fallback;
  for (gint d = 1; d <= 6; d++)
    {
      char row[2] = { (char) ('0' + d), 0 };
      const char *v = cell_text (acies_table_lookup (t, row, column));

      if (v != NULL && g_str_has_prefix (v, prefix))
        highest = d;
    }
  return highest;
}

/* FB 8.0, 8.53: the CRT columns as levels; FB 7.1: the MFT. */
static void
read_tables (FbStatic *st)
{
  AciesTable *copy = NULL;
  const AciesTable *t;
  static const char *weapons[FB_N_MISSILES] = { "none", "bow", "sling", "javelin", "pila" };

  t = table_of (st, "crt", &copy);
  st->crt.n_cols = 0;
  for (guint c = 0; t != NULL && c < t->columns->len && st->crt.n_cols < FB_MAX_CRT_COLS; c++)
    {
      gint level, k = st->crt.n_cols;

      if (!parse_ratio (g_ptr_array_index (t->columns, c), &level) || level == 4)
        continue;   /* 8.53: the 5:1 column is not used. */
      st->crt.level[k] = level;
      for (guint r = 0; r < 6; r++)
        {
          g_autofree char *row = g_strdup_printf ("%u", r + 1);
          gint ri = acies_table_row_index (t, row);
          const AciesTableCell *cell = ri >= 0 ? acies_table_get (t, ri, c) : NULL;

          st->crt.result[k][r] = result_of (cell_text (cell));
          st->crt.provisional[k][r] = cell == NULL || cell->source == ACIES_SOURCE_PROVISIONAL;
        }
      st->crt.n_cols++;
    }
  g_clear_pointer (&copy, acies_table_free);
  /* Sorted by level (a table typed in any order). */
  for (gint i = 1; i < st->crt.n_cols; i++)
    for (gint j = i; j > 0 && st->crt.level[j - 1] > st->crt.level[j]; j--)
      {
        gint l = st->crt.level[j];
        guint8 res[6], prov[6];

        memcpy (res, st->crt.result[j], 6);
        memcpy (prov, st->crt.provisional[j], 6);
        st->crt.level[j] = st->crt.level[j - 1];
        memcpy (st->crt.result[j], st->crt.result[j - 1], 6);
        memcpy (st->crt.provisional[j], st->crt.provisional[j - 1], 6);
        st->crt.level[j - 1] = l;
        memcpy (st->crt.result[j - 1], res, 6);
        memcpy (st->crt.provisional[j - 1], prov, 6);
      }

  t = table_of (st, "missile-range", &copy);
  for (gint w = 1; w < FB_N_MISSILES; w++)
    {
      const AciesTableCell *cell = t != NULL ? acies_table_lookup (t, weapons[w], "hexes") : NULL;

      st->mft.range[w] = (guint8) CLAMP (cell_int (cell, w <= FB_MIS_SLING ? 2 : 1), 1, 2);
    }
  g_clear_pointer (&copy, acies_table_free);

  t = table_of (st, "mft", &copy);
  for (gint w = 1; w < FB_N_MISSILES; w++)
    for (gint range = 1; range <= 2; range++)
      for (gint d = 0; d < 6; d++)
        {
          g_autofree char *row = g_strdup_printf ("%s %d", weapons[w], range);
          g_autofree char *col = g_strdup_printf ("%d", d + 1);
          const AciesTableCell *cell = t != NULL ? acies_table_lookup (t, row, col) : NULL;
          const char *v = cell_text (cell);

          st->mft.result[w][range][d] = g_strcmp0 (v, "E") == 0 ? 2 : g_strcmp0 (v, "D") == 0 ? 1 : 0;
          st->mft.provisional[w][range][d] = cell == NULL || cell->source == ACIES_SOURCE_PROVISIONAL;
        }
  g_clear_pointer (&copy, acies_table_free);

  /* 8.6: EX becomes AR on 1-3. */
  t = table_of (st, "ex-substitution", &copy);
  st->ex_sub_max = (guint8) highest_die (t, "result", "AR", 3);
  g_clear_pointer (&copy, acies_table_free);

  /* 11.32: eliminated on 1. */
  t = table_of (st, "retreat-before-combat", &copy);
  st->rbc_elim_max = (guint8) MAX (highest_die (t, "result", "elim", 1), highest_die (t, "result", "E", 0));
  g_clear_pointer (&copy, acies_table_free);

  /* 9.8: forced advance on 1-4, skirmisher cavalry 1-2. */
  t = table_of (st, "forced-advance", &copy);
  st->forced_adv[0] = (guint8) highest_die (t, "cavalry", "advance", 4);
  st->forced_adv[1] = (guint8) highest_die (t, "skirmisher cavalry", "advance", 2);
  g_clear_pointer (&copy, acies_table_free);

  /* 12.7c, 12.7e. */
  t = table_of (st, "berserk-attack", &copy);
  for (gint d = 0; d < 6; d++)
    {
      g_autofree char *row = g_strdup_printf ("%d", d + 1);
      const char *v = t != NULL ? cell_text (acies_table_lookup (t, row, "result")) : NULL;

      st->berserk_attack[d] = v != NULL ? result_of (v) : d < 2 ? FB_RES_DL : d < 4 ? FB_RES_EX : FB_RES_AL;
    }
  g_clear_pointer (&copy, acies_table_free);
  t = table_of (st, "berserk-end", &copy);
  st->berserk_end_max = (guint8) highest_die (t, "result", "normal", 3);
  g_clear_pointer (&copy, acies_table_free);

  /* 16.2: marginal above 1:1, substantial 1.5:1, decisive 2:1. */
  t = table_of (st, "victory-levels", &copy);
  st->level_ratio[0] = 1.0;
  st->level_ratio[1] = 1.5;
  st->level_ratio[2] = 2.0;
  for (gint k = 1; t != NULL && k < 3; k++)
    {
      static const char *rows[] = { "marginal", "substantial", "decisive" };
      const char *v = cell_text (acies_table_lookup (t, rows[k], "at least"));
      double x = v != NULL ? g_ascii_strtod (v, NULL) : 0;

      if (x > 1.0)
        st->level_ratio[k] = x;
    }
  g_clear_pointer (&copy, acies_table_free);
}

/* CAR 3.14: a side's own missile table. */
static void
read_side_table (FbStatic   *st,
                 gint        side,
                 const char *id)
{
  AciesTable *copy = NULL;
  const AciesTable *t = table_of (st, id, &copy);

  if (t == NULL)
    return;
  st->mft.side_table[side] = TRUE;
  for (gint d = 0; d < 6; d++)
    {
      g_autofree char *row = g_strdup_printf ("%d", d + 1);
      const char *v = cell_text (acies_table_lookup (t, row, "result"));

      st->mft.side_result[side][d] = g_strcmp0 (v, "E") == 0 ? 2 : g_strcmp0 (v, "D") == 0 ? 1 : 0;
    }
  g_clear_pointer (&copy, acies_table_free);
}

/* Rules. */

typedef struct
{
  const char *id;
  FbRuleKind  kind;
} KindName;

static const KindName kind_names[] = {
  { "no-displacement", FB_R_NO_DISPLACEMENT },
  { "chariots", FB_R_CHARIOTS },
  { "elite-leader", FB_R_ELITE_LEADER },
  { "two-step-units", FB_R_TWO_STEP },
  { "turn-column-shift", FB_R_TURN_SHIFT },
  { "movement-lock", FB_R_MOVEMENT_LOCK },
  { "turn-multipliers", FB_R_TURN_MULTIPLIERS },
  { "turn-vulnerability", FB_R_TURN_VULNERABILITY },
  { "scythed-chariots", FB_R_SCYTHED },
  { "leader-leash", FB_R_LEASH },
  { "move-quota", FB_R_MOVE_QUOTA },
  { "x-legion", FB_R_X_LEGION },
  { "guard", FB_R_GUARD },
  { "fighting-withdrawal", FB_R_FIGHTING_WITHDRAWAL },
  { "eagles", FB_R_EAGLES },
  { "baggage", FB_R_BAGGAGE },
  { "edge-exit", FB_R_EDGE_EXIT },
  { "skirmish-capability", FB_R_SKIRMISH_CAPABILITY },
  { "move-fire-move", FB_R_MOVE_FIRE_MOVE },
  { "side-missile-table", FB_R_SIDE_MISSILE_TABLE },
  { "ignore-hexside-cost", FB_R_IGNORE_HEXSIDE_COST },
  { "off-map-march", FB_R_OFF_MAP_MARCH },
  { "scheduled-placement", FB_R_SCHEDULED_PLACEMENT },
  { "mandatory-movement", FB_R_MANDATORY_MOVEMENT },
  { "forced-defenders", FB_R_FORCED_DEFENDERS },
  { "earthquake", FB_R_EARTHQUAKE },
  { "desperation", FB_R_DESPERATION },
  { "leader-demoralization", FB_R_LEADER_DEMORALIZATION },
  { "shrinking-map", FB_R_SHRINKING_MAP },
  { "reinforcement-boxes", FB_R_REINFORCEMENT_BOXES },
  { "attack-out-of-river", FB_R_ATTACK_OUT_OF_RIVER },
  { "untrained-elephants", FB_R_UNTRAINED_ELEPHANTS },
  { "elephants-must-engage", FB_R_ELEPHANTS_MUST_ENGAGE },
  { "region-ban", FB_R_REGION_BAN },
  { "terrain-override", FB_R_TERRAIN_OVERRIDE },
  { "occupation-shift", FB_R_OCCUPATION_SHIFT },
  { "gentle-slopes", FB_R_GENTLE_SLOPES },
  { "rally-placement", FB_R_RALLY_PLACEMENT },
  { "rally-exemption", FB_R_RALLY_EXEMPTION },
  { "retreat-off-map", FB_R_RETREAT_OFF_MAP },
  { "leader-stack-bonus", FB_R_LEADER_STACK_BONUS },
  { "random-first-player", FB_R_RANDOM_FIRST_PLAYER },
  { "setup-restriction", FB_R_SETUP_RESTRICTION },
  { "no-morale", FB_R_NO_MORALE },
  { "vp-ratio", FB_V_VP_RATIO },
  { "disintegration", FB_V_DISINTEGRATION },
  { "leader-loss", FB_V_LEADER_LOSS },
  { "camp-visit", FB_V_CAMP_VISIT },
  { "occupy", FB_V_OCCUPY },
  { "eliminate-unit", FB_V_ELIMINATE_UNIT },
  { "region-sp", FB_V_REGION_SP },
  { "exit-vp", FB_V_EXIT_VP },
  { "vp-threshold", FB_V_VP_THRESHOLD },
  { "path-cut", FB_V_PATH_CUT },
  { "survive", FB_V_SURVIVE },
  { "exit-wins", FB_V_EXIT_WINS },
  { "open-ended", FB_V_OPEN_ENDED },
  { "must-win-decisive", FB_V_MUST_WIN_DECISIVE },
  { "vp-schedule", FB_V_VP_SCHEDULE },
  { "no-elimination-vp", FB_V_NO_ELIMINATION_VP },
};

static gint
piece_index (const FbStatic *st,
             const char     *id)
{
  AciesScenario *sc = st->scenario;

  if (id == NULL || *id == '\0')
    return -1;
  for (guint i = 0; i < sc->units->len; i++)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (sc->units, i))->id, id) == 0)
      return i;
  for (guint i = 0; i < sc->leaders->len; i++)
    if (g_strcmp0 (((AciesLeader *) g_ptr_array_index (sc->leaders, i))->id, id) == 0)
      return st->n_combat + i;
  return -2;
}

static gint
formation_index (const AciesScenario *sc,
                 const char          *id)
{
  if (id == NULL || *id == '\0')
    return -1;
  for (guint i = 0; i < sc->formations->len; i++)
    if (g_strcmp0 (((AciesFormation *) g_ptr_array_index (sc->formations, i))->id, id) == 0)
      return i;
  return -2;
}

static gint
area_index (const FbStatic *st,
            const char     *id)
{
  if (id == NULL || *id == '\0')
    return -1;
  for (gint a = 0; a < st->n_areas; a++)
    if (g_strcmp0 (st->areas[a].id, id) == 0)
      return a;
  return -2;
}

static guint32
types_bits (const FbStatic *st,
            const char     *list)
{
  g_auto(GStrv) ids = NULL;
  guint32 bits = 0;

  if (list == NULL || *list == '\0')
    return 0;
  ids = g_strsplit (list, ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      gint t = acies_fb_type_index (st, g_strstrip (ids[i]));

      if (t >= 0)
        bits |= 1u << t;
      else
        bits |= 1u << 31;   /* a type the scenario does not use: nothing matches it */
    }
  return bits;
}

static void
fraction (JsonObject *params,
          const char *name,
          gint16     *num,
          gint16     *den)
{
  double x = 1.0;

  if (params != NULL && json_object_has_member (params, name))
    {
      JsonNode *n = json_object_get_member (params, name);

      if (JSON_NODE_HOLDS_VALUE (n) && (json_node_get_value_type (n) == G_TYPE_DOUBLE
                                         || json_node_get_value_type (n) == G_TYPE_INT64))
        x = json_node_get_double (n);
    }
  /* Quarters are enough for every printed multiplier (×½, ×2, ×3). */
  *den = 4;
  *num = (gint16) CLAMP ((gint) (x * 4 + 0.5), 0, 400);
}

static gint
edge_of (const char *name)
{
  static const char *edges[] = { "north", "east", "south", "west" };

  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    if (g_strcmp0 (edges[i], name) == 0)
      return i;
  return -1;
}

static gboolean
read_rule (FbStatic       *st,
           AciesRuleEntry *e,
           gboolean        victory,
           GError        **error)
{
  AciesScenario *sc = st->scenario;
  JsonObject *p = e->params;
  FbRule *r;
  gint kind = -1;
  const char *side_param;

  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (kind_names[i].id, e->kind) == 0)
      kind = kind_names[i].kind;
  if (kind < 0)
    return acies_fb_invalid (error, _("%s: the Four Battles rules have no %s “%s”"), e->kind,
                    victory ? _("victory condition") : _("special rule"), e->kind);
  if (st->n_rules >= FB_MAX_RULES)
    return acies_fb_invalid (error, _("At most %d special rules and victory conditions"), FB_MAX_RULES);

  r = &st->rules[st->n_rules];
  memset (r, 0, sizeof *r);
  r->kind = kind;
  side_param = acies_params_get_string (p, "side", NULL);
  r->side = acies_scenario_side_index (sc, side_param != NULL && *side_param != '\0' ? side_param : e->side);
  if (e->side == NULL && (side_param == NULL || *side_param == '\0'))
    r->side = -1;
  r->formation = formation_index (sc, acies_params_get_string (p, "formation", NULL));
  r->formation2 = formation_index (sc, acies_params_get_string (p, "exclude_formation", NULL));
  r->area = area_index (st, acies_params_get_string (p, "area", acies_params_get_string (p, "box",
                                   acies_params_get_string (p, "entry", NULL))));
  r->area2 = area_index (st, acies_params_get_string (p, "release_area",
                                   acies_params_get_string (p, "behind_area", NULL)));
  r->piece = piece_index (st, acies_params_get_string (p, "leader", acies_params_get_string (p, "unit", NULL)));
  r->cell = -1;
  if (acies_params_get_string (p, "cell", NULL) != NULL)
    r->cell = acies_board_cell_from_label (st->board, acies_params_get_string (p, "cell", NULL));
  r->types = types_bits (st, acies_params_get_string (p, "unit_type", acies_params_get_string (p, "unit_types", NULL)));
  r->except_types = types_bits (st, acies_params_get_string (p, "except_unit_type", NULL));
  r->turn = (gint16) acies_params_get_int (p, "turn", acies_params_get_int (p, "from_turn",
                                           acies_params_get_int (p, "until_turn",
                                           acies_params_get_int (p, "leave_turn", 0))));
  r->turn2 = (gint16) acies_params_get_int (p, "to_turn", acies_params_get_int (p, "enter_turn",
                                            acies_params_get_int (p, "by_turn", 0)));
  r->num = r->den = 1;
  r->num2 = r->den2 = 1;
  if (r->formation < -1 || r->formation2 < -1)
    return acies_fb_invalid (error, _("%s: no formation “%s” in the scenario"), e->kind,
                    acies_params_get_string (p, r->formation < -1 ? "formation" : "exclude_formation", ""));
  if (r->area < -1 || r->area2 < -1)
    return acies_fb_invalid (error, _("%s: no area “%s” in the scenario"), e->kind,
                    acies_params_get_string (p, "area", acies_params_get_string (p, "box",
                      acies_params_get_string (p, "entry", acies_params_get_string (p, "release_area",
                        acies_params_get_string (p, "behind_area", ""))))));
  if (r->piece < -1)
    return acies_fb_invalid (error, _("%s: no unit or leader “%s” in the scenario"), e->kind,
                    acies_params_get_string (p, "leader", acies_params_get_string (p, "unit", "")));

  switch ((FbRuleKind) kind)
    {
    case FB_R_CHARIOTS:
      r->value = (gint16) acies_params_get_int (p, "range", 1);
      if (acies_params_get_bool (p, "eliminate_on_one", TRUE))
        r->flags |= FB_RF_ELIM_ON_ONE;
      if (acies_params_get_bool (p, "slope_disruption", FALSE))
        r->flags |= FB_RF_SLOPE_DISRUPTION;
      break;
    case FB_R_ELITE_LEADER:
      r->value = (gint16) acies_params_get_int (p, "budget_multiplier", 2);
      r->value2 = (gint16) acies_params_get_int (p, "shifts_per_combat", 2);
      if (acies_params_get_bool (p, "ignore_rally_zoc", TRUE))
        r->flags |= FB_RF_IGNORE_RALLY_ZOC;
      if (r->piece < st->n_combat)
        return acies_fb_invalid (error, _("%s: “leader” must name a leader"), e->kind);
      break;
    case FB_R_TWO_STEP:
      if (r->types == 0)
        r->types = types_bits (st, "phalanx,cavalry");
      break;
    case FB_R_TURN_SHIFT:
    case FB_R_X_LEGION:
    case FB_R_DESPERATION:
    case FB_R_GENTLE_SLOPES:
    case FB_R_OCCUPATION_SHIFT:
      r->value = (gint16) acies_params_get_int (p, "shift", kind == FB_R_DESPERATION ? 2
                                                : kind == FB_R_GENTLE_SLOPES || kind == FB_R_OCCUPATION_SHIFT ? -1 : 1);
      r->text = g_strdup (acies_params_get_string (p, "stripe", "orange"));
      break;
    case FB_R_GUARD:
      r->text = g_strdup (acies_params_get_string (p, "stripe", "gold"));
      break;
    case FB_R_MOVEMENT_LOCK:
      if (acies_params_get_bool (p, "released_when_attacked", FALSE))
        r->flags |= FB_RF_RELEASED_WHEN_ATTACKED;
      if (acies_params_get_bool (p, "no_attack", FALSE))
        r->flags |= FB_RF_NO_ATTACK;
      break;
    case FB_R_TURN_MULTIPLIERS:
      fraction (p, "sp_multiplier", &r->num, &r->den);
      fraction (p, "ma_multiplier", &r->num2, &r->den2);
      r->value2 = (gint16) acies_params_get_int (p, "ma_set", 0);
      if (r->turn2 == 0)
        r->turn2 = r->turn;
      if (acies_params_get_bool (p, "no_charge_bonus", FALSE))
        r->flags |= FB_RF_NO_CHARGE_BONUS;
      break;
    case FB_R_TURN_VULNERABILITY:
      break;
    case FB_R_SCYTHED:
      r->value = (gint16) acies_params_get_int (p, "charge_multiplier", 3);
      break;
    case FB_R_LEASH:
      r->value = (gint16) acies_params_get_int (p, "range", 2);
      if (r->piece < 0 || r->cell < 0)
        return acies_fb_invalid (error, _("%s: needs a leader and a hex of the map"), e->kind);
      break;
    case FB_R_MOVE_QUOTA:
      r->value = (gint16) acies_params_get_int (p, "units", 12);
      break;
    case FB_R_BAGGAGE:
      if (acies_params_get_bool (p, "adds_to_attack", TRUE))
        r->flags |= FB_RF_ADDS_TO_ATTACK;
      if (acies_params_get_bool (p, "may_retreat", TRUE))
        r->flags |= FB_RF_MAY_RETREAT;
      break;
    case FB_R_SKIRMISH_CAPABILITY:
      if (acies_params_get_bool (p, "can_charge", TRUE))
        r->flags |= FB_RF_CAN_CHARGE;
      if (acies_params_get_bool (p, "can_disengage", TRUE))
        r->flags |= FB_RF_CAN_DISENGAGE;
      if (acies_params_get_bool (p, "can_rbc", acies_params_get_bool (p, "can_disengage", TRUE)))
        r->flags |= FB_RF_CAN_RBC;
      break;
    case FB_R_SIDE_MISSILE_TABLE:
      r->text = g_strdup (acies_params_get_string (p, "table", "mft-carrhae"));
      break;
    case FB_R_IGNORE_HEXSIDE_COST:
      r->text = g_strdup (acies_params_get_string (p, "feature", "slope"));
      break;
    case FB_R_OFF_MAP_MARCH:
      r->value = (gint16) acies_params_get_int (p, "eligibility_roll", 0);
      r->value2 = (gint16) acies_params_get_int (p, "max_units", 0);
      r->value3 = (gint16) acies_params_get_int (p, "flank_shift", 0);
      r->value4 = (gint16) acies_params_get_int (p, "flank_radius", 10);
      if (acies_params_get_bool (p, "may_enter_zoc", TRUE))
        r->flags |= FB_RF_MAY_ENTER_ZOC;
      r->turn = (gint16) acies_params_get_int (p, "leave_turn", 1);
      r->turn2 = (gint16) acies_params_get_int (p, "enter_turn", 3);
      if (r->area < 0)
        return acies_fb_invalid (error, _("%s: needs the entry hexes (“entry”)"), e->kind);
      break;
    case FB_R_SCHEDULED_PLACEMENT:
      if (r->piece < 0 || r->piece >= st->n_combat || r->area < 0)
        return acies_fb_invalid (error, _("%s: needs a unit and an area"), e->kind);
      break;
    case FB_R_MANDATORY_MOVEMENT:
      r->turn = (gint16) acies_params_get_int (p, "until_turn", 5);
      if (r->area < 0)
        return acies_fb_invalid (error, _("%s: needs the movement zone (“area”)"), e->kind);
      break;
    case FB_R_FORCED_DEFENDERS:
      if (r->area < 0)
        return acies_fb_invalid (error, _("%s: needs an area"), e->kind);
      break;
    case FB_R_EARTHQUAKE:
      r->value = (gint16) acies_params_get_int (p, "roll", 3);
      if (r->turn == 0)
        r->turn = 6;
      break;
    case FB_R_LEADER_DEMORALIZATION:
    case FB_R_RALLY_EXEMPTION:
      if (r->piece < st->n_combat)
        return acies_fb_invalid (error, _("%s: “leader” must name a leader"), e->kind);
      break;
    case FB_R_SHRINKING_MAP:
      r->value = (gint16) edge_of (acies_params_get_string (p, "edge", "east"));
      if (r->turn == 0)
        r->turn = 3;
      break;
    case FB_R_REINFORCEMENT_BOXES:
      r->value = (gint16) acies_params_get_int (p, "mp_cost", 2);
      if (r->area < 0)
        return acies_fb_invalid (error, _("%s: needs the box's entry hexes (“box”)"), e->kind);
      break;
    case FB_R_ATTACK_OUT_OF_RIVER:
      fraction (p, "multiplier", &r->num, &r->den);
      break;
    case FB_R_REGION_BAN:
      if (r->area < 0)
        return acies_fb_invalid (error, _("%s: needs an area"), e->kind);
      break;
    case FB_R_TERRAIN_OVERRIDE:
      r->text = g_strdup (acies_params_get_string (p, "feature", ""));
      r->text2 = g_strdup (acies_params_get_string (p, "as", "prohibited"));
      break;
    case FB_R_RALLY_PLACEMENT:
      r->value = (gint16) edge_of (acies_params_get_string (p, "fallback_edge", "north"));
      if (acies_params_get_bool (p, "ignore_modifiers", TRUE))
        r->flags |= FB_RF_IGNORE_MODIFIERS;
      break;
    case FB_R_RETREAT_OFF_MAP:
      {
        const char *outcome = acies_params_get_string (p, "outcome", "escape");

        if (g_strcmp0 (outcome, "win") == 0)
          r->flags |= FB_RF_WIN;
        else
          r->flags |= FB_RF_ESCAPE;
        r->value = (gint16) edge_of (acies_params_get_string (p, "edge", "west"));
      }
      break;
    case FB_R_LEADER_STACK_BONUS:
      r->value = (gint16) acies_params_get_int (p, "mp", 2);
      if (r->turn == 0)
        r->turn = 1;
      break;
    case FB_R_RANDOM_FIRST_PLAYER:
      r->value = (gint16) acies_params_get_int (p, "roll", 3);
      break;
    case FB_R_SETUP_RESTRICTION:
      if (r->turn == 0)
        r->turn = 1;
      break;
    case FB_V_CAMP_VISIT:
    case FB_V_OCCUPY:
    case FB_V_ELIMINATE_UNIT:
    case FB_V_PATH_CUT:
      r->value = (gint16) acies_params_get_int (p, "vp", kind == FB_V_CAMP_VISIT ? 1 : kind == FB_V_OCCUPY ? 10 : 20);
      {
        const char *timing = acies_params_get_string (p, "timing", "immediate");

        if (g_strcmp0 (timing, "end") == 0)
          r->flags |= FB_RF_AT_END;
        else if (g_strcmp0 (timing, "each-turn") == 0)
          r->flags |= FB_RF_PER_TURN;
        else
          r->flags |= FB_RF_ONCE;
      }
      if (kind == FB_V_PATH_CUT)
        {
          /* CAN 5.12: the edges as bits of FB_C_EDGE_N << edge in value2. */
          static const char *names[] = { "north", "east", "south", "west" };
          g_auto(GStrv) edges = NULL;

          r->text = g_strdup (acies_params_get_string (p, "edges", "north,south,east"));
          edges = g_strsplit (r->text, ",", -1);
          for (guint k = 0; edges[k] != NULL; k++)
            for (gint ed = 0; ed < 4; ed++)
              if (g_str_equal (g_strstrip (edges[k]), names[ed]))
                r->value2 |= FB_C_EDGE_N << ed;
        }
      if ((kind == FB_V_CAMP_VISIT || kind == FB_V_OCCUPY) && r->area < 0)
        return acies_fb_invalid (error, _("%s: needs an area"), e->kind);
      if (kind == FB_V_ELIMINATE_UNIT && r->piece < 0)
        return acies_fb_invalid (error, _("%s: needs a unit"), e->kind);
      break;
    case FB_V_REGION_SP:
    case FB_V_EXIT_VP:
      fraction (p, "vp_per_sp", &r->num, &r->den);
      if (acies_params_get_bool (p, "capped", kind == FB_V_EXIT_VP))
        r->flags |= FB_RF_CAPPED;
      if (acies_params_get_bool (p, "schedule", FALSE))
        r->flags |= FB_RF_PER_TURN;
      if (r->area < 0)
        return acies_fb_invalid (error, _("%s: needs an area"), e->kind);
      break;
    case FB_V_VP_THRESHOLD:
      r->value = (gint16) acies_params_get_int (p, "min_vp", 75);
      r->value2 = (gint16) acies_params_get_int (p, "fallback_vp", 0);
      r->value3 = (gint16) acies_scenario_side_index (sc, acies_params_get_string (p, "fallback_side", NULL));
      break;
    case FB_V_SURVIVE:
      {
        static const char *levels[] = { "marginal", "substantial", "decisive", "moral" };
        const char *level = acies_params_get_string (p, "level", "marginal");

        for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
          if (g_strcmp0 (levels[i], level) == 0)
            r->value = (gint16) i;
        r->turn = (gint16) acies_params_get_int (p, "by_turn", 0);
      }
      break;
    case FB_V_EXIT_WINS:
      r->value = (gint16) edge_of (acies_params_get_string (p, "edge", ""));
      break;
    case FB_V_OPEN_ENDED:
      r->value = (gint16) acies_params_get_int (p, "after_turn", 10);
      break;
    case FB_V_VP_SCHEDULE:
      r->value = (gint16) acies_params_get_int (p, "per_sp", 1);
      r->value2 = (gint16) acies_params_get_int (p, "per_eagle", 10);
      r->value3 = (gint16) acies_params_get_int (p, "per_leader", 10);
      r->value4 = (gint16) acies_params_get_int (p, "per_baggage", 5);
      r->num = (gint16) acies_params_get_int (p, "per_unit", 0);
      break;
    default:
      break;
    }

  if (kind < 64)
    st->has_rule |= G_GUINT64_CONSTANT (1) << kind;
  else
    st->has_victory |= 1u << (kind - 64);
  st->n_rules++;
  return TRUE;
}

/* The pieces.  Rules read first: they set the per-piece flags. */
static gboolean
read_pieces (FbStatic *st,
             GError  **error)
{
  AciesScenario *sc = st->scenario;
  const AciesCatalogue *cat = st->catalogue;

  for (gint i = 0; i < st->n_pieces; i++)
    {
      FbPieceDef *d = &st->pieces[i];
      gboolean leader = i >= st->n_combat;
      const char *type, *side, *formation, *id;
      JsonObject *attrs;
      AciesCell cell;

      if (leader)
        {
          AciesLeader *l = g_ptr_array_index (sc->leaders, i - st->n_combat);

          type = l->kind;
          side = l->side;
          formation = l->formation;
          attrs = l->attrs;
          cell = l->cell;
          id = l->id;
          d->attached = piece_index (st, l->attached_to);
          if (d->attached >= st->n_combat || d->attached < -1)
            return acies_fb_invalid (error, _("Leader %s: “%s” is not a unit of the scenario"), l->id, l->attached_to);
          if (cell == ACIES_CELL_NONE && d->attached >= 0)
            cell = ((AciesUnit *) g_ptr_array_index (sc->units, d->attached))->cell;
        }
      else
        {
          AciesUnit *u = g_ptr_array_index (sc->units, i);

          type = u->type;
          side = u->side;
          formation = u->formation;
          attrs = u->attrs;
          cell = u->cell;
          id = u->id;
          d->attached = -1;
        }
      d->side = acies_scenario_side_index (sc, side);
      if (d->side < 0 || d->side > 1)
        return acies_fb_invalid (error, _("%s: its side “%s” is not one of the scenario's two sides"), id, side);
      d->cls = class_of (type, leader);
      d->type_id = acies_fb_type_index (st, type);
      d->formation = formation_index (sc, formation);
      if (d->formation < -1)
        d->formation = -1;
      d->setup_cell = cell;
      d->ma = (guint8) CLAMP (attr_int (cat, type, leader, attrs, "ma", leader ? 9 : 4), 0, 30);
      d->dot = attr_bool (cat, type, leader, attrs, "dot", leader);
      if (leader)
        {
          d->additive = (guint8) CLAMP (attr_int (cat, type, leader, attrs, "additive", 1), 0, 10);
          d->primary = attr_bool (cat, type, leader, attrs, "primary", FALSE);
          d->shift_budget = d->additive;       /* 13.5 */
          d->shifts_per_combat = 1;            /* 13.4 */
          d->dot = TRUE;                       /* 13.8 */
          continue;
        }
      d->sp = (guint8) CLAMP (attr_int (cat, type, FALSE, attrs, "sp", 1), 0, 60);
      d->sp_reduced = (guint8) CLAMP (attr_int (cat, type, FALSE, attrs, "sp_reduced", 0), 0, 60);
      d->paren = attr_bool (cat, type, FALSE, attrs, "paren", FALSE);
      d->missile = missile_of (attr_string (cat, type, FALSE, attrs, "missile", "none"));
      d->one_shot = attr_bool (cat, type, FALSE, attrs, "one_shot", FALSE) && d->missile != FB_MIS_NONE;
      {
        const char *stripe = attr_string (cat, type, FALSE, attrs, "stripe", NULL);

        for (gint r = 0; stripe != NULL && r < st->n_rules; r++)
          {
            const FbRule *rule = &st->rules[r];

            if (rule->side >= 0 && rule->side != d->side)
              continue;
            if (rule->kind == FB_R_X_LEGION && g_strcmp0 (rule->text, stripe) == 0)
              d->xlegion = (guint8) rule->value;
            if (rule->kind == FB_R_GUARD && g_strcmp0 (rule->text, stripe) == 0)
              d->guard = TRUE;
          }
      }
    }

  /* Primary leaders (14.2, MEG 4.1): marked, else the highest additive. */
  for (gint side = 0; side < 2; side++)
    {
      gint best = -1;
      gboolean marked = FALSE;

      for (gint i = st->n_combat; i < st->n_pieces; i++)
        if (st->pieces[i].side == side && st->pieces[i].cls == FB_LEADER)
          {
            marked |= st->pieces[i].primary;
            best = MAX (best, st->pieces[i].additive);
          }
      for (gint i = st->n_combat; i < st->n_pieces && !marked; i++)
        if (st->pieces[i].side == side && st->pieces[i].cls == FB_LEADER && st->pieces[i].additive == best)
          st->pieces[i].primary = TRUE;
    }

  /* Per-piece flags from the rules. */
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      for (gint i = 0; i < st->n_pieces; i++)
        {
          FbPieceDef *d = &st->pieces[i];
          gboolean side_ok = rule->side < 0 || rule->side == d->side;
          gboolean type_ok = rule->types == 0 || (d->type_id >= 0 && (rule->types & (1u << d->type_id)));
          gboolean form_ok = rule->formation < 0 || rule->formation == d->formation;

          if (!side_ok || !type_ok || !form_ok)
            continue;
          switch (rule->kind)
            {
            case FB_R_NO_DISPLACEMENT:
              d->no_displace = TRUE;
              break;
            case FB_R_CHARIOTS:
              if (d->cls == FB_CHARIOT)
                {
                  d->chariot_range = (guint8) CLAMP (rule->value, 1, 2);
                  d->chariot_elim1 = (rule->flags & FB_RF_ELIM_ON_ONE) != 0;
                  d->slope_disrupt = (rule->flags & FB_RF_SLOPE_DISRUPTION) != 0;
                  d->dot = TRUE;      /* MEG 3.1a, MEG 5.2 */
                  if (d->missile == FB_MIS_NONE)
                    d->missile = FB_MIS_BOW;
                }
              break;
            case FB_R_ELITE_LEADER:
              if (i == rule->piece)
                {
                  d->shift_budget = (guint8) (d->additive * MAX (rule->value, 1));
                  d->shifts_per_combat = (guint8) CLAMP (rule->value2, 1, 2);
                  d->no_rally_zoc = (rule->flags & FB_RF_IGNORE_RALLY_ZOC) != 0;
                }
              break;
            case FB_R_RALLY_EXEMPTION:
              if (i == rule->piece)
                d->no_rally_zoc = TRUE;
              break;
            case FB_R_TWO_STEP:
              if (i < st->n_combat && d->sp_reduced > 0 && d->sp_reduced < d->sp)
                d->two_step = TRUE;
              break;
            case FB_R_SKIRMISH_CAPABILITY:
              if (i < st->n_combat)
                {
                  d->no_charge = (rule->flags & FB_RF_CAN_CHARGE) == 0;
                  d->no_disengage = (rule->flags & FB_RF_CAN_DISENGAGE) == 0;
                  d->no_rbc = (rule->flags & FB_RF_CAN_RBC) == 0;
                  d->may_disengage = (rule->flags & FB_RF_CAN_DISENGAGE) != 0;
                }
              break;
            case FB_R_MOVE_FIRE_MOVE:
              if (i < st->n_combat)
                d->move_fire = TRUE;
              break;
            default:
              break;
            }
        }
      if (rule->kind == FB_R_SIDE_MISSILE_TABLE && rule->side >= 0)
        read_side_table (st, rule->side, rule->text);
    }

  /* 8.81: a side parameter denies displacement to a whole side. */
  for (gint i = 0; i < st->n_pieces; i++)
    if (!st->displacement[st->pieces[i].side])
      st->pieces[i].no_displace = TRUE;
  return TRUE;
}

/* 8.45: distance of every cell to the nearest ridge hexside (0 for the
 * cells beside it) or hill hex (0 for the hill itself). */
static void
compute_slope_distance (FbStatic *st)
{
  g_autofree gint *queue = g_new (gint, st->n_cells);
  gint head = 0, tail = 0;

  for (gint c = 0; c < st->n_cells; c++)
    {
      gboolean source = (st->cell_bits[c] & FB_C_HILL) != 0;

      for (gint d = 0; d < 6 && !source; d++)
        source = (st->side_bits[c * 6 + d] & FB_HS_RIDGE) != 0;
      st->slope_dist[c] = source ? 0 : 255;
      if (source)
        queue[tail++] = c;
    }
  while (head < tail)
    {
      gint c = queue[head++];

      for (gint d = 0; d < 6; d++)
        {
          gint n = st->nbr[c * 6 + d];

          if (n >= 0 && st->slope_dist[n] == 255)
            {
              st->slope_dist[n] = st->slope_dist[c] + 1;
              queue[tail++] = n;
            }
        }
    }
}

/* Terrain overrides (MEG 5.1, MET 3.4) for unit type @t: the terrain row
 * a cell's terrain @id counts as, or "prohibited". */
static const char *
terrain_for_type (const FbStatic *st,
                  const char     *id,
                  gint            t,
                  gboolean        hexside)
{
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind != FB_R_TERRAIN_OVERRIDE || g_strcmp0 (rule->text, id) != 0)
        continue;
      if (rule->types != 0 && (t < 0 || !(rule->types & (1u << t))))
        continue;
      if (hexside != (acies_catalogue_find_edge_feature (st->catalogue, id) != NULL
                      && acies_catalogue_find_terrain (st->catalogue, id) == NULL))
        {
          /* An id that is both a terrain and an edge feature (river,
           * ford, slope) overrides both. */
          if (acies_catalogue_find_terrain (st->catalogue, id) == NULL
              || acies_catalogue_find_edge_feature (st->catalogue, id) == NULL)
            continue;
        }
      return rule->text2;
    }
  return id;
}

static gint
hexside_bit (const char *id)
{
  for (gint h = 0; h < FB_HS_N; h++)
    if (g_strcmp0 (hexside_ids[h], id) == 0)
      return h;
  return -1;
}

/* FB 5.21-5.26: the MP unit type @t pays to enter the neighbour of every
 * cell in every direction. */
static void
compute_costs (FbStatic         *st,
               gint              t,
               const AciesTable *tec)
{
  AciesMap *map = &st->scenario->map;
  guint8 *cost = g_new (guint8, st->n_cells * 6);
  guint8 *mp = g_new (guint8, st->n_cells);
  guint16 ignore = 0;
  guint16 remap_from[FB_HS_N];
  gint remap_to[FB_HS_N];
  gint n_remap = 0;

  /* CAR 3.2: hexside costs this type ignores. */
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_IGNORE_HEXSIDE_COST && (rule->types == 0 || (rule->types & (1u << t))))
        {
          gint h = hexside_bit (rule->text);

          if (h >= 0)
            ignore |= 1 << h;
        }
    }
  /* Hexside overrides for this type (MEG 5.1). */
  for (gint h = 0; h < FB_HS_N; h++)
    {
      const char *as = terrain_for_type (st, hexside_ids[h], t, TRUE);

      if (as != hexside_ids[h])
        {
          remap_from[n_remap] = 1 << h;
          remap_to[n_remap++] = g_strcmp0 (as, "prohibited") == 0 ? -1 : hexside_bit (as);
        }
    }

  {
    /* Terrain ids are interned: one TEC lookup per distinct terrain. */
    const char *seen_id[64];
    guint8 seen_mp[64];
    gint n_seen = 0;

    for (gint c = 0; c < st->n_cells; c++)
      {
        const char *raw = st->terrain_id[c];
        gint k;

        for (k = 0; k < n_seen && seen_id[k] != raw; k++)
          ;
        if (k == n_seen)
          {
            const char *id = terrain_for_type (st, raw, t, FALSE);
            TecTerrain tt = g_strcmp0 (id, "prohibited") == 0 ? (TecTerrain) { FB_INF_COST, 0, 0, 0 }
                            : tec_terrain (tec, id);

            if (n_seen < 64)
              {
                seen_id[n_seen] = raw;
                seen_mp[n_seen++] = tt.mp;
              }
            mp[c] = tt.mp;
          }
        else
          mp[c] = seen_mp[k];
        if (mp[c] != FB_INF_COST && (st->cell_bits[c] & FB_C_CAMP))
          mp[c] = MAX (mp[c], st->camp_mp);
      }
    (void) map;
  }

  for (gint c = 0; c < st->n_cells; c++)
    for (gint d = 0; d < 6; d++)
      {
        gint n = st->nbr[c * 6 + d];
        guint16 hs = st->side_bits[c * 6 + d];
        gint total;

        if (n < 0 || mp[n] == FB_INF_COST)
          {
            cost[c * 6 + d] = FB_INF_COST;
            continue;
          }
        if (hs == 0)
          {
            cost[c * 6 + d] = mp[n];                /* 5.21, 5.23: no hexside feature */
            continue;
          }
        for (gint k = 0; k < n_remap; k++)
          if (hs & remap_from[k])
            {
              hs &= ~remap_from[k];
              if (remap_to[k] < 0)
                hs |= 0x8000;
              else
                hs |= 1 << remap_to[k];
            }
        if (hs & 0x8000)
          {
            cost[c * 6 + d] = FB_INF_COST;
            continue;
          }
        {
          gboolean prohibited = FALSE;

          for (gint h = 0; h < FB_HS_N; h++)
            if ((hs & (1 << h)) && st->hs_prohibited[h])
              prohibited = TRUE;
          if (prohibited)
            {
              cost[c * 6 + d] = FB_INF_COST;
              continue;
            }
        }
        if ((hs & FB_HS_TRAIL) && (st->cell_bits[c] & FB_C_TRAIL) && (st->cell_bits[n] & FB_C_TRAIL))
          {
            /* 5.22: trail to trail through a trail hexside is one MP;
             * TEU 6.1: an obstacle keeps its cost. */
            total = 1 + ((hs & FB_HS_OBSTACLE) && !(ignore & FB_HS_OBSTACLE) ? st->hs_add[5] : 0);
          }
        else
          {
            total = mp[n];                          /* 5.21, 5.23 */
            for (gint h = 0; h < FB_HS_N; h++)
              {
                if (!(hs & (1 << h)) || (ignore & (1 << h)))
                  continue;
                if (h == 0 && (hs & FB_HS_ROAD))
                  continue;                         /* MAR 5.1, TRA 6.1 */
                total += st->hs_add[h];             /* 5.24, 5.25 */
              }
          }
        cost[c * 6 + d] = (guint8) MIN (total, FB_INF_COST - 1);
      }
  st->cost[t] = cost;
  st->cell_mp[t] = mp;

  /* The same costs as a list of the enterable neighbours of each cell,
   * in direction order, for the movement search. */
  st->edges[t] = g_new (guint32, st->n_cells * 6);
  st->degree[t] = g_new (guint8, st->n_cells);
  st->edge_min[t] = FB_INF_COST;
  for (gint c = 0; c < st->n_cells; c++)
    {
      gint m = 0;

      for (gint d = 0; d < 6; d++)
        if (cost[c * 6 + d] != FB_INF_COST)
          {
            st->edges[t][c * 6 + m++] = FB_EDGE (st->nbr[c * 6 + d], d, cost[c * 6 + d]);
            st->edge_min[t] = MIN (st->edge_min[t], cost[c * 6 + d]);
          }
      st->degree[t][c] = (guint8) m;
      /* Padded to six with edges back to the cell itself at no cost,
       * which the search always finds reached as cheaply: it reads six
       * edges a cell without counting. */
      for (; m < 6; m++)
        st->edges[t][c * 6 + m] = FB_EDGE (c, 0, 0);
    }
  /* The edges a charge may take (9.5, TRA 6.1): into charge terrain, not
   * across a hexside it may not cross; same order. */
  st->charge_edges[t] = g_new (guint32, st->n_cells * 6);
  st->charge_degree[t] = g_new (guint8, st->n_cells);
  for (gint c = 0; c < st->n_cells; c++)
    {
      gint m = 0;

      for (gint j = 0; j < st->degree[t][c]; j++)
        {
          guint32 edge = st->edges[t][c * 6 + j];

          if ((st->cell_bits[FB_EDGE_CELL (edge)] & FB_C_CHARGE)
              && !(st->side_bits[c * 6 + FB_EDGE_DIR (edge)] & st->hs_no_charge))
            st->charge_edges[t][c * 6 + m++] = edge;
        }
      st->charge_degree[t][c] = (guint8) m;
      for (; m < 6; m++)
        st->charge_edges[t][c * 6 + m] = FB_EDGE (c, 0, 0);
    }
}

/* FbStatic.ring2: the cells two hexes from each cell (7.14), in the
 * order met going round each neighbour in turn. */
static void
compute_rings (FbStatic *st)
{
  /* seen[cell] == from + 1: the cell is from, a neighbour of it or already
   * in its ring. */
  g_autofree gint *seen = g_new0 (gint, st->n_cells);

  st->ring2 = g_new (gint16, st->n_cells * 12);
  for (gint from = 0; from < st->n_cells; from++)
    {
      gint16 *ring = &st->ring2[from * 12];
      gint n = 0;

      seen[from] = from + 1;
      for (gint i = 0; i < 6; i++)
        if (st->nbr[from * 6 + i] >= 0)
          seen[st->nbr[from * 6 + i]] = from + 1;
      for (gint i = 0; i < 6; i++)
        {
          gint a = st->nbr[from * 6 + i];

          for (gint k = 0; a >= 0 && k < 6 && n < 12; k++)
            {
              gint b = st->nbr[a * 6 + k];

              if (b >= 0 && seen[b] != from + 1)
                {
                  seen[b] = from + 1;
                  ring[n++] = (gint16) b;
                }
            }
        }
      for (gint j = n; j < 12; j++)
        ring[j] = -1;
    }
}

static gboolean
read_map (FbStatic *st,
          GError  **error)
{
  AciesScenario *sc = st->scenario;
  AciesMap *map = &sc->map;
  AciesCatalogue *cat = st->catalogue;
  AciesTable *copy = NULL;
  const AciesTable *tec = table_of (st, "tec", &copy);
  const char *camp_id = g_intern_static_string ("camp");
  TecTerrain camp = tec_terrain (tec, "camp");

  st->camp_mp = camp.mp == FB_INF_COST ? 1 : camp.mp;
  read_tec_hexsides (st, tec);
  st->nbr = g_new (gint16, st->n_cells * 6);
  st->cell_bits = g_new0 (guint16, st->n_cells);
  st->side_bits = g_new0 (guint16, st->n_cells * 6);
  st->terrain_mp = g_new0 (guint8, st->n_cells);
  st->terrain_ce = g_new0 (guint8, st->n_cells);
  st->elevation = g_new0 (gint8, st->n_cells);
  st->slope_dist = g_new0 (guint8, st->n_cells);
  st->terrain_id = g_new0 (const char *, st->n_cells);
  st->area_bits = g_new0 (guint64, st->n_cells);

  const char *memo_id[64];
  TecTerrain memo_tt[64];
  gint n_memo = 0;

  for (gint c = 0; c < st->n_cells; c++)
    {
      const char *id = acies_map_get_terrain (map, c);
      TecTerrain tt;
      gint k;

      for (k = 0; k < n_memo && memo_id[k] != id; k++)
        ;
      if (k == n_memo)
        {
          if (acies_catalogue_find_terrain (cat, id) == NULL)
            return acies_fb_invalid (error, _("Hex %s: unknown terrain “%s”"), acies_board_cell_label (st->board, c), id);
          tt = tec_terrain (tec, id);
          if (n_memo < 64)
            {
              memo_id[n_memo] = id;
              memo_tt[n_memo++] = tt;
            }
        }
      else
        tt = memo_tt[k];
      st->terrain_id[c] = id;
      st->terrain_mp[c] = tt.mp;
      st->terrain_ce[c] = tt.ce;
      st->elevation[c] = (gint8) CLAMP (map->elevation != NULL ? map->elevation[c] : 0, -100, 100);
      if (g_strcmp0 (id, "river") == 0)
        st->cell_bits[c] |= FB_C_RIVER;
      if (g_strcmp0 (id, "ford") == 0)
        st->cell_bits[c] |= FB_C_FORD;
      if (tt.ce == FB_CE_SLOPE || g_strcmp0 (id, "slope") == 0)
        st->cell_bits[c] |= FB_C_SLOPE;
      if (g_strcmp0 (id, "hill") == 0)
        st->cell_bits[c] |= FB_C_HILL;
      if (tt.blocks == 1)
        st->cell_bits[c] |= FB_C_BLOCKS;
      if (tt.blocks == 2)
        st->cell_bits[c] |= FB_C_SLOPE;
      if (tt.charge)
        st->cell_bits[c] |= FB_C_CHARGE;
      if (acies_map_cell_has_feature (map, c, camp_id))
        {
          st->cell_bits[c] |= FB_C_CAMP;
          if (!camp.charge)
            st->cell_bits[c] &= ~FB_C_CHARGE;
        }
      for (gint e = 0; e < 4; e++)
        if (acies_board_cell_on_map_edge (st->board, c, (AciesMapEdge) e))
          st->cell_bits[c] |= FB_C_EDGE_N << e;
      for (gint d = 0; d < 6; d++)
        {
          AciesCell n = acies_board_neighbour (st->board, c, d);
          AciesEdge e = acies_board_edge_of (st->board, c, d);
          GPtrArray *features = e >= 0 && map->edge_features != NULL ? map->edge_features[e] : NULL;

          st->nbr[c * 6 + d] = (gint16) n;
          if (n < 0)
            st->cell_bits[c] |= FB_C_EDGE;
          for (guint f = 0; features != NULL && f < features->len; f++)
            {
              gint h = hexside_bit (g_ptr_array_index (features, f));

              if (h >= 0)
                st->side_bits[c * 6 + d] |= 1 << h;
            }
          if (st->side_bits[c * 6 + d] & FB_HS_TRAIL)
            st->cell_bits[c] |= FB_C_TRAIL;
        }
    }
  compute_slope_distance (st);
  compute_rings (st);
  g_clear_pointer (&copy, acies_table_free);
  return TRUE;
}

static gint
home_direction (const AciesBoard *board,
                AciesMapEdge      edge)
{
  gint d = acies_board_map_edge_direction (board, edge);

  if (d >= 0)
    return d;
  /* A13: no hexside faces east or west on flat-top hexes: the two
   * directions toward them, one each way round (SE for east, NW for west). */
  switch (edge)
    {
    case ACIES_MAP_EDGE_EAST:  return 2;
    case ACIES_MAP_EDGE_WEST:  return 5;
    case ACIES_MAP_EDGE_NORTH: return 0;
    case ACIES_MAP_EDGE_SOUTH: return 3;
    default:                   return 0;
    }
}

/**
 * acies_fb_static_new:
 * @scenario: a Four Battles scenario
 * @catalogue: the catalogue
 * @options: (nullable): the game's options
 * @error: return location for an error
 *
 * Reads @scenario: the map's costs for every unit type (FB 5.2), the
 * pieces, areas, exclusive rules and tables.
 *
 * Returns: (transfer full): the static data, or %NULL with
 *   ACIES_ENGINE_ERROR_INVALID saying what cannot be played
 */
FbStatic *
acies_fb_static_new (AciesScenario  *scenario,
                     AciesCatalogue *catalogue,
                     JsonObject     *options,
                     GError        **error)
{
  FbStatic *st;
  AciesBoard *board = scenario->map.board;

  if (board == NULL || acies_board_get_kind (board) != ACIES_BOARD_HEX)
    {
      acies_fb_invalid (error, _("FB 2.1: a Four Battles scenario is played on a hex map"));
      return NULL;
    }
  if (scenario->sides->len != 2)
    {
      acies_fb_invalid (error, _("FB 3.0: a Four Battles scenario has two sides, not %u"), scenario->sides->len);
      return NULL;
    }
  if (acies_board_get_n_cells (board) > FB_MAX_CELLS)
    {
      acies_fb_invalid (error, _("FB 2.1: at most %d hexes (the map has %u)"), FB_MAX_CELLS, acies_board_get_n_cells (board));
      return NULL;
    }
  if (scenario->units->len + scenario->leaders->len > FB_MAX_PIECES)
    {
      acies_fb_invalid (error, _("FB 2.3: at most %d units and leaders (the scenario has %u)"), FB_MAX_PIECES,
               scenario->units->len + scenario->leaders->len);
      return NULL;
    }

  st = g_new0 (FbStatic, 1);
  st->ref_count = 1;
  {
    static gint last_serial;

    st->serial = (guint) g_atomic_int_add (&last_serial, 1) + 1;
  }
  st->catalogue = acies_catalogue_ref (catalogue);
  st->scenario = acies_scenario_ref (scenario);
  st->board = board;
  st->n_cells = acies_board_get_n_cells (board);
  st->width = acies_board_get_width (board);
  st->height = acies_board_get_height (board);
  st->n_combat = scenario->units->len;
  st->n_pieces = scenario->units->len + scenario->leaders->len;
  acies_fb_options_read (&st->opt, catalogue, options);

  /* Unit types in use (the movement classes). */
  for (guint i = 0; i < catalogue->unit_types->len && st->n_types < 31; i++)
    st->type_ids[st->n_types++] = ((AciesUnitType *) g_ptr_array_index (catalogue->unit_types, i))->id;
  for (guint i = 0; i < catalogue->leader_kinds->len && st->n_types < 31; i++)
    st->type_ids[st->n_types++] = ((AciesUnitType *) g_ptr_array_index (catalogue->leader_kinds, i))->id;

  /* Areas. */
  if (scenario->areas->len > FB_MAX_AREAS)
    {
      acies_fb_invalid (error, _("At most %d areas (the scenario has %u)"), FB_MAX_AREAS, scenario->areas->len);
      acies_fb_static_unref (st);
      return NULL;
    }
  st->n_areas = scenario->areas->len;

  /* Sides. */
  for (gint side = 0; side < 2; side++)
    {
      AciesSide *sd = g_ptr_array_index (scenario->sides, side);

      st->demoralization[side] = (gint) acies_params_get_int (sd->params, "demoralization", 60);
      st->disintegration[side] = (gint) acies_params_get_int (sd->params, "disintegration", 75);
      st->rally[side] = (gint) acies_params_get_int (sd->params, "rally", 1);
      st->displacement[side] = acies_params_get_bool (sd->params, "displacement", TRUE);
      st->home_edge[side] = sd->home_edge;
      st->home_dir[side] = home_direction (board, sd->home_edge);
    }
  st->first_side = scenario->first_side != NULL ? acies_scenario_side_index (scenario, scenario->first_side) : 0;
  if (st->first_side < 0)
    st->first_side = 0;
  st->turn_limit = scenario->turn_limit > 0 ? (gint) scenario->turn_limit : 10;
  st->setup_first = -1;
  if (g_strcmp0 (acies_params_get_string (scenario->params, "setup", "simultaneous"), "sequenced") == 0)
    st->setup_first = MAX (0, acies_scenario_side_index (scenario,
                                 acies_params_get_string (scenario->params, "setup_first", NULL)));

  {
    g_autoptr(GError) local = NULL;

    for (gint a = 0; a < st->n_areas; a++)
      {
        AciesArea *area = g_ptr_array_index (scenario->areas, a);

        st->areas[a].id = area->id;
        st->areas[a].kind = area->kind;
        st->areas[a].side = area->side != NULL ? acies_scenario_side_index (scenario, area->side) : -1;
        st->areas[a].formation = formation_index (scenario, area->formation);
        st->areas[a].cells = area->cells;
      }
    if (!read_map (st, &local))
      {
        g_propagate_error (error, g_steal_pointer (&local));
        acies_fb_static_unref (st);
        return NULL;
      }
    for (gint a = 0; a < st->n_areas; a++)
      if (g_strcmp0 (st->areas[a].kind, "exit") == 0)
        for (gint side = 0; side < 2; side++)
          if (st->areas[a].side < 0 || st->areas[a].side == side)
            st->exit_areas[side] |= G_GUINT64_CONSTANT (1) << a;
    for (gint a = 0; a < st->n_areas; a++)
      for (guint k = 0; st->areas[a].cells != NULL && k < st->areas[a].cells->len; k++)
        {
          AciesCell c = g_array_index (st->areas[a].cells, AciesCell, k);

          if (c >= 0 && c < st->n_cells)
            st->area_bits[c] |= G_GUINT64_CONSTANT (1) << a;
        }
    for (guint i = 0; i < scenario->special_rules->len; i++)
      if (!read_rule (st, g_ptr_array_index (scenario->special_rules, i), FALSE, &local))
        break;
    for (guint i = 0; local == NULL && i < scenario->victory->len; i++)
      if (!read_rule (st, g_ptr_array_index (scenario->victory, i), TRUE, &local))
        break;
    if (local == NULL)
      read_pieces (st, &local);
    /* Costs (with the terrain overrides) for the unit types in play. */
    if (local == NULL)
      {
        AciesTable *copy = NULL;
        const AciesTable *tec = table_of (st, "tec", &copy);
        guint32 used = 1;

        for (gint i = 0; i < st->n_pieces; i++)
          if (st->pieces[i].type_id >= 0)
            used |= 1u << st->pieces[i].type_id;
        for (gint t = 0; t < st->n_types; t++)
          if (used & (1u << t))
            compute_costs (st, t, tec);
        g_clear_pointer (&copy, acies_table_free);
      }
    if (local != NULL)
      {
        g_propagate_error (error, g_steal_pointer (&local));
        acies_fb_static_unref (st);
        return NULL;
      }
  }
  read_tables (st);
  if (st->crt.n_cols == 0)
    {
      acies_fb_invalid (error, _("FB 8.0: the Combat Results Table has no odds columns"));
      acies_fb_static_unref (st);
      return NULL;
    }
  for (gint i = 0; i < st->n_pieces; i++)
    {
      FbPieceDef *d = &st->pieces[i];

      if (d->setup_cell >= st->n_cells)
        d->setup_cell = -1;
      if (d->side == 0 || d->side == 1)
        {
          st->side_pieces[d->side][st->n_side_pieces[d->side]++] = (gint16) i;
          if (i < st->n_combat)
            st->n_side_units[d->side]++;
        }
    }
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];
      gint area = rule->kind == FB_V_CAMP_VISIT || rule->kind == FB_V_OCCUPY ? rule->area
                  : rule->kind == FB_R_MOVEMENT_LOCK ? rule->area2 : -1;

      if (area >= 0 && area < 64)
        st->visit_areas |= G_GUINT64_CONSTANT (1) << area;
      if (rule->kind == FB_R_MANDATORY_MOVEMENT)
        st->mandatory_until = MAX (st->mandatory_until, rule->turn);
      if (rule->kind == FB_V_SURVIVE || rule->kind == FB_V_EXIT_WINS || rule->kind == FB_V_PATH_CUT)
        st->instant_rules[st->n_instant_rules++] = (gint8) r;
    }
  return st;
}

/* The last static data read, with a private copy of its scenario (FbStaticCache). */
struct _FbStaticCache
{
  GMutex         lock;
  AciesScenario *copy;
  FbStatic      *st;
};

/**
 * acies_fb_static_cache_new:
 *
 * Returns: (transfer full): an empty cache for acies_fb_static_get()
 */
FbStaticCache *
acies_fb_static_cache_new (void)
{
  FbStaticCache *cache = g_new0 (FbStaticCache, 1);

  g_mutex_init (&cache->lock);
  return cache;
}

/**
 * acies_fb_static_cache_free:
 * @cache: (nullable) (transfer full): a cache
 *
 * Frees @cache and its reference to the static data (states that still
 * use it keep theirs).
 */
void
acies_fb_static_cache_free (FbStaticCache *cache)
{
  if (cache == NULL)
    return;
  g_clear_pointer (&cache->st, acies_fb_static_unref);
  g_clear_pointer (&cache->copy, acies_scenario_unref);
  g_mutex_clear (&cache->lock);
  g_free (cache);
}

/**
 * acies_fb_static_get:
 * @cache: the ruleset's cache
 * @scenario: a Four Battles scenario
 * @catalogue: the catalogue
 * @options: (nullable): the game's options
 * @error: return location for an error
 *
 * acies_fb_static_new() for a new game, reading @scenario only when it or
 * the options differ from the last game's: the static data of an equal
 * scenario (acies_scenario_equal()) with the same options is shared, read
 * from a private copy of the scenario that nothing changes afterwards, so
 * that random games of one battle do not read it again and again.
 * Thread-safe.
 *
 * Returns: (transfer full): the static data, or %NULL with @error set
 *   (acies_fb_static_new())
 */
FbStatic *
acies_fb_static_get (FbStaticCache  *cache,
                     AciesScenario  *scenario,
                     AciesCatalogue *catalogue,
                     JsonObject     *options,
                     GError        **error)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache->lock);
  FbOptions opt;
  AciesScenario *copy;
  FbStatic *st;

  memset (&opt, 0, sizeof opt);
  acies_fb_options_read (&opt, catalogue, options);
  if (cache->st != NULL && cache->st->catalogue == catalogue && memcmp (&cache->st->opt, &opt, sizeof opt) == 0
      && acies_scenario_equal (cache->copy, scenario))
    return acies_fb_static_ref (cache->st);
  copy = acies_scenario_copy (scenario);
  st = acies_fb_static_new (copy, catalogue, options, error);
  if (st == NULL)
    {
      acies_scenario_unref (copy);
      return NULL;
    }
  g_clear_pointer (&cache->st, acies_fb_static_unref);
  g_clear_pointer (&cache->copy, acies_scenario_unref);
  cache->copy = copy;
  cache->st = acies_fb_static_ref (st);
  return st;
}

/* The state. */

/**
 * acies_fb_state_new:
 * @st: the static data
 *
 * Returns: (transfer full): the state before the first action: pieces on
 *   their set-up hexes (3.0), reinforcements waiting (10.0), the set-up
 *   phase when some pieces are still to be placed
 */
FbState *
acies_fb_state_new (FbStatic *st)
{
  FbState *s = g_new0 (FbState, 1);
  AciesScenario *sc = st->scenario;

  s->base.scenario = acies_scenario_ref (sc);
  s->base.turn = 1;
  s->base.winner = -1;
  s->st = acies_fb_static_ref (st);
  s->path_cut_gen = G_MAXUINT32;             /* CAN 5.12: not checked yet */
  s->n = st->n_pieces;
  for (gint c = 0; c < FB_MAX_CELLS; c++)
    s->occ[c] = s->bag[c] = FB_NONE;
  s->mover = s->consent_piece = s->must_move = FB_NONE;
  s->brush_mover = s->brush_target = s->two_hex_unit = s->escape_leader = FB_NONE;
  s->rally_unit = s->rally_leader = FB_NONE;
  s->c.rbc_unit = s->c.rbc_first = FB_NONE;

  for (gint i = 0; i < s->n; i++)
    {
      FbPiece *p = &s->p[i];

      p->cell = FB_NONE;
      p->where = FB_AT_UNPLACED;
      p->exited_edge = -1;
      p->exit_cell = FB_NONE;
      p->move_start = FB_NONE;
    }
  /* 10.0: units listed as reinforcements wait off the map. */
  for (guint r = 0; r < sc->reinforcements->len; r++)
    {
      AciesReinforcement *re = g_ptr_array_index (sc->reinforcements, r);

      for (guint k = 0; re->units != NULL && k < re->units->len; k++)
        {
          const char *id = g_ptr_array_index (re->units, k);

          for (gint i = 0; i < s->n; i++)
            {
              const char *pid = i < st->n_combat
                                ? ((AciesUnit *) g_ptr_array_index (sc->units, i))->id
                                : ((AciesLeader *) g_ptr_array_index (sc->leaders, i - st->n_combat))->id;

              if (g_strcmp0 (pid, id) == 0)
                s->p[i].where = FB_AT_WAITING;
            }
        }
    }
  /* CAN 3.0: a scheduled unit waits too. */
  for (gint r = 0; r < st->n_rules; r++)
    if (st->rules[r].kind == FB_R_SCHEDULED_PLACEMENT && st->rules[r].piece >= 0)
      s->p[st->rules[r].piece].where = FB_AT_WAITING;

  for (gint i = 0; i < s->n; i++)
    if (s->p[i].where == FB_AT_UNPLACED && st->pieces[i].setup_cell >= 0)
      acies_fb_place (s, i, st->pieces[i].setup_cell);
  return s;
}

FbState *
acies_fb_state_copy (const FbState *s)
{
  FbState *copy = g_new (FbState, 1);

  memcpy (copy, s, sizeof *s);
  acies_scenario_ref (copy->base.scenario);
  copy->base.end_reason = g_strdup (s->base.end_reason);
  acies_fb_static_ref (copy->st);
  copy->cache = NULL;
  return copy;
}

void
acies_fb_state_free (FbState *s)
{
  if (s == NULL)
    return;
  acies_fb_cache_free (s->cache);
  g_free (s->base.end_reason);
  acies_fb_static_unref (s->st);
  acies_scenario_unref (s->base.scenario);
  g_free (s);
}

/* Validation beyond the catalogue's: what new_state refuses, and what a
 * battle needs to be playable (every piece somewhere, ids distinct). */

static void
problem (GPtrArray  *problems,
         const char *path,
         AciesCell   cell,
         const char *format,
         ...) G_GNUC_PRINTF (4, 5);

static void
problem (GPtrArray  *problems,
         const char *path,
         AciesCell   cell,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, path, NULL, cell, "%s", message));
}

/**
 * acies_fb_validate:
 * @catalogue: the Four Battles catalogue
 * @scenario: a scenario
 * @problems: where to append the problems
 *
 * Checks what the engine needs beyond the catalogue's checks: a hex map,
 * two sides, unit and leader ids distinct (actions name them), every
 * piece on the map, a reinforcement or a set-up area, no two combat units
 * on one hex (5.32), the exclusive rules' parameters.
 */
void
acies_fb_validate (AciesCatalogue      *catalogue,
                   const AciesScenario *scenario,
                   GPtrArray           *problems)
{
  g_autoptr(GError) error = NULL;
  FbStatic *st;

  st = acies_fb_static_new ((AciesScenario *) scenario, catalogue, NULL, &error);
  if (st == NULL)
    {
      const char *path = "$";

      if (strstr (error->message, "hex map") != NULL)
        path = "$.board";
      else if (strstr (error->message, "two sides") != NULL)
        path = "$.sides";
      else if (strstr (error->message, "special rule") != NULL || strstr (error->message, "needs") != NULL)
        path = "$.special_rules";
      problem (problems, path, ACIES_CELL_NONE, "%s", error->message);
      return;
    }

  /* FB 16.0, CAN 5.0 (trial 6a): the victory is judged at the end of the
   * last game turn; 0 (none) only for an open-ended game (ARB 4.1). */
  if (scenario->turn_limit == 0 && !acies_fb_has_rule (st, FB_V_OPEN_ENDED))
    problem (problems, "$.turn_limit", ACIES_CELL_NONE, "%s",
             _("The victory rules are judged at the end of the last game turn (FB 16.0): give a turn limit "
               "(0, none, is only for an open-ended game)."));

  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (scenario->leaders, i);

      if (acies_scenario_find_unit (scenario, l->id) != NULL)
        {
          g_autofree char *path = g_strdup_printf ("$.leaders[%u].id", i);

          problem (problems, path, l->cell,
                   _("Leader “%s” has the id of a unit: actions name pieces by id, so give it its own."), l->id);
        }
    }

  for (gint i = 0; i < st->n_pieces; i++)
    {
      const FbPieceDef *d = &st->pieces[i];
      gboolean waiting = FALSE, placeable = FALSE;
      const char *id = i < st->n_combat ? ((AciesUnit *) g_ptr_array_index (scenario->units, i))->id
                       : ((AciesLeader *) g_ptr_array_index (scenario->leaders, i - st->n_combat))->id;

      if (d->setup_cell >= 0)
        continue;
      for (guint r = 0; r < scenario->reinforcements->len && !waiting; r++)
        {
          AciesReinforcement *re = g_ptr_array_index (scenario->reinforcements, r);

          for (guint k = 0; re->units != NULL && k < re->units->len; k++)
            waiting |= g_strcmp0 (g_ptr_array_index (re->units, k), id) == 0;
        }
      for (gint r = 0; r < st->n_rules && !waiting; r++)
        waiting = st->rules[r].kind == FB_R_SCHEDULED_PLACEMENT && st->rules[r].piece == i;
      for (gint a = 0; a < st->n_areas && !placeable; a++)
        placeable = g_strcmp0 (st->areas[a].kind, "setup") == 0
                    && (st->areas[a].side < 0 || st->areas[a].side == d->side)
                    && (st->areas[a].formation < 0 || st->areas[a].formation == d->formation);
      if (!waiting && !placeable)
        {
          g_autofree char *path = i < st->n_combat ? g_strdup_printf ("$.units[%d].cell", i)
                                  : g_strdup_printf ("$.leaders[%d].cell", i - st->n_combat);

          problem (problems, path, ACIES_CELL_NONE,
                   _("“%s” has no set-up hex, is no reinforcement and has no set-up area to be placed in (FB 3.0)."), id);
        }
    }
  acies_fb_static_unref (st);
}
