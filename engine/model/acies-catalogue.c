/* acies-catalogue.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-catalogue"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-data.h"
#include "acies-error.h"
#include "acies-json.h"
#include "acies-json-private.h"
#include "geometry/acies-board.h"
#include "model/acies-catalogue.h"
#include "model/acies-catalogue-private.h"

#define BUNDLED_PREFIX    "/io/github/acies/Acies/rulesets/"

/* ------------------------------------------------------------------ */
/* Frees.                                                              */

void
acies_param_spec_free (AciesParamSpec *spec)
{
  if (spec == NULL)
    return;

  g_free (spec->id);
  g_free (spec->label);
  g_free (spec->help);
  g_strfreev (spec->values);
  g_strfreev (spec->value_labels);
  g_clear_pointer (&spec->default_value, json_node_unref);
  g_free (spec->source);
  g_free (spec);
}

void
acies_terrain_type_free (AciesTerrainType *terrain)
{
  if (terrain == NULL)
    return;

  g_free (terrain->id);
  g_free (terrain->name);
  g_free (terrain->colour);
  g_free (terrain->pattern);
  g_clear_pointer (&terrain->effects, json_object_unref);
  g_free (terrain->source);
  g_free (terrain);
}

void
acies_unit_type_free (AciesUnitType *type)
{
  if (type == NULL)
    return;

  g_free (type->id);
  g_free (type->name);
  g_free (type->category);
  g_free (type->symbol);
  g_clear_pointer (&type->attributes, g_ptr_array_unref);
  g_clear_pointer (&type->hidden, g_ptr_array_unref);
  g_strfreev (type->shown);
  g_free (type->source);
  g_free (type);
}

void
acies_kind_free (AciesKind *kind)
{
  if (kind == NULL)
    return;

  g_free (kind->id);
  g_free (kind->name);
  g_free (kind->description);
  g_free (kind->scope);
  g_clear_pointer (&kind->params, g_ptr_array_unref);
  g_free (kind->source);
  g_free (kind);
}

void
acies_catalogue_free (AciesCatalogue *catalogue)
{
  g_free (catalogue->id);
  g_free (catalogue->name);
  g_free (catalogue->book);
  g_free (catalogue->default_terrain);
  g_strfreev (catalogue->side_colours);
  g_free (catalogue->book_prefix);
  g_free (catalogue->positions_shows);
  g_free (catalogue->positions_source);
  g_free (catalogue->start_option);
  g_strfreev (catalogue->zone_names);
  g_clear_pointer (&catalogue->terrain, g_ptr_array_unref);
  g_clear_pointer (&catalogue->cell_features, g_ptr_array_unref);
  g_clear_pointer (&catalogue->edge_features, g_ptr_array_unref);
  g_clear_pointer (&catalogue->unit_types, g_ptr_array_unref);
  g_clear_pointer (&catalogue->leader_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->formation_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->area_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->side_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->formation_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->scenario_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->pool_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->special_rules, g_ptr_array_unref);
  g_clear_pointer (&catalogue->victory_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->options, g_ptr_array_unref);
  g_clear_pointer (&catalogue->tables, g_ptr_array_unref);
  g_free (catalogue);
}

/* ------------------------------------------------------------------ */
/* Public API.                                                         */

static int
strcmp_indirect (const void *a,
                 const void *b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/**
 * acies_catalogue_load_data:
 * @data: the catalogue's JSON text
 * @length: the length of @data in bytes, or -1 if nul-terminated
 * @display_name: the name errors use ("grass-crown.json")
 * @error: return location for an error
 *
 * Reads a ruleset catalogue (docs/catalogue-format.md) strictly.  Errors:
 * %ACIES_ENGINE_ERROR_PARSE for malformed JSON (with line and column),
 * %ACIES_ENGINE_ERROR_VERSION for a newer version,
 * %ACIES_ENGINE_ERROR_TOO_LARGE past %ACIES_MAX_FILE_SIZE, 64 levels of
 * nesting or %ACIES_MAX_JSON_VALUES values, and
 * %ACIES_ENGINE_ERROR_FORMAT naming the JSON path and what was expected.
 *
 * Returns: (transfer full): a new catalogue, or %NULL with @error set
 */
AciesCatalogue *
acies_catalogue_load_data (const char  *data,
                           gssize       length,
                           const char  *display_name,
                           GError     **error)
{
  g_autoptr(AciesJsonDoc) doc = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (display_name == NULL)
    display_name = "catalogue";
  if (length < 0)
    length = strlen (data);

  if (length > ACIES_MAX_FILE_SIZE)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   "%s: the file is larger than %d bytes", display_name, ACIES_MAX_FILE_SIZE);
      return NULL;
    }

  /* The engine's JSON reader, never json-glib on the text directly: it
   * checks UTF-8, nesting (json-glib parses recursively and 100,000
   * nested arrays overflow the stack), the number of values, numbers,
   * lone surrogate escapes and duplicate members first. */
  doc = acies_json_doc_parse (data, length, display_name, error);
  if (doc == NULL)
    return NULL;

  return acies_catalogue_read (doc->root, doc->positions, display_name, error);
}

