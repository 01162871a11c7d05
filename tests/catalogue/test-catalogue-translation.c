/* test-catalogue-translation.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-catalogue"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-table.h"

#include "acies-test-locale.h"

/*
 * The rule catalogues' texts reach translators and come back translated.
 *
 * tests/catalogue/meson.build runs the real extraction (po/meson.build's
 * generated acies-catalogue-strings.c through xgettext), makes a
 * pseudo-translation of the template in which every message is "«text»"
 * (msgen, msgfilter) and compiles it (msgfmt) to PSEUDO_MO.  This test
 * installs it as the language "xx", loads every bundled catalogue with
 * LANGUAGE=xx and checks that every text the catalogue holds for a player
 * came back wrapped, and that no id did.  A text the extraction missed,
 * or that the reader does not translate, stays bare and fails here.
 */

static guint n_checked;

static gboolean
is_pseudo (const char *text)
{
  return g_str_has_prefix (text, "«") && g_str_has_suffix (text, "»");
}

static void
check_text (const char *catalogue,
            const char *where,
            const char *text)
{
  /* Absent, or empty (nothing to translate). */
  if (text == NULL || *text == '\0')
    return;
  if (!is_pseudo (text))
    g_error ("%s: %s: “%s” is not translated (missing from po/acies-catalogue-strings.c, "
             "or not translated by the catalogue reader)", catalogue, where, text);
  n_checked++;
}

static void
check_id (const char *catalogue,
          const char *where,
          const char *id)
{
  if (id != NULL && strstr (id, "«") != NULL)
    g_error ("%s: %s: the id “%s” was translated", catalogue, where, id);
}

static void
check_specs (const char *catalogue,
             const char *where,
             GPtrArray  *specs)
{
  for (guint i = 0; specs != NULL && i < specs->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (specs, i);
      g_autofree char *path = g_strdup_printf ("%s “%s”", where, spec->id);

      check_id (catalogue, path, spec->id);
      check_text (catalogue, path, spec->label);
      check_text (catalogue, path, spec->help);
      for (guint v = 0; spec->values != NULL && spec->values[v] != NULL; v++)
        check_id (catalogue, path, spec->values[v]);
      for (guint v = 0; spec->value_labels != NULL && spec->value_labels[v] != NULL; v++)
        check_text (catalogue, path, spec->value_labels[v]);
    }
}

static void
check_types (const char *catalogue,
             const char *where,
             GPtrArray  *types)
{
  for (guint i = 0; types != NULL && i < types->len; i++)
    {
      const AciesUnitType *type = g_ptr_array_index (types, i);
      g_autofree char *path = g_strdup_printf ("%s “%s”", where, type->id);

      check_id (catalogue, path, type->id);
      check_id (catalogue, path, type->category);
      check_text (catalogue, path, type->name);
      check_specs (catalogue, path, type->attributes);
      check_specs (catalogue, path, type->hidden);
    }
}

static void
check_terrain (const char *catalogue,
               const char *where,
               GPtrArray  *terrain)
{
  for (guint i = 0; terrain != NULL && i < terrain->len; i++)
    {
      const AciesTerrainType *t = g_ptr_array_index (terrain, i);
      g_autofree char *path = g_strdup_printf ("%s “%s”", where, t->id);

      check_id (catalogue, path, t->id);
      check_text (catalogue, path, t->name);
    }
}

static void
check_kinds (const char *catalogue,
             const char *where,
             GPtrArray  *kinds)
{
  for (guint i = 0; kinds != NULL && i < kinds->len; i++)
    {
      const AciesKind *kind = g_ptr_array_index (kinds, i);
      g_autofree char *path = g_strdup_printf ("%s “%s”", where, kind->id);

      check_id (catalogue, path, kind->id);
      check_text (catalogue, path, kind->name);
      check_text (catalogue, path, kind->description);
      check_specs (catalogue, path, kind->params);
    }
}

static void
check_tables (const char *catalogue,
              GPtrArray  *tables)
{
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      const AciesTable *table = g_ptr_array_index (tables, i);
      g_autofree char *path = g_strdup_printf ("table “%s”", table->id);

      check_id (catalogue, path, table->id);
      check_text (catalogue, path, table->name);
      check_text (catalogue, path, table->row_title);
      check_text (catalogue, path, table->col_title);
      for (guint r = 0; r < table->rows->len; r++)
        check_id (catalogue, path, g_ptr_array_index (table->rows, r));
      for (guint c = 0; c < table->columns->len; c++)
        check_id (catalogue, path, g_ptr_array_index (table->columns, c));
    }
}

