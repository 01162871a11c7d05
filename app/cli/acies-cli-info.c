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
 * state (acies_cli_info_game(), acies-cli-game.c). */

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

int
acies_cli_info (const AciesCliCommandInfo *info,
                int                        argc,
                char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, NULL);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const AciesCatalogue *catalogue;
  const AciesBoard *board;
  guint pool_counters = 0;

  acies_cli_set_description (context,
                             _("FILE is a scenario (.acies): its title, ruleset, board, sides, formations,\n"
                               "units, pools, areas and rules; or a saved game (.acies-game), loaded and\n"
                               "replayed: its title, ruleset, players, turn and phase, number of actions,\n"
                               "dice, and whether the game is over."));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;
  if (argc != 2)
    return acies_cli_usage_error (info, argc < 2 ? _("no file given") : _("give exactly one file"));

  if (acies_cli_is_saved_game (argv[1]))
    {
      g_autoptr(AciesGame) game = acies_cli_load_game (argv[1]);

      if (game == NULL)
        return ACIES_CLI_EXIT_FAILED;
      acies_cli_info_game (game, argv[1]);
      return ACIES_CLI_EXIT_OK;
    }

  scenario = acies_scenario_load_path (argv[1], &error);
  if (scenario == NULL)
    {
      acies_cli_print_error (argv[1], error);
      return ACIES_CLI_EXIT_FAILED;
    }

  catalogue = acies_cli_catalogue_for (scenario);
  board = scenario->map.board;

  acies_cli_print_heading (scenario, scenario->ruleset, catalogue);

  if (board != NULL)
    {
      if (acies_board_get_kind (board) == ACIES_BOARD_HEX)
        g_print ("%-12s %s %u×%u, %s, %s offset, %u cells\n", _("Board:"),
                 board_kind_name (acies_board_get_kind (board)),
                 acies_board_get_width (board), acies_board_get_height (board),
                 acies_board_get_orientation (board) == ACIES_HEX_FLAT_TOP ? _("flat-top") : _("pointy-top"),
                 acies_board_get_offset (board) == ACIES_HEX_OFFSET_ODD ? _("odd") : _("even"),
                 acies_board_get_n_cells (board));
      else
        g_print ("%-12s %s %u×%u, %u cells\n", _("Board:"),
                 board_kind_name (acies_board_get_kind (board)),
                 acies_board_get_width (board), acies_board_get_height (board),
                 acies_board_get_n_cells (board));
    }

  g_print ("%-12s %u\n", _("Sides:"), scenario->sides->len);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);

      g_print ("  %-10s %s (%s), %s %s, home edge %s, %u units, %u leaders\n",
               side->id, side->name ? side->name : side->id,
               side->colour ? side->colour : "-",
               _("first:"), g_strcmp0 (scenario->first_side, side->id) == 0 ? _("yes") : _("no"),
               map_edge_name (side->home_edge),
               count_for_side (scenario->units, G_STRUCT_OFFSET (AciesUnit, side), side->id),
               count_for_side (scenario->leaders, G_STRUCT_OFFSET (AciesLeader, side), side->id));
    }

  g_print ("%-12s %u\n", _("Formations:"), scenario->formations->len);
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (scenario->formations, i);

      g_print ("  %-10s %s (%s of %s), %u units\n", f->id, f->name ? f->name : f->id,
               f->kind ? f->kind : "-", f->side ? f->side : "-",
               count_for_side (scenario->units, G_STRUCT_OFFSET (AciesUnit, formation), f->id));
    }

  g_print ("%-12s %u\n", _("Units:"), scenario->units->len);
  g_print ("%-12s %u\n", _("Leaders:"), scenario->leaders->len);

  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

      for (guint j = 0; pool->entries != NULL && j < pool->entries->len; j++)
        pool_counters += ((const AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->count;
    }
  g_print ("%-12s %u (%u counters)\n", _("Pools:"), scenario->pools->len, pool_counters);
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

      g_print ("  %-10s side %s, draw %u%s%s\n", pool->id, pool->side ? pool->side : "-",
               pool->draw, pool->area ? ", into " : "", pool->area ? pool->area : "");
    }

  g_print ("%-12s %u\n", _("Areas:"), scenario->areas->len);
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);

      g_print ("  %-10s %s (%s%s%s), %u cells\n", area->id, area->name ? area->name : area->id,
               area->kind ? area->kind : "-", area->side ? ", " : "", area->side ? area->side : "",
               area->cells ? area->cells->len : 0);
    }

  g_print ("%-12s %u\n", _("Reinforcements:"), scenario->reinforcements->len);
  if (scenario->turn_limit > 0)
    g_print ("%-12s %u\n", _("Turn limit:"), scenario->turn_limit);
  else
    g_print ("%-12s %s\n", _("Turn limit:"), _("none"));
  g_print ("%-12s %u\n", _("Special rules:"), scenario->special_rules->len);
  g_print ("%-12s %u\n", _("Victory:"), scenario->victory->len);

  return ACIES_CLI_EXIT_OK;
}
