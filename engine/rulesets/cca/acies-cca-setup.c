/* acies-cca-setup.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "model/acies-problem.h"
#include "acies-cca-private.h"

/*
 * The state at the start of a battle, from the scenario and the catalogue
 * (S3): the battlefield and its sections, the terrain's effects, the unit
 * profiles, the battle die, the deck, the leaders' checks, the Council of
 * War (cards, flags, first player), the battle's special rules and its
 * objectives.  The same checks say why a scenario cannot be played
 * (validate) and refuse it (new_state).
 */

static const char * const type_ids[ACIES_CCA_N_TYPES] = {
  "light-infantry", "archer", "slinger", "auxilia", "warrior", "medium-infantry", "heavy-infantry",
  "light-war-machine", "heavy-war-machine", "light-cavalry", "mounted-archer", "medium-cavalry",
  "heavy-cavalry", "camel", "elephant", "light-chariot", "heavy-chariot", "barbarian-light-chariot",
};

static const char * const terrain_ids[ACIES_CCA_N_TERRAIN] = {
  "clear", "marsh", "broken", "forest", "hill", "coast", "river", "ford", "camp", "scalable-walls",
  "fortified-walls", "city",
};

static const char * const column_ids[ACIES_CCA_N_COLS] = {
  "blocks", "class", "white border", "kind", "move", "battle after moving", "close combat",
  "close combat after a loss", "battling back", "range", "ranged dice", "ranged dice after moving",
  "swords score", "swords ignored", "evade", "retreat", "momentum", "supported", "extra flag",
};

static gint
index_of (const char * const *ids,
          guint               n,
          const char         *id)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return i;
  return -1;
}

/**
 * acies_cca_type_id:
 * @type: an AciesCcaType
 *
 * Returns: (transfer none): its unit type id in the catalogue
 */
const char *
acies_cca_type_id (gint type)
{
  return type >= 0 && type < ACIES_CCA_N_TYPES ? type_ids[type] : NULL;
}

