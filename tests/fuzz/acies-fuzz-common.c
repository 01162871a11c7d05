/* acies-fuzz-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-fuzz"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "acies-error.h"
#include "acies-data.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-table.h"
#include "game/acies-game.h"
#include "render/acies-render.h"
#include "render/acies-render-print.h"
#include "acies-test-ruleset.h"

#include "acies-fuzz-common.h"

/* A broken contract: print it and abort, so that libFuzzer keeps the
 * input as a crash and the regression test fails loudly. */
#define CONTRACT(cond, ...) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond))) \
      { \
        fprintf (stderr, "acies-fuzz: broken reader contract: %s: ", #cond); \
        fprintf (stderr, __VA_ARGS__); \
        fputc ('\n', stderr); \
        abort (); \
      } \
  } G_STMT_END

/* Square-board catalogues whose ruleset is not registered (yet) replay
 * their saved games under the test ruleset's rules, so the saved-game
 * reader's replay is reached: the scenario reader accepts only bundled
 * catalogue ids, and "test-race" is not one. */
static const char * const alias_ids[] = { "grass-crown", NULL };

static gboolean aliased[G_N_ELEMENTS (alias_ids)];

static gboolean
is_registered (const char *id)
{
  const char * const *ids = acies_ruleset_list ();

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      return TRUE;
  return FALSE;
}

/**
 * acies_fuzz_setup:
 *
 * Registers the test ruleset ("test-race"), and under the id of each
 * square-board bundled catalogue that has no registered ruleset.  Idempotent.
 */
void
acies_fuzz_setup (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      /* GLib's warnings are bugs in a reader too: make them crashes. */
      g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
      acies_data_ensure_registered ();
      /* Load the bundled catalogues now: they are kept for the life of the
       * process, and a first load inside an input would look like a leak
       * to libFuzzer. */
      {
        const char * const *ids = acies_catalogue_list_bundled ();

        for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
          (void) acies_catalogue_get_bundled (ids[i]);
      }
      acies_ruleset_register ("test-race", acies_test_ruleset_new);
      /* Fonts too: fontconfig and Pango keep their caches for the life of
       * the process. */
      {
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 16, 16);
        cairo_t *cr = cairo_create (surface);
        PangoLayout *layout = pango_cairo_create_layout (cr);

        pango_layout_set_markup (layout, "<b>Acies</b> 1 ★", -1);
        pango_cairo_show_layout (cr, layout);
        g_object_unref (layout);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
      for (guint i = 0; alias_ids[i] != NULL; i++)
        if (!is_registered (alias_ids[i]) && acies_catalogue_get_bundled (alias_ids[i]) != NULL)
          {
            acies_ruleset_register (alias_ids[i], acies_test_ruleset_new);
            aliased[i] = TRUE;
          }
      g_once_init_leave (&done, 1);
    }
}

/**
 * acies_fuzz_is_alias:
 * @id: a ruleset id
 *
 * Returns: whether the test ruleset is registered under @id by
 *   acies_fuzz_setup() (the real ruleset is not there)
 */
gboolean
acies_fuzz_is_alias (const char *id)
{
  acies_fuzz_setup ();
  for (guint i = 0; alias_ids[i] != NULL; i++)
    if (g_str_equal (alias_ids[i], id))
      return aliased[i];
  return FALSE;
}

static void
check_refusal (const char   *reader,
               const GError *error)
{
  CONTRACT (error != NULL, "%s returned nothing and set no error", reader);
  CONTRACT (error->domain == ACIES_ENGINE_ERROR, "%s: error of domain %s: %s", reader,
            g_quark_to_string (error->domain), error->message);
  CONTRACT (error->message != NULL && *error->message != '\0', "%s: empty error message", reader);
  CONTRACT (g_utf8_validate (error->message, -1, NULL), "%s: error message is not UTF-8", reader);
}

/**
 * acies_fuzz_scenario:
 *
 * acies_scenario_load_data(); an accepted scenario is validated against
 * its catalogue, written and read back, and must then write the same text.
 */
