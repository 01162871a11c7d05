/* acies-gc-ruleset.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-gc-private.h"
#include "acies-gc-turn.h"
#include "rulesets/grass-crown/acies-gc-combat.h"
#include "model/acies-problem.h"

/*
 * The "grass-crown" AciesRuleset: the interface glue.  The state is built
 * here from the scenario and the catalogue (units, pools, wings, options,
 * tables); the rules are in acies-gc-turn.c (set-up, commands, skirmish,
 * rally, Fortuna, victory, initiative), acies-gc-move.c (8.0–8.10, 15.0)
 * and the combat files (9.0–10.0).
 */

struct _AciesGcRuleset
{
  GObject         parent_instance;
  AciesCatalogue *catalogue;
};

#define ACIES_TYPE_GC_RULESET (acies_gc_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (AciesGcRuleset, acies_gc_ruleset, ACIES, GC_RULESET, GObject)

static void acies_gc_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesGcRuleset, acies_gc_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET,
                                                      acies_gc_ruleset_iface_init))

static const char * const cmd_choices[] = { "move", "combat", "skirmish", "rally", "none", NULL };
static const char * const aquila_choices[] = { "none", "plus", "all", NULL };
static const char * const group_choices[] = { "cavalry", "elephantry", "both", NULL };

const AciesActionSpec acies_gc_action_specs[ACIES_GC_N_ACTIONS] = {
  [ACIES_GC_ACTION_PLACE] = { "place", N_("Place"), "GC 3.1", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_GC_ACTION_COMMAND] = { "command", N_("Command"), "GC 5.0", 5, {
    { "wing", ACIES_ARG_INT, NULL, TRUE },
    { "first", ACIES_ARG_CHOICE, cmd_choices, FALSE },
    { "second", ACIES_ARG_CHOICE, cmd_choices, FALSE },
    { "aquila", ACIES_ARG_CHOICE, aquila_choices, FALSE },
    { "group", ACIES_ARG_CHOICE, group_choices, TRUE } } },
  [ACIES_GC_ACTION_CA_WING] = { "combined-arms", N_("Combined Arms wing"), "GC 11.4", 2, {
    { "wing", ACIES_ARG_INT, NULL, TRUE },
    { "before", ACIES_ARG_BOOL, NULL, TRUE } } },
  [ACIES_GC_ACTION_PASS] = { "pass", N_("Play no Command"), "GC 5.0", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "n" },
  [ACIES_GC_ACTION_SKIRMISH] = { "skirmish", N_("Skirmish"), "GC 6.0", 2, {
    { "wing", ACIES_ARG_INT, NULL, FALSE },
    { "unit", ACIES_ARG_UNIT, NULL, TRUE } } },
  [ACIES_GC_ACTION_ABSORB] = { "absorb", N_("Take the Exhaustion"), "GC 9.4", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [ACIES_GC_ACTION_RALLY] = { "rally", N_("Rally"), "GC 7.0", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "swap", ACIES_ARG_UNIT, NULL, TRUE } } },
  [ACIES_GC_ACTION_STEP] = { "step", N_("Move"), "GC 8.0", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_GC_ACTION_END_PHASE] = { "end-phase", N_("End the phase"), "GC 4.0", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "e" },
  [ACIES_GC_ACTION_INTERCEPT] = { "intercept", N_("Intercept"), "GC 8.5", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_GC_ACTION_NO_INTERCEPT] = { "no-intercept", N_("Do not intercept"), "GC 8.5", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "i" },
  [ACIES_GC_ACTION_FLEE] = { "flee", N_("Flee"), "GC 8.5", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_GC_ACTION_CHARGE] = { "charge", N_("Charge"), "GC 8.6", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } } },
  [ACIES_GC_ACTION_RETREAT] = { "retreat", N_("Retreat"), "GC 8.6", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_GC_ACTION_TRAMPLE] = { "trample", N_("Trample"), "GC 8.7", 1, {
    { "target", ACIES_ARG_UNIT, NULL, FALSE } } },
  [ACIES_GC_ACTION_FORTUNA] = { "fortuna", N_("Fortuna"), "GC 12.0", 1, {
    { "use", ACIES_ARG_BOOL, NULL, FALSE } }, ACIES_ACTION_FLAG_NONE, "f" },
  [ACIES_GC_ACTION_INITIATIVE] = { "initiative", N_("Declare Initiative"), "GC 14.0", 1, {
    { "declare", ACIES_ARG_BOOL, NULL, FALSE } } },
  [ACIES_GC_ACTION_ATTACK] = { "attack", N_("Attack"), "GC 9.0", 2, {
    { "primary", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [ACIES_GC_ACTION_SUPPORT] = { "support", N_("Support"), "GC 9.0", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [ACIES_GC_ACTION_RESOLVE] = { "resolve", N_("Roll the attack"), "GC 9.3", 0, { { NULL } },
                                ACIES_ACTION_FLAG_ATTACK, "r" },
  [ACIES_GC_ACTION_DX_TO_EX] = { "dx-to-ex", N_("Broken Ground: DX to EX"), "GC 9.4", 1, {
    { "change", ACIES_ARG_BOOL, NULL, FALSE } } },
  [ACIES_GC_ACTION_DRAW] = { "draw", N_("Draw the pools"), "GC 3.1", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "d" },
  [ACIES_GC_ACTION_NEXT_WING] = { "next-wing", N_("Next wing"), "GC 5.0", 1, {
    { "wing", ACIES_ARG_INT, NULL, FALSE } } },
  [ACIES_GC_ACTION_CONCEDE] = { "concede", N_("Concede"), "GC 13.0", 0, { { NULL } },
                                ACIES_ACTION_FLAG_CONCEDE },
};

static void
acies_gc_ruleset_finalize (GObject *object)
{
  AciesGcRuleset *self = ACIES_GC_RULESET (object);

  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  G_OBJECT_CLASS (acies_gc_ruleset_parent_class)->finalize (object);
}

static void
acies_gc_ruleset_class_init (AciesGcRulesetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_gc_ruleset_finalize;
}

static void
acies_gc_ruleset_init (AciesGcRuleset *self)
{
  /* A reference of our own: finalize drops it. */
  self->catalogue = acies_catalogue_ref (acies_catalogue_get_bundled ("grass-crown"));
  if (self->catalogue != NULL)
    acies_catalogue_ref (self->catalogue);
}

static const char *
get_id (AciesRuleset *self)
{
  return "grass-crown";
}

static AciesCatalogue *
get_catalogue (AciesRuleset *self)
{
  return ACIES_GC_RULESET (self)->catalogue;
}

static const AciesActionSpec *
get_action_specs (AciesRuleset *self,
                  guint        *n_specs)
{
  *n_specs = ACIES_GC_N_ACTIONS;
  return acies_gc_action_specs;
}

/* ---- Static data ---- */

static void
clear_wing_def (gpointer data)
{
  g_free (((AciesGcWingDef *) data)->label);
}

/* A wing as the texts name it: "Pink (hastati) wing", but "Roman Wing"
 * for a name that says "wing" already. */
static char *
wing_label (const char *name)
{
  g_autofree char *folded = g_utf8_casefold (name, -1);

  if (strstr (folded, "wing") != NULL)
    return g_strdup (name);
  /* Translators: a Grass Crown wing named by the scenario's formation ("Purple (phalanx) wing");
   * %s: the formation's name. */
  return g_strdup_printf (_("%s wing"), name);
}

static void
static_unref (AciesGcStatic *st)
{
  if (st == NULL || !g_atomic_int_dec_and_test (&st->ref_count))
    return;

  g_clear_pointer (&st->catalogue, acies_catalogue_unref);
  g_clear_pointer (&st->view_attrs, g_hash_table_unref);
  g_free (st->terrain);
  g_free (st->elevation);
  g_ptr_array_unref (st->counters);
  g_ptr_array_unref (st->unit_ids);
  g_array_unref (st->wings);
  for (guint i = 0; i < st->areas->len; i++)
    g_array_unref (g_array_index (st->areas, AciesGcAreaDef, i).cells);
  g_array_unref (st->areas);
  for (guint i = 0; i < st->pools->len; i++)
    {
      AciesGcPoolDef *p = &g_array_index (st->pools, AciesGcPoolDef, i);

      g_array_unref (p->counters);
      g_array_unref (p->heroes);
      g_array_unref (p->slots);
    }
  g_array_unref (st->pools);
  g_free (st);
}

/* Rulings: the catalogue's defaults, overridden by @options (section 2 of
 * the checklist; each option names its GC-Gxx ruling in the catalogue). */
#define opt_int    acies_catalogue_option_int
#define opt_bool   acies_catalogue_option_bool
#define opt_string acies_catalogue_option_string

static void
read_options (AciesGcOptions *o,
              AciesCatalogue *cat,
              JsonObject     *options)
{
  const char *first = opt_string (cat, options, "setup_first", "blue");

  o->max_turns = opt_int (cat, options, "max_turns", 0);
  o->setup_first = g_str_equal (first, "red") ? 1 : g_str_equal (first, "scenario") ? 2 : 0;
  o->owner_tracks_heroes = opt_bool (cat, options, "owner_tracks_heroes", FALSE);
  o->zone_loss_both = g_str_equal (opt_string (cat, options, "zone_loss", "both-on-contact"), "both-on-contact");
  o->ta_followers_stop_in_zone = opt_bool (cat, options, "ta_followers_stop_in_zone", FALSE);
  o->skirmish_may_pick_exhausted = opt_bool (cat, options, "skirmish_may_pick_exhausted", TRUE);
  o->ta_protects_mounted = opt_bool (cat, options, "ta_protects_mounted", FALSE);
  o->cav_fears_friendly_elephants = opt_bool (cat, options, "cav_fears_friendly_elephants", TRUE);
  o->cavalry_chebyshev = g_str_equal (opt_string (cat, options, "cavalry_metric", "chebyshev"), "chebyshev");
  o->retreat_adjacency_all = g_str_equal (opt_string (cat, options, "charge_retreat_adjacency", "orthogonal"), "all");
  o->trample_beyond_target = g_str_equal (opt_string (cat, options, "trample_beyond", "target-direction"), "target-direction");
  o->trample_when_stopped = opt_bool (cat, options, "trample_when_stopped", TRUE);
  o->cavalry_diagonal_squeeze = opt_bool (cat, options, "cavalry_diagonal_squeeze", TRUE);
  o->uphill_rise = g_str_equal (opt_string (cat, options, "uphill_cost", "rise"), "rise");
  o->mounted_elim_triggers_rout = opt_bool (cat, options, "mounted_elim_triggers_rout", FALSE);
  o->line_change_rally_cost = opt_int (cat, options, "line_change_rally_cost", 1);
  o->follow_after_line_change = opt_bool (cat, options, "follow_after_line_change", FALSE);
  o->unrevealed_hero_loss_costs_rl = opt_bool (cat, options, "unrevealed_hero_loss_costs_rl", TRUE);
  o->elephants_charge_targets = opt_bool (cat, options, "elephants_charge_targets", TRUE);
  o->euthanised_counts_for_wing_bonus = opt_bool (cat, options, "euthanised_counts_for_wing_bonus", TRUE);
  o->marian_swap_is_movement = opt_bool (cat, options, "marian_swap_is_movement", FALSE);
}

static AciesGcCc
cc_from_string (const char *cc)
{
  if (g_strcmp0 (cc, "A") == 0)
    return ACIES_GC_CC_A;
  if (g_strcmp0 (cc, "B") == 0)
    return ACIES_GC_CC_B;
  if (g_strcmp0 (cc, "C") == 0)
    return ACIES_GC_CC_C;
  if (g_strcmp0 (cc, "D") == 0)
    return ACIES_GC_CC_D;
  return ACIES_GC_CC_STAR;
}

static gboolean
make_counter (AciesGcCounter *c,
              const char     *type,
              JsonObject     *attrs,
              JsonObject     *hidden,
              gint            pool)
{
  const char *back;

  c->kind = acies_gc_kind_from_type (type);
  if (c->kind == ACIES_GC_N_KINDS)
    return FALSE;
  c->type = type;
  c->attrs = attrs;
  c->hidden = hidden;
  c->pool = pool;
  c->cc = c->kind <= ACIES_GC_KIND_P ? cc_from_string (acies_params_get_string (attrs, "cc", "B")) : ACIES_GC_CC_D;
  c->morale = acies_params_get_int (attrs, "morale", 0);
  c->diamonds = acies_params_get_int (attrs, "diamonds", 0);
  back = hidden != NULL ? acies_params_get_string (hidden, "back", "exhausted") : "exhausted";
  c->back = c->kind > ACIES_GC_KIND_P ? ACIES_GC_BACK_NONE
            : g_str_equal (back, "hero") ? ACIES_GC_BACK_HERO
            : g_str_equal (back, "brittle") ? ACIES_GC_BACK_BRITTLE : ACIES_GC_BACK_EXHAUSTED;
  c->vp = hidden != NULL && json_object_has_member (hidden, "vp")
          ? acies_params_get_int (hidden, "vp", 1) : acies_params_get_int (attrs, "vp", 1);
  return TRUE;
}

static gint
find_wing (AciesGcStatic *st,
           const char    *id)
{
  for (guint w = 0; w < st->wings->len; w++)
    if (g_strcmp0 (g_array_index (st->wings, AciesGcWingDef, w).id, id) == 0)
      return w;
  return -1;
}

static const char *const blue_colours[] = { "blue", "green", "purple", "peach", "gold", NULL };

static void
read_tables (AciesGcStatic *st,
             AciesScenario *scenario)
{
  const AciesTable *crt = acies_catalogue_find_table (st->catalogue, "crt");
  const AciesTable *utm = acies_catalogue_find_table (st->catalogue, "unit-type-matrix");
  const AciesTable *ramp = acies_catalogue_find_table (st->catalogue, "rampage-direction");
  static const char *rows[] = { "D", "C", "B", "A", "*" };
  AciesTable *copy = NULL;

  /* GC 9.3: the CRT (scenario overrides applied). */
  if (crt != NULL && scenario->table_overrides != NULL
      && json_object_has_member (scenario->table_overrides, "crt"))
    {
      copy = acies_table_copy (crt);
      if (acies_table_apply_override (copy, json_object_get_object_member (scenario->table_overrides, "crt"),
                                      "$.table_overrides.crt", NULL))
        crt = copy;
    }
  for (guint r = 0; r < 5; r++)
    for (guint c = 0; c < 11; c++)
      {
        const AciesTableCell *cell = crt != NULL && acies_table_row_index (crt, rows[r]) >= 0
                                     ? acies_table_get (crt, acies_table_row_index (crt, rows[r]), c) : NULL;
        const char *v = cell != NULL && JSON_NODE_HOLDS_VALUE (cell->value) ? json_node_get_string (cell->value) : "EX";

        st->crt[r][c] = g_strcmp0 (v, "DE") == 0 ? ACIES_GC_RESULT_DE
                        : g_strcmp0 (v, "DX") == 0 ? ACIES_GC_RESULT_DX
                        : g_strcmp0 (v, "AX") == 0 ? ACIES_GC_RESULT_AX
                        : g_strcmp0 (v, "AA") == 0 ? ACIES_GC_RESULT_AA : ACIES_GC_RESULT_EX;
        st->crt_provisional[r][c] = cell == NULL || cell->source == ACIES_SOURCE_PROVISIONAL;
      }
  g_clear_pointer (&copy, acies_table_free);

  /* GC 9.2: the matrix; unprinted cells are unknown (GC-G04). */
  for (guint a = 0; a < ACIES_GC_N_KINDS; a++)
    for (guint d = 0; d < ACIES_GC_N_KINDS; d++)
      {
        static const char *ids[] = { "L", "H", "P", "C", "E", "W" };
        const AciesTableCell *cell = utm != NULL ? acies_table_lookup (utm, ids[a], ids[d]) : NULL;

        st->utm_known[a][d] = cell != NULL;
        st->utm[a][d] = cell != NULL ? json_node_get_int (cell->value) : 0;
      }

  /* GC 8.8: rampage directions. */
  for (guint i = 0; i < 8; i++)
    {
      static const char *dirs[] = { "backward", "left", "left", "forward", "forward", "right", "right", "euthanised" };
      const AciesTableCell *cell = ramp != NULL ? acies_table_get (ramp, 0, i) : NULL;
      const char *v = cell != NULL ? json_node_get_string (cell->value) : dirs[i];

      st->rampage[i] = g_strcmp0 (v, "backward") == 0 ? 0 : g_strcmp0 (v, "left") == 0 ? 1
                       : g_strcmp0 (v, "forward") == 0 ? 2 : g_strcmp0 (v, "right") == 0 ? 3 : 4;
    }
}

static gint
side_rule_int (AciesScenario *scenario,
               const char    *kind,
               const char    *side_id,
               const char    *param,
               gint           fallback)
{
  for (guint i = 0; i < scenario->victory->len; i++)
    {
      AciesRuleEntry *e = g_ptr_array_index (scenario->victory, i);

      if (g_strcmp0 (e->kind, kind) == 0 && (e->side == NULL || g_strcmp0 (e->side, side_id) == 0))
        return acies_params_get_int (e->params, param, fallback);
    }
  return fallback;
}

static gboolean
has_rule (AciesScenario *scenario,
          GPtrArray     *list,
          const char    *kind,
          const char    *side_id)
{
  for (guint i = 0; i < list->len; i++)
    {
      AciesRuleEntry *e = g_ptr_array_index (list, i);

      if (g_strcmp0 (e->kind, kind) == 0 && (e->side == NULL || g_strcmp0 (e->side, side_id) == 0))
        return TRUE;
    }
  return FALSE;
}

/* The state's indices are 16 bits wide (AciesGcUnit.counter, .area,
 * AciesGcState.occ): a scenario that holds more units and counters than
 * the engine's limit is refused here, before anything is built, so that
 * validate() (which builds the state) and play agree on every size. */
G_STATIC_ASSERT (ACIES_MAX_UNITS <= G_MAXINT16);

static gboolean
check_sizes (AciesScenario  *scenario,
             GError        **error)
{
  guint64 counters = scenario->units->len;

  for (guint i = 0; i < scenario->pools->len; i++)
    {
      AciesPool *p = g_ptr_array_index (scenario->pools, i);

      for (guint e = 0; e < p->entries->len; e++)
        counters += ((AciesPoolEntry *) g_ptr_array_index (p->entries, e))->count;
    }
  if (counters > ACIES_MAX_UNITS)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   _("GC 2.2: the scenario has %llu units and pool counters; Acies plays at most %d"),
                   (unsigned long long) counters, ACIES_MAX_UNITS);
      return FALSE;
    }
  if (scenario->areas->len > G_MAXINT16)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   _("GC 3.1: the scenario has %u areas; Acies plays at most %d"),
                   scenario->areas->len, G_MAXINT16);
      return FALSE;
    }
  return TRUE;
}