/* Options ---------------------------------------------------------------- */

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
opt_bool (AciesCatalogue *cat,
          JsonObject     *options,
          const char     *id,
          gboolean        fallback)
{
  JsonNode *n = option_value (cat, options, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_BOOLEAN
         ? json_node_get_boolean (n) : fallback;
}

static gint64
opt_int (AciesCatalogue *cat,
         JsonObject     *options,
         const char     *id,
         gint64          fallback)
{
  JsonNode *n = option_value (cat, options, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64
         ? json_node_get_int (n) : fallback;
}

static const char *
opt_string (AciesCatalogue *cat,
            JsonObject     *options,
            const char     *id,
            const char     *fallback)
{
  JsonNode *n = option_value (cat, options, id);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : fallback;
}

/* Checklist section 2: each ruling is an option of the catalogue, with
 * its default there. */
static void
read_options (AciesCcaOptions *o,
              AciesCatalogue  *cat,
              JsonObject      *options)
{
  o->forest_blocks_los = opt_bool (cat, options, "forest_blocks_los", TRUE);
  o->camp_blocks_los = opt_bool (cat, options, "camp_blocks_los", TRUE);
  o->camp_stop = g_str_equal (opt_string (cat, options, "camp_movement", "none"), "stop");
  o->hill_downhill_cap = g_str_equal (opt_string (cat, options, "hill_rule", "as-printed"), "as-printed");
  o->marsh_on_entry = g_str_equal (opt_string (cat, options, "marsh_check_timing", "on-entry"), "on-entry");
  o->marsh_leader_swords = g_str_equal (opt_string (cat, options, "marsh_leader_loss", "helmet"), "helmet-or-swords");
  o->marsh_exit_on_retreat = opt_bool (cat, options, "marsh_exit_on_retreat", FALSE);
  o->caesar_battle_back = opt_bool (cat, options, "caesar_battle_back", TRUE);
  o->caesar_two_hex_fire = opt_bool (cat, options, "caesar_two_hex_fire", FALSE);
  o->julian_two_hex_fire = opt_bool (cat, options, "julian_two_hex_fire", FALSE);
  o->walls_attacker_first = g_str_equal (opt_string (cat, options, "walls_both_on_walls", "attacker-first"),
                                         "attacker-first");
  o->camp_close_only = g_str_equal (opt_string (cat, options, "camp_die_loss", "all-combat"), "close-combat");
  o->card_raises_cap = opt_bool (cat, options, "card_raises_cap", TRUE);
  o->dice_orders_enemy_swords = g_str_equal (opt_string (cat, options, "dice_orders_swords", "own-unit"), "enemy-unit");
  o->hold_retreat_allowed = opt_bool (cat, options, "hold_position_retreat", TRUE);
  o->spartacus_close_only = g_str_equal (opt_string (cat, options, "spartacus_die", "all-combat"), "close-combat");
  o->cancelled_card_counts = opt_bool (cat, options, "cancelled_card_counts", TRUE);
  o->ask_every_close_combat = g_str_equal (opt_string (cat, options, "reaction_prompt", "when-able"), "every-close-combat");
  o->elephant_rampage = opt_bool (cat, options, "elephant_rampage", TRUE);
  o->reroll_swords_again = g_str_equal (opt_string (cat, options, "elephant_reroll", "once"), "until-no-swords");
  o->turn_limit = (guint) CLAMP (opt_int (cat, options, "turn_limit", 0), 0, 1000);
}

/* Catalogue tables -------------------------------------------------------- */

/* The unit-profile table's words, in the order of their enums (AciesCcaClass,
 * AciesCcaKind, AciesCcaEvade, AciesCcaMomentum). */
static const char * const class_words[] = { "light", "medium", "heavy", NULL };
static const char * const kind_words[] = { "foot", "war machine", "cavalry", "elephant", "chariot", NULL };
static const char * const evade_words[] = { "never", "always", "foot and heavy mounted", "foot and elephants", NULL };
static const char * const momentum_words[] = { "none", "advance", "bonus", "cavalry", NULL };

/* The index of @text in @words, or -1. */
static gint
word_index (const char         *text,
            const char * const *words)
{
  for (gint i = 0; text != NULL && words[i] != NULL; i++)
    if (g_str_equal (text, words[i]))
      return i;
  return -1;
}

/* Ref 1.8: a dice cell, a number or "as the target" (elephants). */
static gint
dice_value (const char *text,
            gint        number)
{
  return g_strcmp0 (text, "as the target") == 0 ? ACIES_CCA_DICE_AS_TARGET : number;
}


static const AciesTableCell *
cell_of (const AciesTable *table,
         const char       *row,
         const char       *column)
{
  return table != NULL ? acies_table_lookup (table, row, column) : NULL;
}

static gint
cell_int (const AciesTableCell *cell,
          gint                  fallback)
{
  if (cell == NULL || !JSON_NODE_HOLDS_VALUE (cell->value))
    return fallback;
  if (json_node_get_value_type (cell->value) == G_TYPE_INT64)
    return (gint) json_node_get_int (cell->value);
  if (json_node_get_value_type (cell->value) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (cell->value);
  return fallback;
}

static const char *
cell_string (const AciesTableCell *cell)
{
  if (cell == NULL || !JSON_NODE_HOLDS_VALUE (cell->value)
      || json_node_get_value_type (cell->value) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (cell->value);
}

/* The unit-profile table (S2, ref 1.2): a column that cannot be read is
 * an error of the catalogue. */
/* The catalogue's rules as the engine reads them, with a scenario's
 * table overrides applied; built once per catalogue and overrides, kept
 * for the process (the catalogue is immutable, the strings are owned). */
typedef struct
{
  AciesCcaProfile    prof[ACIES_CCA_N_TYPES];
  AciesCcaTerrainDef terr[ACIES_CCA_N_TERRAIN];
  gint8              face_symbol[6];
  guint8             face_provisional;
  AciesCcaCardDef    cards[ACIES_CCA_N_CARDS];
  char              *effect[ACIES_CCA_N_CARDS];
  char              *epic_effect[ACIES_CCA_N_CARDS];
  guint8             leader_move, leader_check_hit, leader_helmets_hit, leader_check_dead, leader_helmets_dead;
  guint8             leader_provisional;
} CatRules;

static gboolean
read_profiles (CatRules         *st,
               const AciesTable *t,
               GError          **error)
{

  if (t == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "cca.json: the table “unit-profile” is missing");
      return FALSE;
    }
  for (guint type = 0; type < ACIES_CCA_N_TYPES; type++)
    {
      AciesCcaProfile *p = &st->prof[type];

      for (guint c = 0; c < ACIES_CCA_N_COLS; c++)
        {
          const AciesTableCell *cell = cell_of (t, type_ids[type], column_ids[c]);
          const char *text = cell_string (cell);
          gint v = cell_int (cell, -1);

          if (cell == NULL)
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                           "cca.json: the table “unit-profile” has no cell %s / %s", type_ids[type], column_ids[c]);
              return FALSE;
            }
          if (cell->source == ACIES_SOURCE_PROVISIONAL)
            p->provisional |= 1u << c;
          if (cell->source == ACIES_SOURCE_PUBLISHED)
            p->published |= 1u << c;
          switch (c)
            {
            case ACIES_CCA_COL_CLASS:
              p->cls = v = word_index (text, class_words);
              break;
            case ACIES_CCA_COL_KIND:
              p->kind = v = word_index (text, kind_words);
              break;
            case ACIES_CCA_COL_EVADE:
              p->evade = v = word_index (text, evade_words);
              break;
            case ACIES_CCA_COL_MOMENTUM:
              p->momentum = v = word_index (text, momentum_words);
              break;
            case ACIES_CCA_COL_CC:
              p->cc = v = dice_value (text, v);
              break;
            case ACIES_CCA_COL_IGNORE_SWORDS:
              if (g_strcmp0 (text, "all") == 0)
                v = ACIES_CCA_ALL;
              p->ignore_swords = v;
              break;
            case ACIES_CCA_COL_BLOCKS: p->blocks = v; break;
            case ACIES_CCA_COL_BORDER: p->white_border = v; break;
            case ACIES_CCA_COL_MOVE: p->move = v; break;
            case ACIES_CCA_COL_BATTLE_MOVE: p->battle_move = v; break;
            case ACIES_CCA_COL_CC_WEAK:
              p->cc_weak = v = dice_value (text, v);
              break;
            case ACIES_CCA_COL_CC_BACK:
              p->cc_back = v = dice_value (text, v);
              break;
            case ACIES_CCA_COL_RANGE: p->range = v; break;
            case ACIES_CCA_COL_FIRE: p->fire = v; break;
            case ACIES_CCA_COL_FIRE_MOVED: p->fire_moved = v; break;
            case ACIES_CCA_COL_SWORDS: p->swords = v; break;
            case ACIES_CCA_COL_RETREAT: p->retreat = v; break;
            case ACIES_CCA_COL_SUPPORTED: p->supported = v; break;
            case ACIES_CCA_COL_EXTRA_FLAG: p->extra_flag = v; break;
            default: break;
            }
          if (v < 0 || v > 255)
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                           "cca.json: the table “unit-profile”, %s / %s: a value the rules cannot read",
                           type_ids[type], column_ids[c]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* Section 7: the terrain's effects. */
static gint
effect_int (const AciesTerrainType *t,
            const char             *name)
{
  JsonNode *n = acies_terrain_type_get_effect (t, name, NULL);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return 0;
  switch (json_node_get_value_type (n))
    {
    case G_TYPE_BOOLEAN: return json_node_get_boolean (n);
    case G_TYPE_INT64: return (gint) json_node_get_int (n);
    case G_TYPE_STRING: return g_str_equal (json_node_get_string (n), "all") ? ACIES_CCA_ALL : 0;
    default: return 0;
    }
}

static gboolean
read_terrain (CatRules       *st,
              AciesCatalogue *catalogue,
              GError        **error)
{
  for (guint i = 0; i < ACIES_CCA_N_TERRAIN; i++)
    {
      const AciesTerrainType *t = acies_catalogue_find_terrain (catalogue, terrain_ids[i]);
      AciesCcaTerrainDef *d = &st->terr[i];
      JsonNode *types;

      if (t == NULL)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "cca.json: the terrain “%s” is missing", terrain_ids[i]);
          return FALSE;
        }
      d->impassable = effect_int (t, "impassable");
      d->mounted_impassable = effect_int (t, "mounted_impassable");
      d->wm_impassable = effect_int (t, "war_machines_impassable")
                         || (acies_terrain_type_get_effect (t, "war_machines_may_enter", NULL) != NULL
                             && !effect_int (t, "war_machines_may_enter"));
      d->stop = effect_int (t, "stop_on_entry");
      d->mounted_stop = effect_int (t, "mounted_stop_on_entry");
      d->leave_one = effect_int (t, "leave_one_hex");
      d->enter_from_adjacent = effect_int (t, "foot_enter_from_adjacent_only");
      d->no_battle_entry = effect_int (t, "no_battle_on_entry");
      d->mounted_no_battle_entry = effect_int (t, "mounted_no_battle_on_entry");
      d->cc_cap_vs = effect_int (t, "cc_cap_vs");
      d->cc_cap_from = effect_int (t, "cc_cap_from");
      d->ranged_cap_vs = effect_int (t, "ranged_cap_vs");
      d->ranged_cap_from = effect_int (t, "ranged_cap_from");
      d->block_check = effect_int (t, "block_loss_check");
      d->ignore_swords = effect_int (t, "ignore_swords");
      d->ignore_flags = effect_int (t, "ignore_flags");
      d->ranged_ignore_flags = effect_int (t, "ranged_ignore_flags");
      d->mounted_benefit = acies_terrain_type_get_effect (t, "mounted_benefit", NULL) == NULL
                           || effect_int (t, "mounted_benefit");
      d->dice_delta = effect_int (t, "dice_delta");
      d->first_strike = effect_int (t, "first_strike");
      d->blocks_los = effect_int (t, "blocks_los");
      d->bonus_needs_leader = effect_int (t, "bonus_needs_leader");
      d->wm_no_advance = effect_int (t, "war_machines_no_advance");
      d->cap_uphill = effect_int (t, "cc_cap_uphill");
      d->cap_down_foot = effect_int (t, "cc_cap_infantry_downhill");
      d->cap_down_mounted = effect_int (t, "cc_cap_mounted_downhill");
      types = acies_terrain_type_get_effect (t, "battle_on_entry_types", NULL);
      if (types != NULL && JSON_NODE_HOLDS_ARRAY (types))
        {
          JsonArray *a = json_node_get_array (types);

          for (guint k = 0; k < json_array_get_length (a); k++)
            {
              gint type = index_of (type_ids, ACIES_CCA_N_TYPES, json_array_get_string_element (a, k));

              if (type >= 0)
                d->battle_entry_types |= 1u << type;
            }
        }
    }
  return TRUE;
}

static gboolean
read_die (CatRules         *st,
          const AciesTable *t,
          GError          **error)
{
  static const char *names[ACIES_CCA_N_SYMBOLS] = {
    "green circle", "blue triangle", "red square", "helmet", "flag", "crossed swords"
  };

  for (guint face = 0; face < 6; face++)
    {
      g_autofree char *row = g_strdup_printf ("%u", face + 1);
      const AciesTableCell *cell = cell_of (t, row, "symbol");
      gint sym = index_of (names, ACIES_CCA_N_SYMBOLS, cell_string (cell));

      if (sym < 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "cca.json: the battle-die table's face %u names no symbol of the die", face + 1);
          return FALSE;
        }
      st->face_symbol[face] = sym;
      st->face_provisional |= cell->source == ACIES_SOURCE_PROVISIONAL;
      (void) cell;
    }
  return TRUE;
}

static gboolean
read_cards (CatRules         *st,
            const AciesTable *t,
            GError          **error)
{
  gboolean seen[ACIES_CCA_N_CARDS] = { FALSE, };

  if (t == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, "cca.json: the table “cards” is missing");
      return FALSE;
    }
  for (guint r = 0; r < t->rows->len; r++)
    {
      const char *title = g_ptr_array_index (t->rows, r);
      gint card = acies_cca_card_from_id (cell_string (cell_of (t, title, "id")));
      const AciesTableCell *count = cell_of (t, title, "count");
      const char *epic = cell_string (cell_of (t, title, "epic"));

      if (card < 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "cca.json: the card “%s” has an id the rules do not know", title);
          return FALSE;
        }
      seen[card] = TRUE;
      st->cards[card].title = g_strdup (title);
      st->effect[card] = g_strdup (cell_string (cell_of (t, title, "effect")));
      st->epic_effect[card] = g_strdup (cell_string (cell_of (t, title, "epic effect")));
      /* S3.6: a card's copies in the deck, a whole number (a table
       * override may say anything). */
      if (count != NULL
          && (!JSON_NODE_HOLDS_VALUE (count->value)
              || json_node_get_value_type (count->value) != G_TYPE_INT64
              || json_node_get_int (count->value) < 0 || json_node_get_int (count->value) > 60))
        {
          g_autofree char *text = JSON_NODE_HOLDS_VALUE (count->value)
                                  ? json_to_string (count->value, FALSE) : g_strdup ("null");

          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       _("The Command card “%s” has the count %s: expected an integer from 0 to 60 (CCA S3.6)."),
                       title, text);
          return FALSE;
        }
      st->cards[card].count = CLAMP (cell_int (count, 0), 0, 60);
      st->cards[card].provisional = count != NULL && count->source == ACIES_SOURCE_PROVISIONAL;
      st->cards[card].epic = g_strcmp0 (epic, "army") == 0 ? ACIES_CCA_EPIC_ARMY
                           : g_strcmp0 (epic, "special army") == 0 ? ACIES_CCA_EPIC_SPECIAL
                           : ACIES_CCA_EPIC_NORMAL;
    }
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    if (!seen[i])
      {
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                     "cca.json: the table “cards” has no row for the card %s", acies_cca_card_id (i));
        return FALSE;
      }
  return TRUE;
}

