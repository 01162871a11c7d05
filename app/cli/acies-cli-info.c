/* acies-cli-info.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "io/acies-scenario-io.h"
#include "acies-cli-private.h"

/* acies-cli info FILE: what a scenario holds, for people; a saved game's
 * state (acies_cli_info_game(), acies-cli-game.c).  With --json, the same
 * as one JSON object (docs/cli-json.md). */

static gboolean opt_json;

static const GOptionEntry entries[] = {
  { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_json, N_("Print one JSON object on standard output instead of text"), NULL },
  { NULL }
};

/* Enumerations in JSON: English ids, never translated. */
static const char *
board_kind_id (AciesBoardKind kind)
{
  switch (kind)
    {
    case ACIES_BOARD_SQUARE:
      return "square";
    case ACIES_BOARD_HEX:
      return "hex";
    case ACIES_BOARD_ZONES:
      return "zones";
    default:
      return NULL;
    }
}

static const char *
map_edge_id (AciesMapEdge edge)
{
  switch (edge)
    {
    case ACIES_MAP_EDGE_NORTH:
      return "north";
    case ACIES_MAP_EDGE_EAST:
      return "east";
    case ACIES_MAP_EDGE_SOUTH:
      return "south";
    case ACIES_MAP_EDGE_WEST:
      return "west";
    case ACIES_MAP_EDGE_NONE:
    default:
      return NULL;
    }
}

static const char *
board_kind_name (AciesBoardKind kind)
{
  switch (kind)
    {
    case ACIES_BOARD_SQUARE:
      return _("square grid");
    case ACIES_BOARD_HEX:
      return _("hex grid");
    case ACIES_BOARD_ZONES:
      return _("zone board");
    default:
      return "?";
    }
}

static const char *
map_edge_name (AciesMapEdge edge)
{
  switch (edge)
    {
    case ACIES_MAP_EDGE_NORTH:
      return _("north");
    case ACIES_MAP_EDGE_EAST:
      return _("east");
    case ACIES_MAP_EDGE_SOUTH:
      return _("south");
    case ACIES_MAP_EDGE_WEST:
      return _("west");
    case ACIES_MAP_EDGE_NONE:
    default:
      return _("none");
    }
}

/* The catalogue's name of a formation or area kind, or the id. */
static const char *
kind_name (GPtrArray  *kinds,
           const char *id)
{
  const AciesKind *kind = kinds != NULL && id != NULL ? acies_catalogue_find_kind (kinds, id) : NULL;

  if (kind != NULL && kind->name != NULL)
    return kind->name;
  return id != NULL ? id : "-";
}

/* A side's name, or the id. */
static const char *
side_name_of (const AciesScenario *scenario,
              const char          *id)
{
  AciesSide *side = id != NULL ? acies_scenario_find_side (scenario, id) : NULL;

  if (side != NULL && side->name != NULL)
    return side->name;
  return id != NULL ? id : "-";
}

/* An area's name, or the id. */
static const char *
area_name_of (const AciesScenario *scenario,
              const char          *id)
{
  AciesArea *area = id != NULL ? acies_scenario_find_area (scenario, id) : NULL;

  if (area != NULL && area->name != NULL)
    return area->name;
  return id != NULL ? id : "-";
}

static guint
count_for_side (GPtrArray  *items,
                gsize       side_offset,
                const char *side)
{
  guint n = 0;

  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      const char *item_side = G_STRUCT_MEMBER (const char *, g_ptr_array_index (items, i), side_offset);

      if (g_strcmp0 (item_side, side) == 0)
        n++;
    }
  return n;
}

static void
json_ruleset (JsonBuilder          *json,
              const AciesScenario  *scenario,
              const char           *ruleset_id,
              const AciesCatalogue *catalogue)
{
  acies_cli_json_member_string (json, "title", scenario->meta.title);
  acies_cli_json_member_string (json, "date", scenario->meta.date);
  acies_cli_json_member_string (json, "place", scenario->meta.place);
  json_builder_set_member_name (json, "ruleset");
  json_builder_begin_object (json);
  acies_cli_json_member_string (json, "id", ruleset_id);
  acies_cli_json_member_string (json, "name", catalogue != NULL ? catalogue->name : NULL);
  acies_cli_json_member_int (json, "version", scenario->ruleset_version);
  acies_cli_json_member_bool (json, "known", catalogue != NULL);
  json_builder_end_object (json);
}