static AciesState *
new_state (AciesRuleset   *self,
           AciesScenario  *scenario,
           JsonObject     *options,
           GError        **error)
{
  AciesGcRuleset *rs = ACIES_GC_RULESET (self);
  AciesGcStatic *st;
  AciesGcState *s;
  GArray *units;
  const AciesBoard *board = scenario->map.board;
  gboolean has_elevation = FALSE;
  /* Every unit id given so far (borrowed from st->unit_ids): a pool
   * slot's new id is checked here, not against a list (issue 21). */
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);

  if (scenario->sides->len != 2 || board == NULL || acies_board_get_kind (board) != ACIES_BOARD_SQUARE)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   _("GC 2.1: a Grass Crown battle has two sides on a square grid"));
      return NULL;
    }
  if (scenario->formations->len > 32)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   _("GC 2.2: at most 32 wings are supported (the scenario has %u)"), scenario->formations->len);
      return NULL;
    }
  if (!check_sizes (scenario, error))
    return NULL;

  st = g_new0 (AciesGcStatic, 1);
  st->ref_count = 1;
  st->catalogue = rs->catalogue != NULL ? acies_catalogue_ref (rs->catalogue) : NULL;
  read_options (&st->opt, st->catalogue, options);
  st->width = acies_board_get_width (board);
  st->height = acies_board_get_height (board);
  st->n_cells = st->width * st->height;
  st->terrain = g_new0 (guint8, st->n_cells);
  st->elevation = g_new0 (gint8, st->n_cells);
  /* GC 2.4, 8.9, GC-G35b: the map's elevations if it gives any, else
   * CLEAR 0, SLOPE 1, HIGH 2 from the terrain pieces. */
  for (guint c = 0; scenario->map.elevation != NULL && c < st->n_cells && !has_elevation; c++)
    has_elevation = scenario->map.elevation[c] != 0;
  for (guint c = 0; c < st->n_cells; c++)
    {
      const char *t = scenario->map.terrain != NULL ? scenario->map.terrain[c] : NULL;

      st->terrain[c] = g_strcmp0 (t, "river") == 0 ? ACIES_GC_TERRAIN_RIVER
                       : g_strcmp0 (t, "broken") == 0 ? ACIES_GC_TERRAIN_BROKEN
                       : g_strcmp0 (t, "slope") == 0 ? ACIES_GC_TERRAIN_SLOPE
                       : g_strcmp0 (t, "high") == 0 ? ACIES_GC_TERRAIN_HIGH : ACIES_GC_TERRAIN_CLEAR;
      st->elevation[c] = has_elevation ? scenario->map.elevation[c]
                         : st->terrain[c] == ACIES_GC_TERRAIN_HIGH ? 2 : st->terrain[c] == ACIES_GC_TERRAIN_SLOPE ? 1 : 0;
    }
  st->counters = g_ptr_array_new_with_free_func (g_free);
  st->unit_ids = g_ptr_array_new_with_free_func (g_free);
  st->wings = g_array_new (FALSE, TRUE, sizeof (AciesGcWingDef));
  g_array_set_clear_func (st->wings, clear_wing_def);
  st->areas = g_array_new (FALSE, TRUE, sizeof (AciesGcAreaDef));
  st->pools = g_array_new (FALSE, TRUE, sizeof (AciesGcPoolDef));
  read_tables (st, scenario);

  /* GC 3.1, 3.2: sides, their Info Blocks and special rules. */
  for (guint i = 0; i < 2; i++)
    {
      AciesSide *side = g_ptr_array_index (scenario->sides, i);
      AciesGcSideDef *d = &st->sides[i];

      d->skirmish_factor = acies_params_get_int (side->params, "skirmish_factor", 0);
      d->vp_plus5 = side_rule_int (scenario, "vp-plus5", side->id, "vp",
                                   acies_params_get_int (side->params, "vp_plus5", -1));
      d->vp_plus5_margin = side_rule_int (scenario, "vp-plus5", side->id, "margin", 5);
      d->final_vp = side_rule_int (scenario, "final-vp", side->id, "vp",
                                   acies_params_get_int (side->params, "final_vp", -1));
      d->wing_bonus = side_rule_int (scenario, "whole-wing-bonus", side->id, "vp", 4);
      d->rl_zero_wins = TRUE;
      if (has_rule (scenario, scenario->special_rules, "triplex-acies", side->id))
        d->rules |= ACIES_GC_RULE_TRIPLEX;
      if (has_rule (scenario, scenario->special_rules, "veteran", side->id))
        d->rules |= ACIES_GC_RULE_VETERAN;
      if (has_rule (scenario, scenario->special_rules, "combined-arms", side->id))
        d->rules |= ACIES_GC_RULE_COMBINED;
      if (has_rule (scenario, scenario->special_rules, "marian", side->id))
        d->rules |= ACIES_GC_RULE_MARIAN;
      switch (side->home_edge)
        {
        case ACIES_MAP_EDGE_NORTH: d->fwd_dy = 1; break;
        case ACIES_MAP_EDGE_EAST: d->fwd_dx = -1; break;
        case ACIES_MAP_EDGE_WEST: d->fwd_dx = 1; break;
        default: d->fwd_dy = -1; break;
        }
      if (acies_params_get_bool (side->params, "first_turn", FALSE))
        st->first_side = i;
      if (acies_params_get_bool (side->params, "initiative", FALSE))
        st->initiative0 = i;
      if (acies_params_get_bool (side->params, "fortuna", FALSE))
        st->fortuna0 = i;
    }
  if (scenario->first_side != NULL && acies_scenario_side_index (scenario, scenario->first_side) >= 0)
    st->first_side = acies_scenario_side_index (scenario, scenario->first_side);

  /* GC 2.2, 3.1: wings and their colours. */
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (scenario->formations, i);
      AciesGcWingDef w = { 0, };
      const char *role = acies_params_get_string (f->params, "ta_role", "none");
      const char *colour = acies_params_get_string (f->params, "colour", "");

      w.id = f->id;
      w.name = f->name != NULL ? f->name : f->id;
      w.label = wing_label (w.name);
      w.side = MAX (0, acies_scenario_side_index (scenario, f->side));
      w.mounted = acies_params_get_bool (f->params, "mounted", FALSE);
      w.ta_role = g_str_equal (role, "hastati") ? ACIES_GC_TA_HASTATI
                  : g_str_equal (role, "principes") ? ACIES_GC_TA_PRINCIPES
                  : g_str_equal (role, "triarii") ? ACIES_GC_TA_TRIARII : ACIES_GC_TA_NONE;
      if (g_strv_contains (blue_colours, colour))
        st->sides[w.side].blue = TRUE;
      g_array_append_val (st->wings, w);
    }
  if (st->sides[0].blue == st->sides[1].blue)
    {
      /* No colour told the sides apart: Edge 2 (north here) is blue's (2.1). */
      st->sides[0].blue = scenario->sides->len > 0
                          && ((AciesSide *) g_ptr_array_index (scenario->sides, 0))->home_edge == ACIES_MAP_EDGE_NORTH;
      st->sides[1].blue = !st->sides[0].blue;
    }

  units = g_array_new (FALSE, TRUE, sizeof (AciesGcUnit));

  /* Scenario units placed by the scenario. */
  for (guint i = 0; i < scenario->units->len; i++)
    {
      AciesUnit *su = g_ptr_array_index (scenario->units, i);
      AciesGcCounter *c = g_new0 (AciesGcCounter, 1);
      AciesGcUnit u = { 0, };

      if (!make_counter (c, su->type, su->attrs, su->hidden, -1))
        {
          g_free (c);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       _("GC 2.2: unit %s has the unknown type “%s”"), su->id, su->type);
          goto fail;
        }
      g_ptr_array_add (st->counters, c);
      u.counter = st->counters->len - 1;
      u.kind = c->kind;
      u.side = MAX (0, acies_scenario_side_index (scenario, su->side));
      u.wing = su->formation != NULL ? find_wing (st, su->formation) : -1;
      u.area = -1;
      u.dir = -1;
      u.cell = acies_board_contains (board, su->cell) ? su->cell : ACIES_CELL_NONE;
      u.status = u.cell != ACIES_CELL_NONE ? ACIES_GC_UNIT_FRESH : ACIES_GC_UNIT_OUT;
      if (u.wing < 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       _("GC 2.2: unit %s belongs to no wing"), su->id);
          goto fail;
        }
      g_array_append_val (units, u);
      g_ptr_array_add (st->unit_ids, g_strdup (su->id));
      g_hash_table_add (taken, g_ptr_array_index (st->unit_ids, st->unit_ids->len - 1));
    }

  /* GC 3.1: set-up zones and pools, read through acies-gc-setup.c (the
   * same for a bundled battle and a scenario made in the editor). */
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (scenario->areas, i);
      const AciesFormation *f;
      AciesGcAreaDef ad = { 0, };

      if (!acies_gc_area_is_setup (a) || (f = acies_gc_area_wing (scenario, a)) == NULL)
        continue;
      ad.wing = find_wing (st, f->id);
      if (ad.wing < 0)
        continue;
      ad.side = g_array_index (st->wings, AciesGcWingDef, ad.wing).side;
      ad.count = acies_gc_area_count (a);
      ad.heroes = acies_gc_area_heroes (a);
      /* GC 3.1-a: a zone is drawn for one unit type ("unit_type"). */
      ad.kind = acies_gc_area_kind (a);
      ad.cells = g_array_copy (a->cells);
      g_array_append_val (st->areas, ad);
    }
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      AciesPool *p = g_ptr_array_index (scenario->pools, i);
      g_autoptr(GArray) groups = g_array_new (FALSE, TRUE, sizeof (AciesGcPoolDef));
      g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (gint));
      const AciesFormation *pool_wings[ACIES_GC_N_KINDS];

      acies_gc_pool_wings (scenario, p, pool_wings);

      /* GC 3.1-b: one cup per Wing and unit class.  A bundled battle has
       * one per pool; the editor keeps one pool per side, whose counters
       * go to the Wing with a zone for their class. */
      for (guint e = 0; e < p->entries->len; e++)
        {
          AciesPoolEntry *pe = g_ptr_array_index (p->entries, e);
          gint kind = acies_gc_kind_from_type (pe->type);
          const AciesFormation *f = kind < ACIES_GC_N_KINDS ? pool_wings[kind] : NULL;
          gint wing = f != NULL ? find_wing (st, f->id) : -1;
          AciesGcPoolDef *pd = NULL;
          guint gi = 0;

          if (kind == ACIES_GC_N_KINDS)
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                           _("GC 2.2: pool %s has the unknown type “%s”"), p->id, pe->type);
              goto fail_groups;
            }
          if (wing < 0)
            continue;
          for (guint g = 0; g < groups->len; g++)
            if (g_array_index (groups, AciesGcPoolDef, g).wing == wing && g_array_index (kinds, gint, g) == kind)
              {
                pd = &g_array_index (groups, AciesGcPoolDef, g);
                gi = g;
              }
          if (pd == NULL)
            {
              AciesGcPoolDef fresh = { 0, };

              fresh.wing = wing;
              fresh.counters = g_array_new (FALSE, FALSE, sizeof (gint));
              fresh.heroes = g_array_new (FALSE, FALSE, sizeof (gint));
              fresh.slots = g_array_new (FALSE, FALSE, sizeof (gint));
              g_array_append_val (groups, fresh);
              g_array_append_val (kinds, kind);
              gi = groups->len - 1;
              pd = &g_array_index (groups, AciesGcPoolDef, gi);
            }
          for (guint k = 0; k < pe->count; k++)
            {
              AciesGcCounter *c = g_new0 (AciesGcCounter, 1);
              gint index;

              make_counter (c, pe->type, pe->attrs, pe->hidden, st->pools->len + gi);
              g_ptr_array_add (st->counters, c);
              index = st->counters->len - 1;
              /* GC 3.1: first set aside all Hero counters. */
              g_array_append_val (c->back == ACIES_GC_BACK_HERO ? pd->heroes : pd->counters, index);
            }
        }

      for (guint g = 0; g < groups->len; g++)
        {
          AciesGcPoolDef pd = g_array_index (groups, AciesGcPoolDef, g);
          gint kind = g_array_index (kinds, gint, g);
          const char *wing_id = g_array_index (st->wings, AciesGcWingDef, pd.wing).id;
          guint heroes_wanted = 0, zone_count = 0, n_slots, serial = 0, draw;
          gboolean first_group_of_wing = TRUE;

          for (guint h = 0; h < g; h++)
            first_group_of_wing &= g_array_index (groups, AciesGcPoolDef, h).wing != pd.wing;
          /* The Wing's zones for this class (a zone that names no class
           * goes with the Wing's first cup). */
          for (guint a = 0; a < st->areas->len; a++)
            {
              AciesGcAreaDef *ad = &g_array_index (st->areas, AciesGcAreaDef, a);

              if (ad->wing != pd.wing || (ad->kind >= 0 ? ad->kind != kind : !first_group_of_wing))
                continue;
              heroes_wanted += ad->heroes;
              zone_count += ad->count;
            }
          pd.n_heroes = MIN (heroes_wanted, pd.heroes->len);
          /* The scenario's number applies to a pool that is one cup. */
          draw = groups->len == 1 ? acies_gc_pool_draw (p) : 0;
          pd.n_draw = draw > 0 ? draw : (zone_count > pd.n_heroes ? zone_count - pd.n_heroes : pd.counters->len);
          pd.n_draw = MIN (pd.n_draw, pd.counters->len);
          n_slots = pd.n_draw + pd.n_heroes;

          /* Slots get ids after the wing's name, continuing the scenario's. */
          for (guint k = 0; k < n_slots; k++)
            {
              AciesGcUnit u = { 0, };
              gint index = units->len;
              char *id;

              do
                {
                  id = g_strdup_printf ("%s-%u", wing_id, ++serial);
                  /* Play mode fix: a wing with two pools (Heraclea's gold
                   * elephants and horse) gave both pools' slots the same ids,
                   * so saved games replayed "place gold-1" on the wrong unit;
                   * ids must also differ from the slots made so far. */
                  if (!g_hash_table_contains (taken, id))
                    break;
                  g_free (id);
                }
              while (TRUE);
              u.counter = -1;
              u.side = g_array_index (st->wings, AciesGcWingDef, pd.wing).side;
              u.wing = pd.wing;
              u.area = -1;
              u.dir = -1;
              u.cell = ACIES_CELL_NONE;
              u.status = ACIES_GC_UNIT_BOX;
              g_array_append_val (units, u);
              g_ptr_array_add (st->unit_ids, id);
              g_hash_table_add (taken, id);
              g_array_append_val (pd.slots, index);
            }
          g_array_append_val (st->pools, pd);
        }
      g_array_set_size (groups, 0);
      continue;

    fail_groups:
      for (guint g = 0; g < groups->len; g++)
        {
          g_array_unref (g_array_index (groups, AciesGcPoolDef, g).counters);
          g_array_unref (g_array_index (groups, AciesGcPoolDef, g).heroes);
          g_array_unref (g_array_index (groups, AciesGcPoolDef, g).slots);
        }
      goto fail;
    }

  s = g_new0 (AciesGcState, 1);
  s->base.scenario = acies_scenario_ref (scenario);
  s->base.winner = -1;
  s->st = st;
  s->n_units = units->len;
  s->units = (AciesGcUnit *) g_array_free (units, FALSE);
  s->occ = g_new (gint16, st->n_cells);
  for (guint c = 0; c < st->n_cells; c++)
    s->occ[c] = -1;
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].cell != ACIES_CELL_NONE)
      {
        if (s->occ[s->units[u].cell] >= 0)
          {
            g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                         _("GC 8.0: units %s and %s share a square"),
                         acies_gc_unit_name (s, s->occ[s->units[u].cell]), acies_gc_unit_name (s, u));
            acies_ruleset_free_state (self, &s->base);
            return NULL;
          }
        s->occ[s->units[u].cell] = u;
      }

  acies_gc_start (s);
  return &s->base;

