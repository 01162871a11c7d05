/* acies-editor-words.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-words"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "geometry/acies-board.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

#include "acies-editor-words.h"

/*
 * The words the editor's panels show for the parts of a scenario and for
 * validation's problems: where a problem is ("Area “Macedonian bank” ›
 * Units" rather than "$.areas[0].params.count"), a pool's summary
 * ("Red Wing pool: 12 counters, 10 drawn"), a facing ("North-east
 * hexside"), what a removal or resize takes away.  No widget here: the
 * words are tested without a display.
 */

static const char *
compass_word (const char *abbreviation)
{
  const char *short_names[] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW",
                                "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW" };
  const char *words[] = { N_("North"), N_("North-east"), N_("East"), N_("South-east"),
                          N_("South"), N_("South-west"), N_("West"), N_("North-west"),
                          N_("North-north-east"), N_("East-north-east"), N_("East-south-east"),
                          N_("South-south-east"), N_("South-south-west"), N_("West-south-west"),
                          N_("West-north-west"), N_("North-north-west") };

  for (guint i = 0; i < G_N_ELEMENTS (short_names); i++)
    if (g_strcmp0 (abbreviation, short_names[i]) == 0)
      return _(words[i]);
  return abbreviation;
}

/* The compass point of the hex corner between directions @a and @b
 * ("NW", "NE": "N"; "NE", "E": "ENE"), or NULL when they name none. */
static char *
corner_point (const char *a,
              const char *b)
{
  gsize la = a != NULL ? strlen (a) : 0, lb = b != NULL ? strlen (b) : 0;

  if (la == 2 && lb == 2 && a[0] == b[0])
    return g_strndup (a, 1);
  if (la == 2 && lb == 2 && a[1] == b[1])
    return g_strdup (a + 1);
  if (la == 1 && lb == 2 && strchr (b, a[0]) != NULL)
    return g_strconcat (a, b, NULL);
  if (la == 2 && lb == 1 && strchr (a, b[0]) != NULL)
    return g_strconcat (b, a, NULL);
  return NULL;
}

/**
 * acies_editor_describe_facing:
 * @document: a document
 * @facing: a direction or vertex index, or negative for none of its own
 *
 * A facing in words: "North" on squares and zones, "North-east hexside" on
 * hexes, "North corner (between North-west and North-east)" for a hex
 * vertex, its own compass point first (GBoH 6.11: vertex v lies between
 * directions v and v + 1).
 *
 * Returns: (transfer full): the words
 */
char *
acies_editor_describe_facing (AciesEditorDocument *document,
                              gint                 facing)
{
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  const AciesBoard *board = acies_editor_document_get_scenario (document)->map.board;
  guint n = acies_board_get_n_directions (board);

  if (facing < 0)
    return g_strdup (_("As the rules set it at the start"));
  if (cat != NULL && cat->facing == ACIES_FACING_VERTEX)
    {
      const char *a = acies_board_direction_name (board, facing % n);
      const char *b = acies_board_direction_name (board, (facing + 1) % n);
      g_autofree char *point = corner_point (a, b);

      /* The corner's own point first: a narrow drop-down cut short still
       * shows which corner it is. */
      if (point != NULL)
        /* TRANSLATORS: a unit's facing to a hex corner: "North corner
         * (between North-west and North-east)". */
        return g_strdup_printf (_("%s corner (between %s and %s)"), compass_word (point), compass_word (a),
                                compass_word (b));
      return g_strdup_printf (_("Corner between %s and %s"), compass_word (a), compass_word (b));
    }
  if (acies_board_get_kind (board) == ACIES_BOARD_HEX)
    return g_strdup_printf (_("%s hexside"), compass_word (acies_board_direction_name (board, facing % n)));
  return g_strdup (compass_word (acies_board_direction_name (board, facing % n)));
}

/**
 * acies_editor_describe_losses:
 * @n_units: units lost
 * @n_leaders: leaders lost
 *
 * Returns: (transfer full): "7 units and 2 leaders", "1 unit", "2 leaders"
 */
