/* acies-test-locale.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-locale"

#include "config.h"

#include <glib/gstdio.h>
#include <gio/gio.h>

#include "acies-test-locale.h"

/*
 * A locale for the translation tests (the pseudo-translations of the
 * catalogues and of the UI), shared by test-catalogue-translation.c and
 * test-pseudo-locale.c.
 *
 * C.UTF-8 is the one locale every glibc machine has, but glibc 2.41
 * (Debian 13; 2.36 in Debian 12 does not) treats it as "C" and ignores
 * LANGUAGE there, so nothing would be translated.  Where its files are
 * found, the test runs instead under "xx_XX.UTF-8": a link to them in a
 * LOCPATH of its own, a locale that is not C, whose messages are looked
 * for in LANGUAGE.  Elsewhere C.UTF-8 with LANGUAGE, which older glibc
 * versions honour.
 */

static const char * const c_utf8_dirs[] = { "/usr/lib/locale/C.utf8", "/usr/lib/locale/C.UTF-8" };

/**
 * acies_test_locale_select:
 * @language: the language whose messages the test reads ("xx")
 *
 * Sets LC_ALL, LANGUAGE and (where the link is made) LOCPATH so that the
 * next `setlocale (LC_ALL, "")` selects a UTF-8 locale that translates
 * into @language.  Call it before gtk_test_init() or setlocale(); aborts
 * the test when the link cannot be made.
 *
 * Returns: (transfer full) (nullable): the temporary LOCPATH folder, for
 *   acies_test_locale_remove(); %NULL when C.UTF-8 is used
 */
char *
acies_test_locale_select (const char *language)
{
  for (guint i = 0; i < G_N_ELEMENTS (c_utf8_dirs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *root = NULL;
      g_autofree char *link = NULL;
      g_autoptr(GFile) file = NULL;

      if (!g_file_test (c_utf8_dirs[i], G_FILE_TEST_IS_DIR))
        continue;
      root = g_dir_make_tmp ("acies-locale-XXXXXX", &error);
      g_assert_no_error (error);
      link = g_build_filename (root, "xx_XX.utf8", NULL);
      file = g_file_new_for_path (link);
      g_file_make_symbolic_link (file, c_utf8_dirs[i], NULL, &error);
      g_assert_no_error (error);
      g_setenv ("LOCPATH", root, TRUE);
      g_setenv ("LANGUAGE", language, TRUE);
      g_setenv ("LC_ALL", "xx_XX.UTF-8", TRUE);
      return g_steal_pointer (&root);
    }
  g_setenv ("LANGUAGE", language, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  return NULL;
}

/**
 * acies_test_locale_remove:
 * @locpath: (nullable): what acies_test_locale_select() returned
 *
 * Removes the temporary LOCPATH folder and its link.
 */
void
acies_test_locale_remove (const char *locpath)
{
  g_autofree char *link = NULL;

  if (locpath == NULL)
    return;
  link = g_build_filename (locpath, "xx_XX.utf8", NULL);
  g_unlink (link);
  g_rmdir (locpath);
}