static void
read_leader_table (CatRules         *st,
                   const AciesTable *t)
{
  const AciesTableCell *c;

  st->leader_move = CLAMP (cell_int (cell_of (t, "lone leader moves", "value"), 3), 1, 6);
  st->leader_check_hit = CLAMP (cell_int (cell_of (t, "unit hit, survives: dice", "value"), 2), 1, 6);
  st->leader_helmets_hit = CLAMP (cell_int (cell_of (t, "unit hit, survives: helmets that kill", "value"), 2), 1, 6);
  st->leader_check_dead = CLAMP (cell_int (cell_of (t, "unit eliminated: dice", "value"), 1), 1, 6);
  st->leader_helmets_dead = CLAMP (cell_int (cell_of (t, "unit eliminated: helmets that kill", "value"), 1), 1, 6);
  c = cell_of (t, "lone leader moves", "value");
  st->leader_provisional = c != NULL && c->source == ACIES_SOURCE_PROVISIONAL;
}

/* The catalogue's table @id, with the scenario's override of it. */
static AciesTable *
table_with_override (AciesCatalogue      *catalogue,
                     const AciesScenario *scenario,
                     const char          *id,
                     GError             **error)
{
  const AciesTable *t = acies_catalogue_find_table (catalogue, id);
  AciesTable *copy;

  if (t == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, "cca.json: the table “%s” is missing", id);
      return NULL;
    }
  copy = acies_table_copy (t);
  if (scenario != NULL && scenario->table_overrides != NULL
      && json_object_has_member (scenario->table_overrides, id))
    {
      g_autofree char *path = g_strdup_printf ("$.table_overrides.%s", id);

      if (!acies_table_apply_override (copy, json_object_get_object_member (scenario->table_overrides, id), path,
                                       error))
        {
          acies_table_free (copy);
          return NULL;
        }
    }
  return copy;
}

G_LOCK_DEFINE_STATIC (rules_cache);
static GHashTable *rules_cache;

/* The rules of @catalogue with @scenario's table overrides (cached). */
static const CatRules *
rules_get (AciesCatalogue      *catalogue,
           const AciesScenario *scenario,
           GError             **error)
{
  g_autofree char *overrides = NULL;
  g_autofree char *key = NULL;
  CatRules *r;

  if (scenario != NULL && scenario->table_overrides != NULL)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_node_set_object (node, scenario->table_overrides);
      overrides = json_to_string (node, FALSE);
    }
  key = g_strdup_printf ("%p|%s", (void *) catalogue, overrides != NULL ? overrides : "");
  G_LOCK (rules_cache);
  if (rules_cache == NULL)
    rules_cache = g_hash_table_new (g_str_hash, g_str_equal);
  r = g_hash_table_lookup (rules_cache, key);
  G_UNLOCK (rules_cache);
  if (r != NULL)
    return r;

  r = g_new0 (CatRules, 1);
  {
    AciesTable *prof = table_with_override (catalogue, scenario, "unit-profile", error);
    AciesTable *die = prof != NULL ? table_with_override (catalogue, scenario, "battle-die", error) : NULL;
    AciesTable *cards = die != NULL ? table_with_override (catalogue, scenario, "cards", error) : NULL;
    AciesTable *leaders = cards != NULL ? table_with_override (catalogue, scenario, "leaders", error) : NULL;
    gboolean ok = leaders != NULL && read_profiles (r, prof, error) && read_terrain (r, catalogue, error)
                  && read_die (r, die, error) && read_cards (r, cards, error);

    if (ok)
      read_leader_table (r, leaders);
    g_clear_pointer (&prof, acies_table_free);
    g_clear_pointer (&die, acies_table_free);
    g_clear_pointer (&cards, acies_table_free);
    g_clear_pointer (&leaders, acies_table_free);
    if (!ok)
      {
        for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
          {
            g_free (r->cards[i].title);
            g_free (r->effect[i]);
            g_free (r->epic_effect[i]);
          }
        g_free (r);
        return NULL;
      }
  }
  G_LOCK (rules_cache);
  if (g_hash_table_lookup (rules_cache, key) == NULL)
    {
      /* The catalogue lives as long as its rules. */
      acies_catalogue_ref (catalogue);
      g_hash_table_insert (rules_cache, g_steal_pointer (&key), r);
    }
  else
    {
      CatRules *other = g_hash_table_lookup (rules_cache, key);

      for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
        {
          g_free (r->cards[i].title);
          g_free (r->effect[i]);
          g_free (r->epic_effect[i]);
        }
      g_free (r);
      r = other;
    }
  G_UNLOCK (rules_cache);
  return r;
}