char *
acies_editor_describe_losses (guint n_units,
                              guint n_leaders)
{
  g_autofree char *units = g_strdup_printf (ngettext ("%u unit", "%u units", n_units), n_units);
  g_autofree char *leaders = g_strdup_printf (ngettext ("%u leader", "%u leaders", n_leaders), n_leaders);

  if (n_leaders == 0)
    return g_steal_pointer (&units);
  if (n_units == 0)
    return g_steal_pointer (&leaders);
  /* TRANSLATORS: "7 units and 2 leaders" */
  return g_strdup_printf (_("%s and %s"), units, leaders);
}

/**
 * acies_editor_describe_unit:
 * @document: a document
 * @unit: one of its units
 *
 * Returns: (transfer full): the unit as the army tree lists it: its name,
 *   type and set-up cell ("Legio I · Legion · 0402", "… · off map")
 */
char *
acies_editor_describe_unit (AciesEditorDocument *document,
                            const AciesUnit     *unit)
{
  AciesScenario *s = acies_editor_document_get_scenario (document);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  const AciesUnitType *type = cat && unit->type ? acies_catalogue_find_unit_type (cat, unit->type) : NULL;
  const char *where = unit->cell != ACIES_CELL_NONE ? acies_board_cell_label (s->map.board, unit->cell) : _("off map");

  return g_strdup_printf ("%s · %s · %s", unit->name ? unit->name : unit->id,
                          type && type->name ? type->name : unit->type, where ? where : "?");
}

/**
 * acies_editor_pool_formation:
 * @pool: a pool
 *
 * Returns: (nullable): the Wing @pool feeds: its "formation" parameter,
 *   else its member (as the Grass Crown set-up reads it, GC 3.1)
 */
const char *
acies_editor_pool_formation (const AciesPool *pool)
{
  const char *id = pool->params ? acies_params_get_string (pool->params, "formation", NULL) : NULL;

  return id != NULL && *id != '\0' ? id : pool->formation;
}

/**
 * acies_editor_pool_draw:
 * @pool: a pool
 *
 * Returns: how many counters @pool draws: its "draw" parameter, else its
 *   member; 0 for as many as the rules say
 */
guint
acies_editor_pool_draw (const AciesPool *pool)
{
  gint64 draw = pool->params ? acies_params_get_int (pool->params, "draw", 0) : 0;

  return draw > 0 ? (guint) draw : pool->draw;
}

/**
 * acies_editor_pool_title:
 * @scenario: a scenario
 * @pool: one of its pools
 *
 * Returns: (transfer full): a pool in words: the Wing it feeds, or its
 *   side ("Red Wing pool")
 */
char *
acies_editor_pool_title (const AciesScenario *scenario,
                         const AciesPool     *pool)
{
  const AciesScenario *s = scenario;
  const char *fid = acies_editor_pool_formation (pool);
  AciesFormation *formation = fid ? acies_scenario_find_formation (s, fid) : NULL;
  AciesSide *side = pool->side ? acies_scenario_find_side (s, pool->side) : NULL;

  if (formation != NULL)
    /* Translators: a unit pool named by the formation (Wing) it feeds. */
    return g_strdup_printf (_("%s pool"), formation->name ? formation->name : formation->id);
  if (side != NULL)
    /* Translators: a unit pool named by its side. */
    return g_strdup_printf (_("%s pool"), side->name ? side->name : side->id);
  return g_strdup (_("Unit pool"));
}

/**
 * acies_editor_pool_summary:
 * @scenario: a scenario
 * @pool: one of its pools
 * @short_of: (out): whether it draws more counters than it holds
 *
 * Returns: (transfer full): "Red Wing pool: 12 counters, 10 drawn", "…:
 *   3 counters, but 5 are drawn", "…: 12 counters" (draw as the rules say)
 */
