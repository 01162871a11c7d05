/* acies-lb-rules.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-lost-battles"

#include "config.h"

#include <string.h>

#include "acies-lb-private.h"

/*
 * The pure rule functions of Lost Battles: zones, tables, Fighting Value,
 * Orders, costs, sizes, the 6.5 modifiers, hits, morale and victory points.
 * Each cites its section; rulings (checklist section 2) come from the
 * catalogue's options (AciesLbOptions).
 */

/* Zones (LB 2.1, checklist 3.1). */

/* LB 2.1.3 */
gint
acies_lb_dir_to (gint from,
                 gint to)
{
  for (gint d = 0; d < 4; d++)
    if (acies_lb_neighbour (from, d) == to && to != LB_NONE)
      return d;
  return LB_NONE;
}

/* LB 2.1.3: distances are orthogonal. */
gint
acies_lb_distance (gint a,
                   gint b)
{
  return ABS (acies_lb_row (a) - acies_lb_row (b)) + ABS (acies_lb_col (a) - acies_lb_col (b));
}

/* LB 3.3.2: forward is south for Army 1, north for Army 2. */
gint
acies_lb_forward (gint side)
{
  return side == 0 ? 2 : 0;
}

/* LB 2.1.1 */
gint
acies_lb_half_of (gint zone)
{
  return acies_lb_row (zone) < 2 ? 0 : 1;
}

static gint
front_row (gint side)
{
  return side == 0 ? 1 : 2;
}

static gint
back_row (gint side)
{
  return side == 0 ? 0 : 3;
}

/* LB 2.3.1: the three central zones. */
gboolean
acies_lb_is_central (gint zone,
                     gint side)
{
  return zone >= 0 && acies_lb_row (zone) == front_row (side) && acies_lb_col (zone) >= 1 && acies_lb_col (zone) <= 3;
}

/* LB 6.1.3, LB-G30 */
gboolean
acies_lb_is_flank (gint zone,
                   gint side)
{
  return zone >= 0 && acies_lb_row (zone) == front_row (side) && (acies_lb_col (zone) == 0 || acies_lb_col (zone) == 4);
}

/* LB 2.3.1: the three rear zones. */
gboolean
acies_lb_is_rear (gint zone,
                  gint side)
{
  return zone >= 0 && acies_lb_row (zone) == back_row (side) && acies_lb_col (zone) >= 1 && acies_lb_col (zone) <= 3;
}

/* LB 3.4.2 */
gint
acies_lb_central_rear (gint side)
{
  return back_row (side) * LB_COLS + 2;
}

/* LB 6.5-m09, LB-G25 */
gboolean
acies_lb_is_edge (const AciesLbState *s,
                  gint                zone)
{
  gint r = acies_lb_row (zone), k = acies_lb_col (zone);

  if (s->opt.side_edges)
    return k == 0 || k == 4;
  return r == 0 || r == 3 || k == 0 || k == 4;
}

/* Tables from the catalogue (LB 1.4, 6.10, 8.3, 11.3). */

static gint crt[LB_N_TYPES][LB_N_TYPES];
static gboolean crt_provisional[LB_N_TYPES][LB_N_TYPES];
static gint cmdr_table[4][5];
static gint fv_cmdr[4];
static gint victory_min[5], victory_max[5];
static const char *victory_names[5];
static const char *type_names[LB_N_TYPES] = { "HI", "LI", "HC", "LC", "EL", "CH" };
static const char *rating_names[4] = { "P", "A", "I", "B" };

static gint
cell_int (const AciesTable *table,
          const char       *row,
          const char       *col,
          gint              fallback)
{
  const AciesTableCell *cell = table != NULL ? acies_table_lookup (table, row, col) : NULL;

  if (cell == NULL || cell->value == NULL || JSON_NODE_TYPE (cell->value) != JSON_NODE_VALUE)
    return fallback;
  return (gint) json_node_get_int (cell->value);
}

/**
 * acies_lb_tables_init:
 * @catalogue: the lost-battles catalogue
 *
 * Reads the rulebook tables (6.10 CRT, 1.4 FV, 8.3 commanders, 11.3
 * victory levels) from the catalogue once.
 */
void
acies_lb_tables_init (AciesCatalogue *catalogue)
{
  static gsize once = 0;

  if (!g_once_init_enter (&once))
    return;

  {
    const AciesTable *t = acies_catalogue_find_table (catalogue, "crt");
    const AciesTable *c = acies_catalogue_find_table (catalogue, "commander");
    const AciesTable *f = acies_catalogue_find_table (catalogue, "fighting-value");
    const AciesTable *v = acies_catalogue_find_table (catalogue, "victory-levels");
    static const char *fv_rows[4] = { "Poor commander", "Average commander",
                                      "Inspired commander", "Brilliant commander" };
    static const char *cols[5] = { "orders", "bonus_orders", "recovery_need",
                                   "hero_killed_max", "strategist_killed_max" };
    static const gint cmdr_defaults[4][5] = { { 1, 1, 10, 3, 4 }, { 2, 2, 9, 3, 4 },
                                              { 4, 4, 9, 2, 3 }, { 4, 4, 8, 2, 3 } };
    static const gint fv_defaults[4] = { 3, 6, 12, 18 };

    g_assert (t != NULL);
    for (gint a = 0; a < LB_N_TYPES; a++)
      for (gint d = 0; d < LB_N_TYPES; d++)
        {
          const AciesTableCell *cell = acies_table_lookup (t, type_names[a], type_names[d]);

          crt[a][d] = cell_int (t, type_names[a], type_names[d], 9);
          crt_provisional[a][d] = cell == NULL || cell->source == ACIES_SOURCE_PROVISIONAL;
        }
    for (gint r = 0; r < 4; r++)
      {
        for (gint k = 0; k < 5; k++)
          cmdr_table[r][k] = cell_int (c, rating_names[r], cols[k], cmdr_defaults[r][k]);
        fv_cmdr[r] = cell_int (f, fv_rows[r], "fv", fv_defaults[r]);
      }
    for (guint r = 0; v != NULL && r < MIN (5, v->rows->len); r++)
      {
        const AciesTableCell *lo = acies_table_get (v, r, 0);
        const AciesTableCell *hi = acies_table_get (v, r, 1);

        victory_names[r] = g_intern_string (g_ptr_array_index (v->rows, r));
        victory_min[r] = (gint) json_node_get_int (lo->value);
        victory_max[r] = hi->value != NULL && !JSON_NODE_HOLDS_NULL (hi->value)
                         ? (gint) json_node_get_int (hi->value) : G_MAXINT;
      }
  }

  g_once_init_leave (&once, 1);
}