/* Copies the rules into the static data (the strings are borrowed). */
static void
use_rules (AciesCcaStatic *st,
           const CatRules *r)
{
  memcpy (st->prof, r->prof, sizeof st->prof);
  memcpy (st->terr, r->terr, sizeof st->terr);
  memcpy (st->face_symbol, r->face_symbol, sizeof st->face_symbol);
  st->face_provisional = r->face_provisional;
  memcpy (st->cards, r->cards, sizeof st->cards);
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      st->card_effect[i] = r->effect[i];
      st->card_epic_effect[i] = r->epic_effect[i];
    }
  st->leader_move = r->leader_move;
  st->leader_check_hit = r->leader_check_hit;
  st->leader_helmets_hit = r->leader_helmets_hit;
  st->leader_check_dead = r->leader_check_dead;
  st->leader_helmets_dead = r->leader_helmets_dead;
  st->leader_provisional = r->leader_provisional;
}

/* Static data ------------------------------------------------------------ */

static void
static_free (AciesCcaStatic *st)
{
  g_clear_pointer (&st->catalogue, acies_catalogue_unref);
  for (guint i = 0; i < ACIES_CCA_MAX_AREAS; i++)
    g_clear_pointer (&st->area_cells[i], g_array_unref);
  for (guint i = 0; i < G_N_ELEMENTS (st->view_attrs); i++)
    g_clear_pointer (&st->view_attrs[i], json_object_unref);
  g_free (st);
}

/**
 * acies_cca_static_unref:
 * @st: (nullable): static data
 */
void
acies_cca_static_unref (AciesCcaStatic *st)
{
  if (st != NULL && g_atomic_int_dec_and_test (&st->ref_count))
    static_free (st);
}

static gboolean
fail (GError    **error,
      GPtrArray  *problems,
      const char *path,
      const char *id,
      gint        cell,
      const char *format,
      ...) G_GNUC_PRINTF (6, 7);

/* A problem: an error for new_state, a line for validate (which goes on). */
static gboolean
fail (GError    **error,
      GPtrArray  *problems,
      const char *path,
      const char *id,
      gint        cell,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (problems != NULL)
    g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, path, id, cell, "%s", message));
  else if (error != NULL && *error == NULL)
    g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, message);
  return FALSE;
}

static gint
area_index (const AciesScenario *scenario,
            const char          *id)
{
  for (guint i = 0; id != NULL && i < scenario->areas->len; i++)
    if (g_strcmp0 (((AciesArea *) g_ptr_array_index (scenario->areas, i))->id, id) == 0)
      return i;
  return -1;
}

static gint
rule_side (const AciesScenario  *scenario,
           const AciesRuleEntry *e)
{
  if (e->side == NULL)
    return -1;
  return acies_scenario_side_index (scenario, e->side);
}

/* Reads the scenario into @st and @s.  With @problems every problem is
 * added and reading goes on; without, the first sets @error. */