fail:
  g_array_unref (units);
  static_unref (st);
  return NULL;
}

static AciesState *
copy_state (AciesRuleset     *self,
            const AciesState *state)
{
  const AciesGcState *from = ACIES_GC_CSTATE (state);
  AciesGcState *to = g_new (AciesGcState, 1);

  memcpy (to, from, sizeof *to);
  to->base.scenario = acies_scenario_ref (from->base.scenario);
  to->base.end_reason = g_strdup (from->base.end_reason);
  g_atomic_int_inc (&to->st->ref_count);
  to->units = g_memdup2 (from->units, sizeof (AciesGcUnit) * from->n_units);
  to->occ = g_memdup2 (from->occ, sizeof (gint16) * from->st->n_cells);
  return &to->base;
}

static void
free_state (AciesRuleset *self,
            AciesState   *state)
{
  AciesGcState *s = ACIES_GC_STATE (state);

  g_free (s->units);
  g_free (s->occ);
  g_free (s->base.end_reason);
  static_unref (s->st);
  acies_scenario_unref (s->base.scenario);
  g_free (s);
}

static void
legal_actions (AciesRuleset     *self,
               const AciesState *state,
               GArray           *out)
{
  acies_gc_legal_actions (ACIES_GC_CSTATE (state), out);
}