/* LB 6.10: the number needed on 2d6 (subtypes use their base type). */
gint
acies_lb_crt_need (gint att_type,
                   gint def_type)
{
  return crt[att_type][def_type];
}

/* LB 6.10: whether the catalogue's CRT cell is a provisional value
 * rather than the book's (the attack preview marks what it gives). */
gboolean
acies_lb_crt_provisional (gint att_type,
                          gint def_type)
{
  return crt_provisional[att_type][def_type];
}

/* LB 1.4 */
gint
acies_lb_cmdr_fv (gint rating)
{
  return fv_cmdr[rating];
}

/* LB 8.3.1, 8.4.1 */
gint
acies_lb_cmdr_pool (gint rating)
{
  return cmdr_table[rating][0];
}

/* LB 8.6.3 */
gint
acies_lb_recovery_need (gint rating)
{
  return cmdr_table[rating][2];
}

/* LB 8.6.3, 8.7 */
gint
acies_lb_killed_max (gint     rating,
                     gboolean hero)
{
  return cmdr_table[rating][hero ? 3 : 4];
}

/* LB 11.3, LB-G20 */
const char *
acies_lb_victory_level (const AciesLbState *s,
                        gint                margin)
{
  margin = ABS (margin);
  if (margin == 0)
    return "Draw";
  for (gint r = 4; r >= 0; r--)
    {
      gint lo = victory_min[r];

      /* The bands overlap at 75 (LB-G20): 75 is Strategic unless the
       * option reads it as Major. */
      if (r == 3 && !s->opt.band75_strategic)
        lo = victory_min[r] + 1;
      if (victory_names[r] != NULL && margin >= lo)
        return victory_names[r];
    }
  return "Pyrrhic Victory";
}

#define option_value  acies_catalogue_option_value
#define option_string acies_catalogue_option_string
#define option_bool   acies_catalogue_option_bool

/**
 * acies_lb_options_read:
 * @opt: the rulings to fill
 * @catalogue: the catalogue (its options give the defaults)
 * @options: (nullable): a game's options overriding the defaults
 *
 * Reads the rulings of checklist section 2 from the catalogue's options.
 */
void
acies_lb_options_read (AciesLbOptions *opt,
                       AciesCatalogue *catalogue,
                       JsonObject     *options)
{
  JsonNode *wet;

  opt->band75_strategic = g_strcmp0 (option_string (catalogue, options, "victory_band_75", "strategic"),
                                     "strategic") == 0;
  opt->orders_fv_includes_undeployed = option_bool (catalogue, options, "orders_fv_includes_undeployed", TRUE);
  opt->cheap_bonus_requires_fresh = option_bool (catalogue, options, "cheap_bonus_requires_fresh", TRUE);
  opt->outflanked_literal = g_strcmp0 (option_string (catalogue, options, "outflanked_reading",
                                                      "not-sandwiched"), "literal") == 0;
  opt->halve_then_add = g_strcmp0 (option_string (catalogue, options, "limit_order", "add-then-halve"),
                                   "halve-then-add") == 0;
  opt->decisive_when_screened = option_bool (catalogue, options, "decisive_when_screened", FALSE);
  opt->m09_inverts = option_bool (catalogue, options, "m09_accompanied_inverts", FALSE);
  opt->phalanx_exc_hoplites = option_bool (catalogue, options, "phalanx_lead_exceptions_hoplites", FALSE);
  opt->undeployed_uses_army = option_bool (catalogue, options, "undeployed_morale_uses_army", TRUE);
  opt->withdrawn_li_fled = option_bool (catalogue, options, "withdrawn_li_counts_as_fled", TRUE);
  opt->outnumber_fv = g_strcmp0 (option_string (catalogue, options, "outnumber_count", "units"),
                                 "fighting-value") == 0;
  opt->narrow_battle = g_strcmp0 (option_string (catalogue, options, "narrow_escape_duration", "next-turn"),
                                  "battle") == 0;
  opt->hoplite_own_zone = g_strcmp0 (option_string (catalogue, options, "hoplite_pursuit_adjacency",
                                                    "target-zone"), "own-zone") == 0;
  wet = option_value (catalogue, options, "wet_weather_reading");
  opt->wet_reading = wet != NULL && json_node_get_value_type (wet) == G_TYPE_INT64
                     ? (gint) json_node_get_int (wet) : 2;
  opt->side_edges = g_strcmp0 (option_string (catalogue, options, "edge_zones", "all-edges"),
                               "side-edges") == 0;
}

/**
 * acies_lb_option_historical_start:
 * @catalogue: the lost-battles catalogue
 * @options: (nullable): the game's rulings and options
 *
 * The option "start" (LB 3.3): "off-field", the default, where both armies
 * start off the field (3.3.1), or "historical", the scenario map's
 * deployment, which LB 3.3 says shows the armies at the end of the first
 * turn.  Read once, when the state is made: it is not part of the state.
 *
 * Returns: whether the battle starts from the historical deployment
 */
gboolean
acies_lb_option_historical_start (AciesCatalogue *catalogue,
                                  JsonObject     *options)
{
  return g_strcmp0 (option_string (catalogue, options, "start", "off-field"), "historical") == 0;
}

/* Units. */

/**
 * acies_lb_recount:
 * @s: the state
 *
 * Recomputes the per-zone loads (LB 5.5.3, Poor units counting 2) after
 * units entered, left or were removed from zones.
 */
void
acies_lb_recount (AciesLbState *s)
{
  memset (s->zload, 0, sizeof s->zload);
  for (gint i = 0; i < s->n_units; i++)
    if (acies_lb_on_field (&s->units[i]))
      s->zload[s->units[i].side][s->units[i].zone] += acies_lb_unit_load (&s->units[i]);
}

/* LB 5.2.1: cavalry and chariots. */
gboolean
acies_lb_is_mounted (const AciesLbUnit *u)
{
  return u->type == LB_HC || u->type == LB_LC || u->type == LB_CH;
}

gboolean
acies_lb_is_infantry (const AciesLbUnit *u)
{
  return u->type == LB_HI || u->type == LB_LI;
}

/* LB 1.4, 9.3 (Average legionaries 4, but 3 for the enemy's VP), 9.5. */
gint
acies_lb_unit_fv (const AciesLbUnit *u,
                  gboolean           for_vp)
{
  if (u->sub == LB_SUB_SCH)
    return 1;
  switch (u->cls)
    {
    case LB_INDIAN: return 4;
    case LB_AFRICAN: return 3;
    case LB_VETERAN:   return 4;
    case LB_POOR:   return 2;
    default:
      return u->sub == LB_SUB_LE && !for_vp ? 4 : 3;
    }
}