gboolean
acies_fuzz_scenario (const guint8  *data,
                     gsize          size,
                     GError       **error)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesScenario) again = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  AciesCatalogue *catalogue;

  acies_fuzz_setup ();

  scenario = acies_scenario_load_data ((const char *) data, size, "fuzz.acies", &local_error);
  if (scenario == NULL)
    {
      check_refusal ("acies_scenario_load_data", local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  CONTRACT (local_error == NULL, "a scenario and an error: %s", local_error->message);

  catalogue = acies_catalogue_get_bundled (scenario->ruleset);
  CONTRACT (catalogue != NULL, "loaded a scenario of unknown ruleset %s", scenario->ruleset);
  problems = acies_problems_new ();
  acies_scenario_check_structure (scenario, problems);
  acies_scenario_check (scenario, catalogue, problems);

  text = acies_scenario_to_data (scenario, NULL);
  again = acies_scenario_load_data (text, -1, "fuzz-written.acies", &local_error);
  CONTRACT (again != NULL, "a scenario read cannot be read back once written: %s\n%s",
            local_error != NULL ? local_error->message : "(no error)", text);
  text2 = acies_scenario_to_data (again, NULL);
  CONTRACT (g_str_equal (text, text2), "writing is not stable:\n%s\n----\n%s", text, text2);

  return TRUE;
}

/**
 * acies_fuzz_game:
 *
 * What acies_game_load_file() does after reading the file: parse, read the
 * header and embedded scenario, replay the log.  An accepted game is saved
 * and loaded again and must reach the same digest.
 */
gboolean
acies_fuzz_game (const guint8  *data,
                 gsize          size,
                 GError       **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(JsonNode) root2 = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesGame) again = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *digest2 = NULL;

  acies_fuzz_setup ();

  if (size > ACIES_MAX_FILE_SIZE)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   "fuzz.acies-game: over the file size limit");
      return FALSE;
    }

  root = acies_json_parse ((const char *) data, size, "fuzz.acies-game", &local_error);
  if (root == NULL)
    {
      check_refusal ("acies_json_parse", local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  game = acies_game_from_json (root, "fuzz.acies-game", &local_error);
  if (game == NULL)
    {
      check_refusal ("acies_game_from_json", local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  CONTRACT (local_error == NULL, "a game and an error: %s", local_error->message);

  digest = acies_game_digest (game);
  saved = acies_game_to_json (game);
  text = json_to_string (saved, FALSE);
  root2 = acies_json_parse (text, -1, "fuzz-written.acies-game", &local_error);
  CONTRACT (root2 != NULL, "a saved game does not parse: %s",
            local_error != NULL ? local_error->message : "(no error)");
  again = acies_game_from_json (root2, "fuzz-written.acies-game", &local_error);
  CONTRACT (again != NULL, "a game read cannot be read back once written: %s",
            local_error != NULL ? local_error->message : "(no error)");
  digest2 = acies_game_digest (again);
  CONTRACT (g_str_equal (digest, digest2), "the replayed digest differs: %s, %s", digest, digest2);
  CONTRACT (acies_game_get_n_actions (game) == acies_game_get_n_actions (again),
            "%u actions, then %u", acies_game_get_n_actions (game), acies_game_get_n_actions (again));

  return TRUE;
}

static void
exercise_table (const AciesTable *table)
{
  g_autoptr(JsonNode) json = NULL;
  AciesTable *copy;

  CONTRACT (table->rows != NULL && table->columns != NULL, "table %s without rows or columns",
            table->id != NULL ? table->id : "?");
  for (guint r = 0; r < table->rows->len; r++)
    for (guint c = 0; c < table->columns->len; c++)
      {
        const AciesTableCell *cell = acies_table_get (table, r, c);
        const AciesTableCell *found;

        CONTRACT (cell != NULL, "cell %u,%u of %s missing", r, c, table->id);
        found = acies_table_lookup (table, g_ptr_array_index (table->rows, r),
                                    g_ptr_array_index (table->columns, c));
        CONTRACT (found != NULL, "lookup of cell %u,%u of %s failed", r, c, table->id);
      }
  json = acies_table_to_json (table);
  CONTRACT (json != NULL, "table %s cannot be written", table->id);
  copy = acies_table_copy (table);
  acies_table_free (copy);
}

/**
 * acies_fuzz_table:
 *
 * acies_catalogue_load_data() on the input; then, read as JSON, every
 * element of "tables" (or the root itself when it is one table) through
 * acies_table_from_json(), with the root's "table_overrides" applied to a
 * copy, as a scenario does.
 */
gboolean
acies_fuzz_table (const guint8  *data,
                  gsize          size,
                  GError       **error)
{
  g_autoptr(AciesCatalogue) catalogue = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GError) table_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  JsonObject *overrides = NULL;
  gboolean any_table = FALSE;

  acies_fuzz_setup ();

  catalogue = acies_catalogue_load_data ((const char *) data, size, "fuzz.json", &local_error);
  if (catalogue == NULL)
    check_refusal ("acies_catalogue_load_data", local_error);
  else
    {
      CONTRACT (local_error == NULL, "a catalogue and an error: %s", local_error->message);
      for (guint i = 0; catalogue->tables != NULL && i < catalogue->tables->len; i++)
        exercise_table (g_ptr_array_index (catalogue->tables, i));
    }

  if (size > ACIES_MAX_FILE_SIZE)
    goto out;
  root = acies_json_parse ((const char *) data, size, "fuzz.json", NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    goto out;

  {
    JsonObject *object = json_node_get_object (root);
    JsonNode *tables = json_object_get_member (object, "tables");
    JsonNode *over = json_object_get_member (object, "table_overrides");

    if (tables != NULL && JSON_NODE_HOLDS_ARRAY (tables))
      {
        JsonArray *array = json_node_get_array (tables);

        for (guint i = 0; i < json_array_get_length (array); i++)
          g_ptr_array_add (nodes, json_array_get_element (array, i));
      }
    else if (json_object_has_member (object, "cells"))
      g_ptr_array_add (nodes, root);
    if (over != NULL && JSON_NODE_HOLDS_OBJECT (over))
      overrides = json_node_get_object (over);
  }

  for (guint i = 0; i < nodes->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("$.tables[%u]", i);
      g_autoptr(GError) one_error = NULL;
      AciesTable *table = acies_table_from_json (g_ptr_array_index (nodes, i), path, &one_error);
      JsonNode *override;

      if (table == NULL)
        {
          check_refusal ("acies_table_from_json", one_error);
          if (table_error == NULL)
            table_error = g_steal_pointer (&one_error);
          continue;
        }
      CONTRACT (one_error == NULL, "a table and an error: %s", one_error->message);
      any_table = TRUE;
      exercise_table (table);

      if (overrides != NULL && table->id != NULL
          && (override = json_object_get_member (overrides, table->id)) != NULL
          && JSON_NODE_HOLDS_OBJECT (override))
        {
          AciesTable *copy = acies_table_copy (table);
          g_autofree char *opath = g_strdup_printf ("$.table_overrides.%s", table->id);

          if (acies_table_apply_override (copy, json_node_get_object (override), opath, &one_error))
            exercise_table (copy);
          else
            check_refusal ("acies_table_apply_override", one_error);
          acies_table_free (copy);
        }
      acies_table_free (table);
    }

out:
  if (catalogue != NULL || any_table)
    return TRUE;
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    g_propagate_error (error, g_steal_pointer (&table_error));
  return FALSE;
}

/* The pipeline target: what a player does with a file that validates. */

/* A random playout is cut here: enough to leave set-up and reach combat
 * in the bundled battles, short enough for many inputs a second. */
#define PIPELINE_MAX_ACTIONS 300
/* Every unit's view and the state view are checked every this many
 * actions; the board is drawn at the start and at the end. */
#define PIPELINE_VIEW_EVERY  25

static cairo_status_t
discard_write (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  *(gsize *) closure += length;
  return CAIRO_STATUS_SUCCESS;
}

/* The board on a small image, with @units and @leaders (or, when %NULL,
 * the scenario's set-up). */
static void
pipeline_draw (const AciesScenario  *scenario,
               const AciesCatalogue *catalogue,
               GPtrArray            *units,
               GPtrArray            *leaders)
{
  AciesRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;

  acies_render_options_init (&options);
  options.units = units;
  options.leaders = leaders;
  options.no_cache = TRUE;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
  cr = cairo_create (surface);
  acies_render_board (cr, scenario, catalogue, 320, 240, &options);
  CONTRACT (cairo_status (cr) == CAIRO_STATUS_SUCCESS, "drawing the board: %s",
            cairo_status_to_string (cairo_status (cr)));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The board as the play window shows it to @viewer: every unit in view
 * (each one's view must be whole: a type, a side), drawn on a small image
 * with the scenario's board and terrain. */
static void
pipeline_draw_state (AciesRuleset        *ruleset,
                     const AciesState    *state,
                     const AciesScenario *scenario,
                     const AciesCatalogue *catalogue,
                     gint                 viewer,
                     gboolean             draw)
{
  guint n_units = acies_ruleset_get_n_units (ruleset, state);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GPtrArray) leaders = g_ptr_array_new ();
  g_autofree AciesUnit *unit_views = g_new0 (AciesUnit, MAX (n_units, 1));
  g_autofree AciesLeader *leader_views = g_new0 (AciesLeader, MAX (scenario->leaders->len, 1));
  g_autoptr(JsonNode) view = NULL;
  g_autofree char *text = NULL;

  for (guint u = 0; u < n_units; u++)
    if (acies_ruleset_unit_view (ruleset, state, u, viewer, &unit_views[u]))
      {
        CONTRACT (unit_views[u].id != NULL && unit_views[u].type != NULL && unit_views[u].side != NULL,
                  "unit %u of %u in play without an id, a type or a side", u, n_units);
        g_ptr_array_add (units, &unit_views[u]);
      }
  for (guint l = 0; l < scenario->leaders->len; l++)
    if (acies_ruleset_leader_view (ruleset, state, l, viewer, &leader_views[l]))
      g_ptr_array_add (leaders, &leader_views[l]);

  view = acies_ruleset_state_view_to_json (ruleset, state, viewer);
  CONTRACT (view != NULL, "no state view for side %d", viewer);
  text = json_to_string (view, FALSE);
  CONTRACT (text != NULL && g_utf8_validate (text, -1, NULL), "the state view is not UTF-8 JSON");

  if (draw)
    pipeline_draw (scenario, catalogue, units, leaders);
}

/* Every page of the printed set-up, drawn on an in-memory surface: a
 * recording surface (what a PDF surface is given, without the font
 * embedding that made each input take seconds); @pdf also writes the PDF
 * to nowhere (the bundled scenarios' checks). */
static void
pipeline_print (const AciesScenario  *scenario,
                const AciesCatalogue *catalogue,
                gboolean              pdf)
{
  g_autoptr(AciesPrintJob) job = NULL;
  AciesPrintOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  gsize written = 0;

  acies_print_options_init (&options);
  /* The ruleset's tables are the same for every input but the scenario's
   * own overrides; their pages cost most of the print. */
  if (!pdf && scenario->table_overrides == NULL)
    options.pages &= ~ACIES_PRINT_PAGES_TABLES;
  job = acies_print_job_new (scenario, catalogue, &options);
  if (pdf)
    surface = cairo_pdf_surface_create_for_stream (discard_write, &written,
                                                   options.page_width, options.page_height);
  else
    {
      cairo_rectangle_t extents = { 0, 0, options.page_width, options.page_height };

      surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
      written = 1;
    }
  cr = cairo_create (surface);
  acies_print_job_paginate (job, cr);
  CONTRACT (acies_print_job_get_n_pages (job) > 0, "a scenario that validates prints no page");
  for (guint i = 0; i < acies_print_job_get_n_pages (job); i++)
    {
      acies_print_job_draw_page (job, cr, i);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  CONTRACT (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS, "printing: %s",
            cairo_status_to_string (cairo_surface_status (surface)));
  cairo_surface_destroy (surface);
  CONTRACT (written > 0, "the PDF is empty");
}

/**
 * acies_fuzz_pipeline:
 *
 * What a player does with a file: acies_scenario_load_data(), then
 * acies_scenario_validate(); a scenario with an error is refused (the
 * first error, with its JSON path).  One that validates must play, draw
 * and print: new_state() of its registered ruleset succeeds, a random
 * playout seeded from the input (legal actions, the invariants checked
 * after each) never fails, each unit's view is whole, the state view
 * serialises, the board draws with the state's units, and every page
 * prints to an in-memory PDF.  A scenario of a catalogue without rules
 * (no registered ruleset) is drawn and printed only.
 */
static gboolean
pipeline (const guint8  *data,
          gsize          size,
          gboolean       full,
          GError       **error)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(AciesDice) dice = NULL;
  g_autoptr(GArray) legal = NULL;
  g_autoptr(GRand) rand = NULL;
  AciesCatalogue *catalogue;
  AciesState *state;
  guint64 seed;

  acies_fuzz_setup ();

  scenario = acies_scenario_load_data ((const char *) data, size, "fuzz.acies", &local_error);
  if (scenario == NULL)
    {
      check_refusal ("acies_scenario_load_data", local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  catalogue = acies_catalogue_get_bundled (scenario->ruleset);
  CONTRACT (catalogue != NULL, "loaded a scenario of unknown ruleset %s", scenario->ruleset);

  problems = acies_problems_new ();
  CONTRACT (acies_scenario_validate (scenario, problems, &local_error),
            "acies_scenario_validate: %s", local_error != NULL ? local_error->message : "(no error)");
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      if (problem->severity == ACIES_PROBLEM_ERROR)
        {
          CONTRACT (problem->message != NULL && *problem->message != '\0', "a problem without a message");
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, "fuzz.acies: %s: %s",
                       problem->path != NULL ? problem->path : "$", problem->message);
          return FALSE;
        }
    }

  pipeline_print (scenario, catalogue, full);

  ruleset = acies_ruleset_lookup (scenario->ruleset, NULL);
  if (ruleset == NULL || acies_fuzz_is_alias (scenario->ruleset))
    {
      pipeline_draw (scenario, catalogue, NULL, NULL);
      return TRUE;
    }

  /* The seed comes from the input, so a finding replays. */
  seed = g_str_hash (scenario->meta.title != NULL ? scenario->meta.title : "") ^ (guint64) size;
  state = acies_ruleset_new_state (ruleset, scenario, NULL, &local_error);
  CONTRACT (state != NULL, "a scenario that validates does not start: %s",
            local_error != NULL ? local_error->message : "(no error)");
  dice = acies_dice_new_seeded (seed);
  legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  rand = g_rand_new_with_seed ((guint32) seed);

  for (guint n = 0; n < PIPELINE_MAX_ACTIONS && !state->finished; n++)
    {
      AciesAction action;

      if (n % PIPELINE_VIEW_EVERY == 0)
        pipeline_draw_state (ruleset, state, scenario, catalogue, (gint) (n / PIPELINE_VIEW_EVERY) % 3 - 1,
                             n == 0 || full);

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      CONTRACT (legal->len > 0, "no legal action in phase %s of turn %u", state->phase, state->turn);
      action = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      CONTRACT (acies_ruleset_apply (ruleset, state, &action, dice, NULL, &local_error),
                "a legal action fails: %s", local_error != NULL ? local_error->message : "(no error)");
      CONTRACT (acies_ruleset_check_invariants (ruleset, state, &local_error),
                "after action %u: %s", n + 1, local_error != NULL ? local_error->message : "(no error)");
    }
  pipeline_draw_state (ruleset, state, scenario, catalogue, state->active_side, TRUE);
  acies_ruleset_free_state (ruleset, state);

  return TRUE;
}

gboolean
acies_fuzz_pipeline (const guint8  *data,
                     gsize          size,
                     GError       **error)
{
  return pipeline (data, size, FALSE, error);
}

/**
 * acies_fuzz_pipeline_full:
 *
 * acies_fuzz_pipeline(), drawing the board every few actions for each
 * viewer and printing a real PDF: slower, for the bundled scenarios.
 */
gboolean
acies_fuzz_pipeline_full (const guint8  *data,
                          gsize          size,
                          GError       **error)
{
  return pipeline (data, size, TRUE, error);
}

/**
 * acies_fuzz_reader_for:
 * @target: "scenario", "game", "table" or "pipeline"
 *
 * Returns: the reader function of a fuzz target, or %NULL
 */
AciesFuzzReader
acies_fuzz_reader_for (const char *target)
{
  if (g_str_equal (target, "scenario"))
    return acies_fuzz_scenario;
  if (g_str_equal (target, "game"))
    return acies_fuzz_game;
  if (g_str_equal (target, "table"))
    return acies_fuzz_table;
  if (g_str_equal (target, "pipeline"))
    return acies_fuzz_pipeline;
  return NULL;
}
