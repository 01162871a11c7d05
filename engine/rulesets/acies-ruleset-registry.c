/* acies-ruleset-registry.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-ruleset"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/acies-ruleset-private.h"
#include "model/acies-check.h"

/*
 * The registry of rulesets by id: registration (each built-in ruleset's
 * folder lists itself in engine/rulesets/meson.build), lookup, the list,
 * and the full validation of a scenario, which needs its ruleset.
 */

static GMutex registry_lock;
static GHashTable *registry;      /* interned id → AciesRulesetFactory */
static const char **registry_ids; /* sorted, NULL-terminated, interned */
static GPtrArray *retired_ids;    /* earlier lists, still readable */

/**
 * acies_ruleset_register:
 * @id: a ruleset id ("grass-crown")
 * @factory: a function returning a new reference to a ruleset
 *
 * Registers a ruleset; registering an id again replaces its factory.
 * A ruleset whose id has no bundled catalogue is made once here and its
 * catalogue registered with acies_catalogue_register().  Thread-safe.
 */
void
acies_ruleset_register (const char          *id,
                        AciesRulesetFactory  factory)
{
  GList *keys;
  guint n, i = 0;

  g_return_if_fail (id != NULL && *id != '\0');
  g_return_if_fail (factory != NULL);

  /* The layers below (the scenario reader, the checks) find a ruleset's
   * catalogue by id: a ruleset without a bundled one brings its own. */
  if (!g_strv_contains (acies_catalogue_list_bundled (), id))
    {
      g_autoptr(AciesRuleset) ruleset = factory ();

      acies_catalogue_register (id, acies_ruleset_get_catalogue (ruleset));
    }

  g_mutex_lock (&registry_lock);
  if (registry == NULL)
    registry = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (registry, (gpointer) g_intern_string (id), factory);

  /* The previous list stays allocated (kept in retired_ids): callers of
   * acies_ruleset_list() on other threads may still read it, and there are
   * only a handful of registrations in a process's life. */
  if (registry_ids != NULL)
    {
      if (retired_ids == NULL)
        retired_ids = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (retired_ids, registry_ids);
    }
  n = g_hash_table_size (registry);
  keys = g_list_sort (g_hash_table_get_keys (registry), (GCompareFunc) g_strcmp0);
  registry_ids = g_new0 (const char *, n + 1);
  for (GList *l = keys; l != NULL; l = l->next)
    registry_ids[i++] = l->data;
  g_list_free (keys);
  g_mutex_unlock (&registry_lock);
}

/* The built-in rulesets, registered once before the first lookup; the
 * list is engine/rulesets/meson.build's (acies-rulesets-builtin.c). */
static void
ensure_builtin (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      acies_rulesets_register_builtin ();
      g_once_init_leave (&done, 1);
    }
}

/**
 * acies_ruleset_lookup:
 * @id: a ruleset id
 * @error: return location for an error
 *
 * Returns: (transfer full): a ruleset from @id's factory, or %NULL with
 *   ACIES_ENGINE_ERROR_UNKNOWN_RULESET naming @id and the known ids
 */
AciesRuleset *
acies_ruleset_lookup (const char  *id,
                      GError     **error)
{
  AciesRulesetFactory factory = NULL;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ensure_builtin ();
  g_mutex_lock (&registry_lock);
  if (registry != NULL)
    factory = g_hash_table_lookup (registry, id);
  g_mutex_unlock (&registry_lock);

  if (factory == NULL)
    {
      const char * const *ids = acies_ruleset_list ();
      g_autofree char *known = g_strjoinv (", ", (char **) ids);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("Unknown ruleset “%s” (known rulesets: %s)"),
                   id, *known != '\0' ? known : _("none"));
      return NULL;
    }

  return factory ();
}

/**
 * acies_ruleset_list:
 *
 * Returns: (transfer none): the registered ids, sorted, %NULL-terminated;
 *   the array stays valid for the life of the process
 */
const char * const *
acies_ruleset_list (void)
{
  static const char *empty[] = { NULL };
  const char * const *ids;

  ensure_builtin ();
  g_mutex_lock (&registry_lock);
  ids = registry_ids != NULL ? registry_ids : empty;
  g_mutex_unlock (&registry_lock);

  return ids;
}

/**
 * acies_scenario_validate:
 * @scenario: a scenario
 * @problems: (element-type AciesProblem): where to append the problems
 * @error: return location for an error
 *
 * Full validation: acies_scenario_check_full() with the catalogue of the
 * scenario's ruleset (acies_catalogue_lookup()), then the registered
 * ruleset's own validate (when that ruleset has game logic).
 *
 * Returns: %FALSE with %ACIES_ENGINE_ERROR_UNKNOWN_RULESET only when no
 *   catalogue exists for the scenario's ruleset; problems are not errors
 */
gboolean
acies_scenario_validate (const AciesScenario  *scenario,
                         GPtrArray            *problems,
                         GError              **error)
{
  g_autoptr(AciesCatalogue) catalogue = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  catalogue = scenario->ruleset != NULL ? acies_catalogue_lookup (scenario->ruleset) : NULL;
  if (catalogue == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("Unknown ruleset “%s”."), scenario->ruleset != NULL ? scenario->ruleset : "");
      return FALSE;
    }

  /* A ruleset with a catalogue but no game logic yet has no validate.
   * Without two sides the common check has said why no battle can start;
   * the ruleset would only say it again. */
  ruleset = acies_ruleset_lookup (scenario->ruleset, NULL);
  acies_scenario_check_full (scenario, catalogue, ruleset != NULL, problems);
  if (ruleset != NULL && scenario->sides->len == 2)
    acies_ruleset_validate (ruleset, scenario, problems);

  return TRUE;
}
