/* acies-cli-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "game/acies-game.h"
#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/* Exit statuses shared by the subcommands. */
#define ACIES_CLI_EXIT_OK      0
#define ACIES_CLI_EXIT_FAILED  1   /* a file failed to load, validate or write */
#define ACIES_CLI_EXIT_USAGE   2   /* bad command line */

/* What a subcommand knows about itself (for its --help). */
typedef struct
{
  const char *name;
  const char *parameters;
  const char *summary;
} AciesCliCommandInfo;

/**
 * AciesCliCommand:
 * @info: name, GOptionContext parameter string ("FILE…") and one-line summary
 * @run: runs the command on its own argv (argv[0] is the command's name)
 *
 * One subcommand of acies-cli; the table of all of them is in acies-cli.c.
 */
typedef struct
{
  AciesCliCommandInfo info;
  int (*run) (const AciesCliCommandInfo *info,
              int                        argc,
              char                     **argv);
} AciesCliCommand;

int               acies_cli_validate        (const AciesCliCommandInfo *info,
                                             int                        argc,
                                             char                     **argv);
int               acies_cli_info            (const AciesCliCommandInfo *info,
                                             int                        argc,
                                             char                     **argv);
int               acies_cli_render          (const AciesCliCommandInfo *info,
                                             int                        argc,
                                             char                     **argv);
int               acies_cli_bench           (const AciesCliCommandInfo *info,
                                             int                        argc,
                                             char                     **argv);

/* Helpers (acies-cli.c). */
GOptionContext   *acies_cli_option_context  (const AciesCliCommandInfo *info,
                                             const GOptionEntry        *entries);
void              acies_cli_set_description (GOptionContext            *context,
                                             const char                *text);
int               acies_cli_usage_error     (const AciesCliCommandInfo *info,
                                             const char                *format,
                                             ...) G_GNUC_PRINTF (2, 3);
gboolean          acies_cli_parse           (const AciesCliCommandInfo *info,
                                             GOptionContext            *context,
                                             int                       *argc,
                                             char                    ***argv);
char             *acies_cli_split_error     (const char                *file,
                                             const GError              *error,
                                             int                       *line,
                                             int                       *column);
void              acies_cli_print_error     (const char                *file,
                                             const GError              *error);
int               acies_cli_file_error      (const char                *file,
                                             const char                *format,
                                             ...) G_GNUC_PRINTF (2, 3);
gboolean          acies_cli_parse_size      (const char                *text,
                                             int                       *width,
                                             int                       *height);
AciesCatalogue   *acies_cli_catalogue_for   (const AciesScenario       *scenario);
void              acies_cli_print_field     (const char                *indent,
                                             guint                      width,
                                             const char                *label,
                                             const char                *format,
                                             ...) G_GNUC_PRINTF (4, 5);
void              acies_cli_print_heading   (const AciesScenario       *scenario,
                                             const char                *ruleset_id,
                                             const AciesCatalogue      *catalogue);

/* Scenarios that are run and saved games (acies-cli-game.c). */
gboolean          acies_cli_check_scenario  (const char                *path,
                                             const AciesScenario       *scenario,
                                             const char                *json_prefix,
                                             gboolean                   show_warnings,
                                             guint                     *n_errors,
                                             guint                     *n_warnings,
                                             JsonBuilder               *json);
void              acies_cli_warn_if_invalid (const char                *path,
                                             const AciesScenario       *scenario);
AciesScenario    *acies_cli_load_playable   (const char                *path,
                                             AciesRuleset             **ruleset);
gboolean          acies_cli_is_saved_game   (const char                *path);
AciesGame        *acies_cli_load_game       (const char                *path);
gboolean          acies_cli_validate_game   (const char                *path,
                                             gboolean                   quiet,
                                             gboolean                   warnings_as_errors,
                                             JsonBuilder               *json);
void              acies_cli_info_game       (AciesGame                 *game,
                                             const char                *path);

/* The --json forms of validate and info (acies-cli-json.c). */
void              acies_cli_json_print          (JsonBuilder           *builder);
void              acies_cli_json_member_string  (JsonBuilder           *builder,
                                                 const char            *member,
                                                 const char            *value);
void              acies_cli_json_member_int     (JsonBuilder           *builder,
                                                 const char            *member,
                                                 gint64                 value);
void              acies_cli_json_member_bool    (JsonBuilder           *builder,
                                                 const char            *member,
                                                 gboolean               value);
void              acies_cli_json_begin_file     (JsonBuilder           *builder,
                                                 const char            *path,
                                                 const char            *kind);
void              acies_cli_json_end_file       (JsonBuilder           *builder,
                                                 gboolean               valid,
                                                 guint                  n_errors,
                                                 guint                  n_warnings);
void              acies_cli_json_add_problem    (JsonBuilder           *builder,
                                                 gboolean               is_error,
                                                 const char            *path,
                                                 const char            *message);
void              acies_cli_json_add_error      (JsonBuilder           *builder,
                                                 const char            *file,
                                                 const GError          *error);

double acies_cli_median_ms (GArray *times);

G_END_DECLS
