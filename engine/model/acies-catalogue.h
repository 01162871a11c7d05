/* acies-catalogue.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "acies-types.h"
#include "model/acies-scenario.h"
#include "model/acies-table.h"

G_BEGIN_DECLS

/*
 * A ruleset's catalogue: everything about a rule system that is data, read
 * from data/rulesets/<id>.json (bundled as a GResource under
 * /io/github/acies/Acies/rulesets/<id>.json).  The editor and the validator
 * work from it, so a new ruleset needs no editor code.
 */

typedef enum
{
  ACIES_VALUE_INT,
  ACIES_VALUE_ENUM,
  ACIES_VALUE_BOOL,
  ACIES_VALUE_STRING,
  ACIES_VALUE_CELL,        /* a cell label */
  ACIES_VALUE_SIDE,        /* a side id */
  ACIES_VALUE_FORMATION,   /* a formation id */
  ACIES_VALUE_AREA,        /* an area id */
  ACIES_VALUE_UNIT_TYPE,   /* a unit type id */
  ACIES_VALUE_NUMBER,      /* a real number */
} AciesValueType;

/**
 * AciesParamSpec:
 * A named, typed value: a unit attribute, a side parameter, a special
 * rule's parameter.  @min and @max bound ints; @values lists enum values
 * and @value_labels, when the catalogue gives them, their names for
 * people ("As printed" for "as-printed"), in the same order.
 */
typedef struct
{
  char          *id;
  char          *label;
  char          *help;
  AciesValueType type;
  gint64         min;
  gint64         max;
  GStrv          values;        /* enum values, or NULL */
  JsonNode      *default_value; /* or NULL */
  gboolean       required;
  char          *source;        /* rule reference, "GC 3.2" */
  GStrv          value_labels;  /* one per enum value, or NULL */
} AciesParamSpec;

typedef struct
{
  char       *id;
  char       *name;
  char       *colour;      /* "#rrggbb" */
  char       *pattern;     /* "none", "dots", "trees", "marsh", "hatch", "water", "rough" */
  gint        elevation;   /* default elevation it implies, or 0 */
  JsonObject *effects;     /* movement costs, combat effects… as the ruleset reads them */
  char       *source;
} AciesTerrainType;

typedef struct
{
  char      *id;
  char      *name;
  char      *category;     /* "foot", "mounted", "elephant", "missile", "leader", … */
  char      *symbol;       /* NATO-style symbol: "infantry", "light-infantry", "cavalry", "elephant", "chariot", "archer", "phalanx", "wagon", "skirmisher" */
  gboolean   two_hex;
  GPtrArray *attributes;   /* AciesParamSpec: what the counter's front shows */
  GPtrArray *hidden;       /* AciesParamSpec: what its back hides */
  GStrv      shown;        /* attribute ids printed on the counter, in order */
  char      *source;
} AciesUnitType;

typedef struct
{
  char      *id;
  char      *name;
  char      *description;
  char      *scope;        /* "side", "formation", "scenario" */
  GPtrArray *params;       /* AciesParamSpec */
  char      *source;
} AciesKind;

typedef struct _AciesCatalogue AciesCatalogue;

struct _AciesCatalogue
{
  /*< private >*/
  gint                ref_count;
  /*< public >*/
  char               *id;
  char               *name;
  char               *book;
  guint               version;
  AciesBoardKind      board_kind;
  AciesAdjacency      adjacency;
  AciesFacingKind     facing;
  AciesHexOrientation orientation;
  AciesHexOffset      offset;
  AciesLabelScheme    labels;
  guint               default_width;
  guint               default_height;
  char               *default_terrain;
  guint               die_faces;
  guint               die_first;       /* 1, or 0 for a 0–9 d10 */
  guint               stack_limit;     /* units per cell; leaders do not count */
  GStrv               side_colours;    /* suggested colours */
  GPtrArray          *terrain;         /* AciesTerrainType, cell terrain */
  GPtrArray          *cell_features;   /* AciesTerrainType, features added to a cell (zones) */
  GPtrArray          *edge_features;   /* AciesTerrainType, along edges */
  GPtrArray          *unit_types;      /* AciesUnitType */
  GPtrArray          *leader_kinds;    /* AciesUnitType */
  GPtrArray          *formation_kinds; /* AciesKind */
  GPtrArray          *area_kinds;      /* AciesKind */
  GPtrArray          *side_params;     /* AciesParamSpec */
  GPtrArray          *formation_params;/* AciesParamSpec */
  GPtrArray          *scenario_params; /* AciesParamSpec */
  GPtrArray          *pool_params;     /* AciesParamSpec: a unit pool's own parameters (its Wing, how many are drawn…) */
  GPtrArray          *special_rules;   /* AciesKind */
  GPtrArray          *victory_kinds;   /* AciesKind */
  GPtrArray          *options;         /* AciesParamSpec: rulings and house options, with documented defaults */
  GPtrArray          *tables;          /* AciesTable */
  guint               die_count;       /* dice rolled together ("dice": {"count": 2}), 1 by default */
  char               *book_prefix;     /* the book's short name in sources ("GC" for "GC 9.3"), or NULL */
  GStrv               zone_names;      /* zone board: an army's names for its ten zones (acies_board_new_zones_named()), or NULL */
  char               *positions_shows; /* "positions.shows": what a scenario's map positions are when not the start of
                                        * the game ("the historical deployment at the end of turn 1"), or NULL */
  char               *positions_source;/* its rule ("LB 3.3.3"), or NULL */
  char               *start_option;    /* "positions.start_option": the enum option choosing where a game starts, or NULL */
};

