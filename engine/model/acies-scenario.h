/* acies-scenario.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "acies-types.h"
#include "geometry/acies-board.h"

G_BEGIN_DECLS

/*
 * The scenario model: a plain value object that never holds play state.
 *
 * Every string id is unique within its kind in a scenario.  Terrain and
 * feature ids are interned strings (g_intern_string), so rules compare them
 * by pointer.  Free-form parameter objects (JsonObject) hold values whose
 * names and types come from the ruleset's catalogue
 * (data/rulesets/<id>.json) and are checked by acies_scenario_check().
 *
 * All structs are owned by the scenario; the arrays free their elements.
 */

#define ACIES_SCENARIO_FORMAT   "acies-scenario"
#define ACIES_SCENARIO_VERSION  1

typedef struct
{
  char       *id;
  char       *name;
  char       *colour;      /* "#rrggbb" */
  AciesMapEdge home_edge;  /* the map edge the side owns */
  JsonObject *params;      /* army-level parameters, from the ruleset's side_parameters */
} AciesSide;

typedef struct
{
  char       *id;
  char       *side;        /* side id */
  char       *parent;      /* formation id or NULL */
  char       *kind;        /* from the ruleset's formation_kinds: "wing", "command"… */
  char       *name;
  char       *colour;      /* "#rrggbb" or NULL: the side's colour */
  JsonObject *params;      /* from the ruleset's formation_parameters */
} AciesFormation;

typedef struct
{
  char       *id;
  char       *side;
  char       *formation;   /* formation id or NULL */
  char       *type;        /* unit type id from the catalogue */
  char       *name;        /* or NULL */
  JsonObject *attrs;       /* the values a counter shows (front) */
  JsonObject *hidden;      /* hidden values (back), or NULL */
  AciesCell   cell;        /* set-up cell, or ACIES_CELL_NONE (off map / reinforcement) */
  AciesCell   cell2;       /* second cell of a two-hex unit, or ACIES_CELL_NONE */
  gint        facing;      /* direction or vertex index; -1 when the ruleset has no facing */
} AciesUnit;

typedef struct
{
  char       *id;
  char       *side;
  char       *formation;   /* formation commanded, or NULL */
  char       *kind;        /* from the catalogue's leader_kinds */
  char       *name;
  JsonObject *attrs;
  AciesCell   cell;        /* or ACIES_CELL_NONE */
  char       *attached_to; /* unit id (a leader stacked with / riding with a unit), or NULL */
} AciesLeader;

typedef struct
{
  char       *type;        /* unit type id */
  JsonObject *attrs;       /* front */
  JsonObject *hidden;      /* back, or NULL */
  guint       count;       /* counters of this kind in the pool */
} AciesPoolEntry;

typedef struct
{
  char       *id;
  char       *side;
  char       *formation;   /* or NULL */
  char       *area;        /* the set-up area the drawn units go to, or NULL */
  guint       draw;        /* how many counters are drawn (0 = all) */
  GPtrArray  *entries;     /* AciesPoolEntry */
  JsonObject *params;
} AciesPool;

typedef struct
{
  char       *id;
  char       *name;
  char       *kind;        /* from the catalogue's area_kinds: "setup", "camp", "key", "exit"… */
  char       *side;        /* or NULL */
  char       *formation;   /* or NULL */
  GArray     *cells;       /* AciesCell, sorted, unique */
  JsonObject *params;
} AciesArea;

typedef struct
{
  char       *id;
  char       *side;
  guint       turn;
  char       *area;        /* entry area id, or NULL */
  GPtrArray  *units;       /* unit ids (char *) */
} AciesReinforcement;

typedef struct
{
  char       *kind;        /* from the catalogue's special_rules / victory_conditions */
  char       *side;        /* or NULL for both */
  JsonObject *params;
} AciesRuleEntry;

typedef struct
{
  AciesBoard  *board;
  const char **terrain;         /* per cell, interned terrain id */
  GPtrArray  **cell_features;   /* per cell, NULL or interned ids (zones: several features) */
  GPtrArray  **edge_features;   /* per edge, NULL or interned ids */
  gint        *elevation;       /* per cell, levels */
} AciesMap;

typedef struct
{
  char      *title;
  char      *date;
  char      *place;
  char      *description;
  char      *designer;
  char      *notes;
  GPtrArray *sources;           /* char * */
} AciesMetadata;

typedef struct _AciesScenario AciesScenario;

struct _AciesScenario
{
  /*< private >*/
  gint           ref_count;
  /*< public >*/
  char          *ruleset;       /* ruleset id */
  guint          ruleset_version;
  AciesMetadata  meta;
  AciesMap       map;
  GPtrArray     *sides;         /* AciesSide */
  GPtrArray     *formations;    /* AciesFormation */
  GPtrArray     *units;         /* AciesUnit */
  GPtrArray     *leaders;       /* AciesLeader */
  GPtrArray     *pools;         /* AciesPool */
  GPtrArray     *areas;         /* AciesArea */
  GPtrArray     *reinforcements;/* AciesReinforcement */
  GPtrArray     *special_rules; /* AciesRuleEntry */
  GPtrArray     *victory;       /* AciesRuleEntry */
  guint          turn_limit;    /* 0 = none */
  char          *first_side;    /* side id or NULL */
  JsonObject    *params;        /* scenario-level parameters (scenario_parameters) */
  JsonObject    *table_overrides; /* table id -> override object, or NULL */
};