static gboolean
apply (AciesRuleset       *self,
       AciesState         *state,
       const AciesAction  *action,
       AciesDice          *dice,
       GPtrArray          *events,
       GError            **error)
{
  return acies_gc_apply (ACIES_GC_STATE (state), action, dice, events, error);
}

static AciesPrompt *
get_prompt (AciesRuleset     *self,
            const AciesState *state)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  AciesPrompt *prompt;

  if (state->finished)
    return NULL;
  prompt = g_new0 (AciesPrompt, 1);
  prompt->player = state->deciding_side;
  prompt->text = acies_gc_prompt_text (s, &prompt->rule);
  prompt->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_gc_legal_actions (s, prompt->actions);
  return prompt;
}

static AciesOdds *
get_odds (AciesRuleset     *self,
          const AciesState *state,
          const AciesAction *action)
{
  /* GC 9.1–9.3: an ATTACK as declared, and while its Supporters are
   * chosen a SUPPORT (with that one) or the RESOLVE that rolls it. */
  return acies_gc_combat_odds (ACIES_GC_CSTATE (state), action);
}

static GPtrArray *
get_odds_query (AciesRuleset *self)
{
  return acies_gc_odds_query ();
}

/* Checked playouts (acies_ruleset_check_action()): a Move steps a unit
 * that is on the board (GC 8.0: an Exhausted or eliminated unit never
 * moves). */