/**
 * acies_catalogue_load:
 * @file: a catalogue file (data/rulesets/<id>.json)
 * @error: return location for an error
 *
 * Reads @file with acies_file_read_text() (a file larger than
 * %ACIES_MAX_FILE_SIZE is refused before it is read) and then
 * acies_catalogue_load_data(); a file that cannot be read is an
 * %ACIES_ENGINE_ERROR_IO error.
 *
 * Returns: (transfer full): a new catalogue, or %NULL with @error set
 */
AciesCatalogue *
acies_catalogue_load (GFile   *file,
                      GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The size is checked before reading, and the text is UTF-8. */
  contents = acies_file_read_text (file, &length, error);
  if (contents == NULL)
    return NULL;

  name = g_file_get_basename (file);

  return acies_catalogue_load_data (contents, length, name, error);
}

G_LOCK_DEFINE_STATIC (bundled);
static GHashTable *bundled_catalogues;  /* id -> AciesCatalogue, or NULL after a failed load */
static GHashTable *registered;          /* id -> AciesCatalogue: rulesets without a bundled one */

/* The ids of the bundled catalogues: every BUNDLED_PREFIX<id>.json
 * resource (data/acies-data.gresource.xml), sorted; read once. */
static const char * const *
bundled_ids (void)
{
  static GStrv ids;

  if (g_once_init_enter (&ids))
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) names = NULL;
      GStrv list;

      acies_data_ensure_registered ();
      names = g_resources_enumerate_children (BUNDLED_PREFIX, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      for (guint i = 0; names != NULL && names[i] != NULL; i++)
        if (g_str_has_suffix (names[i], ".json"))
          {
            g_autofree char *id = g_strndup (names[i], strlen (names[i]) - strlen (".json"));

            g_strv_builder_add (builder, id);
          }
      list = g_strv_builder_end (builder);
      qsort (list, g_strv_length (list), sizeof (char *), strcmp_indirect);
      g_once_init_leave (&ids, list);
    }

  return (const char * const *) ids;
}

/**
 * acies_catalogue_get_bundled:
 * @id: a ruleset id ("grass-crown")
 *
 * Loads the catalogue bundled as the resource
 * /io/github/acies/Acies/rulesets/@id.json, once per process (thread-safe).
 * A bundled file that fails to load is a bug: it is logged as a warning and
 * %NULL is returned.
 *
 * Returns: (transfer none) (nullable): the catalogue, valid for the life of
 *   the process, or %NULL for an unknown id
 */
AciesCatalogue *
acies_catalogue_get_bundled (const char *id)
{
  AciesCatalogue *catalogue = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  if (!g_strv_contains (bundled_ids (), id))
    return NULL;

  G_LOCK (bundled);

  if (bundled_catalogues == NULL)
    bundled_catalogues = g_hash_table_new (g_str_hash, g_str_equal);

  if (!g_hash_table_lookup_extended (bundled_catalogues, id, NULL, (gpointer *) &catalogue))
    {
      g_autofree char *resource = g_strconcat (BUNDLED_PREFIX, id, ".json", NULL);
      g_autofree char *name = g_strconcat (id, ".json", NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (bytes != NULL)
        {
          gsize size;
          const char *data = g_bytes_get_data (bytes, &size);

          catalogue = acies_catalogue_load_data (data, size, name, &error);
        }

      if (catalogue == NULL)
        g_warning ("Bundled ruleset catalogue %s: %s", id, error->message);

      /* The interned id keeps the key alive as long as the table. */
      g_hash_table_insert (bundled_catalogues, (gpointer) g_intern_string (id), catalogue);
    }

  G_UNLOCK (bundled);

  return catalogue;
}

/**
 * acies_catalogue_list_bundled:
 *
 * The bundled catalogues are the data/rulesets/<id>.json files compiled
 * into the engine's resources; adding one needs no code.
 *
 * Returns: (transfer none): the ids of the bundled catalogues, sorted,
 *   %NULL-terminated, valid for the life of the process
 */
const char * const *
acies_catalogue_list_bundled (void)
{
  return bundled_ids ();
}

/**
 * acies_catalogue_register:
 * @id: a ruleset id without a bundled catalogue
 * @catalogue: (nullable): its catalogue, or %NULL to forget @id
 *
 * Makes @catalogue what acies_catalogue_lookup() finds for @id: the
 * catalogue a ruleset made by a test or a plug-in brings with it.
 * acies_ruleset_register() calls this, so the layers below the rulesets
 * (the scenario reader, the checks) know every registered ruleset's
 * catalogue without knowing the rulesets.  Registering @id again replaces
 * its catalogue.  Thread-safe.
 */
void
acies_catalogue_register (const char     *id,
                          AciesCatalogue *catalogue)
{
  g_return_if_fail (id != NULL && *id != '\0');

  G_LOCK (bundled);
  if (registered == NULL)
    registered = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                        (GDestroyNotify) acies_catalogue_unref);
  if (catalogue != NULL)
    g_hash_table_insert (registered, (gpointer) g_intern_string (id), acies_catalogue_ref (catalogue));
  else
    g_hash_table_remove (registered, id);
  G_UNLOCK (bundled);
}