static gboolean
read_scenario (AciesCcaStatic      *st,
               AciesCcaState       *s,
               const AciesScenario *scenario,
               GPtrArray           *problems,
               GError             **error)
{
  AciesBoard *board = scenario->map.board;
  gboolean ok = TRUE;
  guint flank;

#define CHECK(cond, path, id, cell, ...) \
  G_STMT_START { if (!(cond)) { ok = FALSE; fail (error, problems, path, id, cell, __VA_ARGS__); \
                                if (problems == NULL) return FALSE; } } G_STMT_END

  CHECK (board != NULL && acies_board_get_kind (board) == ACIES_BOARD_HEX
         && acies_board_get_orientation (board) == ACIES_HEX_POINTY_TOP
         && acies_board_get_offset (board) == ACIES_HEX_OFFSET_ODD,
         "$.board", NULL, ACIES_CELL_NONE,
         _("The battlefield must be the hex board of Commands & Colors: pointy-top hexes in rows, odd rows shifted (CCA S3.2)."));
  if (board == NULL || acies_board_get_kind (board) != ACIES_BOARD_HEX)
    return FALSE;
  st->width = acies_board_get_width (board);
  st->height = acies_board_get_height (board);
  st->n_cells = st->width * st->height;
  CHECK (st->n_cells <= ACIES_CCA_MAX_CELLS && st->width >= 5 && st->height >= 3, "$.board", NULL, ACIES_CELL_NONE,
         _("The battlefield is %u × %u hexes; Commands & Colors plays on 13 × 9, or 26 × 9 for an Epic battle (at most %d hexes)."),
         st->width, st->height, ACIES_CCA_MAX_CELLS);
  if (st->n_cells > ACIES_CCA_MAX_CELLS)
    return FALSE;
  CHECK (scenario->sides->len == 2, "$.sides", NULL, ACIES_CELL_NONE,
         _("A battle has two armies (CCA S3.5)."));
  if (scenario->sides->len != 2)
    return FALSE;

  /* S3.2, B15: neighbours and sections. */
  for (guint c = 0; c < st->n_cells; c++)
    {
      gint col = c % st->width, row = c / st->width;

      for (guint d = 0; d < 6; d++)
        st->nb[c][d] = acies_board_neighbour (board, c, d);
      /* Axial coordinates, odd rows shoved right (distances). */
      st->ar[c] = row;
      st->aq[c] = col - (row - (row & 1)) / 2;
    }
  flank = (guint) acies_params_get_int (scenario->params, "flank_width", (st->width * 4 + 6) / 13);
  CHECK (flank >= 1 && 2 * flank < st->width, "$.params.flank_width", NULL, ACIES_CELL_NONE,
         _("The flank sections are %u hexes wide; the centre must keep some (the battlefield is %u wide)."),
         flank, st->width);
  for (guint c = 0; c < st->n_cells; c++)
    {
      guint col = c % st->width, row = c / st->width;
      double left = col + ((row & 1) ? 0.5 : 0.0);
      guint8 m = 0;

      if (left < flank)
        m |= ACIES_CCA_LEFT;
      if (left + 1 > flank && left < st->width - flank)
        m |= ACIES_CCA_CENTRE;
      if (left + 1 > st->width - flank)
        m |= ACIES_CCA_RIGHT;
      st->section[c] = m;
    }

  /* Section 7: terrain, elevation, bastions. */
  for (guint c = 0; c < st->n_cells; c++)
    {
      const char *id = acies_map_get_terrain (&scenario->map, c);
      gint t = index_of (terrain_ids, ACIES_CCA_N_TERRAIN, id);

      CHECK (t >= 0, "$.map.terrain", NULL, (gint) c, _("Unknown terrain “%s” at %s."), id,
             acies_board_cell_label (board, c));
      st->terrain[c] = MAX (t, 0);
      st->elevation[c] = MAX (scenario->map.elevation != NULL ? scenario->map.elevation[c] : 0,
                              t == ACIES_CCA_TER_HILL ? 1 : 0);
      for (guint d = 0; d < 6; d++)
        {
          AciesEdge e = acies_board_edge_of (board, c, d);

          if (e != ACIES_EDGE_NONE && acies_map_edge_has_feature (&scenario->map, e, "bastion"))
            st->bastion[c] |= 1 << d;
        }
    }

  /* S3.5, S3.9, S4.1: the armies. */
  for (gint side = 0; side < 2; side++)
    {
      const AciesSide *sd = g_ptr_array_index (scenario->sides, side);
      g_autofree char *path = g_strdup_printf ("$.sides[%d]", side);

      CHECK (sd->home_edge == ACIES_MAP_EDGE_NORTH || sd->home_edge == ACIES_MAP_EDGE_SOUTH, path, sd->id,
             ACIES_CELL_NONE, _("The army %s must have the north or the south edge as its own (CCA S3.2)."),
             sd->name != NULL ? sd->name : sd->id);
      st->home[side] = sd->home_edge == ACIES_MAP_EDGE_NORTH ? 0 : 1;
      st->hand[side] = st->hand_start[side] = (guint8) CLAMP (acies_params_get_int (sd->params, "hand_size", 5), 0, ACIES_CCA_MAX_HAND - 4);
      st->flags_to_win[side] = (guint8) CLAMP (acies_params_get_int (sd->params, "flags", 6), 1, 40);
      st->reinf_area[side] = st->reinf_answer[side] = -1;
      st->legion_range[side] = 2;
      st->legion_dice[side] = 1;
    }
  CHECK (st->home[0] != st->home[1], "$.sides", NULL, ACIES_CELL_NONE,
         _("The two armies must face each other from the north and the south edges."));
  /* S3.2: each side's sections; the army at the north edge sees the
   * battlefield turned round, its left to the east. */
  for (gint side = 0; side < 2; side++)
    for (guint c = 0; c < st->n_cells; c++)
      {
        guint8 m = st->section[c];

        if (st->home[side] == 0)
          m = (m & ACIES_CCA_CENTRE) | ((m & ACIES_CCA_LEFT) ? ACIES_CCA_RIGHT : 0)
              | ((m & ACIES_CCA_RIGHT) ? ACIES_CCA_LEFT : 0);
        st->side_section[side][c] = m;
      }
  st->first_side = scenario->first_side != NULL ? acies_scenario_side_index (scenario, scenario->first_side) : 0;
  CHECK (st->first_side >= 0, "$.first_side", NULL, ACIES_CELL_NONE,
         _("The army that moves first is not one of the battle's (CCA S3.9)."));
  st->first_side = MAX (st->first_side, 0);
  st->epic = g_strcmp0 (acies_params_get_string (scenario->params, "mode", "standard"), "epic") == 0;
  st->decks = (guint8) CLAMP (acies_params_get_int (scenario->params, "decks", 1), 1, 2);

  /* S2-blocks: units. */
  st->n_units = scenario->units->len;
  CHECK (st->n_units <= ACIES_CCA_MAX_UNITS, "$.units", NULL, ACIES_CELL_NONE,
         _("At most %d units (the battle has %u)."), ACIES_CCA_MAX_UNITS, st->n_units);
  if (st->n_units > ACIES_CCA_MAX_UNITS)
    return FALSE;
  for (guint u = 0; u < st->n_units; u++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, u);
      AciesCcaUnitDef *def = &st->units[u];
      g_autofree char *path = g_strdup_printf ("$.units[%u]", u);
      gint type = index_of (type_ids, ACIES_CCA_N_TYPES, unit->type);
      gint side = acies_scenario_side_index (scenario, unit->side);
      const char *edge = acies_params_get_string (unit->attrs, "retreat_edge", "own");
      gint blocks;

      CHECK (type >= 0 && side >= 0, path, unit->id, unit->cell,
             _("The unit %s needs an army and a unit type of Commands & Colors."), unit->id);
      def->id = unit->id;
      def->side = MAX (side, 0);
      def->type = MAX (type, 0);
      def->formation = -1;
      def->hold_area = -1;
      for (guint f = 0; unit->formation != NULL && f < scenario->formations->len; f++)
        if (g_strcmp0 (((AciesFormation *) g_ptr_array_index (scenario->formations, f))->id, unit->formation) == 0)
          def->formation = f;
      def->back_edge = g_str_equal (edge, "north") ? 0 : g_str_equal (edge, "south") ? 1 : st->home[def->side];
      blocks = (gint) acies_params_get_int (unit->attrs, "blocks", st->prof[def->type].blocks);
      CHECK (blocks >= 1 && blocks <= st->prof[def->type].blocks, path, unit->id, unit->cell,
             _("The unit %s has %d blocks; a %s has 1 to %d (CCA S2)."), unit->id, blocks, unit->type,
             st->prof[def->type].blocks);
      def->blocks0 = CLAMP (blocks, 1, st->prof[def->type].blocks);
      if (s != NULL)
        {
          s->units[u].blocks = def->blocks0;
          s->units[u].status = unit->cell >= 0 ? ACIES_CCA_ON : ACIES_CCA_OFF;
          s->units[u].cell = ACIES_CCA_NONE;
          s->units[u].seat = -1;
          if (unit->cell >= 0 && (guint) unit->cell < st->n_cells)
            {
              CHECK (s->unit_at[unit->cell] < 0, path, unit->id, unit->cell,
                     _("Two units stand in %s."), acies_board_cell_label (board, unit->cell));
              s->units[u].cell = unit->cell;
              s->unit_at[unit->cell] = u;
            }
        }
    }

  /* S2-cmdr, BASE-LEADER: leaders. */
  st->n_leaders = scenario->leaders->len;
  CHECK (st->n_leaders <= ACIES_CCA_MAX_LEADERS, "$.leaders", NULL, ACIES_CELL_NONE,
         _("At most %d commanders (the battle has %u)."), ACIES_CCA_MAX_LEADERS, st->n_leaders);
  if (st->n_leaders > ACIES_CCA_MAX_LEADERS)
    return FALSE;
  for (guint l = 0; l < st->n_leaders; l++)
    {
      const AciesLeader *leader = g_ptr_array_index (scenario->leaders, l);
      AciesCcaLeaderDef *def = &st->leaders[l];
      g_autofree char *path = g_strdup_printf ("$.leaders[%u]", l);
      gint side = acies_scenario_side_index (scenario, leader->side);
      gint cell = leader->cell;

      CHECK (side >= 0, path, leader->id, cell, _("The commander %s needs an army."), leader->id);
      def->id = leader->id;
      def->name = leader->name != NULL && *leader->name ? leader->name : leader->id;
      def->side = MAX (side, 0);
      def->formation = -1;
      for (guint f = 0; leader->formation != NULL && f < scenario->formations->len; f++)
        if (g_strcmp0 (((AciesFormation *) g_ptr_array_index (scenario->formations, f))->id, leader->formation) == 0)
          def->formation = f;
      if (leader->attached_to != NULL)
        {
          const AciesUnit *unit = acies_scenario_find_unit (scenario, leader->attached_to);

          CHECK (unit != NULL && g_strcmp0 (unit->side, leader->side) == 0, path, leader->id, cell,
                 _("The commander %s is with %s, which is not a unit of his army."), leader->id, leader->attached_to);
          if (unit != NULL)
            cell = unit->cell;
        }
      def->reinforcement = cell < 0;
      if (s != NULL)
        {
          s->leaders[l].cell = ACIES_CCA_NONE;
          s->leaders[l].unit = -1;
          s->leaders[l].seat = -1;
          s->leaders[l].status = cell >= 0 ? ACIES_CCA_ON : ACIES_CCA_OFF;
          if (cell >= 0 && (guint) cell < st->n_cells)
            {
              CHECK (s->leader_at[cell] < 0, path, leader->id, cell,
                     _("Two commanders stand in %s."), acies_board_cell_label (board, cell));
              s->leaders[l].cell = cell;
              s->leader_at[cell] = l;
              if (s->unit_at[cell] >= 0)
                {
                  CHECK (s->st->units[s->unit_at[cell]].side == def->side, path, leader->id, cell,
                         _("The commander %s stands with an enemy unit in %s."), leader->id,
                         acies_board_cell_label (board, cell));
                  s->leaders[l].unit = s->unit_at[cell];
                }
            }
        }
    }
  /* Each army's units and leaders, for the searches over one side. */
  for (guint i = 0; i < st->n_units + st->n_leaders; i++)
    {
      gint side = i < st->n_units ? st->units[i].side : st->leaders[i - st->n_units].side;

      st->items_of[side][st->n_items_of[side]++] = (gint16) i;
      if (i < st->n_units)
        st->n_units_of[side]++;
    }

  /* Special rules. */
  for (guint i = 0; i < scenario->special_rules->len; i++)
    {
      const AciesRuleEntry *e = g_ptr_array_index (scenario->special_rules, i);
      g_autofree char *path = g_strdup_printf ("$.special_rules[%u]", i);
      gint side = rule_side (scenario, e);

      if (g_str_equal (e->kind, "marian-legions") || g_str_equal (e->kind, "julian-legions")
          || g_str_equal (e->kind, "legion-march"))
        {
          /* ML-1, JL-1, JL-2, the Ilipa and Zama option: Roman medium and
           * heavy infantry of the side (both without one). */
          guint rule = g_str_equal (e->kind, "marian-legions") ? 1 : g_str_equal (e->kind, "julian-legions") ? 2 : 3;

          for (gint sd = 0; sd < 2; sd++)
            if (side < 0 || side == sd)
              {
                st->legion_range[sd] = (guint8) CLAMP (acies_params_get_int (e->params, "range", 2), 1, 5);
                st->legion_dice[sd] = (guint8) CLAMP (acies_params_get_int (e->params, "dice", 1), 1, 5);
              }
          for (guint u = 0; u < st->n_units; u++)
            if ((side < 0 || st->units[u].side == side)
                && (st->units[u].type == ACIES_CCA_MI || st->units[u].type == ACIES_CCA_HI))
              st->units[u].legion_rule = rule;
        }
      else if (g_str_equal (e->kind, "caesar"))
        {
          const char *id = acies_params_get_string (e->params, "leader", NULL);
          gboolean found = FALSE;

          for (guint l = 0; l < st->n_leaders; l++)
            if (g_strcmp0 (st->leaders[l].id, id) == 0)
              {
                st->leaders[l].caesar = TRUE;
                found = TRUE;
              }
          CHECK (found, path, NULL, ACIES_CELL_NONE,
                 _("The Caesar rule names the commander “%s”, who is not in the battle (CCA JC-1)."), id ? id : "");
        }
      else if (g_str_equal (e->kind, "impassable") || g_str_equal (e->kind, "fordable"))
        {
          const char *what = acies_params_get_string (e->params, "terrain", "river");
          gint t = index_of (terrain_ids, ACIES_CCA_N_TERRAIN, what);
          gint a = area_index (scenario, what);

          CHECK (t >= 0 || a >= 0, path, NULL, ACIES_CELL_NONE,
                 _("The rule names “%s”, neither a terrain nor an area of the battle."), what);
          for (guint c = 0; c < st->n_cells; c++)
            {
              gboolean hit = (t >= 0 && st->terrain[c] == t)
                             || (a >= 0 && acies_area_contains (g_ptr_array_index (scenario->areas, a), c));

              if (!hit)
                continue;
              if (g_str_equal (e->kind, "impassable"))
                st->impassable[c] = TRUE;
              else
                /* SCN Baetis River; K1 Brindisi: fordable for movement and combat. */
                st->terrain[c] = ACIES_CCA_TER_FORD;
            }
        }
      else if (g_str_equal (e->kind, "scalable-walls") || g_str_equal (e->kind, "siege"))
        {
          /* T-FCW-1: fortified walls become scalable. */
          for (guint c = 0; c < st->n_cells; c++)
            if (st->terrain[c] == ACIES_CCA_TER_FORTIFIED)
              st->terrain[c] = ACIES_CCA_TER_WALLS;
        }
      else if (g_str_equal (e->kind, "hold-position"))
        {
          gint a = area_index (scenario, acies_params_get_string (e->params, "area", NULL));

          CHECK (a >= 0, path, NULL, ACIES_CELL_NONE, _("The hold-position rule needs the area of the starting hexes."));
          for (guint u = 0; a >= 0 && u < st->n_units; u++)
            {
              const AciesUnit *unit = g_ptr_array_index (scenario->units, u);

              if ((side < 0 || st->units[u].side == side) && unit->cell >= 0
                  && acies_area_contains (g_ptr_array_index (scenario->areas, a), unit->cell))
                st->units[u].hold_area = a;
            }
        }
      else if (g_str_equal (e->kind, "one-command-per-card"))
        {
          for (gint sd = 0; sd < 2; sd++)
            if (side < 0 || side == sd)
              st->one_command[sd] = TRUE;
        }
      else if (g_str_equal (e->kind, "reinforcements-by-card"))
        {
          gint a = area_index (scenario, acies_params_get_string (e->params, "area", NULL));
          gint b = area_index (scenario, acies_params_get_string (e->params, "enemy_area", NULL));

          CHECK (side >= 0 && a >= 0, path, NULL, ACIES_CELL_NONE,
                 _("Reinforcements by card need their army and the area where they enter (SCN Gergovia)."));
          if (side >= 0)
            {
              st->reinf_area[side] = a;
              st->reinf_answer[side] = b;
            }
        }
      else if (g_str_equal (e->kind, "hand-ramp"))
        {
          CHECK (side >= 0, path, NULL, ACIES_CELL_NONE, _("A growing hand needs its army (SCN Brindisi)."));
          if (side >= 0)
            {
              st->hand_start[side] = (guint8) CLAMP (acies_params_get_int (e->params, "start", 2), 0, st->hand[side]);
              st->hand[side] = (guint8) CLAMP (acies_params_get_int (e->params, "full", st->hand[side]),
                                               st->hand_start[side], ACIES_CCA_MAX_HAND - 4);
            }
        }
      else if (g_str_equal (e->kind, "dice-orders"))
        {
          CHECK (side >= 0, path, NULL, ACIES_CELL_NONE, _("Orders by dice need their army (SCN Utica 1)."));
          if (side >= 0)
            st->dice_orders[side] = (guint8) CLAMP (acies_params_get_int (e->params, "dice", 2), 1, 4);
        }
      else if (g_str_equal (e->kind, "steep-hills"))
        {
          st->steep_hills = TRUE;
          for (guint c = 0; c < st->n_cells; c++)
            if (st->terrain[c] == ACIES_CCA_TER_HILL || st->elevation[c] > 0)
              for (guint d = 0; d < 6; d++)
                if (st->nb[c][d] >= 0 && st->terrain[st->nb[c][d]] == ACIES_CCA_TER_FOREST)
                  st->steep[c] = TRUE;
        }
    }

  /* Who may enter each hex, and who stops there (section 7, B19). */
  for (guint c = 0; c < st->n_cells; c++)
    {
      const AciesCcaTerrainDef *t = &st->terr[st->terrain[c]];

      st->pass[c] = acies_cca_passable_types (st, c);
      st->stop[c] = (t->stop ? 3 : 0) | (t->mounted_stop ? 2 : 0)
                    | (st->terrain[c] == ACIES_CCA_TER_CAMP && st->opt.camp_stop ? 3 : 0)
                    | (t->enter_from_adjacent ? ACIES_CCA_STOP_ADJACENT_ONLY : 0);
    }
  /* The classes each unit belongs to, for the orders (after the legion
   * rules, which make class 5). */
  for (guint u = 0; u < st->n_units; u++)
    for (gint cls = 0; cls < 8; cls++)
      if (acies_cca_class_matches (s, u, cls))
        st->class_bits[u] |= 1u << cls;

  /* Areas the rules read (hold-position, reinforcements). */
  st->n_areas = MIN (scenario->areas->len, ACIES_CCA_MAX_AREAS);
  for (guint a = 0; a < st->n_areas; a++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, a);

      st->area_cells[a] = g_array_ref (area->cells);
    }
  for (guint a = st->n_areas; a < scenario->areas->len; a++)
    CHECK (FALSE, "$.areas", NULL, ACIES_CELL_NONE, _("At most %d areas."), ACIES_CCA_MAX_AREAS);

  /* S4.1: the flags win every battle; a scenario that names no victory
   * condition at all says nothing to its readers (the printed set-up,
   * the editor) of how it is won: a warning, located. */
  if (problems != NULL && scenario->victory->len == 0)
    g_ptr_array_add (problems,
                     acies_problem_new (ACIES_PROBLEM_WARNING, "$.victory", NULL, ACIES_CELL_NONE,
                                        _("No victory condition: the battle is still won by victory flags "
                                          "(CCA S4.1, %d for each army unless its side says otherwise); add "
                                          "the “flags” condition so that the set-up says how it is won."), 6));

  /* S4.3: objectives. */
  for (guint i = 0; i < scenario->victory->len; i++)
    {
      const AciesRuleEntry *e = g_ptr_array_index (scenario->victory, i);
      g_autofree char *path = g_strdup_printf ("$.victory[%u]", i);
      gint side = rule_side (scenario, e);
      gint a = area_index (scenario, acies_params_get_string (e->params, "area", NULL));
      AciesCcaObjective *o;
      const AciesArea *area;

      if (g_str_equal (e->kind, "flags"))
        continue;
      CHECK (side >= 0 && a >= 0, path, NULL, ACIES_CELL_NONE,
             _("The objective “%s” needs the army it serves and its area of hexes."), e->kind);
      if (side < 0 || a < 0 || st->n_objectives >= ACIES_CCA_MAX_AREAS)
        continue;
      area = g_ptr_array_index (scenario->areas, a);
      CHECK (area->cells->len >= 1 && area->cells->len <= 32, path, NULL, ACIES_CELL_NONE,
             _("The objective's area %s has %u hexes; it needs 1 to 32."), area->id, area->cells->len);
      o = &st->objectives[st->n_objectives++];
      o->side = side;
      o->name = area->name != NULL ? area->name : area->id;
      o->n_cells = MIN (area->cells->len, 32);
      for (guint k = 0; k < o->n_cells; k++)
        o->cells[k] = g_array_index (area->cells, AciesCell, k);
      if (g_str_equal (e->kind, "camp-capture"))
        {
          o->kind = ACIES_CCA_OBJ_CAMP;
          o->first_flag = (guint8) CLAMP (acies_params_get_int (e->params, "first_flag", 1), 1, 32);
          o->all_hexes = acies_params_get_bool (e->params, "all_hexes", FALSE);
        }
      else if (g_str_equal (e->kind, "occupy"))
        {
          o->kind = ACIES_CCA_OBJ_OCCUPY;
          o->first_flag = 1;
        }
      else if (g_str_equal (e->kind, "hold"))
        {
          o->kind = ACIES_CCA_OBJ_HOLD;
          o->units = (guint8) CLAMP (acies_params_get_int (e->params, "units", 1), 1, 32);
          o->at_start = acies_params_get_bool (e->params, "at_start", FALSE);
        }
      else if (g_str_equal (e->kind, "exit"))
        {
          o->kind = ACIES_CCA_OBJ_EXIT;
          o->mounted_only = g_strcmp0 (acies_params_get_string (e->params, "unit_class", "any"), "mounted") == 0;
          o->leaders_too = acies_params_get_bool (e->params, "leaders", FALSE);
        }
      else
        {
          st->n_objectives--;
          CHECK (FALSE, path, NULL, ACIES_CELL_NONE, _("Unknown objective “%s”."), e->kind);
        }
    }

  /* Units off the map are reinforcements: their army or the enemy must
   * bring them (SCN Gergovia). */
  for (guint u = 0; u < st->n_units; u++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, u);
      gint side = st->units[u].side;
      g_autofree char *path = g_strdup_printf ("$.units[%u].cell", u);

      if (unit->cell >= 0)
        continue;
      CHECK (st->reinf_area[side] >= 0 || st->reinf_answer[1 - side] >= 0, path, unit->id, ACIES_CELL_NONE,
             _("The unit %s is off the map, but no rule brings it into the battle (reinforcements by card)."),
             unit->id);
    }

  /* S3.6, S5.2: a turn starts with a Command card played from the hand,
   * dealt from the deck: a side that orders by cards needs some, and the
   * deck must hold both hands (SCN Utica 1: orders by dice need none). */
  {
    guint deck = 0, dealt = 0;

    for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
      deck += (guint) st->cards[i].count * st->decks;
    for (gint side = 0; side < 2; side++)
      {
        g_autofree char *path = g_strdup_printf ("$.sides[%d].params.hand_size", side);
        const AciesSide *sd = g_ptr_array_index (scenario->sides, side);

        if (st->dice_orders[side])
          continue;
        CHECK (st->hand_start[side] > 0, path, sd->id, ACIES_CELL_NONE,
               _("The army %s is dealt no Command card, so it can never take a turn: expected an integer from 1 to %d "
                 "(0 only with orders by dice, SCN Utica 1; CCA S3.6, S5.2)."),
               sd->name != NULL ? sd->name : sd->id, ACIES_CCA_MAX_HAND - 4);
        dealt += st->hand_start[side];
      }
    CHECK (deck >= dealt, "$.table_overrides.cards", NULL, ACIES_CELL_NONE,
           g_dngettext (GETTEXT_PACKAGE,
                        "The Command card deck holds %u card, fewer than the %u the two hands are dealt (CCA S3.6).",
                        "The Command card deck holds %u cards, fewer than the %u the two hands are dealt (CCA S3.6).",
                        deck),
           deck, dealt);
  }
  return ok;