static gboolean
check_action (AciesRuleset      *self,
              const AciesState  *state,
              const AciesAction *action,
              GError           **error)
{
  AciesUnit view;

  if (action->type != ACIES_GC_ACTION_STEP)
    return TRUE;
  if (!acies_ruleset_unit_view (self, state, action->args[0], state->active_side, &view))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "a unit not on the board was moved (GC 8.0)");
      return FALSE;
    }
  return TRUE;
}

/* GC 3.1-d/e, checklist 1.C: a counter's back (hidden: back, vp) is seen by
 * nobody until it is flipped or eliminated; set-up placement shows fronts
 * only, even to the owner (the owner's look is the aggregate in the
 * "private-look" event). */
static gboolean
may_see (AciesRuleset     *self,
         const AciesState *state,
         gint              player,
         guint             unit,
         const char       *attribute)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  const AciesGcCounter *c;

  if (unit >= s->n_units)
    return FALSE;
  c = acies_gc_counter (s, unit);
  if (c == NULL)
    return FALSE;
  if (c->hidden == NULL || !json_object_has_member (c->hidden, attribute))
    return TRUE;
  if (s->units[unit].revealed)
    return TRUE;
  /* GC-G19: the owner may track Hero squares if the option says so. */
  if (s->st->opt.owner_tracks_heroes && player == s->units[unit].side && c->back == ACIES_GC_BACK_HERO
      && g_str_equal (attribute, "back"))
    return TRUE;
  return FALSE;
}

static GPtrArray *
get_score (AciesRuleset     *self,
           const AciesState *state,
           gint              side)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);
  gint units = 0, bonus = 0;

  if (side < 0 || side > 1)
    return lines;
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].side != side)
      units += s->units[u].vp_scored;
  for (guint w = 0; w < s->st->wings->len; w++)
    if ((s->wing_wiped & (1u << w)) && acies_gc_wing (s, w)->side != side)
      bonus += s->st->sides[side].wing_bonus;
  g_ptr_array_add (lines, acies_score_line_new (_("Enemy units eliminated"), units, "GC 13.0"));
  g_ptr_array_add (lines, acies_score_line_new (_("Whole wings eliminated"), bonus, "GC 13.0"));
  /* The Rally Limit decides a victory (13.0) but scores nothing: it is
   * said in the label, at 0 points, so the lines add up to the side's VP
   * (the play window totals them). */
  {
    g_autofree char *label = g_strdup_printf (_("Rally Limit left: %d (no victory points)"), s->rally_limit[side]);

    g_ptr_array_add (lines, acies_score_line_new (label, 0, "GC 7.0, 13.0"));
  }
  return lines;
}

static void
digest (AciesRuleset     *self,
        const AciesState *state,
        GChecksum        *checksum)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  AciesGcState tmp;

  memcpy (&tmp, s, sizeof tmp);
  /* Everything but pointers. */
  tmp.base.scenario = NULL;
  tmp.base.phase = NULL;
  tmp.base.end_reason = NULL;
  tmp.st = NULL;
  tmp.units = NULL;
  tmp.occ = NULL;
  g_checksum_update (checksum, (const guchar *) &tmp, sizeof tmp);
  g_checksum_update (checksum, (const guchar *) s->units, sizeof (AciesGcUnit) * s->n_units);
  g_checksum_update (checksum, (const guchar *) s->occ, sizeof (gint16) * s->st->n_cells);
}

static guint
get_n_units (AciesRuleset     *self,
             const AciesState *state)
{
  return ACIES_GC_CSTATE (state)->n_units;
}

static const char *
unit_id (AciesRuleset     *self,
         const AciesState *state,
         guint             unit)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);

  return unit < s->n_units ? acies_gc_unit_name (s, unit) : NULL;
}

/* The attrs of a unit's view: its front, "engaged" (GC 8.1, 9.4), and
 * "revealed", the back's name, once the back was seen by both (a flip or
 * an elimination, 3.1-e).  A Foot unit that shows its reverse (2.2: an
 * Exhausted unit, a Revealed Hero) also gets "reverse", what is printed
 * there, which the counter renderer draws instead of the front: a single
 * white stripe and the VP for an Exhausted unit, ★ and the VP for a Hero
 * (so no "exhausted" or "hero" marker word is needed).  Nothing hidden is
 * copied while unrevealed.  The objects are shared by every copy of a
 * state (the static data owns them), one per counter and combination of
 * those values. */
G_LOCK_DEFINE_STATIC (view_attrs);

static JsonObject *
view_attrs (const AciesGcState *s,
            guint               u)
{
  static const char *backs[] = { "exhausted", "hero", "brittle" };
  const AciesGcUnit *unit = &s->units[u];
  const AciesGcCounter *c = acies_gc_counter (s, u);
  gboolean exhausted = unit->status == ACIES_GC_UNIT_EXHAUSTED;
  gboolean hero = unit->status == ACIES_GC_UNIT_HERO;
  gboolean engaged = acies_gc_engaged (s, u);
  guint revealed = unit->revealed && c->back != ACIES_GC_BACK_NONE ? c->back + 1 : 0;
  guint key = ((guint) unit->counter << 6 | hero << 5 | revealed << 2 | engaged << 1 | exhausted) + 1;
  JsonObject *attrs;

  G_LOCK (view_attrs);
  if (s->st->view_attrs == NULL)
    s->st->view_attrs = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                               (GDestroyNotify) json_object_unref);
  attrs = g_hash_table_lookup (s->st->view_attrs, GUINT_TO_POINTER (key));
  if (attrs == NULL)
    {
      attrs = json_object_new ();
      if (c->attrs != NULL)
        {
          g_autoptr(GList) members = json_object_get_members (c->attrs);

          for (GList *l = members; l != NULL; l = l->next)
            json_object_set_member (attrs, l->data,
                                    json_node_copy (json_object_get_member (c->attrs, l->data)));
        }
      json_object_set_boolean_member (attrs, "engaged", engaged);
      if (revealed > 0)
        json_object_set_string_member (attrs, "revealed", backs[revealed - 1]);
      if ((exhausted || hero) && c->back != ACIES_GC_BACK_NONE)
        {
          /* GC 2.2: the reverse, as printed. */
          JsonObject *reverse = json_object_new ();

          if (hero)
            json_object_set_string_member (reverse, "cc", acies_gc_cc_name (ACIES_GC_CC_STAR));
          else
            json_object_set_int_member (reverse, "stripes", 1);
          json_object_set_int_member (reverse, "vp", c->vp);
          json_object_set_object_member (attrs, "reverse", reverse);
        }
      g_hash_table_insert (s->st->view_attrs, GUINT_TO_POINTER (key), attrs);
    }
  G_UNLOCK (view_attrs);
  return attrs;
}

static gboolean
unit_view (AciesRuleset     *self,
           const AciesState *state,
           guint             unit,
           gint              viewer,
           AciesUnit        *view)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  const AciesGcCounter *c;
  AciesSide *side;
  gboolean unplaced;

  if (unit >= s->n_units)
    return FALSE;
  /* GC 3.1: a drawn counter waiting to be placed is in its owner's hand,
   * off the map: he sees its front (the backs were randomised), the
   * other player nothing of it. */
  unplaced = s->units[unit].status == ACIES_GC_UNIT_UNPLACED;
  if (!acies_gc_on_board (s, unit) && !(unplaced && (viewer < 0 || viewer == s->units[unit].side)))
    return FALSE;
  c = acies_gc_counter (s, unit);
  side = g_ptr_array_index (state->scenario->sides, s->units[unit].side);
  memset (view, 0, sizeof *view);
  view->id = (char *) acies_gc_unit_name (s, unit);
  view->side = side->id;
  view->formation = (char *) acies_gc_wing (s, s->units[unit].wing)->id;
  view->type = (char *) c->type;
  view->attrs = view_attrs (s, unit);
  view->hidden = may_see (self, state, viewer, unit, "back") ? c->hidden : NULL;
  view->cell = unplaced ? ACIES_CELL_NONE : s->units[unit].cell;
  view->cell2 = ACIES_CELL_NONE;
  /* GC 8.1: Foot faces the enemy's edge.  The ruleset counts the four
   * orthogonal directions 0..3; the square board numbers eight, the
   * orthogonal ones even (engine/geometry/acies-board.h). */
  view->facing = acies_gc_is_foot (s, unit) ? 2 * acies_gc_forward_dir (s, s->units[unit].side) : -1;
  return TRUE;
}