#define ACIES_TYPE_SCENARIO (acies_scenario_get_type ())

GType              acies_scenario_get_type          (void) G_GNUC_CONST;
AciesScenario     *acies_scenario_new               (const char          *ruleset,
                                                     AciesBoard          *board,
                                                     const char          *default_terrain);
AciesScenario     *acies_scenario_ref               (AciesScenario       *scenario);
void               acies_scenario_unref             (AciesScenario       *scenario);
AciesScenario     *acies_scenario_copy              (const AciesScenario *scenario);
gboolean           acies_scenario_equal             (const AciesScenario *a,
                                                     const AciesScenario *b);

void               acies_scenario_set_board         (AciesScenario       *scenario,
                                                     AciesBoard          *board,
                                                     const char          *default_terrain);

AciesSide         *acies_scenario_find_side         (const AciesScenario *scenario,
                                                     const char          *id);
gint               acies_scenario_side_index        (const AciesScenario *scenario,
                                                     const char          *id);
AciesFormation    *acies_scenario_find_formation    (const AciesScenario *scenario,
                                                     const char          *id);
AciesUnit         *acies_scenario_find_unit         (const AciesScenario *scenario,
                                                     const char          *id);
AciesLeader       *acies_scenario_find_leader       (const AciesScenario *scenario,
                                                     const char          *id);
AciesArea         *acies_scenario_find_area         (const AciesScenario *scenario,
                                                     const char          *id);
AciesPool         *acies_scenario_find_pool         (const AciesScenario *scenario,
                                                     const char          *id);
const char        *acies_scenario_name_of           (const AciesScenario *scenario,
                                                     const char          *id);
gboolean           acies_area_contains              (const AciesArea     *area,
                                                     AciesCell            cell);

/* Constructors for the parts; each returns a new struct to add to the
 * matching array (the array takes ownership). */
AciesSide         *acies_side_new                   (const char          *id,
                                                     const char          *name);
AciesFormation    *acies_formation_new              (const char          *id,
                                                     const char          *side,
                                                     const char          *kind);
AciesUnit         *acies_unit_new                   (const char          *id,
                                                     const char          *side,
                                                     const char          *type);
AciesLeader       *acies_leader_new                 (const char          *id,
                                                     const char          *side,
                                                     const char          *kind);
AciesPool         *acies_pool_new                   (const char          *id,
                                                     const char          *side);
AciesPoolEntry    *acies_pool_entry_new             (const char          *type,
                                                     guint                count);
AciesArea         *acies_area_new                   (const char          *id,
                                                     const char          *kind);
AciesReinforcement *acies_reinforcement_new         (const char          *id,
                                                     const char          *side,
                                                     guint                turn);
AciesRuleEntry    *acies_rule_entry_new             (const char          *kind);

AciesUnit         *acies_unit_copy                  (const AciesUnit     *unit);
AciesLeader       *acies_leader_copy                (const AciesLeader   *leader);

void               acies_side_free                  (AciesSide           *side);
void               acies_formation_free             (AciesFormation      *formation);
void               acies_unit_free                  (AciesUnit           *unit);
void               acies_leader_free                (AciesLeader         *leader);
void               acies_pool_free                  (AciesPool           *pool);
void               acies_pool_entry_free            (AciesPoolEntry      *entry);
void               acies_area_free                  (AciesArea           *area);
void               acies_reinforcement_free         (AciesReinforcement  *reinforcement);
void               acies_rule_entry_free            (AciesRuleEntry      *entry);

/* Map access. */
const char        *acies_map_get_terrain            (const AciesMap      *map,
                                                     AciesCell            cell);
void               acies_map_set_terrain            (AciesMap            *map,
                                                     AciesCell            cell,
                                                     const char          *terrain);
gboolean           acies_map_cell_has_feature       (const AciesMap      *map,
                                                     AciesCell            cell,
                                                     const char          *feature);
void               acies_map_add_cell_feature       (AciesMap            *map,
                                                     AciesCell            cell,
                                                     const char          *feature);
void               acies_map_remove_cell_feature    (AciesMap            *map,
                                                     AciesCell            cell,
                                                     const char          *feature);
gboolean           acies_map_edge_has_feature       (const AciesMap      *map,
                                                     AciesEdge            edge,
                                                     const char          *feature);
void               acies_map_add_edge_feature       (AciesMap            *map,
                                                     AciesEdge            edge,
                                                     const char          *feature);
void               acies_map_remove_edge_feature    (AciesMap            *map,
                                                     AciesEdge            edge,
                                                     const char          *feature);

/* JSON helpers: a deep copy (json_node_copy() shares objects and arrays)
 * and an equality where NULL equals an empty object. */
JsonObject        *acies_json_object_copy           (JsonObject          *object);
JsonNode          *acies_json_node_copy_deep        (JsonNode            *node);
gboolean           acies_json_object_equal          (JsonObject          *a,
                                                     JsonObject          *b);

/* Small helpers for parameter objects. */
gint64             acies_params_get_int             (JsonObject          *params,
                                                     const char          *name,
                                                     gint64               fallback);
const char        *acies_params_get_string          (JsonObject          *params,
                                                     const char          *name,
                                                     const char          *fallback);
gboolean           acies_params_get_bool            (JsonObject          *params,
                                                     const char          *name,
                                                     gboolean             fallback);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesScenario, acies_scenario_unref)

G_END_DECLS