#undef CHECK
}

/* The first state of the last scenario read, with its static data (the
 * board's sections, neighbours and terrain, the profiles, the deck): a
 * bench or a test plays one battle many times, and reading it costs more
 * than a short game's turns.  It is used again only for the same
 * scenario, still equal to the copy taken when it was read (the editor
 * changes a scenario in place), with the same catalogue and rulings.
 * The static data never changes once read, so the states of every game
 * share it. */
typedef struct
{
  AciesCatalogue  *catalogue;    /* borrowed: compared only */
  AciesScenario   *copy;         /* the scenario's contents when read */
  AciesCcaOptions  opt;
  AciesCcaState   *first;        /* holds its scenario and static data */
} FirstCache;

G_LOCK_DEFINE_STATIC (first_cache);
static FirstCache first_cache;

static void
first_state_free (AciesCcaState *s)
{
  acies_scenario_unref (s->base.scenario);
  acies_cca_static_unref (s->st);
  g_free (s);
}

/* A copy of the cached first state for @scenario, or %NULL. */
static AciesCcaState *
first_cache_get (AciesCatalogue        *catalogue,
                 AciesScenario         *scenario,
                 const AciesCcaOptions *opt)
{
  AciesCcaState *s = NULL;

  G_LOCK (first_cache);
  if (first_cache.first != NULL && first_cache.first->base.scenario == scenario
      && first_cache.catalogue == catalogue && memcmp (&first_cache.opt, opt, sizeof *opt) == 0
      && acies_scenario_equal (first_cache.copy, scenario))
    {
      s = g_memdup2 (first_cache.first, sizeof *s);
      acies_scenario_ref (s->base.scenario);
      g_atomic_int_inc (&s->st->ref_count);
    }
  G_UNLOCK (first_cache);
  return s;
}