static gboolean
cmdr_deployed (const AciesLbState *s,
               const AciesLbCmdr  *c)
{
  if (c->hero)
    return c->bodyguard >= 0 && s->units[c->bodyguard].zone >= 0;
  return c->zone >= 0;
}

/* LB 4.1.1, 10.1, LB-G04: the FV counted for Orders. */
gint
acies_lb_orders_fv (const AciesLbState *s,
                    gint                side)
{
  gboolean undeployed = s->opt.orders_fv_includes_undeployed && !s->sides[side].surprised;
  gint fv = 0;

  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesLbUnit *u = &s->units[i];

      if (u->side == side && acies_lb_present (u) && (u->zone >= 0 || undeployed))
        fv += acies_lb_unit_fv (u, FALSE);
    }
  for (gint i = 0; i < s->n_cmdrs; i++)
    {
      const AciesLbCmdr *c = &s->cmdrs[i];

      if (c->side == side && c->status == LB_CMDR_PRESENT && (cmdr_deployed (s, c) || undeployed))
        fv += acies_lb_cmdr_fv (c->rating);
    }
  return fv;
}

/* LB 4.1.1, 10.3, 10.4: 1d6 (halved, rounding up, in dust or wet weather)
 * + 1 per full 10 FV. */
gint
acies_lb_orders_for_roll (const AciesLbState *s,
                          gint                side,
                          gint                d6)
{
  gint die = (s->dust || s->weather == 2) ? (d6 + 1) / 2 : d6;

  return die + acies_lb_orders_fv (s, side) / 10;
}

/* LB 4.2.4, 4.2.5, 4.4.1, 4.4.3, 9.3, 6.12 */
gint
acies_lb_activation_cost (const AciesLbState *s,
                          guint64             group,
                          AciesLbActKind      kind)
{
  gint n = acies_lb_popcount (group), first = __builtin_ctzll (group);
  const AciesLbUnit *u = &s->units[first];
  gboolean all_v = TRUE;

  switch (kind)
    {
    case LB_ACT_TURN_ONLY:
      return 1;                                         /* 4.2.5 */
    case LB_ACT_TRIPLE:
      return 2;                                         /* 9.3 */
    case LB_ACT_DOUBLE:
      if (u->cls == LB_VETERAN)
        return 1;                                       /* 4.4.1 */
      if (u->zone < 0 && (u->type == LB_EL || u->type == LB_LI))
        return 1;                                       /* 4.4.3 */
      return 2;
    default:
      break;
    }
  for (guint64 m = group; m != 0; m &= m - 1)
    if (s->units[__builtin_ctzll (m)].cls != LB_VETERAN)
      all_v = FALSE;
  if (n == 1 || (n == 2 && all_v))
    return 1;                                           /* 4.2.4 */
  return 2;
}

/* LB 4.4.4, 6.12 (a Fresh lead Veteran: cheap_bonus_requires_fresh) */
gint
acies_lb_bonus_cost (const AciesLbState *s,
                     gint                unit,
                     gboolean            lead)
{
  const AciesLbUnit *u = &s->units[unit];

  if (u->type == LB_LC || u->cls == LB_INDIAN)
    return 1;
  if (u->cls == LB_VETERAN && lead && (!s->opt.cheap_bonus_requires_fresh || u->status == LB_FRESH))
    return 1;
  return 2;
}

/* LB 5.2.1, 4.4.1, 9.3, 9.4 */
gint
acies_lb_base_movements (const AciesLbUnit *u,
                         AciesLbActKind     kind)
{
  gint base = acies_lb_is_mounted (u) && u->sub != LB_SUB_CA ? 2 : 1;

  if (kind == LB_ACT_DOUBLE)
    return base * 2;
  if (kind == LB_ACT_TRIPLE)
    return base * 3;
  return base;
}

/* LB 5.4.1, 6.1.1, 3.3.2, 3.3.3, 9.4: entering (or attacking) @zone. */
gint
acies_lb_enter_cost (const AciesLbState *s,
                     gint                unit,
                     gint                zone,
                     gboolean            entry)
{
  const AciesLbUnit *u = &s->units[unit];

  if (entry)
    return (s->terrain[zone] & LB_T_CAMP_U) ? 0 : 1;
  if (acies_lb_is_mounted (u) && u->sub != LB_SUB_CA)
    {
      if (s->terrain[zone] & (LB_T_HILL | LB_T_FOREST | LB_T_MARSH | LB_T_CAMP_F))
        return 2;
      for (gint i = 0; i < s->n_units; i++)
        if (s->units[i].zone == zone && s->units[i].side != u->side
            && acies_lb_present (&s->units[i]) && s->units[i].type == LB_EL)
          return 2;
    }
  return 1;
}

/* LB 5.5.3: Poor units count 2. */
gint
acies_lb_unit_load (const AciesLbUnit *u)
{
  return u->cls == LB_POOR ? 2 : 1;
}

gint
acies_lb_zone_load (const AciesLbState *s,
                    gint                zone,
                    gint                side)
{
  if (zone < 0)
    return 0;
  if (side < 0)
    return s->zload[0][zone] + s->zload[1][zone];
  return s->zload[side][zone];
}

/* LB 5.5.3 */
gint
acies_lb_zone_capacity (const AciesLbState *s,
                        gint                zone)
{
  return (s->terrain[zone] & (LB_T_RIVER | LB_T_COAST | LB_T_MARSH | LB_T_FOREST)) ? 8 : 12;
}

gint
acies_lb_zone_side (const AciesLbState *s,
                    gint                zone)
{
  if (s->zload[0][zone] > 0)
    return 0;
  return s->zload[1][zone] > 0 ? 1 : LB_NONE;
}

gboolean
acies_lb_enemy_in (const AciesLbState *s,
                   gint                zone,
                   gint                side)
{
  return zone >= 0 && s->zload[1 - side][zone] > 0;
}

/* LB 5.1.1: the facing of @side's units in @zone (not in @exclude), or -1. */
gint
acies_lb_zone_facing (const AciesLbState *s,
                      gint                zone,
                      gint                side,
                      guint64             exclude)
{
  if (zone < 0 || s->zload[side][zone] == 0)
    return LB_NONE;                 /* no unit of @side there (acies_lb_recount()) */
  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].zone == zone && s->units[i].side == side && acies_lb_present (&s->units[i])
        && !((exclude >> i) & 1))
      return s->units[i].facing;
  return LB_NONE;
}