/* The front a drawn counter shows: its Combat Class (Foot), or its kind
 * (Mounted, which has no back). */
static const char *
front_name (const AciesGcCounter *c)
{
  static const char *kinds[] = { "L", "H", "P", "Cavalry", "Elephantry", "Wagons" };

  return c->kind <= ACIES_GC_KIND_P ? acies_gc_cc_name (c->cc) : kinds[c->kind];
}

/* A front as a player reads it: a Combat Class letter stays as it is
 * printed; a Mounted kind is a word, translated. */
static const char *
front_label (const char *front)
{
  static const char * const words[] = {
    /* Translators: Grass Crown's Mounted counters by kind, in the Status block's drawn counters. */
    N_("Cavalry"), N_("Elephantry"), N_("Wagons"),
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_str_equal (front, words[i]))
      return _(words[i]);
  return front;
}

/* GC 3.1-d, checklist 1.C and H1: during the set-up, the drawn counters of
 * each wing by front: their number for everybody, and for their owner
 * (and @viewer −1) the multiset of their backs.  Which placed counter has
 * which back is in no record. */
static void
add_drawn (const AciesGcState *s,
           gint                viewer,
           JsonBuilder        *b)
{
  json_builder_set_member_name (b, "drawn");
  json_builder_begin_array (b);
  for (guint w = 0; w < s->st->wings->len; w++)
    {
      const AciesGcWingDef *wd = acies_gc_wing (s, w);
      g_autoptr(GPtrArray) fronts = g_ptr_array_new ();

      /* The fronts in a fixed order: the counters' order. */
      for (guint u = 0; u < s->n_units; u++)
        {
          const AciesGcCounter *c = acies_gc_counter (s, u);

          if (s->units[u].wing != (gint) w || c == NULL || c->pool < 0)
            continue;
          if (!g_ptr_array_find_with_equal_func (fronts, front_name (c), g_str_equal, NULL))
            g_ptr_array_add (fronts, (gpointer) front_name (c));
        }
      for (guint f = 0; f < fronts->len; f++)
        {
          guint n = 0, backs[3] = { 0, 0, 0 };
          gboolean foot = FALSE;
          g_autofree char *name = NULL;

          for (guint u = 0; u < s->n_units; u++)
            {
              const AciesGcCounter *c = acies_gc_counter (s, u);

              if (s->units[u].wing != (gint) w || c == NULL || c->pool < 0
                  || !g_str_equal (front_name (c), fronts->pdata[f])
                  || (s->units[u].status != ACIES_GC_UNIT_UNPLACED && !acies_gc_on_board (s, u)))
                continue;
              n++;
              if (c->back != ACIES_GC_BACK_NONE)
                {
                  foot = TRUE;
                  backs[c->back]++;
                }
            }
          if (n == 0)
            continue;
          /* Translators: a wing's drawn counters of one front in the
           * Status block: the wing's name, then the front (a Combat Class
           * letter, or "Cavalry", "Elephantry", "Wagons"), as in
           * "Purple (phalanx) A" or "Gold (elephants and horse) Cavalry". */
          name = g_strdup_printf (C_("drawn front", "%1$s %2$s"), wd->name != NULL ? wd->name : wd->id,
                                  front_label (fronts->pdata[f]));
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name");
          json_builder_add_string_value (b, name);
          /* Ids for programs ("_id": the play window does not show
           * them); the name above is what a player reads. */
          json_builder_set_member_name (b, "wing_id");
          json_builder_add_string_value (b, wd->id);
          json_builder_set_member_name (b, "front_id");
          json_builder_add_string_value (b, fronts->pdata[f]);
          json_builder_set_member_name (b, "drawn");
          json_builder_add_int_value (b, n);
          if (foot && (viewer < 0 || viewer == wd->side))
            {
              json_builder_set_member_name (b, "exhausted");
              json_builder_add_int_value (b, backs[ACIES_GC_BACK_EXHAUSTED]);
              json_builder_set_member_name (b, "brittle");
              json_builder_add_int_value (b, backs[ACIES_GC_BACK_BRITTLE]);
              json_builder_set_member_name (b, "hero");
              json_builder_add_int_value (b, backs[ACIES_GC_BACK_HERO]);
            }
          json_builder_end_object (b);
        }
    }
  json_builder_end_array (b);
}

/* The labels the play window shows for the members of the state's view
 * ("rally_limit" → "Rally limit"), for translators: the play mode
 * translates them with the context "state member". */
static const char * const state_member_labels[] G_GNUC_UNUSED = {
  /* Translators: labels of Grass Crown's state in the play window's Status block. */
  NC_("state member", "Victory points"), NC_("state member", "Rally limit"),
  NC_("state member", "Initiative"), NC_("state member", "Fortuna"), NC_("state member", "Drawn"),
  NC_("state member", "Brittle"), NC_("state member", "Exhausted"), NC_("state member", "Hero"),
  NC_("state member", "Front"), NC_("state member", "Name"), NC_("state member", "Wing"),
  NC_("state member", "Acting"), NC_("state member", "Status"), NC_("state member", "Vp"),
};

/* GC 3.2, 12.0, 14.0: the sides' markers as a player says them, one line
 * each in the play window: "Victory points: Laevinus 3 · Pyrrhus 5",
 * "Rally limit: …", "Initiative: Laevinus", "Fortuna: Laevinus, two-die
 * side up (2 re-rolls before it passes)". */