char *
acies_editor_pool_summary (const AciesScenario *scenario,
                           const AciesPool     *pool,
                           gboolean            *short_of)
{
  g_autofree char *title = acies_editor_pool_title (scenario, pool);
  g_autofree char *counters = NULL;
  g_autofree char *drawn = NULL;
  guint total = 0;
  guint draw = acies_editor_pool_draw (pool);

  for (guint j = 0; j < pool->entries->len; j++)
    total += ((AciesPoolEntry *) g_ptr_array_index (pool->entries, j))->count;
  counters = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u counter", "%u counters", total), total);
  *short_of = draw > total;
  if (draw > total)
    drawn = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "but %u is drawn", "but %u are drawn", draw),
                             draw);
  else if (draw > 0)
    drawn = g_strdup_printf (_("%u drawn"), draw);
  else
    /* Draw 0: as many as the rules say (GC 3.1: each zone's count). */
    /* Translators: "Red Wing pool: 12 counters". */
    return g_strdup_printf (_("%s: %s"), title, counters);
  /* Translators: "Red Wing pool: 12 counters, 10 drawn". */
  return g_strdup_printf (_("%s: %s, %s"), title, counters, drawn);
}

/* One catalogue parameter's label, or its id. */
static const char *
spec_label (GPtrArray  *specs,
            const char *id)
{
  const AciesParamSpec *spec = specs != NULL ? acies_catalogue_find_param (specs, id) : NULL;

  return spec != NULL && spec->label != NULL ? spec->label : NULL;
}

/* Where a problem about a whole part of the scenario is ("$.sides",
 * "$.map.terrain"), by the editor's page for it, or %NULL. */