/* LB 7.2-m7: enemy to the front and rear, and/or on both flanks. */
gboolean
acies_lb_sandwiched (const AciesLbState *s,
                     gint                zone,
                     gint                side,
                     gint                facing)
{
  gboolean e[4];

  for (gint d = 0; d < 4; d++)
    e[d] = acies_lb_enemy_in (s, acies_lb_neighbour (zone, d), side);
  return (e[0] && e[2]) || (e[1] && e[3]);
}

/* LB 6.3.2, 6.5-m01: "no enemy in the zones to its left and right, or to
 * its front and rear" is not true (LB-G06; option outflanked_reading). */
gboolean
acies_lb_outflanked (const AciesLbState *s,
                     gint                zone,
                     gint                side,
                     gint                facing)
{
  gboolean f, b, l, r;

  if (!s->opt.outflanked_literal)
    return acies_lb_sandwiched (s, zone, side, facing);
  f = acies_lb_enemy_in (s, acies_lb_neighbour (zone, facing), side);
  b = acies_lb_enemy_in (s, acies_lb_neighbour (zone, facing + 2), side);
  l = acies_lb_enemy_in (s, acies_lb_neighbour (zone, facing + 3), side);
  r = acies_lb_enemy_in (s, acies_lb_neighbour (zone, facing + 1), side);
  return !((!l && !r) || (!f && !b));
}

#define WATERISH (LB_T_STREAM | LB_T_RIVER | LB_T_COAST)

/* LB 6.3.2 (×2, so half units count): the scenario limit, +1 when the
 * attacking zone borders another enemy zone and is not outflanked, halved
 * (rounding up) when both zones are stream, river or coastline zones; the
 * order follows the option limit_order (LB-G06). */
gint
acies_lb_attacker_limit2 (const AciesLbState *s,
                          gint                from,
                          gint                to,
                          gint                side)
{
  gint limit = s->attack_limit, bonus = 0;
  gboolean halve = (s->terrain[from] & WATERISH) && (s->terrain[to] & WATERISH);
  gint facing = acies_lb_dir_to (from, to);

  for (gint d = 0; d < 4; d++)
    {
      gint n = acies_lb_neighbour (from, d);

      if (n != to && acies_lb_enemy_in (s, n, side))
        bonus = 1;
    }
  if (bonus && acies_lb_outflanked (s, from, side, facing))
    bonus = 0;
  if (s->opt.halve_then_add)
    limit = (halve ? (limit + 1) / 2 : limit) + bonus;
  else
    {
      limit += bonus;
      if (halve)
        limit = (limit + 1) / 2;
    }
  return limit * 2;
}

/* LB 6.3.3, 6.11, 6.8.1, 9.3, 9.4, LB-G08 (×2). */
gint
acies_lb_size2 (const AciesLbState *s,
                gint                unit,
                gboolean            first)
{
  const AciesLbUnit *u = &s->units[unit];

  switch (u->type)
    {
    case LB_HI:
      if (u->cls == LB_VETERAN)
        return u->sub == LB_SUB_LE ? 2 : 1;              /* 9.3 */
      return 2;
    case LB_HC:
      if (u->sub == LB_SUB_CA)
        return u->cls == LB_VETERAN ? 1 : 2;                  /* 9.4 */
      return u->cls == LB_VETERAN ? 2 : 4;
    case LB_LC:
      return u->cls == LB_VETERAN ? 2 : 4;
    case LB_LI:
      if (u->cls == LB_VETERAN)
        return 2;
      return first && u->status == LB_FRESH && u->was_lead ? 2 : 4;   /* 6.8.1 */
    case LB_EL:
      return first && u->was_lead ? 2 : 4;               /* 6.8.1 */
    default:
      return 4;
    }
}

/* LB 6.4.4 */
gint
acies_lb_lead_of (const AciesLbState *s,
                  gint                zone)
{
  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].zone == zone && acies_lb_present (&s->units[i]) && s->units[i].lead)
      return i;
  return LB_NONE;
}

static gboolean
zone_has (const AciesLbState *s,
          gint                zone,
          gint                side,
          gint                type,
          gint                sub)
{
  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesLbUnit *u = &s->units[i];

      if (u->zone == zone && acies_lb_present (u) && (side < 0 || u->side == side)
          && (type < 0 || u->type == type) && (sub < 0 || u->sub == sub))
        return TRUE;
    }
  return FALSE;
}

#define MOD(cond, value, label) \
  G_STMT_START { if (cond) { total += (value); \
    if (why != NULL) g_string_append_printf (why, "%s%+d %s (LB %s)", why->len ? ", " : "", (value), label, id); \
    if (odds != NULL) add_odds_modifier (odds, label, (value), id); } } G_STMT_END

/* The attack preview's line for one 6.5 modifier: its label, its value
 * and its rule ("LB 6.5-m13"). */
static void
add_odds_modifier (AciesOdds  *odds,
                   const char *label,
                   gint        value,
                   const char *id)
{
  g_autofree char *rule = g_strconcat ("LB ", id, NULL);

  acies_odds_add_modifier (odds, label, value, rule);
}

/**
 * acies_lb_modifiers:
 * @s: the state
 * @unit: the attacking unit
 * @from: its zone
 * @to: the attacked zone
 * @lead: it is the lead unit (the first attacker from @from, 6.4.1)
 * @moved: it moved or changed facing before attacking (6.1.2)
 * @half: it counts half its size (6.3.4)
 * @bonus: attack bonuses bought (4.4.4, 8.5)
 * @supporter: the Fresh Average unit supporting it (6.5-m08), or -1
 * @why: (nullable): receives the applied modifiers
 *
 * Returns: the sum of every 6.5 modifier, each counted once (LB 6.5).
 */
