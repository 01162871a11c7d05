/* main.c
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies"

#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "acies-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AciesApplication) app = NULL;

  /* Before GTK starts: the scenario named on the command line is read
   * meanwhile, and with it the rule catalogues, whose texts are translated
   * as they are read. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = acies_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