static char *
describe_whole_path (const char *path)
{
  /* The longest first: "$.map.terrain" before "$.map". */
  static const struct { const char *path; const char *words; } parts[] = {
    { "$.map.terrain", N_("Map › Terrain") },
    { "$.map.edge_features", N_("Map › Hexsides") },
    { "$.map.cell_features", N_("Map › Cell features") },
    { "$.map", N_("Map") },
    { "$.board", N_("Scenario › Board") },
    { "$.meta", N_("Scenario") },
    { "$.ruleset_version", N_("Scenario › Rule system") },
    { "$.ruleset", N_("Scenario › Rule system") },
    { "$.first_side", N_("Sides › First to play") },
    { "$.sides", N_("Sides") },
    { "$.formations", N_("Army › Formations") },
    { "$.units", N_("Army › Units") },
    { "$.leaders", N_("Army › Leaders") },
    { "$.pools", N_("Army › Pools") },
    { "$.areas", N_("Map › Areas") },
    { "$.params", N_("Rules") },
    { "$.special_rules", N_("Rules › Special rules") },
    { "$.victory", N_("Rules › Victory") },
    { "$.table_overrides", N_("Tables") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gsize len = strlen (parts[i].path);

      if (strncmp (path, parts[i].path, len) == 0 && (path[len] == '\0' || path[len] == '.'))
        return g_strdup (_(parts[i].words));
    }
  if (g_str_equal (path, "$"))
    return g_strdup (_("Scenario"));
  return NULL;
}

/**
 * acies_editor_describe_problem_path:
 * @document: a document
 * @path: (nullable): a problem's JSON path
 *
 * Where a problem is, in the words the panels use: the object's kind and
 * name, then the parameter's label ("Area “Macedonian bank” › Units")
 * instead of its JSON path ("$.areas[0].params.count").
 *
 * A problem about a whole part ("$.sides", "$.map.terrain") is placed by
 * the editor's page for it ("Sides", "Map › Terrain").
 *
 * Returns: (transfer full) (nullable): the words, or %NULL when the path
 *   is not one the editor knows
 */
char *
acies_editor_describe_problem_path (AciesEditorDocument *document,
                                    const char          *path)
{
  AciesScenario *s = acies_editor_document_get_scenario (document);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (document);
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *array = NULL;
  g_autofree char *index_text = NULL;
  g_autofree char *rest = NULL;
  g_autofree char *what = NULL;
  GPtrArray *specs = NULL;
  GPtrArray *more_specs = NULL;
  const char *member;
  guint index;

  if (s == NULL || path == NULL || cat == NULL)
    return NULL;
  if (g_str_has_prefix (path, "$.params."))
    {
      const char *label = spec_label (cat->scenario_params, path + strlen ("$.params."));

      /* Translators: where a problem is: "Scenario › Turn limit". */
      return label != NULL ? g_strdup_printf (_("Scenario › %s"), label) : NULL;
    }

  regex = g_regex_new ("^\\$\\.([a-z_]+)\\[([0-9]+)\\](?:\\.(.*))?$", 0, 0, NULL);
  if (!g_regex_match (regex, path, 0, &match))
    return describe_whole_path (path);
  array = g_match_info_fetch (match, 1);
  index_text = g_match_info_fetch (match, 2);
  rest = g_match_info_fetch (match, 3);
  index = (guint) g_ascii_strtoull (index_text, NULL, 10);

  if (g_str_equal (array, "units") && index < s->units->len)
    {
      AciesUnit *u = g_ptr_array_index (s->units, index);
      const AciesUnitType *type = acies_catalogue_find_unit_type (cat, u->type);

      what = g_strdup_printf (_("Unit “%s”"), u->name ? u->name : u->id);
      if (type != NULL)
        {
          specs = type->attributes;
          if (g_str_has_prefix (rest ? rest : "", "hidden."))
            specs = type->hidden;
        }
    }
  else if (g_str_equal (array, "leaders") && index < s->leaders->len)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, index);
      const AciesUnitType *kind = acies_catalogue_find_leader_kind (cat, l->kind);

      what = g_strdup_printf (_("Leader “%s”"), l->name ? l->name : l->id);
      specs = kind != NULL ? kind->attributes : NULL;
    }
  else if (g_str_equal (array, "sides") && index < s->sides->len)
    {
      AciesSide *side = g_ptr_array_index (s->sides, index);

      what = g_strdup_printf (_("Side “%s”"), side->name ? side->name : side->id);
      specs = cat->side_params;
    }
  else if (g_str_equal (array, "formations") && index < s->formations->len)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, index);
      const AciesKind *kind = acies_catalogue_find_kind (cat->formation_kinds, f->kind);

      what = g_strdup_printf (_("Formation “%s”"), f->name ? f->name : f->id);
      specs = cat->formation_params;
      more_specs = kind != NULL ? kind->params : NULL;
    }
  else if (g_str_equal (array, "areas") && index < s->areas->len)
    {
      AciesArea *a = g_ptr_array_index (s->areas, index);
      const AciesKind *kind = acies_catalogue_find_kind (cat->area_kinds, a->kind);

      what = g_strdup_printf ("%s “%s”", kind && kind->name ? kind->name : _("Area"), a->name ? a->name : a->id);
      specs = kind != NULL ? kind->params : NULL;
    }
  else if ((g_str_equal (array, "special_rules") && index < s->special_rules->len) ||
           (g_str_equal (array, "victory") && index < s->victory->len))
    {
      gboolean victory = g_str_equal (array, "victory");
      AciesRuleEntry *entry = g_ptr_array_index (victory ? s->victory : s->special_rules, index);
      const AciesKind *kind = acies_catalogue_find_kind (victory ? cat->victory_kinds : cat->special_rules,
                                                         entry->kind);

      what = g_strdup (kind && kind->name ? kind->name : entry->kind);
      specs = kind != NULL ? kind->params : NULL;
    }
  else if (g_str_equal (array, "pools") && index < s->pools->len)
    {
      AciesPool *pool = g_ptr_array_index (s->pools, index);

      what = acies_editor_pool_title (s, pool);
      if (rest != NULL && g_str_has_prefix (rest, "entries["))
        {
          guint j = (guint) g_ascii_strtoull (rest + strlen ("entries["), NULL, 10);
          const char *after = strchr (rest, ']');

          if (j < pool->entries->len)
            {
              AciesPoolEntry *entry = g_ptr_array_index (pool->entries, j);
              const AciesUnitType *type = acies_catalogue_find_unit_type (cat, entry->type);
              char *longer = g_strdup_printf ("%s › %s", what, type && type->name ? type->name : entry->type);

              g_free (what);
              what = longer;
              if (type != NULL)
                specs = after != NULL && g_str_has_prefix (after, "].hidden.") ? type->hidden : type->attributes;
            }
          if (after != NULL && after[1] == '.')
            {
              char *tail = g_strdup (after + 2);

              g_free (rest);
              rest = tail;
            }
          else
            g_clear_pointer (&rest, g_free);
        }
    }
  else
    return NULL;

  if (rest == NULL || *rest == '\0')
    return g_steal_pointer (&what);

  /* "params.count", "attrs.cc", "hidden.vp": the parameter's label. */
  member = rest;
  if (g_str_has_prefix (member, "params.") || g_str_has_prefix (member, "attrs.") || g_str_has_prefix (member, "hidden."))
    {
      const char *id = strchr (member, '.') + 1;
      const char *label = spec_label (specs, id);

      if (label == NULL)
        label = spec_label (more_specs, id);
      return g_strdup_printf ("%s › %s", what, label != NULL ? label : id);
    }
  {
    const struct { const char *member; const char *words; } fields[] = {
      { "cell", N_("Set-up cell") }, { "cell2", N_("Second hex") }, { "cells", N_("Cells") },
      { "facing", N_("Facing") }, { "type", N_("Type") }, { "kind", N_("Kind") },
      { "name", N_("Name") }, { "side", N_("Side") }, { "formation", N_("Formation") },
      { "colour", N_("Colour") }, { "draw", N_("Counters drawn") }, { "area", N_("Area") },
    };

    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      if (g_str_equal (member, fields[i].member))
        return g_strdup_printf ("%s › %s", what, _(fields[i].words));
  }
  return g_strdup_printf ("%s › %s", what, member);
}