static gint
modifiers (const AciesLbState *s,
           gint                unit,
           gint                from,
           gint                to,
           gboolean            lead,
           gboolean            moved,
           gboolean            half,
           gint                bonus,
           gint                supporter,
           GString            *why,
           AciesOdds          *odds)
{
  const AciesLbUnit *a = &s->units[unit];
  gint dl = acies_lb_lead_of (s, to);
  const AciesLbUnit *d;
  gint side = a->side, eside = 1 - side, total = 0;
  gint dir_back = acies_lb_dir_to (to, from);   /* from the defender toward the attacker */
  gboolean def_facing_att, rugged, wet_hit = FALSE;
  const char *id;

  if (dl < 0)
    return 0;
  d = &s->units[dl];
  def_facing_att = d->facing == dir_back;

  id = "6.5-m01";
  MOD (lead && a->sub != LB_SUB_SCH && !acies_lb_outflanked (s, from, side, a->facing), 1, "lead unit not outflanked");
  id = "6.5-m02";
  MOD (bonus >= 1, 1, "attack bonus");
  id = "6.5-m03";
  MOD (bonus >= 2, 1, "Hero's bodyguard, second bonus");
  id = "6.5-m04";
  MOD ((a->cls == LB_VETERAN || a->cls == LB_AVERAGE) && d->cls == LB_POOR, 1, "Average or Veteran against Poor");
  id = "6.5-m05";
  MOD (a->type == LB_HI && (d->sub == LB_SUB_HO || d->sub == LB_SUB_PH || d->sub == LB_SUB_AR)
       && !def_facing_att, 1, "heavy infantry against an unfaced phalanx or archers");
  id = "6.5-m06";
  if (a->sub == LB_SUB_HO)
    {
      gboolean any = FALSE;

      for (gint i = 0; i < s->n_units; i++)
        {
          const AciesLbUnit *u = &s->units[i];

          if (u->zone == to && u->side == eside && acies_lb_present (u) && u->sub == LB_SUB_HO
              && u->entered_pt != s->sides[eside].pt_of_last)
            any = TRUE;
        }
      MOD (any, 1, "hoplites against settled hoplites");
    }
  id = "6.5-m07";
  if (lead && a->status == LB_FRESH && (a->sub == LB_SUB_HO || a->sub == LB_SUB_PH) && d->type == LB_HI)
    {
      gboolean exc = FALSE;

      if (a->sub == LB_SUB_PH || s->opt.phalanx_exc_hoplites)
        {
          for (gint dd = 0; dd < 4; dd++)
            if (dd != a->facing && acies_lb_enemy_in (s, acies_lb_neighbour (from, dd), side))
              exc = TRUE;
          if (s->terrain[from] != 0 || s->terrain[to] != 0)
            exc = TRUE;
        }
      MOD (!exc, 1, "Fresh phalanx lead against heavy infantry");
    }
  id = "6.5-m08";
  MOD (!lead && a->cls == LB_AVERAGE && (a->sub == LB_SUB_HO || a->sub == LB_SUB_PH) && d->type == LB_HI
       && supporter >= 0, 1, "supported phalanx");
  id = "6.5-m09";
  if (acies_lb_is_mounted (a) && d->type == LB_HI)
    {
      gboolean acc = FALSE;

      for (gint i = 0; i < s->n_units; i++)
        {
          const AciesLbUnit *u = &s->units[i];

          if (u->zone == to && u->side == eside && u->status == LB_FRESH
              && (acies_lb_is_mounted (u) || u->type == LB_LI))
            acc = TRUE;
        }
      if (s->opt.m09_inverts)
        acc = !acc;
      MOD ((acies_lb_is_edge (s, from) && acies_lb_is_edge (s, to)) || acc
           || (lead && (d->facing + 2) % 4 == dir_back), 1, "mounted against heavy infantry");
    }
  id = "6.5-m10";
  MOD (lead && acies_lb_is_infantry (a) && (s->terrain[from] & LB_T_HILL) && !(s->terrain[to] & LB_T_HILL),
       1, "lead infantry attacking down a hill");
  id = "6.5-m11";
  MOD (lead && !(s->terrain[from] & LB_T_RIVER) && (s->terrain[to] & LB_T_RIVER), 1,
       "lead unit attacking into a river zone");
  id = "6.5-m12";
  MOD (a->sub == LB_SUB_AR && (d->type == LB_LI || d->type == LB_LC), 1, "archers against light troops");
  id = "6.5-m13";
  MOD (moved, -1, "moved or turned before attacking");
  id = "6.5-m14";
  rugged = ((s->terrain[from] | s->terrain[to]) & (LB_T_HILL | LB_T_FOREST | LB_T_MARSH | LB_T_CAMP_F)) != 0;
  MOD (rugged && (!acies_lb_is_infantry (a)
                  || (lead && a->type == LB_HI && s->camp_of[from] != side)), -1, "rough ground or fortified camp");
  id = "6.5-m15";
  MOD (half, -1, "half size");
  id = "6.5-m16";
  MOD (def_facing_att && (d->sub == LB_SUB_CA || (lead && acies_lb_is_mounted (a) && d->type == LB_EL)
                          || (lead && acies_lb_is_infantry (a) && d->sub == LB_SUB_LE && d->status == LB_FRESH)),
       -1, "cataphracts, elephants or Fresh legionaries facing the attack");
  id = "6.5-m17";
  MOD (a->cls == LB_AFRICAN && zone_has (s, to, eside, LB_EL, -1)
       && ({ gboolean ind = FALSE; for (gint i = 0; i < s->n_units; i++)
               if (s->units[i].zone == to && s->units[i].side == eside && acies_lb_present (&s->units[i])
                   && s->units[i].cls == LB_INDIAN) ind = TRUE; ind; }),
       -1, "African elephants against Indian elephants");
  id = "6.5-m18";
  MOD (a->status == LB_DISORDERED && s->sides[side].fatigued, -1, "Disordered and fatigued");
  id = "6.5-m19";
  if (s->weather == 2)
    {
      gboolean troop = a->type == LB_CH || a->sub == LB_SUB_AR || a->type == LB_LC
                       || (a->type == LB_LI && a->status == LB_DISORDERED);
      gboolean water = (s->terrain[from] & (LB_T_STREAM | LB_T_RIVER)) != 0;

      if (s->opt.wet_reading == 1)
        wet_hit = water && (troop || lead);
      else
        wet_hit = troop || (lead && water);
    }
  MOD (wet_hit, -1, "wet weather");

  return total;
}

#undef MOD

gint
acies_lb_modifiers (const AciesLbState *s,
                    gint                unit,
                    gint                from,
                    gint                to,
                    gboolean            lead,
                    gboolean            moved,
                    gboolean            half,
                    gint                bonus,
                    gint                supporter,
                    GString            *why)
{
  return modifiers (s, unit, from, to, lead, moved, half, bonus, supporter, why, NULL);
}