/**
 * acies_catalogue_ref:
 * @catalogue: a catalogue
 *
 * Returns: (transfer full): @catalogue
 */
AciesCatalogue *
acies_catalogue_ref (AciesCatalogue *catalogue)
{
  g_return_val_if_fail (catalogue != NULL, NULL);

  g_atomic_int_inc (&catalogue->ref_count);
  return catalogue;
}

/**
 * acies_catalogue_unref:
 * @catalogue: (nullable): a catalogue
 *
 * Drops a reference; frees @catalogue with the last one.
 */
void
acies_catalogue_unref (AciesCatalogue *catalogue)
{
  if (catalogue == NULL)
    return;

  if (g_atomic_int_dec_and_test (&catalogue->ref_count))
    acies_catalogue_free (catalogue);
}

/**
 * acies_catalogue_find_item: (skip)
 * @items: (nullable): a list of catalogue items, each a struct that starts
 *   with its id
 * @id: (nullable): an id
 *
 * Returns: (transfer none) (nullable): the item with @id, or %NULL
 */
gpointer
acies_catalogue_find_item (GPtrArray  *items,
                           const char *id)
{
  if (items == NULL || id == NULL)
    return NULL;

  for (guint i = 0; i < items->len; i++)
    if (g_str_equal (*(char **) g_ptr_array_index (items, i), id))
      return g_ptr_array_index (items, i);

  return NULL;
}

/**
 * acies_catalogue_find_terrain:
 * @catalogue: a catalogue
 * @id: a terrain id ("river")
 *
 * Returns: (transfer none) (nullable): the cell terrain type, or %NULL
 */
const AciesTerrainType *
acies_catalogue_find_terrain (const AciesCatalogue *catalogue,
                              const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return acies_catalogue_find_item (catalogue->terrain, id);
}

/**
 * acies_catalogue_find_cell_feature:
 * @catalogue: a catalogue
 * @id: a feature id ("hill")
 *
 * Returns: (transfer none) (nullable): the cell feature, or %NULL
 */
const AciesTerrainType *
acies_catalogue_find_cell_feature (const AciesCatalogue *catalogue,
                                   const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return acies_catalogue_find_item (catalogue->cell_features, id);
}

/**
 * acies_catalogue_find_edge_feature:
 * @catalogue: a catalogue
 * @id: an edge feature id ("stream")
 *
 * Returns: (transfer none) (nullable): the edge feature, or %NULL
 */
const AciesTerrainType *
acies_catalogue_find_edge_feature (const AciesCatalogue *catalogue,
                                   const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return acies_catalogue_find_item (catalogue->edge_features, id);
}

/**
 * acies_catalogue_find_unit_type:
 * @catalogue: a catalogue
 * @id: a unit type id ("L")
 *
 * Returns: (transfer none) (nullable): the unit type, or %NULL
 */
const AciesUnitType *
acies_catalogue_find_unit_type (const AciesCatalogue *catalogue,
                                const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return acies_catalogue_find_item (catalogue->unit_types, id);
}

/**
 * acies_catalogue_find_leader_kind:
 * @catalogue: a catalogue
 * @id: a leader kind id
 *
 * Returns: (transfer none) (nullable): the leader kind, or %NULL
 */
const AciesUnitType *
acies_catalogue_find_leader_kind (const AciesCatalogue *catalogue,
                                  const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return acies_catalogue_find_item (catalogue->leader_kinds, id);
}