static void
first_cache_put (AciesCatalogue *catalogue,
                 const AciesCcaState *s)
{
  AciesCcaState *first = g_memdup2 (s, sizeof *s);
  AciesScenario *copy = acies_scenario_copy (s->base.scenario);

  acies_scenario_ref (first->base.scenario);
  g_atomic_int_inc (&first->st->ref_count);
  G_LOCK (first_cache);
  g_clear_pointer (&first_cache.first, first_state_free);
  g_clear_pointer (&first_cache.copy, acies_scenario_unref);
  first_cache.catalogue = catalogue;
  first_cache.copy = copy;
  first_cache.opt = s->st->opt;
  first_cache.first = first;
  G_UNLOCK (first_cache);
}

/**
 * acies_cca_state_new:
 * @catalogue: the cca catalogue
 * @scenario: a scenario of the cca ruleset
 * @options: (nullable): rulings overriding the catalogue's defaults
 * @error: return location for an error
 *
 * S3: the battle before the deal (the first action shuffles and deals).
 *
 * Returns: (transfer full): a new state, or %NULL with
 *   ACIES_ENGINE_ERROR_INVALID saying why
 */
AciesCcaState *
acies_cca_state_new (AciesCatalogue *catalogue,
                     AciesScenario  *scenario,
                     JsonObject     *options,
                     GError        **error)
{
  AciesCcaStatic *st;
  AciesCcaState *s;
  AciesCcaOptions opt;

  read_options (&opt, catalogue, options);
  s = first_cache_get (catalogue, scenario, &opt);
  if (s != NULL)
    return s;
  st = g_new0 (AciesCcaStatic, 1);
  s = g_new0 (AciesCcaState, 1);
  st->ref_count = 1;
  st->catalogue = acies_catalogue_ref (catalogue);
  st->opt = opt;
  s->st = st;
  s->base.scenario = acies_scenario_ref (scenario);
  s->base.winner = -1;
  s->base.turn = 1;
  memset (s->unit_at, 0xff, sizeof s->unit_at);
  memset (s->leader_at, 0xff, sizeof s->leader_at);
  {
    const CatRules *r = rules_get (catalogue, scenario, error);

    if (r != NULL)
      use_rules (st, r);
    if (r == NULL || !read_scenario (st, s, scenario, NULL, error))
      {
        acies_scenario_unref (s->base.scenario);
        acies_cca_static_unref (st);
        g_free (s);
        return NULL;
      }
  }
  /* The objectives the rules ask of every action or move. */
  for (guint o = 0; o < st->n_objectives; o++)
    {
      st->any_hold |= st->objectives[o].kind == ACIES_CCA_OBJ_HOLD;
      st->any_exit |= st->objectives[o].kind == ACIES_CCA_OBJ_EXIT;
    }
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    s->deck[i] = acies_cca_cards_total (s, i);
  s->last_card[0] = s->last_card[1] = -1;
  s->play.card = s->play.effect = s->play.anchor = -1;
  s->retreat.unit = -1;
  s->escape_leader = -1;
  s->advance_unit = -1;
  s->base.active_side = st->first_side;
  s->top = ACIES_CCA_STEP_DEAL;
  acies_cca_set_step (s, ACIES_CCA_STEP_DEAL, st->first_side);
  first_cache_put (catalogue, s);
  return s;
}