/* `info --json` of a scenario. */
static void
json_scenario (JsonBuilder         *json,
               const char          *path,
               const AciesScenario *scenario)
{
  const AciesCatalogue *catalogue = acies_cli_catalogue_for (scenario);
  const AciesBoard *board = scenario->map.board;

  json_builder_begin_object (json);
  acies_cli_json_member_string (json, "file", path);
  acies_cli_json_member_string (json, "kind", "scenario");
  json_ruleset (json, scenario, scenario->ruleset, catalogue);

  json_builder_set_member_name (json, "board");
  if (board != NULL)
    {
      json_builder_begin_object (json);
      acies_cli_json_member_string (json, "kind", board_kind_id (acies_board_get_kind (board)));
      acies_cli_json_member_int (json, "width", acies_board_get_width (board));
      acies_cli_json_member_int (json, "height", acies_board_get_height (board));
      acies_cli_json_member_int (json, "cells", acies_board_get_n_cells (board));
      if (acies_board_get_kind (board) == ACIES_BOARD_HEX)
        {
          acies_cli_json_member_string (json, "orientation",
                                        acies_board_get_orientation (board) == ACIES_HEX_FLAT_TOP ? "flat-top" : "pointy-top");
          acies_cli_json_member_string (json, "offset",
                                        acies_board_get_offset (board) == ACIES_HEX_OFFSET_ODD ? "odd" : "even");
        }
      json_builder_end_object (json);
    }
  else
    json_builder_add_null_value (json);

  json_builder_set_member_name (json, "sides");
  json_builder_begin_array (json);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);

      json_builder_begin_object (json);
      acies_cli_json_member_string (json, "id", side->id);
      acies_cli_json_member_string (json, "name", side->name);
      acies_cli_json_member_string (json, "colour", side->colour);
      acies_cli_json_member_bool (json, "first", g_strcmp0 (scenario->first_side, side->id) == 0);
      acies_cli_json_member_string (json, "home_edge", map_edge_id (side->home_edge));
      acies_cli_json_member_int (json, "units", count_for_side (scenario->units, G_STRUCT_OFFSET (AciesUnit, side), side->id));
      acies_cli_json_member_int (json, "leaders", count_for_side (scenario->leaders, G_STRUCT_OFFSET (AciesLeader, side), side->id));
      json_builder_end_object (json);
    }
  json_builder_end_array (json);

  json_builder_set_member_name (json, "formations");
  json_builder_begin_array (json);
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (scenario->formations, i);

      json_builder_begin_object (json);
      acies_cli_json_member_string (json, "id", f->id);
      acies_cli_json_member_string (json, "name", f->name);
      acies_cli_json_member_string (json, "kind", f->kind);
      acies_cli_json_member_string (json, "side", f->side);
      acies_cli_json_member_int (json, "units", count_for_side (scenario->units, G_STRUCT_OFFSET (AciesUnit, formation), f->id));
      json_builder_end_object (json);
    }
  json_builder_end_array (json);

  acies_cli_json_member_int (json, "units", scenario->units->len);
  acies_cli_json_member_int (json, "leaders", scenario->leaders->len);

  json_builder_set_member_name (json, "pools");
  json_builder_begin_array (json);
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);
      guint counters = 0;

      for (guint j = 0; pool->entries != NULL && j < pool->entries->len; j++)
        counters += ((const AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->count;
      json_builder_begin_object (json);
      acies_cli_json_member_string (json, "id", pool->id);
      acies_cli_json_member_string (json, "side", pool->side);
      acies_cli_json_member_int (json, "draw", pool->draw);
      acies_cli_json_member_string (json, "area", pool->area);
      acies_cli_json_member_int (json, "counters", counters);
      json_builder_end_object (json);
    }
  json_builder_end_array (json);

  json_builder_set_member_name (json, "areas");
  json_builder_begin_array (json);
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);

      json_builder_begin_object (json);
      acies_cli_json_member_string (json, "id", area->id);
      acies_cli_json_member_string (json, "name", area->name);
      acies_cli_json_member_string (json, "kind", area->kind);
      acies_cli_json_member_string (json, "side", area->side);
      acies_cli_json_member_int (json, "cells", area->cells != NULL ? area->cells->len : 0);
      json_builder_end_object (json);
    }
  json_builder_end_array (json);

  acies_cli_json_member_int (json, "reinforcements", scenario->reinforcements->len);
  json_builder_set_member_name (json, "turn_limit");
  if (scenario->turn_limit > 0)
    json_builder_add_int_value (json, scenario->turn_limit);
  else
    json_builder_add_null_value (json);
  acies_cli_json_member_int (json, "special_rules", scenario->special_rules->len);
  acies_cli_json_member_int (json, "victory", scenario->victory->len);
  json_builder_end_object (json);
}

