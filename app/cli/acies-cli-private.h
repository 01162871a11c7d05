/* acies-cli-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"

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
gboolean          acies_cli_parse           (const AciesCliCommandInfo *info,
                                             GOptionContext            *context,
                                             int                       *argc,
                                             char                    ***argv);
void              acies_cli_print_error     (const char                *file,
                                             const GError              *error);
gboolean          acies_cli_parse_size      (const char                *text,
                                             int                       *width,
                                             int                       *height);
AciesCatalogue   *acies_cli_catalogue_for   (const AciesScenario       *scenario);

G_END_DECLS