/**
 * acies_catalogue_find_kind:
 * @kinds: one of the catalogue's AciesKind arrays
 * @id: a kind id
 *
 * Returns: (transfer none) (nullable): the kind, or %NULL
 */
const AciesKind *
acies_catalogue_find_kind (GPtrArray  *kinds,
                           const char *id)
{
  return acies_catalogue_find_item (kinds, id);
}

/**
 * acies_catalogue_find_param:
 * @specs: an array of AciesParamSpec
 * @id: a parameter id
 *
 * Returns: (transfer none) (nullable): the spec, or %NULL
 */
const AciesParamSpec *
acies_catalogue_find_param (GPtrArray  *specs,
                            const char *id)
{
  return acies_catalogue_find_item (specs, id);
}

/**
 * acies_catalogue_option_value:
 * @catalogue: (nullable): a ruleset's catalogue
 * @options: (nullable): the options chosen for a game, by id
 * @id: an option id
 *
 * Returns: (transfer none) (nullable): @options' value of @id, else the
 *   default of the catalogue's option @id, else %NULL
 */
JsonNode *
acies_catalogue_option_value (const AciesCatalogue *catalogue,
                              JsonObject           *options,
                              const char           *id)
{
  const AciesParamSpec *spec;

  if (options != NULL && json_object_has_member (options, id))
    return json_object_get_member (options, id);
  spec = catalogue != NULL ? acies_catalogue_find_param (catalogue->options, id) : NULL;
  return spec != NULL ? spec->default_value : NULL;
}