AciesCatalogue        *acies_catalogue_load           (GFile                *file,
                                                       GError              **error);
AciesCatalogue        *acies_catalogue_load_data      (const char           *data,
                                                       gssize                length,
                                                       const char           *display_name,
                                                       GError              **error);
AciesCatalogue        *acies_catalogue_get_bundled    (const char           *id);
AciesCatalogue        *acies_catalogue_lookup         (const char           *id);
const char * const    *acies_catalogue_list_bundled   (void);
void                   acies_catalogue_register       (const char           *id,
                                                       AciesCatalogue       *catalogue);
AciesCatalogue        *acies_catalogue_ref            (AciesCatalogue       *catalogue);
void                   acies_catalogue_unref          (AciesCatalogue       *catalogue);

const AciesTerrainType *acies_catalogue_find_terrain      (const AciesCatalogue *catalogue,
                                                           const char           *id);
const AciesTerrainType *acies_catalogue_find_cell_feature (const AciesCatalogue *catalogue,
                                                           const char           *id);
const AciesTerrainType *acies_catalogue_find_edge_feature (const AciesCatalogue *catalogue,
                                                           const char           *id);
const AciesUnitType    *acies_catalogue_find_unit_type    (const AciesCatalogue *catalogue,
                                                           const char           *id);
const AciesUnitType    *acies_catalogue_find_leader_kind  (const AciesCatalogue *catalogue,
                                                           const char           *id);
const AciesKind        *acies_catalogue_find_kind         (GPtrArray            *kinds,
                                                           const char           *id);
const AciesParamSpec   *acies_catalogue_find_param        (GPtrArray            *specs,
                                                           const char           *id);
const AciesTable       *acies_catalogue_find_table        (const AciesCatalogue *catalogue,
                                                           const char           *id);
const char             *acies_catalogue_table_word        (const AciesCatalogue *catalogue,
                                                           const char           *word);

/* A ruling or house option's value for a new game: @options' (as New Game
 * or acies-cli play --option give them), else the catalogue's default;
 * the typed readers return @fallback when neither holds that type. */
JsonNode               *acies_catalogue_option_value      (const AciesCatalogue *catalogue,
                                                           JsonObject           *options,
                                                           const char           *id);
gboolean                acies_catalogue_option_bool       (const AciesCatalogue *catalogue,
                                                           JsonObject           *options,
                                                           const char           *id,
                                                           gboolean              fallback);
gint64                  acies_catalogue_option_int        (const AciesCatalogue *catalogue,
                                                           JsonObject           *options,
                                                           const char           *id,
                                                           gint64                fallback);
const char             *acies_catalogue_option_string     (const AciesCatalogue *catalogue,
                                                           JsonObject           *options,
                                                           const char           *id,
                                                           const char           *fallback);

/* Which positions a scenario's map shows (issue 17 item 5): a sentence for
 * the printed set-up and the editor's board, and the start a game was
 * given (the label of the "start_option" value chosen), or NULL. */
char                   *acies_catalogue_positions_text    (const AciesCatalogue *catalogue);
char                   *acies_catalogue_start_text        (const AciesCatalogue *catalogue,
                                                           JsonObject           *options);

/* An effect of a terrain or feature ("move_cost"): effects are bare values
 * or { "value": …, "section": "8.9", "note": … }.  Returns the value
 * (borrowed) or NULL, and the effect's section (or the terrain's). */
JsonNode              *acies_terrain_type_get_effect  (const AciesTerrainType *terrain,
                                                       const char           *effect,
                                                       const char          **section);

/* Checks one value against its spec; on failure sets a message that says
 * what was expected ("an integer from 0 to 9", "one of A, B, C"). */
gboolean               acies_param_spec_check         (const AciesParamSpec *spec,
                                                       JsonNode             *value,
                                                       const AciesScenario  *scenario,
                                                       char                **message);

/* Reads a value as typed ("true", "3", "as-printed") for @spec and
 * checks it; NULL with a message saying what was expected. */
JsonNode              *acies_param_spec_parse         (const AciesParamSpec *spec,
                                                       const char           *text,
                                                       const AciesScenario  *scenario,
                                                       char                **message);

/* The name of enum value @index for people: its "value_labels" entry, or
 * the value with '-' and '_' as spaces and a capital first letter. */
char                  *acies_param_spec_value_label   (const AciesParamSpec *spec,
                                                       guint                 index);

/* The label of a stored enum value ("as-printed" → "As printed"), or the
 * value itself when it is not one. */
const char            *acies_param_spec_label_of      (const AciesParamSpec *spec,
                                                       const char           *value);

/* Fills the values a new part starts with (the editor's defaults). */
void                   acies_param_specs_fill_defaults (JsonObject          *values,
                                                        GPtrArray           *specs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesCatalogue, acies_catalogue_unref)

G_END_DECLS