/**
 * acies_editor_describe_problems:
 * @document: a document
 * @n_errors: errors the last validation found
 * @n_warnings: warnings it found
 *
 * Returns: (transfer full): the sentence over the problems list: "2
 *   errors, 1 warning. Click a problem to show it.", "1 error. Click…", or that the
 *   scenario can be played (or why Acies cannot play it)
 */
char *
acies_editor_describe_problems (AciesEditorDocument *document,
                                guint                n_errors,
                                guint                n_warnings)
{
  if (n_errors == 0 && n_warnings == 0)
    {
      g_autofree char *unplayable = acies_editor_describe_unplayable (acies_editor_document_get_scenario (document)->ruleset);

      if (unplayable != NULL)
        return g_strdup_printf (_("No problems found. %s."), unplayable);
      return g_strdup (_("No problems: the scenario can be played."));
    }
  {
    /* Translators: the problems found, "1 error", "2 errors". */
    g_autofree char *errors = g_strdup_printf (ngettext ("%u error", "%u errors", n_errors), n_errors);
    /* Translators: the problems found, "1 warning", "2 warnings". */
    g_autofree char *warnings = g_strdup_printf (ngettext ("%u warning", "%u warnings", n_warnings), n_warnings);

    if (n_warnings == 0)
      /* Translators: "1 error. Click a problem to show it." */
      return g_strdup_printf (_("%s. Click a problem to show it."), errors);
    if (n_errors == 0)
      return g_strdup_printf (_("%s. Click a problem to show it."), warnings);
    /* Translators: "1 error, 2 warnings. Click a problem to show it." */
    return g_strdup_printf (_("%s, %s. Click a problem to show it."), errors, warnings);
  }
}

