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

#include "acies-error.h"
#include "acies-data.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-table.h"
#include "game/acies-game.h"
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

/**
 * acies_fuzz_reader_for:
 * @target: "scenario", "game" or "table"
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
  return NULL;
}