/**
 * acies_cca_validate:
 * @catalogue: the cca catalogue
 * @scenario: a scenario
 * @problems: where to add the problems
 *
 * Every reason acies_cca_state_new() would refuse @scenario, as problems
 * with their JSON paths.
 */
void
acies_cca_validate (AciesCatalogue      *catalogue,
                    const AciesScenario *scenario,
                    GPtrArray           *problems)
{
  AciesCcaStatic *st = g_new0 (AciesCcaStatic, 1);
  AciesCcaState *s = g_new0 (AciesCcaState, 1);
  g_autoptr(GError) error = NULL;

  st->ref_count = 1;
  st->catalogue = acies_catalogue_ref (catalogue);
  read_options (&st->opt, catalogue, NULL);
  s->st = st;
  memset (s->unit_at, 0xff, sizeof s->unit_at);
  memset (s->leader_at, 0xff, sizeof s->leader_at);
  {
    const CatRules *r = rules_get (catalogue, scenario, &error);

    if (r == NULL)
      g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, "$.table_overrides", NULL, ACIES_CELL_NONE,
                                                    "%s", error->message));
    else
      {
        use_rules (st, r);
        read_scenario (st, s, scenario, problems, NULL);
      }
  }
  acies_cca_static_unref (st);
  g_free (s);
}