static const char *
side_id (const AciesScenario *scenario,
         gint                 index)
{
  if (index < 0 || (guint) index >= scenario->sides->len)
    return NULL;
  return ((const AciesSide *) g_ptr_array_index (scenario->sides, index))->id;
}

/* `info --json` of a saved game. */
static void
json_game (JsonBuilder *json,
           const char  *path,
           AciesGame   *game)
{
  AciesScenario *scenario = acies_game_get_scenario (game);
  const AciesState *state = acies_game_get_state (game);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  const char * const *players = acies_game_get_player_names (game);
  guint n_players = players != NULL ? g_strv_length ((char **) players) : 0;
  g_autofree char *words = acies_ruleset_describe_turn (ruleset, state);
  g_autofree char *digest = acies_game_digest (game);

  json_builder_begin_object (json);
  acies_cli_json_member_string (json, "file", path);
  acies_cli_json_member_string (json, "kind", "game");
  json_ruleset (json, scenario, acies_ruleset_get_id (ruleset), acies_cli_catalogue_for (scenario));

  json_builder_set_member_name (json, "players");
  json_builder_begin_array (json);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);

      json_builder_begin_object (json);
      acies_cli_json_member_string (json, "side", side->id);
      acies_cli_json_member_string (json, "side_name", side->name);
      acies_cli_json_member_string (json, "player", i < n_players && players[i][0] != '\0' ? players[i] : NULL);
      json_builder_end_object (json);
    }
  json_builder_end_array (json);

  json_builder_set_member_name (json, "turn");
  json_builder_begin_object (json);
  acies_cli_json_member_int (json, "number", state->turn);
  acies_cli_json_member_string (json, "words", words);
  acies_cli_json_member_string (json, "phase", state->phase);
  json_builder_end_object (json);

  acies_cli_json_member_int (json, "actions", acies_game_get_n_actions (game));
  json_builder_set_member_name (json, "dice");
  json_builder_begin_object (json);
  acies_cli_json_member_string (json, "mode",
                                acies_game_get_dice_mode (game) == ACIES_DICE_MODE_PHYSICAL ? "physical" : "seeded");
  /* A string: seeds are 64-bit, and JSON readers keep 53 bits. */
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, acies_game_get_seed (game));

    acies_cli_json_member_string (json, "seed", seed);
  }
  json_builder_end_object (json);
  acies_cli_json_member_int (json, "notes", acies_game_get_n_notes (game));
  acies_cli_json_member_bool (json, "finished", state->finished);
  acies_cli_json_member_string (json, "winner", state->finished ? side_id (scenario, state->winner) : NULL);
  acies_cli_json_member_string (json, "end_reason", state->finished ? state->end_reason : NULL);
  acies_cli_json_member_string (json, "to_act", state->finished ? NULL : side_id (scenario, state->deciding_side));
  acies_cli_json_member_string (json, "digest", digest);
  json_builder_end_object (json);
}