static gboolean
option_holds (JsonNode *node,
              GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/**
 * acies_catalogue_option_bool:
 * @catalogue: (nullable): a ruleset's catalogue
 * @options: (nullable): the options chosen for a game
 * @id: an option id
 * @fallback: the value when neither gives a boolean
 *
 * Returns: the option's value (acies_catalogue_option_value())
 */
gboolean
acies_catalogue_option_bool (const AciesCatalogue *catalogue,
                             JsonObject           *options,
                             const char           *id,
                             gboolean              fallback)
{
  JsonNode *n = acies_catalogue_option_value (catalogue, options, id);

  return option_holds (n, G_TYPE_BOOLEAN) ? json_node_get_boolean (n) : fallback;
}

/**
 * acies_catalogue_option_int:
 * @catalogue: (nullable): a ruleset's catalogue
 * @options: (nullable): the options chosen for a game
 * @id: an option id
 * @fallback: the value when neither gives a whole number
 *
 * Returns: the option's value (acies_catalogue_option_value())
 */
gint64
acies_catalogue_option_int (const AciesCatalogue *catalogue,
                            JsonObject           *options,
                            const char           *id,
                            gint64                fallback)
{
  JsonNode *n = acies_catalogue_option_value (catalogue, options, id);

  return option_holds (n, G_TYPE_INT64) ? json_node_get_int (n) : fallback;
}

/**
 * acies_catalogue_option_string:
 * @catalogue: (nullable): a ruleset's catalogue
 * @options: (nullable): the options chosen for a game
 * @id: an option id
 * @fallback: (nullable): the value when neither gives a string
 *
 * Returns: (transfer none) (nullable): the option's value
 *   (acies_catalogue_option_value()), borrowed from @options or the
 *   catalogue
 */
const char *
acies_catalogue_option_string (const AciesCatalogue *catalogue,
                               JsonObject           *options,
                               const char           *id,
                               const char           *fallback)
{
  JsonNode *n = acies_catalogue_option_value (catalogue, options, id);

  return option_holds (n, G_TYPE_STRING) ? json_node_get_string (n) : fallback;
}

/**
 * acies_catalogue_positions_text:
 * @catalogue: (nullable): a ruleset's catalogue
 *
 * Says which positions a scenario's map shows, for the printed set-up and
 * the editor's board: the catalogue's "positions.shows" with its rule
 * ("The counters show the historical deployment at the end of turn 1
 * (LB 3.3.3), not the start of the game."), else the start of the game.
 *
 * Returns: (transfer full): one translated sentence
 */
char *
acies_catalogue_positions_text (const AciesCatalogue *catalogue)
{
  if (catalogue == NULL || catalogue->positions_shows == NULL)
    return g_strdup (_("The counters show the start of the game."));
  if (catalogue->positions_source != NULL)
    /* Translators: "The counters show the historical deployment at the end
     * of turn 1 (LB 3.3.3), not the start of the game." */
    return g_strdup_printf (_("The counters show %s (%s), not the start of the game."),
                            catalogue->positions_shows, catalogue->positions_source);
  return g_strdup_printf (_("The counters show %s, not the start of the game."), catalogue->positions_shows);
}

/**
 * acies_catalogue_start_text:
 * @catalogue: (nullable): a ruleset's catalogue
 * @options: (nullable): the options chosen for a game
 *
 * Names the start a game was given, for the play board: the label of the
 * value of the catalogue's "positions.start_option" that @options (else
 * its default) choose ("Start off the field (LB 3.3.1)").
 *
 * Returns: (transfer full) (nullable): the translated label, or %NULL
 *   when the ruleset has a single start
 */
char *
acies_catalogue_start_text (const AciesCatalogue *catalogue,
                            JsonObject           *options)
{
  const AciesParamSpec *spec;
  const char *value;

  if (catalogue == NULL || catalogue->start_option == NULL)
    return NULL;
  spec = acies_catalogue_find_param (catalogue->options, catalogue->start_option);
  value = acies_catalogue_option_string (catalogue, options, catalogue->start_option, NULL);
  if (spec == NULL || value == NULL || spec->values == NULL)
    return NULL;
  for (guint i = 0; spec->values[i] != NULL; i++)
    if (g_str_equal (spec->values[i], value))
      return g_strdup (spec->value_labels != NULL ? spec->value_labels[i] : value);
  return NULL;
}

/**
 * acies_catalogue_find_table:
 * @catalogue: a catalogue
 * @id: a table id ("crt")
 *
 * Returns: (transfer none) (nullable): the table, or %NULL
 */
const AciesTable *
acies_catalogue_find_table (const AciesCatalogue *catalogue,
                            const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return acies_catalogue_find_item (catalogue->tables, id);
}

/**
 * acies_catalogue_table_word:
 * @catalogue: (nullable): the catalogue the table belongs to
 * @word: (nullable): a table's word heading or word cell ("DX",
 *   "attacker", "Rout")
 *
 * @word in the reader's language: po/catalogue-strings.py extracts the
 * tables' words with the catalogue's id as context, as the catalogue
 * reader translates its names.  A table's cells stay as the catalogue
 * writes them (they are what the rules read and an editor types); only
 * what is shown goes through here.
 *
 * Returns: (transfer none) (nullable): the translation, or @word
 */
const char *
acies_catalogue_table_word (const AciesCatalogue *catalogue,
                            const char           *word)
{
  if (word == NULL || *word == '\0' || catalogue == NULL || catalogue->id == NULL)
    return word;
  return g_dpgettext2 (GETTEXT_PACKAGE, catalogue->id, word);
}

/**
 * acies_terrain_type_get_effect:
 * @terrain: a terrain type or feature
 * @effect: an effect name ("move_cost")
 * @section: (out) (optional) (transfer none): the rule section of the
 *   effect, or of the terrain when the effect has none
 *
 * Returns: (transfer none) (nullable): the effect's value, or %NULL when
 *   @terrain has no such effect
 */
JsonNode *
acies_terrain_type_get_effect (const AciesTerrainType  *terrain,
                               const char              *effect,
                               const char             **section)
{
  JsonNode *node;

  g_return_val_if_fail (terrain != NULL, NULL);
  g_return_val_if_fail (effect != NULL, NULL);

  if (section != NULL)
    *section = terrain->source;

  if (terrain->effects == NULL ||
      (node = json_object_get_member (terrain->effects, effect)) == NULL)
    return NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);

      if (section != NULL && json_object_has_member (object, "section"))
        *section = json_object_get_string_member (object, "section");
      return json_object_get_member (object, "value");
    }

  return node;
}

/**
 * acies_catalogue_lookup:
 * @id: a ruleset id
 *
 * Finds the catalogue for @id: the bundled one, or else the one registered
 * for @id with acies_catalogue_register() (the catalogue of a ruleset made
 * by a test or a plug-in).
 *
 * Returns: (transfer full) (nullable): a new reference, or %NULL when no
 *   catalogue exists for @id
 */
AciesCatalogue *
acies_catalogue_lookup (const char *id)
{
  AciesCatalogue *catalogue;

  g_return_val_if_fail (id != NULL, NULL);

  if ((catalogue = acies_catalogue_get_bundled (id)) != NULL)
    return acies_catalogue_ref (catalogue);

  G_LOCK (bundled);
  catalogue = registered != NULL ? g_hash_table_lookup (registered, id) : NULL;
  if (catalogue != NULL)
    acies_catalogue_ref (catalogue);
  G_UNLOCK (bundled);

  return catalogue;
}