/**
 * acies_lb_modifiers_odds:
 * @s: the state
 * @unit: the attacking unit
 * @from: its zone
 * @to: the attacked zone
 * @lead: it is the lead unit (6.4.1)
 * @moved: it moved or changed facing before attacking (6.1.2)
 * @half: it counts half its size (6.3.4)
 * @bonus: attack bonuses bought (4.4.4, 8.5)
 * @supporter: the Fresh Average unit supporting it (6.5-m08), or -1
 * @odds: receives one modifier line per 6.5 modifier that applies
 *
 * acies_lb_modifiers() for the attack preview.
 *
 * Returns: the sum of every 6.5 modifier (LB 6.5)
 */
gint
acies_lb_modifiers_odds (const AciesLbState *s,
                         gint                unit,
                         gint                from,
                         gint                to,
                         gboolean            lead,
                         gboolean            moved,
                         gboolean            half,
                         gint                bonus,
                         gint                supporter,
                         AciesOdds          *odds)
{
  return modifiers (s, unit, from, to, lead, moved, half, bonus, supporter, NULL, odds);
}

/* LB 6.8.2: light infantry lead with heavy infantry, every unit Fresh. */
gboolean
acies_lb_screened (const AciesLbState *s,
                   gint                zone)
{
  gint lead = acies_lb_lead_of (s, zone);
  gboolean hi = FALSE;

  if (lead < 0 || s->units[lead].type != LB_LI)
    return FALSE;
  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesLbUnit *u = &s->units[i];

      if (u->zone != zone || !acies_lb_present (u))
        continue;
      if (u->status != LB_FRESH)
        return FALSE;
      if (u->type == LB_HI)
        hi = TRUE;
    }
  return hi;
}

/* LB 6.6.1, 6.6.2, 6.8.2: hits of an attack with @margin. */
gint
acies_lb_hits_for (const AciesLbState *s,
                   gint                margin,
                   gboolean            decisive,
                   gint                def_lead,
                   gint                zone)
{
  gint hits;

  if (margin < 0 && !decisive)
    return 0;
  hits = 1;
  if (decisive || margin >= (s->units[def_lead].type == LB_EL ? 3 : 4))
    hits = 2;
  if (acies_lb_screened (s, zone))
    hits = 1;
  return hits;
}

/* LB 6.7, 6.8.2, 9.5, LB-G11 */
gboolean
acies_lb_decisive_allowed (const AciesLbState *s,
                           gint                attacker,
                           gint                def_lead,
                           gint                zone,
                           gint                margin)
{
  const AciesLbUnit *a = &s->units[attacker];

  if (margin != 0 && margin != 3)
    return FALSE;
  if (a->status != LB_FRESH || a->sub == LB_SUB_SCH)
    return FALSE;
  if (s->units[def_lead].type == LB_LC && a->type != LB_LI && a->type != LB_LC)
    return FALSE;
  /* LB 6.8.2: against screened light infantry "a decisive attack cannot
   * be made if the total exceeds the required number by 3", whatever the
   * ruling; at margin 0 the book is silent and LB-G11b (the option
   * decisive_when_screened) decides. */
  if (acies_lb_screened (s, zone) && (margin == 3 || !s->opt.decisive_when_screened))
    return FALSE;
  if (acies_lb_hits_for (s, margin, FALSE, def_lead, zone) >= 2)
    return FALSE;   /* it would add no hit (LB-G11a) */
  return TRUE;
}

static gint
field_strength (const AciesLbState *s,
                gint                side)
{
  gint n = 0;

  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].side == side && acies_lb_on_field (&s->units[i]))
      n += s->opt.outnumber_fv ? acies_lb_unit_fv (&s->units[i], FALSE) : 1;
  return n;
}

/* ×2 weight of @side's central zone @zone for 7.1-m5 (a key zone counts 2,
 * or ½ with a river). */
static gint
central_weight2 (const AciesLbState *s,
                 gint                zone,
                 gint                side)
{
  if (s->key_of[zone] == side)
    return (s->terrain[zone] & LB_T_RIVER) ? 1 : 4;
  return 2;
}

/* Adds "+1 what (LB rule)" to @why (a GString, nullable). */
static void
why_add (GString    *why,
         gint        value,
         const char *what,
         const char *rule)
{
  if (why != NULL)
    g_string_append_printf (why, "%s%+d %s (LB %s)", why->len > 0 ? ", " : "", value, what, rule);
}

/* Adds the step "+1 what (LB rule)" to @steps (strings, nullable). */
static void
step_add (GPtrArray  *steps,
          gint        value,
          const char *what,
          const char *rule)
{
  if (steps != NULL)
    g_ptr_array_add (steps, g_strdup_printf ("%+d %s (LB %s)", value, what, rule));
}

/**
 * acies_lb_army_morale_steps:
 * @s: the state
 * @side: the checking army
 * @lowest_die: the lowest of the morale dice
 * @steps: (nullable) (element-type utf8): receives one readable line per
 *   7.1 modifier that applies, e.g. "-1 the enemy has at least twice as
 *   many units on the field (LB 7.1-m4)"
 *
 * Returns: army morale: the lowest die halved, rounded up, with the 7.1
 *   modifiers (LB 7.1)
 */
gint
acies_lb_army_morale_steps (const AciesLbState *s,
                            gint                side,
                            gint                lowest_die,
                            GPtrArray          *steps)
{
  gint m = (lowest_die + 1) / 2;
  gint mine = field_strength (s, side), theirs = field_strength (s, 1 - side);
  gint lost2 = 0, held2 = 0, fours = s->sides[side].shattered / 4;

  if (mine > 0 && mine >= 2 * theirs)                     /* 7.1-m1 */
    {
      m++;
      step_add (steps, 1, "at least twice as many units on the field as the enemy", "7.1-m1");
    }
  if (fours > 0)                                          /* 7.1-m2 */
    {
      g_autofree char *what = g_strdup_printf ("%d units Shattered so far, -1 for each full 4",
                                               s->sides[side].shattered);

      m -= fours;
      step_add (steps, -fours, what, "7.1-m2");
    }
  if (s->sides[side].cmdr_loss_poor >= 2 || s->sides[side].cmdr_loss_other >= 1)
    {
      m--;                                                /* 7.1-m3 */
      step_add (steps, -1, s->sides[side].cmdr_loss_other >= 1
                ? "an Average or better commander killed or fled"
                : "two Poor commanders killed or fled", "7.1-m3");
    }
  if (theirs > 0 && theirs >= 2 * mine)                   /* 7.1-m4 */
    {
      m--;
      step_add (steps, -1, "the enemy has at least twice as many units on the field", "7.1-m4");
    }
  for (gint z = 0; z < LB_ZONES; z++)                     /* 7.1-m5 */
    {
      if (acies_lb_is_central (z, side) && acies_lb_enemy_in (s, z, side))
        lost2 += central_weight2 (s, z, side);
      if (acies_lb_is_central (z, 1 - side) && acies_lb_enemy_in (s, z, 1 - side))
        held2 += central_weight2 (s, z, 1 - side);
    }
  if (lost2 - held2 >= 4 || s->sides[side].camp_captured)
    {
      m--;
      step_add (steps, -1, lost2 - held2 >= 4
                ? "the enemy holds at least 2 more of our central zones than we hold of theirs"
                : "our camp has been captured", "7.1-m5");
    }
  return m;
}