/* Every text of one bundled catalogue is translated; no id is. */
static void
test_translated (gconstpointer data)
{
  const char *id = data;
  AciesCatalogue *catalogue = acies_catalogue_get_bundled (id);
  guint before = n_checked;

  g_assert_nonnull (catalogue);
  check_id (id, "id", catalogue->id);
  g_assert_cmpstr (catalogue->id, ==, id);
  check_id (id, "default terrain", catalogue->default_terrain);
  check_text (id, "name", catalogue->name);
  check_terrain (id, "terrain", catalogue->terrain);
  check_terrain (id, "cell feature", catalogue->cell_features);
  check_terrain (id, "edge feature", catalogue->edge_features);
  check_types (id, "unit type", catalogue->unit_types);
  check_types (id, "leader kind", catalogue->leader_kinds);
  check_kinds (id, "formation kind", catalogue->formation_kinds);
  check_kinds (id, "area kind", catalogue->area_kinds);
  check_kinds (id, "special rule", catalogue->special_rules);
  check_kinds (id, "victory condition", catalogue->victory_kinds);
  check_specs (id, "side parameter", catalogue->side_params);
  check_specs (id, "formation parameter", catalogue->formation_params);
  check_specs (id, "scenario parameter", catalogue->scenario_params);
  check_specs (id, "pool parameter", catalogue->pool_params);
  check_specs (id, "option", catalogue->options);
  check_tables (id, catalogue->tables);

  /* A catalogue has at least its name, a terrain and a unit type. */
  g_assert_cmpuint (n_checked - before, >=, 3);
  g_test_message ("%s: %u texts translated", id, n_checked - before);
}

/* The enum labels the editor and the new-game dialog show go through the
 * translated value labels. */
static void
test_value_label (void)
{
  const char * const *ids = acies_catalogue_list_bundled ();
  guint found = 0;

  for (guint i = 0; ids[i] != NULL; i++)
    {
      AciesCatalogue *catalogue = acies_catalogue_get_bundled (ids[i]);

      for (guint o = 0; o < catalogue->options->len; o++)
        {
          const AciesParamSpec *spec = g_ptr_array_index (catalogue->options, o);
          g_autofree char *label = NULL;

          if (spec->value_labels == NULL)
            continue;
          label = acies_param_spec_value_label (spec, 0);
          g_assert_true (is_pseudo (label));
          found++;
        }
    }
  g_assert_cmpuint (found, >, 0);
}

/* The pseudo-translation as the language "xx" in a temporary folder. */
static char *
install_pseudo_locale (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("acies-pseudo-XXXXXX", &error);
  g_autofree char *dir = NULL;
  g_autofree char *target = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  dir = g_build_filename (root, "xx", "LC_MESSAGES", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  target = g_build_filename (dir, GETTEXT_PACKAGE ".mo", NULL);
  g_file_get_contents (PSEUDO_MO, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (target, contents, length, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&root);
}

static void
remove_pseudo_locale (const char *root)
{
  g_autofree char *mo = g_build_filename (root, "xx", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *messages = g_build_filename (root, "xx", "LC_MESSAGES", NULL);
  g_autofree char *xx = g_build_filename (root, "xx", NULL);

  g_unlink (mo);
  g_rmdir (messages);
  g_rmdir (xx);
  g_rmdir (root);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *root = NULL;
  g_autofree char *locpath = NULL;
  const char * const *ids;
  int status;

  root = install_pseudo_locale ();
  locpath = acies_test_locale_select ("xx");
  if (setlocale (LC_ALL, "") == NULL)
    g_error ("the locale %s cannot be set", g_getenv ("LC_ALL"));
  bindtextdomain (GETTEXT_PACKAGE, root);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_test_init (&argc, &argv, NULL);

  ids = acies_catalogue_list_bundled ();
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/acies/catalogue/translation/%s", ids[i]);

      g_test_add_data_func (path, ids[i], test_translated);
    }
  g_test_add_func ("/acies/catalogue/translation/value-labels", test_value_label);

  status = g_test_run ();
  remove_pseudo_locale (root);
  acies_test_locale_remove (locpath);
  return status;
}