static void
add_side_summary (const AciesGcState *s,
                  JsonBuilder        *b)
{
  json_builder_set_member_name (b, "victory_points");
  json_builder_begin_array (b);
  for (gint i = 0; i < 2; i++)
    json_builder_add_int_value (b, s->vp[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "rally_limit");
  json_builder_begin_array (b);
  for (gint i = 0; i < 2; i++)
    json_builder_add_int_value (b, s->rally_limit[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "initiative");
  json_builder_add_string_value (b, s->initiative >= 0 ? acies_gc_side_name (s, s->initiative) : _("nobody"));
  json_builder_set_member_name (b, "fortuna");
  if (s->fortuna >= 0)
    {
      g_autofree char *text = s->fortuna_face >= 2
        ? g_strdup_printf (_("%s, two-die side up (2 re-rolls before it passes)"), acies_gc_side_name (s, s->fortuna))
        : g_strdup_printf (_("%s, one-die side up (1 re-roll before it passes)"), acies_gc_side_name (s, s->fortuna));

      json_builder_add_string_value (b, text);
    }
  else
    json_builder_add_string_value (b, _("nobody"));
}

/* GC 3.1-d/e, checklist 1.C: what @viewer may see of the state.  The
 * common state (acies_gc_state_to_json()) holds no back; its unit records
 * lose their "status" for units on the board, whose view attrs carry it
 * (so the board shows each marker once).  During the set-up it gains the
 * "drawn" records (add_drawn()); under owner_tracks_heroes (GC-G19) the
 * owner's records of its unrevealed Heroes say "hero": true.  During play
 * the views of both sides are the same unless that option is on. */
static JsonNode *
state_view_to_json (AciesRuleset     *self,
                    const AciesState *state,
                    gint              viewer)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  g_autoptr(JsonNode) common = acies_gc_state_to_json (s);
  JsonObject *object = json_node_get_object (common);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GList) members = json_object_get_members (object);
  gboolean any_drawn = FALSE;

  for (guint u = 0; u < s->n_units; u++)
    if (acies_gc_counter (s, u) != NULL && acies_gc_counter (s, u)->pool >= 0)
      any_drawn = TRUE;

  json_builder_begin_object (b);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (object, l->data);

      if (g_str_equal (l->data, "sides") && JSON_NODE_HOLDS_ARRAY (node))
        {
          add_side_summary (s, b);
          continue;
        }
      json_builder_set_member_name (b, l->data);
      if (!g_str_equal (l->data, "units") || !JSON_NODE_HOLDS_ARRAY (node))
        {
          json_builder_add_value (b, json_node_copy (node));
          continue;
        }
      json_builder_begin_array (b);
      for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
        {
          JsonObject *record = json_array_get_object_element (json_node_get_array (node), i);
          const char *id = json_object_get_string_member_with_default (record, "id", NULL);
          gint u = acies_ruleset_unit_index (self, state, id);
          g_autoptr(GList) fields = json_object_get_members (record);

          json_builder_begin_object (b);
          for (GList *f = fields; f != NULL; f = f->next)
            {
              if (u >= 0 && acies_gc_on_board (s, u) && g_str_equal (f->data, "status"))
                continue;
              json_builder_set_member_name (b, f->data);
              json_builder_add_value (b, json_node_copy (json_object_get_member (record, f->data)));
            }
          if (u >= 0 && viewer >= 0 && viewer == s->units[u].side && !s->units[u].revealed
              && acies_gc_counter (s, u) != NULL && acies_gc_counter (s, u)->back == ACIES_GC_BACK_HERO
              && may_see (self, state, viewer, u, "back"))
            {
              json_builder_set_member_name (b, "hero");
              json_builder_add_boolean_value (b, TRUE);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  if (s->phase == ACIES_GC_PHASE_SETUP && any_drawn)
    add_drawn (s, viewer, b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
get_action_path (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action,
                 GArray            *cells,
                 gint              *cost)
{
  gint c = 0;
  guint len = cells->len;

  if (!acies_gc_action_path (ACIES_GC_CSTATE (state), action, cells, &c))
    {
      g_array_set_size (cells, len);
      return FALSE;
    }
  if (cost != NULL)
    *cost = c;
  return TRUE;
}

/* Actions in a player's words (acies-gc-describe.c). */
/* The describe_unit vfunc: "Light Infantry B at G11".  It shows only what
 * the counter's front and the board show every player (a Hero's ★ once
 * revealed), so it is the same for every @viewer. */
static char *
describe_unit (AciesRuleset     *self,
               const AciesState *state,
               guint             unit,
               gint              viewer)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);

  if (unit >= s->n_units)
    return NULL;
  return acies_gc_describe_unit (s, unit);
}

static char *
describe_action (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action)
{
  return acies_gc_describe_action (ACIES_GC_CSTATE (state), action);
}

/* The describe_turn vfunc, GC 4.0: "Pyrrhus Turn 2", each player counting
 * his own turns as the rulebook's Example of Play does, or "Set-up" before
 * the first player turn (3.1). */
static char *
describe_turn (AciesRuleset     *self,
               const AciesState *state)
{
  return acies_gc_turn_words (ACIES_GC_CSTATE (state));
}

static JsonNode *
state_to_json (AciesRuleset     *self,
               const AciesState *state)
{
  return acies_gc_state_to_json (ACIES_GC_CSTATE (state));
}

static gboolean
check_invariants (AciesRuleset      *self,
                  const AciesState  *state,
                  GError           **error)
{
  return acies_gc_check_invariants (ACIES_GC_CSTATE (state), error);
}

static guint
formation_index (const AciesScenario  *scenario,
                 const AciesFormation *f)
{
  guint index = 0;

  g_ptr_array_find (scenario->formations, f, &index);
  return index;
}

#define PROBLEM(problems, severity, path, id, ...) \
  g_ptr_array_add ((problems), acies_problem_new ((severity), (path), (id), ACIES_CELL_NONE, __VA_ARGS__))

static const char *
side_display (const AciesScenario *scenario,
              const char          *id)
{
  const AciesSide *side = id != NULL ? acies_scenario_find_side (scenario, id) : NULL;

  return side == NULL ? (id != NULL ? id : "?") : side->name != NULL && *side->name != '\0' ? side->name : side->id;
}

static const char *
wing_display (const AciesFormation *f)
{
  return f->name != NULL && *f->name != '\0' ? f->name : f->id;
}

/* Whether a set-up zone of @side has no Wing that can be told. */
static gboolean
side_zone_lacks_wing (const AciesScenario *scenario,
                      const char          *side)
{
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);

      if (acies_gc_area_is_setup (area) && g_strcmp0 (acies_gc_area_side (scenario, area), side) == 0
          && acies_gc_area_wing (scenario, area) == NULL)
        return TRUE;
    }
  return FALSE;
}

/* "Set-up zone “Roman left”": the area as the editor names it. */
static char *
zone_display (AciesCatalogue  *catalogue,
              const AciesArea *area)
{
  const AciesKind *kind = catalogue != NULL ? acies_catalogue_find_kind (catalogue->area_kinds, area->kind) : NULL;

  return g_strdup_printf (_("%s “%s”"), kind != NULL && kind->name != NULL ? kind->name : _("Set-up zone"),
                          area->name != NULL && *area->name != '\0' ? area->name : area->id);
}

/* GC 2.2, 3.1: what a battle needs before the first draw, in the words of
 * the editor's fields, each at the JSON path of the part to fix.  Returns
 * the number of errors added. */