/**
 * acies_lb_army_morale:
 * @s: the state
 * @side: the checking army
 * @lowest_die: the lowest of the morale dice
 *
 * Returns: army morale: the lowest die halved, rounded up, with the 7.1
 *   modifiers (LB 7.1)
 */
gint
acies_lb_army_morale (const AciesLbState *s,
                      gint                side,
                      gint                lowest_die)
{
  return acies_lb_army_morale_steps (s, side, lowest_die, NULL);
}

static gboolean
timid_bodyguard (const AciesLbState *s,
                 const AciesLbUnit  *u)
{
  return u->hero >= 0 && s->cmdrs[u->hero].timid && s->cmdrs[u->hero].status == LB_CMDR_PRESENT;
}

/**
 * acies_lb_unit_morale_why:
 * @s: the state
 * @unit: a unit on the field
 * @army: the army morale (7.1)
 * @attacked_zone: the zone whose attack caused the check
 * @why: (nullable): receives the 7.2 modifiers that apply, e.g. "+1
 *   heavy infantry (LB 7.2-m2), -1 Disordered (LB 7.2-m6)"
 *
 * Returns: the unit's morale: army morale plus its 7.2 modifiers (LB 7.2)
 */
gint
acies_lb_unit_morale_why (const AciesLbState *s,
                          gint                unit,
                          gint                army,
                          gint                attacked_zone,
                          GString            *why)
{
  const AciesLbUnit *u = &s->units[unit];
  gint m = army;
  gboolean inspired = FALSE;

  if (u->cls == LB_VETERAN || (u->cls == LB_AVERAGE && u->sub == LB_SUB_LE) || u->cls == LB_INDIAN)
    {
      m++;                                                    /* 7.2-m1, 9.3 */
      why_add (why, 1, u->cls == LB_VETERAN ? "Veteran" : u->cls == LB_INDIAN ? "Indian elephants"
               : "Average legionaries", u->cls == LB_AVERAGE ? "7.2-m1, 9.3" : "7.2-m1");
    }
  if (u->type == LB_HI)                                       /* 7.2-m2, 9.2 */
    {
      gboolean contact = FALSE;

      if (u->sub == LB_SUB_HO)
        for (gint d = 0; d < 4; d++)
          if (zone_has (s, acies_lb_neighbour (u->zone, d), 1 - u->side, LB_HI, LB_SUB_HO))
            contact = TRUE;
      if (!contact)
        {
          m++;
          why_add (why, 1, "heavy infantry", "7.2-m2");
        }
    }
  if (acies_lb_distance (u->zone, attacked_zone) >= 3)              /* 7.2-m3 */
    {
      m++;
      why_add (why, 1, "3 or more zones from the attacked zone", "7.2-m3");
    }
  for (gint c = 0; c < s->n_cmdrs && u->type != LB_EL; c++)   /* 7.2-m4, 8.6.3 */
    {
      const AciesLbCmdr *k = &s->cmdrs[c];
      gint cz = acies_lb_cmdr_zone (s, c);

      if (k->side != u->side || k->status != LB_CMDR_PRESENT || cz < 0 || acies_lb_cmdr_restricted (s, c))
        continue;
      if ((cz == u->zone && k->rating >= LB_RATING_I)
          || (k->rating == LB_RATING_B && acies_lb_distance (cz, u->zone) == 1))
        inspired = TRUE;
    }
  if (inspired)
    {
      m++;
      why_add (why, 1, "an Inspired or Brilliant commander with it or a Brilliant one next to it", "7.2-m4");
    }
  if (u->cls == LB_POOR || u->sub == LB_SUB_SCH || timid_bodyguard (s, u))
    {
      m--;                                                    /* 7.2-m5 */
      why_add (why, -1, u->cls == LB_POOR ? "Poor" : u->sub == LB_SUB_SCH ? "scythed chariots"
               : "bodyguard of a Timid commander", "7.2-m5");
    }
  if (u->status == LB_DISORDERED)                             /* 7.2-m6 */
    {
      m--;
      why_add (why, -1, "Disordered", "7.2-m6");
    }
  if (acies_lb_sandwiched (s, u->zone, u->side, u->facing))         /* 7.2-m7 */
    {
      m--;
      why_add (why, -1, "enemies on opposite sides", "7.2-m7");
    }
  return m;
}

/* LB 7.2 */
gint
acies_lb_unit_morale (const AciesLbState *s,
                      gint                unit,
                      gint                army,
                      gint                attacked_zone)
{
  return acies_lb_unit_morale_why (s, unit, army, attacked_zone, NULL);
}

/**
 * acies_lb_undeployed_morale_why:
 * @s: the state
 * @unit: an off-field unit
 * @army: the army morale (7.1)
 * @why: (nullable): receives the 7.4 modifiers that apply
 *
 * Returns: the morale of an off-field unit: army morale (LB-G13) and the
 *   7.4 modifiers only (LB 7.4)
 */
gint
acies_lb_undeployed_morale_why (const AciesLbState *s,
                                gint                unit,
                                gint                army,
                                GString            *why)
{
  const AciesLbUnit *u = &s->units[unit];
  gint m = s->opt.undeployed_uses_army ? army : 0;

  if (u->cls == LB_VETERAN || (u->cls == LB_AVERAGE && u->sub == LB_SUB_LE) || u->cls == LB_INDIAN)
    {
      m++;
      why_add (why, 1, u->cls == LB_VETERAN ? "Veteran" : u->cls == LB_INDIAN ? "Indian elephants"
               : "Average legionaries", "7.4");
    }
  if (u->type == LB_HI)
    {
      m++;
      why_add (why, 1, "heavy infantry", "7.4");
    }
  if (u->cls == LB_POOR || u->type == LB_CH || timid_bodyguard (s, u))
    {
      m--;
      why_add (why, -1, u->cls == LB_POOR ? "Poor" : u->type == LB_CH ? "chariots"
               : "bodyguard of a Timid commander", "7.4");
    }
  return m;
}