int
acies_cli_info (const AciesCliCommandInfo *info,
                int                        argc,
                char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const AciesCatalogue *catalogue;
  const AciesBoard *board;
  guint pool_counters = 0;

  acies_cli_set_description (context,
                             _("FILE is a scenario (.acies): its title, ruleset, board, sides, formations,\n"
                               "units, pools, areas and rules; or a saved game (.acies-game), loaded and\n"
                               "replayed: its title, ruleset, players, turn and phase, number of actions,\n"
                               "dice, and whether the game is over.\n\n"
                               "With --json, the same as one JSON object, whose \"kind\" is \"scenario\" or\n"
                               "\"game\"; an unreadable file prints nothing on standard output and its error\n"
                               "on standard error, as without --json."));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;
  if (argc != 2)
    return acies_cli_usage_error (info, argc < 2 ? _("no file given") : _("give exactly one file"));

  if (acies_cli_is_saved_game (argv[1]))
    {
      g_autoptr(AciesGame) game = acies_cli_load_game (argv[1]);

      if (game == NULL)
        return ACIES_CLI_EXIT_FAILED;
      if (opt_json)
        {
          g_autoptr(JsonBuilder) json = json_builder_new ();

          json_game (json, argv[1], game);
          acies_cli_json_print (json);
        }
      else
        acies_cli_info_game (game, argv[1]);
      return ACIES_CLI_EXIT_OK;
    }

  scenario = acies_scenario_load_path (argv[1], &error);
  if (scenario == NULL)
    {
      acies_cli_print_error (argv[1], error);
      return ACIES_CLI_EXIT_FAILED;
    }

  if (opt_json)
    {
      g_autoptr(JsonBuilder) json = json_builder_new ();

      json_scenario (json, argv[1], scenario);
      acies_cli_json_print (json);
      return ACIES_CLI_EXIT_OK;
    }

  catalogue = acies_cli_catalogue_for (scenario);
  board = scenario->map.board;

  acies_cli_print_heading (scenario, scenario->ruleset, catalogue);

  if (board != NULL)
    {
      if (acies_board_get_kind (board) == ACIES_BOARD_HEX)
        acies_cli_print_field ("", 12, _("Board:"),
                               /* Translators: acies-cli info: a hex board's kind,
                                * width×height, orientation ("flat-top"), offset
                                * ("odd") and number of cells. */
                               g_dngettext (GETTEXT_PACKAGE, "%s %u×%u, %s, %s offset, %u cell",
                                            "%s %u×%u, %s, %s offset, %u cells", acies_board_get_n_cells (board)),
                 board_kind_name (acies_board_get_kind (board)),
                 acies_board_get_width (board), acies_board_get_height (board),
                 acies_board_get_orientation (board) == ACIES_HEX_FLAT_TOP ? _("flat-top") : _("pointy-top"),
                 acies_board_get_offset (board) == ACIES_HEX_OFFSET_ODD ? _("odd") : _("even"),
                 acies_board_get_n_cells (board));
      else
        acies_cli_print_field ("", 12, _("Board:"),
                               /* Translators: acies-cli info: a board's kind,
                                * width×height and number of cells. */
                               g_dngettext (GETTEXT_PACKAGE, "%s %u×%u, %u cell", "%s %u×%u, %u cells",
                                            acies_board_get_n_cells (board)),
                 board_kind_name (acies_board_get_kind (board)),
                 acies_board_get_width (board), acies_board_get_height (board),
                 acies_board_get_n_cells (board));
    }

  acies_cli_print_field ("", 12, _("Sides:"), "%u", scenario->sides->len);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);

      guint n_units = count_for_side (scenario->units, G_STRUCT_OFFSET (AciesUnit, side), side->id);
      guint n_leaders = count_for_side (scenario->leaders, G_STRUCT_OFFSET (AciesLeader, side), side->id);
      /* Translators: acies-cli info, a side's number of units. */
      g_autofree char *units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", n_units), n_units);
      /* Translators: acies-cli info, a side's number of leaders. */
      g_autofree char *leaders = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u leader", "%u leaders", n_leaders),
                                                  n_leaders);

      /* Translators: acies-cli info, one side: its name, its colour,
       * "first:" and yes/no, the edge of the map it enters from ("north"),
       * its units ("12 units") and leaders ("1 leader"). */
      acies_cli_print_field ("  ", 10, side->id, _("%s (%s), %s %s, home edge %s, %s, %s"), side->name ? side->name : side->id,
               side->colour ? side->colour : "-",
               _("first:"), g_strcmp0 (scenario->first_side, side->id) == 0 ? _("yes") : _("no"),
               map_edge_name (side->home_edge), units, leaders);
    }

  acies_cli_print_field ("", 12, _("Formations:"), "%u", scenario->formations->len);
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (scenario->formations, i);

      guint n_units = count_for_side (scenario->units, G_STRUCT_OFFSET (AciesUnit, formation), f->id);

      acies_cli_print_field ("  ", 10, f->id,
                             /* Translators: acies-cli info, one formation: its name, its kind
                              * ("Wing") and side ("Rome"), its number of units. */
                             g_dngettext (GETTEXT_PACKAGE, "%s (%s of %s), %u unit", "%s (%s of %s), %u units", n_units),
                             f->name ? f->name : f->id,
                             kind_name (catalogue ? catalogue->formation_kinds : NULL, f->kind),
                             side_name_of (scenario, f->side), n_units);
    }

  acies_cli_print_field ("", 12, _("Units:"), "%u", scenario->units->len);
  acies_cli_print_field ("", 12, _("Leaders:"), "%u", scenario->leaders->len);

  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

      for (guint j = 0; pool->entries != NULL && j < pool->entries->len; j++)
        pool_counters += ((const AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->count;
    }
  /* Translators: acies-cli info: the number of counter pools, then of
   * the counters in them. */
  acies_cli_print_field ("", 12, _("Pools:"),
                         g_dngettext (GETTEXT_PACKAGE, "%u (%u counter)", "%u (%u counters)", pool_counters),
                         scenario->pools->len, pool_counters);
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

      if (pool->area != NULL)
        /* Translators: acies-cli info, one counter pool: its side, how many
         * counters are drawn from it and the area they are set up in. */
        acies_cli_print_field ("  ", 10, pool->id, _("side %s, draw %u, into %s"),
                               side_name_of (scenario, pool->side), pool->draw,
                               area_name_of (scenario, pool->area));
      else
        /* Translators: acies-cli info, one counter pool: its side and how
         * many counters are drawn from it. */
        acies_cli_print_field ("  ", 10, pool->id, _("side %s, draw %u"),
                               side_name_of (scenario, pool->side), pool->draw);
    }

  acies_cli_print_field ("", 12, _("Areas:"), "%u", scenario->areas->len);
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);

      guint n_cells = area->cells ? area->cells->len : 0;

      acies_cli_print_field ("  ", 10, area->id,
                             /* Translators: acies-cli info, one area: its name, its kind and
                              * side ("Set-up area, Rome"), its number of cells. */
                             g_dngettext (GETTEXT_PACKAGE, "%s (%s%s%s), %u cell", "%s (%s%s%s), %u cells", n_cells),
                             area->name ? area->name : area->id,
                             kind_name (catalogue ? catalogue->area_kinds : NULL, area->kind),
                             area->side ? ", " : "", area->side ? side_name_of (scenario, area->side) : "",
                             n_cells);
    }

  acies_cli_print_field ("", 12, _("Reinforcements:"), "%u", scenario->reinforcements->len);
  if (scenario->turn_limit > 0)
    acies_cli_print_field ("", 12, _("Turn limit:"), "%u", scenario->turn_limit);
  else
    acies_cli_print_field ("", 12, _("Turn limit:"), "%s", _("none"));
  acies_cli_print_field ("", 12, _("Special rules:"), "%u", scenario->special_rules->len);
  acies_cli_print_field ("", 12, _("Victory:"), "%u", scenario->victory->len);

  return ACIES_CLI_EXIT_OK;
}