/**
 * acies_editor_describe_unplayable:
 * @ruleset: (nullable): a ruleset id (AciesScenario.ruleset)
 *
 * Tells whether Acies has a rules engine for @ruleset: some rule systems
 * have a catalogue (so the editor and printing work) but no game logic
 * yet, and acies_ruleset_lookup() does not know them.
 *
 * Returns: (transfer full) (nullable): why games of @ruleset cannot be
 *   played, in plain words naming the catalogue (without a final full
 *   stop), or %NULL when they can
 */
char *
acies_editor_describe_unplayable (const char *ruleset)
{
  g_autoptr(AciesRuleset) rules = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;
  const char *name;

  if (ruleset == NULL || *ruleset == '\0')
    return g_strdup (_("Acies cannot play this scenario: it names no rule system"));

  rules = acies_ruleset_lookup (ruleset, NULL);
  if (rules != NULL)
    return NULL;

  catalogue = acies_catalogue_lookup (ruleset);
  name = catalogue && catalogue->name && *catalogue->name ? catalogue->name : ruleset;
  if (catalogue != NULL)
    /* Translators: %s is a rule system's name, e.g. "Four Battles of the Ancient World". */
    return g_strdup_printf (_("Acies cannot play %s games yet: the editor and printing work, the rules engine does not"),
                            name);
  return g_strdup_printf (_("Acies cannot play “%s” games: it does not know this rule system"), name);
}

/**
 * acies_param_help_split:
 * @help: (nullable): a spec's help text, as the catalogue gives it
 * @ruling: (out) (optional) (transfer full) (nullable): the checklist
 *   reference the text cites, as people read it ("Ruling GC-G25"), or
 *   %NULL when it cites none
 *
 * Splits a help text into what a player reads and the checklist reference
 * it carries, so the reference can be shown apart (a smaller line or a
 * tooltip): a trailing "(checklist GC-G25)" or a leading "FB-A1: " goes
 * to @ruling; a reference inside the text reads "(ruling GC-G30c)".
 *
 * Returns: (transfer full) (nullable): the help without the reference,
 *   or %NULL when @help is %NULL
 */
char *
acies_param_help_split (const char  *help,
                        char       **ruling)
{
  g_autoptr(GRegex) trailing = NULL;
  g_autoptr(GRegex) leading = NULL;
  g_autoptr(GRegex) inside = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *text = NULL;
  g_autofree char *reference = NULL;

  if (ruling != NULL)
    *ruling = NULL;
  if (help == NULL)
    return NULL;

  trailing = g_regex_new ("\\s*\\(checklist\\s+([^()]+)\\)\\s*\\.?\\s*$", 0, 0, NULL);
  leading = g_regex_new ("^([A-Z]{2,4}-[A-Z]+[0-9]+[a-z]?):\\s*", 0, 0, NULL);
  inside = g_regex_new ("\\(checklist\\s+([^()]+)\\)", 0, 0, NULL);

  text = g_strdup (help);
  if (g_regex_match (trailing, text, 0, &match))
    {
      gint start = 0;

      reference = g_match_info_fetch (match, 1);
      g_match_info_fetch_pos (match, 0, &start, NULL);
      text[start] = '\0';
    }
  else
    {
      g_clear_pointer (&match, g_match_info_free);
      if (g_regex_match (leading, text, 0, &match))
        {
          gint end = 0;
          char *rest;

          reference = g_match_info_fetch (match, 1);
          g_match_info_fetch_pos (match, 0, NULL, &end);
          rest = g_strdup (text + end);
          g_free (text);
          text = rest;
          /* "the forest…" after "CCA-E1: " starts the sentence. */
          if (g_ascii_islower (text[0]))
            text[0] = g_ascii_toupper (text[0]);
        }
    }

  if (ruling != NULL && reference != NULL)
    /* Translators: the checklist ruling an option settles, "Ruling GC-G25". */
    *ruling = g_strdup_printf (_("Ruling %s"), g_strstrip (reference));

  /* Translators: a ruling cited inside an option's help text. */
  return g_regex_replace (inside, text, -1, 0, _("(ruling \\1)"), 0, NULL);
}