/* LB 7.4, LB-G13 */
gint
acies_lb_undeployed_morale (const AciesLbState *s,
                            gint                unit,
                            gint                army)
{
  return acies_lb_undeployed_morale_why (s, unit, army, NULL);
}

/* LB 11.1: units on the field or undeployed, scythed chariots and Poor
 * units counting half. */
gdouble
acies_lb_end_count (const AciesLbState *s,
                    gint                side)
{
  gdouble n = 0;

  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].side == side && acies_lb_present (&s->units[i]))
      n += (s->units[i].cls == LB_POOR || s->units[i].sub == LB_SUB_SCH) ? 0.5 : 1.0;
  return n;
}

static void
add_line (GPtrArray  *lines,
          const char *label,
          gint        points,
          const char *rule)
{
  if (lines != NULL && points != 0)
    g_ptr_array_add (lines, acies_score_line_new (label, points, rule));
}

/**
 * acies_lb_victory_points:
 * @s: the state
 * @side: the scoring side
 * @lines: (nullable): receives AciesScoreLine per category
 *
 * Returns: @side's victory points (LB 11.2, LB-G21: each enemy unit scored
 *   once, by its final status)
 */
gint
acies_lb_victory_points (const AciesLbState *s,
                         gint                side,
                         GPtrArray          *lines)
{
  gint enemy = 1 - side, dis = 0, wd = 0, fled = 0, fled_n = 0, sh = 0, lost = 0, killed = 0, total;
  gboolean enemy_left = FALSE;

  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesLbUnit *u = &s->units[i];
      gint fv = acies_lb_unit_fv (u, TRUE);

      if (u->side != enemy)
        continue;
      switch (u->status)
        {
        case LB_DISORDERED: dis += fv; enemy_left = TRUE; break;
        case LB_WITHDRAWN:  wd += fv; break;
        case LB_FLED:       fled += fv; fled_n++; break;
        case LB_SHATTERED:  sh += 2 * fv; break;
        default:            enemy_left = TRUE; break;
        }
    }
  for (gint c = 0; c < s->n_cmdrs; c++)
    if (s->cmdrs[c].side == enemy)
      {
        if (s->cmdrs[c].status == LB_CMDR_LOST)
          lost += acies_lb_cmdr_fv (s->cmdrs[c].rating);
        else if (s->cmdrs[c].status == LB_CMDR_KILLED)
          killed += 2 * acies_lb_cmdr_fv (s->cmdrs[c].rating);
      }
  add_line (lines, "Disordered enemy units", dis, "LB 11.2");
  add_line (lines, "Withdrawn enemy units", wd, "LB 11.2");
  add_line (lines, "Fled enemy units", fled + fled_n, "LB 11.2");
  add_line (lines, "Shattered enemy units (double)", sh, "LB 11.2");
  add_line (lines, "Lost enemy commanders", lost, "LB 11.2");
  add_line (lines, "Killed enemy commanders (double)", killed, "LB 11.2");
  total = dis + wd + fled + fled_n + sh + lost + killed;
  if (s->sides[enemy].camp_captured && enemy_left)
    {
      total += 5;
      add_line (lines, "Enemy camp captured", 5, "LB 11.2");
    }
  if (s->sides[side].fatigued)
    {
      total += 20;
      add_line (lines, "Army fatigued", 20, "LB 11.2, 10.2");
    }
  if (s->sides[side].surprised)
    {
      total += 30;
      add_line (lines, "Army caught by surprise", 30, "LB 11.2, 10.1");
    }
  if (s->sides[side].start_fv < s->sides[enemy].start_fv)
    {
      gint diff = 2 * (s->sides[enemy].start_fv - s->sides[side].start_fv);

      total += diff;
      add_line (lines, "Lower starting Fighting Value (double the difference)", diff, "LB 11.2");
    }
  return total;
}

/* LB 5.3, first bullet, LB-G22: the free 180-degree turn. */
gboolean
acies_lb_free_180 (const AciesLbState *s,
                   gint                unit)
{
  const AciesLbUnit *u = &s->units[unit];
  gint z = u->zone, back;

  if (u->sub == LB_SUB_HO || z < 0)
    return FALSE;
  if (acies_lb_enemy_in (s, acies_lb_neighbour (z, u->facing + 1), u->side)
      || acies_lb_enemy_in (s, acies_lb_neighbour (z, u->facing + 3), u->side))
    return FALSE;
  back = acies_lb_neighbour (z, u->facing + 2);
  if (back < 0)
    return TRUE;
  if (acies_lb_enemy_in (s, back, u->side))
    return FALSE;
  for (gint d = 0; d < 4; d++)
    {
      gint n = acies_lb_neighbour (back, d);

      if (n != z && acies_lb_enemy_in (s, n, u->side))
        return FALSE;
    }
  return TRUE;
}

/* LB 5.3, second bullet: facing away from the field or toward a zone with
 * no enemy. */
gboolean
acies_lb_free_attack_turn (const AciesLbState *s,
                           gint                unit)
{
  const AciesLbUnit *u = &s->units[unit];
  gint front = acies_lb_neighbour (u->zone, u->facing);

  return u->zone >= 0 && (front < 0 || !acies_lb_enemy_in (s, front, u->side));
}

/* LB 8.1, 8.2: a commander's zone (a Hero's is his bodyguard's). */
gint
acies_lb_cmdr_zone (const AciesLbState *s,
                    gint                c)
{
  const AciesLbCmdr *k = &s->cmdrs[c];

  if (k->status != LB_CMDR_PRESENT)
    return LB_NONE;
  if (k->hero)
    return k->bodyguard >= 0 ? s->units[k->bodyguard].zone : LB_NONE;
  return k->zone;
}

/* LB 8.3, 8.6.3, 8.8.3: may the commander use his own Orders now? */
gboolean
acies_lb_cmdr_can_use (const AciesLbState *s,
                       gint                c)
{
  const AciesLbCmdr *k = &s->cmdrs[c];

  return k->status == LB_CMDR_PRESENT && !k->blocked && !acies_lb_cmdr_restricted (s, c);
}

/* LB 8.6.3, LB-G16: under the narrow-escape restriction now?  narrow_pt is
 * -1 (never), -2 (pending: his next own player-turn) or that player-turn. */
gboolean
acies_lb_cmdr_restricted (const AciesLbState *s,
                          gint                c)
{
  const AciesLbCmdr *k = &s->cmdrs[c];

  if (k->narrow_pt == -1)
    return FALSE;
  if (s->opt.narrow_battle)
    return TRUE;
  return k->narrow_pt == s->pt;
}