static guint
validate_setup (AciesCatalogue      *catalogue,
                const AciesScenario *scenario,
                GPtrArray           *problems)
{
  guint n_formations = scenario->formations->len;
  g_autofree guint *demand = g_new0 (guint, MAX (n_formations, 1) * ACIES_GC_N_KINDS);
  g_autofree guint *supply = g_new0 (guint, MAX (n_formations, 1) * ACIES_GC_N_KINDS);
  g_autofree guint *heroes_wanted = g_new0 (guint, MAX (n_formations, 1) * ACIES_GC_N_KINDS);
  g_autofree guint *heroes_held = g_new0 (guint, MAX (n_formations, 1) * ACIES_GC_N_KINDS);
  g_autofree gint *first_zone = g_new (gint, MAX (n_formations, 1) * ACIES_GC_N_KINDS);
  g_autofree guint *n_zones = g_new0 (guint, MAX (n_formations, 1) * ACIES_GC_N_KINDS);
  /* Each pool's Wing by unit class, looked up once (acies_gc_pool_wings()). */
  g_autofree const AciesFormation **pool_wings = g_new0 (const AciesFormation *,
                                                         MAX (scenario->pools->len, 1) * ACIES_GC_N_KINDS);
  guint errors = 0;

  for (guint i = 0; i < scenario->pools->len; i++)
    acies_gc_pool_wings (scenario, g_ptr_array_index (scenario->pools, i), pool_wings + i * ACIES_GC_N_KINDS);

#define AT(array, f, k) (array)[(f) * ACIES_GC_N_KINDS + (k)]
#define FINDEX(f) ((guint) (((const AciesFormation *) (f)) == NULL ? 0 : formation_index (scenario, (f))))

  for (guint i = 0; i < MAX (n_formations, 1) * ACIES_GC_N_KINDS; i++)
    first_zone[i] = -1;

  /* GC 2.2: every unit belongs to a Wing, so a side needs one. */
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);
      g_autofree char *path = g_strdup_printf ("$.sides[%u]", i);

      if (acies_gc_side_n_wings (scenario, side->id) == 0)
        {
          PROBLEM (problems, ACIES_PROBLEM_ERROR, path, side->id,
                   _("%s: no Wing — add a Wing for its units (GC 2.2)."), side_display (scenario, side->id));
          errors++;
        }
    }
  for (guint i = 0; i < scenario->units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      g_autofree char *path = g_strdup_printf ("$.units[%u]", i);

      if (unit->formation == NULL || acies_scenario_find_formation (scenario, unit->formation) == NULL)
        {
          PROBLEM (problems, ACIES_PROBLEM_ERROR, path, unit->id, _("Unit “%s” of %s: choose its Wing (GC 2.2)."),
                   unit->name != NULL && *unit->name != '\0' ? unit->name : unit->id,
                   side_display (scenario, unit->side));
          errors++;
        }
    }

  /* GC 3.1: each set-up zone, its Wing, its squares and its units. */
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);
      g_autofree char *path = g_strdup_printf ("$.areas[%u]", i);
      g_autofree char *zone = NULL;
      const AciesFormation *wing;
      const char *side;
      gint kind;
      guint count;

      if (!acies_gc_area_is_setup (area))
        continue;
      zone = zone_display (catalogue, area);
      side = acies_gc_area_side (scenario, area);
      wing = acies_gc_area_wing (scenario, area);
      kind = acies_gc_area_kind (area);
      count = acies_gc_area_count (area);
      if (wing == NULL)
        {
          if (side == NULL)
            PROBLEM (problems, ACIES_PROBLEM_ERROR, path, area->id, _("%s: choose its Side and its Wing (GC 3.1)."), zone);
          else if (acies_gc_side_n_wings (scenario, side) > 1)
            PROBLEM (problems, ACIES_PROBLEM_ERROR, path, area->id,
                     _("%s: choose its Wing (%s have %u Wings) (GC 3.1)."), zone,
                     side_display (scenario, side), acies_gc_side_n_wings (scenario, side));
          else
            continue;   /* The side has no Wing: said above. */
          errors++;
          continue;
        }
      if (area->cells->len > 0 && area->cells->len < count)
        {
          PROBLEM (problems, ACIES_PROBLEM_ERROR, path, area->id,
                   _("%s has %u squares for %u units: mark more squares or lower its Units (GC 3.1)."),
                   zone, area->cells->len, count);
          errors++;
        }
      else if (area->cells->len == 0)
        {
          PROBLEM (problems, ACIES_PROBLEM_ERROR, path, area->id,
                   _("%s has no squares: mark the squares where its %u units set up (GC 3.1)."), zone, count);
          errors++;
        }
      if (kind < 0)
        continue;   /* No unit class: the catalogue check asks for it. */
      AT (demand, FINDEX (wing), kind) += count;
      AT (heroes_wanted, FINDEX (wing), kind) += MIN (acies_gc_area_heroes (area), count);
      if (AT (first_zone, FINDEX (wing), kind) < 0)
        AT (first_zone, FINDEX (wing), kind) = i;
      AT (n_zones, FINDEX (wing), kind)++;
    }

  /* GC 3.1: each pool's counters go to a Wing with a zone for them. */
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);
      g_autofree char *path = g_strdup_printf ("$.pools[%u]", i);
      const char *pool_name = pool->id;
      gint lacks_wing = -1;   /* side_zone_lacks_wing(), asked once */

      for (guint e = 0; e < pool->entries->len; e++)
        {
          const AciesPoolEntry *entry = g_ptr_array_index (pool->entries, e);
          gint kind = acies_gc_kind_from_type (entry->type);
          const AciesFormation *wing;
          const char *back;

          if (kind == ACIES_GC_N_KINDS || entry->count == 0)
            continue;
          wing = pool_wings[i * ACIES_GC_N_KINDS + kind];
          if (wing == NULL)
            {
              if (lacks_wing < 0)
                lacks_wing = side_zone_lacks_wing (scenario, pool->side);
              /* A zone of the side without its Wing is said above. */
              if (acies_gc_side_n_wings (scenario, pool->side) > 0 && !lacks_wing)
                {
                  PROBLEM (problems, ACIES_PROBLEM_ERROR, path, pool->id,
                           _("Unit pool “%s” of %s: its %s go to no Wing: add a set-up zone with the "
                             "Unit class %s to the Wing that uses them (GC 3.1)."),
                           pool_name, side_display (scenario, pool->side),
                           acies_gc_kind_plural (kind, entry->count), acies_gc_kind_plural (kind, 1));
                  errors++;
                }
              continue;
            }
          back = acies_params_get_string (entry->hidden, "back", NULL);
          if (kind <= ACIES_GC_KIND_P && g_strcmp0 (back, "hero") == 0)
            AT (heroes_held, FINDEX (wing), kind) += entry->count;
          AT (supply, FINDEX (wing), kind) += entry->count;
        }
    }

  for (guint f = 0; f < n_formations; f++)
    for (gint k = 0; k < ACIES_GC_N_KINDS; k++)
      {
        const AciesFormation *wing = g_ptr_array_index (scenario->formations, f);
        gint z = AT (first_zone, f, k);

        if (AT (demand, f, k) > AT (supply, f, k))
          {
            const AciesArea *area = g_ptr_array_index (scenario->areas, z);
            g_autofree char *path = g_strdup_printf ("$.areas[%d]", z);
            g_autofree char *zone = zone_display (catalogue, area);
            g_autofree char *need = NULL;

            if (AT (n_zones, f, k) == 1)
              need = g_strdup_printf (_("%s needs %u %s"), zone, AT (demand, f, k),
                                      acies_gc_kind_plural (k, AT (demand, f, k)));
            else
              need = g_strdup_printf (_("The set-up zones of %s need %u %s"), wing_display (wing),
                                      AT (demand, f, k), acies_gc_kind_plural (k, AT (demand, f, k)));
            PROBLEM (problems, ACIES_PROBLEM_ERROR, path, area->id,
                     _("%s, but the unit pools of %s hold %u %s for %s: "
                       "add counters to the pool or lower the zone's Units (GC 3.1)."),
                     need, side_display (scenario, wing->side), AT (supply, f, k),
                     acies_gc_kind_plural (k, AT (supply, f, k)), wing_display (wing));
            errors++;
          }
        else if (AT (heroes_wanted, f, k) > AT (heroes_held, f, k) && z >= 0)
          {
            const AciesArea *area = g_ptr_array_index (scenario->areas, z);
            g_autofree char *path = g_strdup_printf ("$.areas[%d]", z);

            PROBLEM (problems, ACIES_PROBLEM_WARNING, path, area->id,
                     _("%s reserve %u Heroes, but the pools of %s hold %u Hero counters for %s: "
                       "the zones get ordinary counters instead (GC 3.1)."),
                     wing_display (wing), AT (heroes_wanted, f, k), side_display (scenario, wing->side),
                     AT (heroes_held, f, k), wing_display (wing));
          }
        else if (AT (supply, f, k) > 0 && AT (demand, f, k) == 0)
          {
            g_autofree char *path = NULL;
            gboolean any_zone = FALSE;

            /* A zone of the Wing that names no class takes them. */
            for (guint i = 0; i < scenario->areas->len && !any_zone; i++)
              {
                const AciesArea *area = g_ptr_array_index (scenario->areas, i);

                any_zone = acies_gc_area_is_setup (area) && acies_gc_area_kind (area) < 0
                           && acies_gc_area_wing (scenario, area) == wing;
              }
            if (any_zone)
              continue;
            for (guint i = 0; i < scenario->pools->len && path == NULL; i++)
              {
                const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

                for (guint e = 0; e < pool->entries->len && path == NULL; e++)
                  {
                    const AciesPoolEntry *entry = g_ptr_array_index (pool->entries, e);

                    if (acies_gc_kind_from_type (entry->type) == k
                        && pool_wings[i * ACIES_GC_N_KINDS + k] == wing)
                      path = g_strdup_printf ("$.pools[%u]", i);
                  }
              }
            PROBLEM (problems, ACIES_PROBLEM_ERROR, path, wing->id,
                     _("%s of %s: the pool holds %u %s but no set-up zone of the Wing takes them: "
                       "add a set-up zone with the Unit class %s (GC 3.1)."),
                     wing_display (wing), side_display (scenario, wing->side), AT (supply, f, k),
                     acies_gc_kind_plural (k, AT (supply, f, k)), acies_gc_kind_plural (k, 1));
            errors++;
          }
      }
#undef AT
#undef FINDEX

  return errors;
}

/* GC 2.1, 2.2, 8.0: whatever new_state() would refuse is a problem, so the
 * editor blocks Play instead of the New Game dialog failing.  The set-up
 * is checked first, in the words of the editor (validate_setup()); then
 * new_state() itself (with the default options), so the two cannot drift
 * apart; building the state is cheap (no dice, no draws).  A scenario
 * without two sides is left to the common check, which says so once. */
static void
validate (AciesRuleset        *self,
          const AciesScenario *scenario,
          GPtrArray           *problems)
{
  g_autoptr(GError) error = NULL;
  AciesState *state;
  const char *path = "$";

  if (scenario->sides->len != 2)
    return;
  /* GC 2.2: before the set-up, which looks up each zone's Wing. */
  if (scenario->formations->len > 32)
    {
      g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, "$.formations", NULL, ACIES_CELL_NONE,
                                                    _("GC 2.2: at most 32 wings are supported (the scenario has %u)"),
                                                    scenario->formations->len));
      return;
    }
  if (validate_setup (ACIES_GC_RULESET (self)->catalogue, scenario, problems)
      + acies_gc_check_setup_rules (scenario, problems) > 0)
    return;

  state = new_state (self, (AciesScenario *) scenario, NULL, &error);
  if (state != NULL)
    {
      acies_ruleset_free_state (self, state);
      return;
    }
  if (scenario->map.board == NULL || acies_board_get_kind (scenario->map.board) != ACIES_BOARD_SQUARE)
    path = "$.map";
  else if (scenario->formations->len > 32)
    path = "$.formations";
  g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, path, NULL, ACIES_CELL_NONE,
                                                "%s", error != NULL ? error->message
                                                : _("GC 2.1: the scenario cannot start a Grass Crown battle")));
}

static void
acies_gc_ruleset_iface_init (AciesRulesetInterface *iface)
{
  iface->get_id = get_id;
  iface->get_catalogue = get_catalogue;
  iface->get_action_specs = get_action_specs;
  iface->validate = validate;
  iface->new_state = new_state;
  iface->copy_state = copy_state;
  iface->free_state = free_state;
  iface->legal_actions = legal_actions;
  iface->apply = apply;
  iface->get_prompt = get_prompt;
  iface->get_odds = get_odds;
  iface->may_see = may_see;
  iface->get_score = get_score;
  iface->digest = digest;
  iface->state_to_json = state_to_json;
  iface->get_n_units = get_n_units;
  iface->unit_id = unit_id;
  iface->unit_view = unit_view;
  iface->check_invariants = check_invariants;
  iface->state_view_to_json = state_view_to_json;
  iface->get_action_path = get_action_path;
  iface->describe_action = describe_action;
  iface->describe_unit = describe_unit;
  iface->describe_turn = describe_turn;
  iface->check_action = check_action;
  iface->get_odds_query = get_odds_query;
  iface->query_odds = acies_gc_query_odds;
  iface->sort_placements = acies_gc_sort_placements;
}

/**
 * acies_grass_crown_ruleset_new:
 *
 * Returns: (transfer full): the Grass Crown ruleset
 */
AciesRuleset *
acies_grass_crown_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_GC_RULESET, NULL);
}

/**
 * acies_grass_crown_register:
 *
 * Registers "grass-crown" with acies_ruleset_register(); called by the
 * registry for its built-in rulesets.
 */
void
acies_grass_crown_register (void)
{
  acies_ruleset_register ("grass-crown", acies_grass_crown_ruleset_new);
}
