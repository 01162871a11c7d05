/* test-cli.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cli"

#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>

#include "io/acies-scenario-io.h"

#include "acies-test-cli.h"

/* Runs acies-cli as a user would and checks exit status and output. */

static void
test_validate (void)
{
  g_autofree char *good = acies_test_source_path ("data", "scenarios", "samples", "four-battles-sample.acies", NULL);
  g_autofree char *bad = acies_test_source_path ("tests", "render", "fixtures", "bad-unit-cell.acies", NULL);
  g_autofree char *broken = acies_test_source_path ("tests", "render", "fixtures", "bad-json.acies", NULL);

  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "validate", good, NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
    g_assert_true (strstr (out, good) != NULL);
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "validate", bad, NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 1);
    g_assert_true (g_str_has_prefix (err, bad));
    g_assert_true (strstr (err, "error") != NULL);
    g_assert_true (strstr (err, "$.units[0].cell") != NULL);
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "validate", good, broken, NULL };
    g_auto(GStrv) lines = NULL;

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 1);
    lines = g_strsplit (g_strstrip (err), "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 1);
    g_assert_true (g_str_has_prefix (lines[0], broken));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "validate", "/nonexistent/x.acies", NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 1);
    g_assert_true (strstr (err, "/nonexistent/x.acies") != NULL);
  }
}

static void
test_info (void)
{
  g_autofree char *good = acies_test_source_path ("data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (good, NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *units = NULL;
  const char *args[] = { "info", good, NULL };

  g_assert_nonnull (scenario);
  g_assert_nonnull (scenario->meta.title);
  g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
  g_assert_true (strstr (out, scenario->meta.title) != NULL);
  g_assert_true (strstr (out, scenario->ruleset) != NULL);
  units = g_strdup_printf ("Units:       %u\n", scenario->units->len);
  g_assert_true (strstr (out, units) != NULL);
}

static void
test_render (void)
{
  g_autofree char *good = acies_test_source_path ("data", "scenarios", "samples", "lost-battles-sample.acies", NULL);
  g_autofree char *dir = g_dir_make_tmp ("acies-cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "board.png", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "render", good, "-o", png, "--size", "320x200", NULL };
  cairo_surface_t *surface;

  g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 200);
  cairo_surface_destroy (surface);
  g_unlink (png);

  {
    g_autofree char *out2 = NULL, *err2 = NULL;
    const char *bad_size[] = { "render", good, "-o", png, "--size", "320by200", NULL };

    g_assert_cmpint (acies_test_cli_run (bad_size, &out2, &err2), ==, 2);
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  }
  g_rmdir (dir);
}

static void
test_help (void)
{
  const char *commands[] = { "validate", "info", "render", "bench" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      const char *args[] = { commands[i], "--help", NULL };
      g_autofree char *usage = g_strdup_printf ("acies-cli %s", commands[i]);

      g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
      g_assert_true (strstr (out, usage) != NULL);
    }

  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "--help", NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      g_assert_true (strstr (out, commands[i]) != NULL);
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "no-such-command", NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 2);
  }
}

static void
test_bench (void)
{
  g_autofree char *good = acies_test_source_path ("data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "bench", "--json", "--runs", "1", "--size", "320x200", good, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *result;

  g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "width"), ==, 320);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "results")), ==, 1);
  result = json_array_get_object_element (json_object_get_array_member (root, "results"), 0);
  g_assert_cmpfloat (json_object_get_double_member (result, "render_first_ms"), >, 0);
  g_assert_cmpfloat (json_object_get_double_member (result, "load_validate_ms"), >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/cli/validate", test_validate);
  g_test_add_func ("/acies/cli/info", test_info);
  g_test_add_func ("/acies/cli/render", test_render);
  g_test_add_func ("/acies/cli/help", test_help);
  g_test_add_func ("/acies/cli/bench", test_bench);

  return g_test_run ();
}
