/* acies-fb-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/*
 * Four Battles of the Ancient World ("FB", shared/rules/four-battles.txt):
 * Standard Rules 1.0–16.0 and the Exclusive Rules' kinds, on an XXYY hex
 * map.
 *
 * Conventions:
 *   - Sides are indices into scenario->sides (two sides).
 *   - Pieces: indices 0 … n_combat - 1 are the scenario's units (combat
 *     units, baggage, camel trains), n_combat … n - 1 its leaders (leaders
 *     and eagles, FB 13.0; TEU 4.2).  ACIES_ARG_UNIT arguments use these
 *     indices, so a leader is selected, moved and named like a unit.
 *   - Cells are board cells; directions 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
 *     (flat-top) as acies-board.h numbers them.
 *   - Strength is counted in quarter SP ("q"), victory points in half VP
 *     ("h"), so halving and half-VP awards stay exact (FB 8.41, 12.7e).
 *   - Odds are a column level: 0 is 1:1, k - 1 is k:1, -(n - 1) is 1:n
 *     (FB 8.0; checklist ruling A1).
 *   - The static data (map costs, unit definitions, rules, tables) is read
 *     once per scenario and shared by every copy of a state (FbStatic);
 *     the state is plain data copied with one memcpy, plus a movement
 *     cache that copies drop (it is a pure function of the state).
 *   - Every rule function cites its case: "FB 8.52", exclusive rules with
 *     the battle's code: "TEU 4.3".
 */

#include <glib.h>

#include "acies-error.h"
#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "model/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

#define FB_MAX_PIECES   240
#define FB_MAX_CELLS    2400
#define FB_MAX_AREAS    64
#define FB_MAX_IN_COMBAT 12
#define FB_MAX_RULES    48
#define FB_MAX_CRT_COLS 12
#define FB_NONE         (-1)
#define FB_INF_COST     255
#define FB_PATH_CUT_MAX 256   /* hexes of the CAN 5.12 path kept */

/* Unit classes (2.3; exclusive rules add chariots, baggage, camels). */
typedef enum
{
  FB_FOOT,
  FB_CAVALRY,
  FB_ELEPHANT,
  FB_CHARIOT,
  FB_SCYTHED,      /* ARB 3.4 */
  FB_BAGGAGE,      /* ARB 4.22, TEU 4.4, ADR 4.2 */
  FB_CAMEL,        /* CAR 3.2 */
  FB_LEADER,       /* 13.0 */
  FB_EAGLE,        /* TEU 4.2 */
  FB_N_CLASSES
} FbClass;

typedef enum { FB_MIS_NONE, FB_MIS_BOW, FB_MIS_SLING, FB_MIS_JAVELIN, FB_MIS_PILA, FB_N_MISSILES } FbMissile;

/* Where a piece is. */
typedef enum
{
  FB_AT_MAP,         /* on the map, at .cell */
  FB_AT_ELIMINATED,  /* eliminated (may rally, 14.0) */
  FB_AT_OFFMAP,      /* off the map, may come back (CAR 3.11, MET 3.2, MUN 3.4) */
  FB_AT_WAITING,     /* not yet arrived: reinforcement, box (10.0, ADR 3.0) */
  FB_AT_ESCAPED,     /* left the map for good (TEU 4.5, IDI 4.1, 5.26) */
  FB_AT_UNPLACED,    /* set-up still to do (3.0) */
} FbWhere;

/* TEC combat effects (8.41, 8.45). */
typedef enum
{
  FB_CE_NE, FB_CE_AH, FB_CE_DD, FB_CE_DT, FB_CE_SLOPE, FB_CE_SHIFT1, FB_CE_SHIFT2
} FbCombatEffect;

/* Hexside features (bits of FbStatic.side_bits). */
enum
{
  FB_HS_STREAM   = 1 << 0,
  FB_HS_RIDGE    = 1 << 1,
  FB_HS_SLOPE    = 1 << 2,
  FB_HS_TRAIL    = 1 << 3,
  FB_HS_ROAD     = 1 << 4,
  FB_HS_OBSTACLE = 1 << 5,
  FB_HS_RAMPART  = 1 << 6,
  FB_HS_RIVER    = 1 << 7,
  FB_HS_FORD     = 1 << 8,
  FB_HS_N        = 9
};

/* Cell flags (FbStatic.cell_bits). */
enum
{
  FB_C_RIVER     = 1 << 0,   /* river hex (5.23) */
  FB_C_FORD      = 1 << 1,
  FB_C_SLOPE     = 1 << 2,   /* 7.23, 8.45 */
  FB_C_HILL      = 1 << 3,
  FB_C_BLOCKS    = 1 << 4,   /* blocks LOS (7.21) */
  FB_C_CHARGE    = 1 << 5,   /* a charge may move and attack here (9.5) */
  FB_C_CAMP      = 1 << 6,
  FB_C_TRAIL     = 1 << 7,   /* a trail runs through it (5.22) */
  FB_C_EDGE      = 1 << 8,   /* on a map edge */
  FB_C_EDGE_N    = 1 << 9,   /* in the outermost row or column on map edge N, E, S, W: */
  FB_C_EDGE_E    = 1 << 10,  /* FB_C_EDGE_N << AciesMapEdge (acies_fb_on_edge()) */
  FB_C_EDGE_S    = 1 << 11,
  FB_C_EDGE_W    = 1 << 12,
};

/* Rule kinds of the catalogue's special_rules and victory_conditions the
 * engine reads (one FbRule each). */
typedef enum
{
  FB_R_NO_DISPLACEMENT,      /* 8.81 */
  FB_R_CHARIOTS,             /* MEG 3.1, QAD 3.1, BOU 3.2 */
  FB_R_ELITE_LEADER,         /* GRA 3.1 */
  FB_R_TWO_STEP,             /* GRA 3.2 */
  FB_R_TURN_SHIFT,           /* GRA 3.3, IDI 3.1, MUN 3.2, TEU 4.1, BOU 3.1 */
  FB_R_MOVEMENT_LOCK,        /* MAR 3.1, QAD 2.2, MET 3.1, PHA 3.2, ZAM 2.2, 4.12 */
  FB_R_TURN_MULTIPLIERS,     /* TRA 3.1, MAR 3.2, ADR 4.1 */
  FB_R_TURN_VULNERABILITY,   /* MAR 3.1 */
  FB_R_SCYTHED,              /* ARB 3.4 */
  FB_R_LEASH,                /* ARB 3.3 */
  FB_R_MOVE_QUOTA,           /* ARB 3.3 */
  FB_R_X_LEGION,             /* PHA 3.3 */
  FB_R_GUARD,                /* IDI 3.2 */
  FB_R_FIGHTING_WITHDRAWAL,  /* TEU 4.3 */
  FB_R_EAGLES,               /* TEU 4.2 */
  FB_R_BAGGAGE,              /* TEU 4.4, ARB 4.22, ADR 4.2 */
  FB_R_EDGE_EXIT,            /* CAR 3.11 */
  FB_R_SKIRMISH_CAPABILITY,  /* CAR 3.12, MET 3.31 */
  FB_R_MOVE_FIRE_MOVE,       /* CAR 3.13 */
  FB_R_SIDE_MISSILE_TABLE,   /* CAR 3.14 */
  FB_R_IGNORE_HEXSIDE_COST,  /* CAR 3.2 */
  FB_R_OFF_MAP_MARCH,        /* MET 3.2, MUN 3.4 */
  FB_R_SCHEDULED_PLACEMENT,  /* CAN 3.0 */
  FB_R_MANDATORY_MOVEMENT,   /* CAN 4.11 */
  FB_R_FORCED_DEFENDERS,     /* MUN 3.2 */
  FB_R_EARTHQUAKE,           /* TRA 5.2 */
  FB_R_DESPERATION,          /* TRA 4.1 */
  FB_R_LEADER_DEMORALIZATION,/* IDI 3.3 */
  FB_R_SHRINKING_MAP,        /* BOU 3.3 */
  FB_R_REINFORCEMENT_BOXES,  /* ADR 3.0 */
  FB_R_ATTACK_OUT_OF_RIVER,  /* ISS 3.3 */
  FB_R_UNTRAINED_ELEPHANTS,  /* ZAM 3.3 */
  FB_R_ELEPHANTS_MUST_ENGAGE,/* ZAM 4.11 */
  FB_R_REGION_BAN,           /* TEU 3.2, ADR 3.0 */
  FB_R_TERRAIN_OVERRIDE,     /* MET 3.4, MEG 5.1 */
  FB_R_OCCUPATION_SHIFT,     /* MUN 3.5 */
  FB_R_GENTLE_SLOPES,        /* MUN 3.6 */
  FB_R_RALLY_PLACEMENT,      /* QAD 3.2 */
  FB_R_RALLY_EXEMPTION,      /* MAR 3.3 */
  FB_R_RETREAT_OFF_MAP,      /* TEU 4.5 */
  FB_R_LEADER_STACK_BONUS,   /* TEU 4.1 */
  FB_R_RANDOM_FIRST_PLAYER,  /* PHA 5.2 */
  FB_R_SETUP_RESTRICTION,    /* BOU 2.2 */
  FB_R_NO_MORALE,            /* BOU 4.2 */
  FB_N_SPECIAL,
  /* Victory conditions. */
  FB_V_VP_RATIO = 64,        /* 16.2 */
  FB_V_DISINTEGRATION,       /* 15.2 */
  FB_V_LEADER_LOSS,          /* MEG 4.1 */
  FB_V_CAMP_VISIT,           /* MEG 4.2 */
  FB_V_OCCUPY,               /* ARB 4.21, CAR 4.11, PHA 4.11, CAN 5.11 */
  FB_V_ELIMINATE_UNIT,       /* ARB 4.22 */
  FB_V_REGION_SP,            /* ISS 4.11, MET 4.1 */
  FB_V_EXIT_VP,              /* IDI 4.1, TEU 5.22 */
  FB_V_VP_THRESHOLD,         /* ARB 4.3, CAN 5.0 */
  FB_V_PATH_CUT,             /* CAN 5.12 */
  FB_V_SURVIVE,              /* TEU 5.1, BOU 4.2 */
  FB_V_EXIT_WINS,            /* TEU 5.1, BOU 4.1 */
  FB_V_OPEN_ENDED,           /* ARB 4.1 */
  FB_V_MUST_WIN_DECISIVE,    /* MUN 4.2 */
  FB_V_VP_SCHEDULE,          /* TEU 5.21 */
  FB_V_NO_ELIMINATION_VP,    /* BOU 4.2 */
} FbRuleKind;

typedef struct
{
  FbRuleKind kind;
  gint8      side;          /* the side it applies to (a "side" parameter, else the entry's), or -1 */
  gint16     formation;     /* formation index, or -1 */
  gint16     formation2;    /* a second formation (one excluded), or -1 */
  gint16     area;          /* area index, or -1 */
  gint16     area2;         /* a second area (release area, rear), or -1 */
  gint16     piece;         /* a leader or unit index, or -1 */
  gint16     cell;          /* a cell parameter, or -1 */
  guint32    types;         /* unit types it concerns (bits of FbStatic.type_ids), 0 = all */
  guint32    except_types;  /* unit types exempt from it */
  gint16     turn, turn2;   /* turns it concerns */
  gint16     value, value2, value3, value4; /* numbers: shift, VP, range, budget multiplier… */
  gint16     num, den;      /* a multiplier as a fraction (SP, VP per SP) */
  gint16     num2, den2;    /* a second one (MA) */
  guint32    flags;         /* FB_RF_* */
  char      *text;          /* string parameters (stripe, table id, feature), owned */
  char      *text2;
} FbRule;

enum
{
  FB_RF_RELEASED_WHEN_ATTACKED = 1 << 0,
  FB_RF_NO_ATTACK              = 1 << 1,
  FB_RF_NO_CHARGE_BONUS        = 1 << 2,
  FB_RF_ELIM_ON_ONE            = 1 << 3,
  FB_RF_SLOPE_DISRUPTION       = 1 << 4,
  FB_RF_IGNORE_RALLY_ZOC       = 1 << 5,
  FB_RF_CAN_CHARGE             = 1 << 6,
  FB_RF_CAN_DISENGAGE          = 1 << 7,
  FB_RF_CAN_RBC                = 1 << 8,
  FB_RF_MAY_ENTER_ZOC          = 1 << 9,
  FB_RF_ADDS_TO_ATTACK         = 1 << 10,
  FB_RF_CAPPED                 = 1 << 11,
  FB_RF_RELEASE_ALL            = 1 << 12,
  FB_RF_IGNORE_MODIFIERS       = 1 << 13,
  FB_RF_EXCEPT                 = 1 << 14,  /* the classes/types are exempt, not concerned */
  FB_RF_ONCE                   = 1 << 15,
  FB_RF_PER_TURN               = 1 << 16,
  FB_RF_AT_END                 = 1 << 17,
  FB_RF_DECISIVE               = 1 << 18,
  FB_RF_ESCAPE                 = 1 << 19,
  FB_RF_WIN                    = 1 << 20,
  FB_RF_MAY_RETREAT            = 1 << 21,
};

/* A piece as the scenario defines it. */
typedef struct
{
  gint8    side;
  guint8   cls;           /* FbClass */
  gint8    type_id;       /* index into FbStatic.type_ids, or -1 */
  guint8   dot, paren;    /* 2.3 */
  guint8   missile;       /* FbMissile */
  guint8   one_shot;      /* 7.0 */
  guint8   sp, sp_reduced, ma;
  guint8   additive;      /* leaders: strength additive (2.3) */
  guint8   primary;       /* leaders: 14.2, MEG 4.1 */
  guint8   shift_budget;  /* leaders: 13.5 (× the elite multiplier) */
  guint8   shifts_per_combat;
  guint8   no_rally_zoc;  /* 14.1 does not apply to him (GRA 3.1, MAR 3.3) */
  guint8   two_step;      /* GRA 3.2 */
  guint8   no_displace;   /* 8.81 denied for it */
  guint8   no_charge, no_disengage, no_rbc, may_disengage, move_fire;
  guint8   xlegion, guard;
  guint8   chariot_elim1; /* MEG 3.1c */
  guint8   chariot_range;
  guint8   slope_disrupt; /* MEG 3.1d */
  gint16   formation;     /* index or -1 */
  gint16   setup_cell;    /* or -1 */
  gint16   attached;      /* leaders: the piece it is set up with, or -1 */
} FbPieceDef;

/* A named area read from the scenario. */
typedef struct
{
  const char *id;
  const char *kind;
  gint8       side;
  gint16      formation;
  GArray     *cells;        /* borrowed from the scenario */
} FbAreaDef;

/* The CRT (8.0): columns as levels, six rows of results. */
typedef enum { FB_RES_NONE, FB_RES_AR, FB_RES_AL, FB_RES_EX, FB_RES_DR, FB_RES_DL } FbResult;

typedef struct
{
  gint     n_cols;
  gint     level[FB_MAX_CRT_COLS];          /* 1:4 = -3 … 4:1 = 3 */
  guint8   result[FB_MAX_CRT_COLS][6];      /* FbResult per die 1-6 */
  guint8   provisional[FB_MAX_CRT_COLS][6];
} FbCrt;

/* Missile results (7.1): 0 none, 1 disrupted, 2 eliminated. */
typedef struct
{
  guint8   range[FB_N_MISSILES];            /* 7.0 */
  guint8   result[FB_N_MISSILES][3][6];     /* weapon, range 1-2, die */
  guint8   provisional[FB_N_MISSILES][3][6];
  guint8   side_table[2];                   /* CAR 3.14 in use for the side */
  guint8   side_result[2][6];
} FbMft;

/* Rulings (checklist section 2.4), read from the catalogue's options. */
typedef struct
{
  gboolean odds_round_up;         /* A1 */
  gboolean shift_floor_auto_al;   /* A2 */
  gboolean die_floor;             /* A3 */
  gboolean paren_halving_only;    /* A6 */
  gboolean rbc_effective_ma;      /* C3 */
  gboolean defender_may_advance;  /* A9 */
  gboolean missile_nearest_with_los; /* A7 */
  gboolean amok_half_vp;          /* C7 */
  gboolean leader_retreats_with_unit; /* 8.7, A15 */
  gboolean stack_until_phase_end; /* 5.32 */
  gboolean lone_leader_must_reach;/* A17 */
  gboolean disruption_with_terrain; /* A4 */
  gboolean berserk_offmap_amok;   /* A14 */
  gboolean elite_flip_after_displacement; /* A46 */
  gboolean charger_must_attack;   /* A10 */
  gboolean locked_units_attack;   /* A29 */
  gboolean earthquake_vp;         /* A33 */
  gint     max_turns;             /* a guard for random games, 0 = none */
} FbOptions;

/* An entry of FbStatic.edges: the neighbour cell, the direction to it and
 * the MP to enter it. */
#define FB_EDGE(cell, dir, cost) (((guint32) (cell) << 11) | ((guint32) (dir) << 8) | (guint32) (cost))
#define FB_EDGE_CELL(e)          ((gint) ((e) >> 11))
#define FB_EDGE_DIR(e)           ((gint) (((e) >> 8) & 7))
#define FB_EDGE_COST(e)          ((gint) ((e) & 0xff))

typedef struct _FbStatic FbStatic;
typedef struct _FbStaticCache FbStaticCache;

struct _FbStatic
{
  gint             ref_count;
  guint            serial;       /* unique in the process (keys per-thread memos) */
  AciesCatalogue  *catalogue;
  AciesScenario   *scenario;     /* a reference */
  const AciesBoard *board;
  gint             n_cells, width, height;
  gint16          *nbr;          /* n_cells * 6: neighbour or -1 */
  guint16         *cell_bits;    /* FB_C_* */
  guint16         *side_bits;    /* n_cells * 6: FB_HS_* of the hexside */
  guint8          *terrain_mp;   /* per cell: MP to enter (5.21), FB_INF_COST prohibited */
  guint8          *terrain_ce;   /* FbCombatEffect */
  gint8           *elevation;
  guint8          *slope_dist;   /* 8.45: distance to a ridge hexside or hill hex */
  gint16          *ring2;        /* n_cells * 12: the cells two hexes away (7.14), -1 after the last */
  const char     **terrain_id;   /* interned */
  guint8           hs_add[FB_HS_N];     /* MP added by a hexside (5.24, 5.25) */
  guint8           hs_ce[FB_HS_N];      /* combat effect across it (8.42) */
  guint8           hs_charge[FB_HS_N];  /* a charge may cross it (9.5) */
  guint16          hs_no_charge;        /* FB_HS_* bits a charge may not cross (9.5) */
  guint8           hs_prohibited[FB_HS_N];
  guint8           camp_mp;
  /* Entry costs per movement class (unit type) and per cell × direction,
   * hexside and trail included (5.2); FB_INF_COST when prohibited. */
  gint             n_types;
  const char      *type_ids[32];
  guint8          *cost[32];
  guint8          *cell_mp[32];  /* MP to enter each cell (6.7: FB_INF_COST prohibited) */
  /* cost[] again as n_cells * 6 FB_EDGE()s, the first degree[cell] of a
   * cell's six its enterable neighbours in direction order, the rest
   * edges back to the cell at no cost (the search reads all six). */
  guint32         *edges[32];
  guint8          *degree[32];
  guint8           edge_min[32];   /* the cheapest of a type's edges */
  guint32         *charge_edges[32];  /* the same, only those a charge may take */
  guint8          *charge_degree[32];
  guint32          prohibited_zoc_types[1];  /* unused */
  /* Pieces. */
  gint             n_combat, n_pieces;
  FbPieceDef       pieces[FB_MAX_PIECES];
  /* Each side's pieces in index order: its combat units, then (from
   * n_side_units on) its leaders. */
  gint16           side_pieces[2][FB_MAX_PIECES];
  gint             n_side_pieces[2], n_side_units[2];
  /* Areas: bit a of area_bits[cell] says the cell is in area a. */
  gint             n_areas;
  FbAreaDef        areas[FB_MAX_AREAS];
  guint64         *area_bits;
  /* The areas where entering a hex may do something (acies_fb_visit():
   * MEG 4.2 camps, one-shot objectives, ZAM 4.13 releases). */
  guint64          visit_areas;
  /* CAN 4.11: the mandatory movement binds before this game turn at the
   * latest (the largest turn of its rules; 0 without them). */
  gint             mandatory_until;
  guint64          exit_areas[2]; /* bits of the areas of kind "exit" a side may leave by (5.26) */
  char           **names;        /* pieces as texts name them (acies_fb_name) */
  /* Sides. */
  gint             first_side;
  gint             home_dir[2];  /* 12.7a: direction toward the friendly edge */
  gint             home_edge[2];
  gint             demoralization[2], disintegration[2];  /* VP (15.0) */
  gint             rally[2];                              /* 14.0: success on 1 … rally */
  gboolean         displacement[2];                       /* 8.81 */
  gint             turn_limit;
  gint             setup_first;  /* side setting up first, or -1 */
  /* Rules. */
  gint             n_rules;
  FbRule           rules[FB_MAX_RULES];
  guint64          has_rule;     /* bits of FbRuleKind < 64 */
  /* The rules checked after every step (TEU 5.1, CAN 5.12: FB_V_SURVIVE,
   * FB_V_EXIT_WINS, FB_V_PATH_CUT), by index, in rule order. */
  gint             n_instant_rules;
  gint8            instant_rules[FB_MAX_RULES];
  guint32          has_victory;  /* bits of FbRuleKind - 64 */
  /* Tables. */
  FbCrt            crt;
  FbMft            mft;
  guint8           ex_sub_max;       /* 8.6: EX becomes AR on 1 … this */
  guint8           rbc_elim_max;     /* 11.32: eliminated on 1 … this */
  guint8           forced_adv[2];    /* 9.8: cavalry, skirmisher cavalry */
  guint8           berserk_attack[6];/* 12.7c: FbResult DL/EX/AL */
  guint8           berserk_end_max;  /* 12.7e: returns to normal on 1 … this */
  double           level_ratio[3];   /* 16.2 */
  FbOptions        opt;
};

/* Empties @array, a scratch array of this ruleset made with neither a
 * zero terminator nor a clear function: what g_array_set_size() to 0
 * does for such an array, without the call (random games empty them on
 * every action). */
static inline void
acies_fb_array_empty (GArray *array)
{
  array->len = 0;
}

/* Whether the scenario has a rule of @kind (inline: asked on every move). */
static inline gboolean
acies_fb_has_rule (const FbStatic *st,
                   FbRuleKind      kind)
{
  if (kind < 64)
    return (st->has_rule & (G_GUINT64_CONSTANT (1) << kind)) != 0;
  return (st->has_victory & (1u << (kind - 64))) != 0;
}

/* A piece's changing state. */
typedef struct
{
  gint16   cell;          /* FB_NONE off the map */
  guint8   where;         /* FbWhere */
  guint8   reduced;       /* GRA 3.2 */
  guint8   missile_spent; /* 7.0 */
  guint8   disrupted;     /* 7.1: defends at half */
  guint8   disordered;    /* ARB 3.4: attack and defence halved */
  gint16   disorder_until;/* player-turn index at whose end it goes */
  guint8   charging;      /* 9.0 */
  guint8   moved;         /* its move is over this phase (5.19) */
  guint8   mp_spent;      /* 5.17 */
  guint8   started_in_zoc;/* 5.15 */
  guint8   started_adjacent; /* 9.0 */
  guint8   disengaging;   /* 11.2 */
  guint8   brushed;       /* 11.15 */
  guint8   fired;         /* 7.1 */
  guint8   attacked;      /* 8.15 */
  guint8   no_more_attack;/* 8.75, 11.34 */
  guint8   must_attack;   /* 8.12 */
  guint8   must_defend;   /* 8.11 */
  guint8   defended;      /* attacked in this combat phase */
  guint8   stands;        /* 11.17 */
  guint8   consent_asked; /* 5.19 */
  guint8   clean_move;    /* nothing irreversible happened during its move */
  gint16   move_start;    /* cell at the start of its move */
  guint8   entered;       /* came onto the map this phase */
  guint8   locked;        /* movement lock still on (exclusive rules) */
  /* Leaders. */
  guint8   shifts_used;   /* 13.5 */
  guint8   additive_used; /* 13.2: used this combat phase */
  guint8   leader_moved;  /* 14.2: moved this player turn */
  guint8   leader_attacked; /* 14.2 */
  guint8   eligible;      /* MUN 3.4: may re-enter */
  guint8   amok;          /* eliminated running amok (12.7e) */
  gint8    exited_edge;   /* CAR 3.11: the map edge it left by, or -1 */
  gint16   exit_cell;     /* the hex it left the map from (5.26, TEU 4.5), or -1 */
  gint8    exit_turn;     /* turn it left the map */
} FbPiece;

/* Phases (4.0) and the decisions inside them. */
typedef enum
{
  FB_PH_SETUP,
  FB_PH_FIRST,      /* PHA 5.2: roll for the first player */
  FB_PH_MOVE,
  FB_PH_MISSILE,
  FB_PH_COMBAT,
  FB_PH_RALLY,
  FB_PH_OVER,
} FbPhase;

typedef enum
{
  FB_ST_NONE,
  FB_ST_CONSENT,        /* 5.19: the opponent */
  FB_ST_STAND,          /* 11.12: the skirmisher's owner */
  FB_ST_TWO_HEX,        /* 11.13, 11.32: choose the hex two away */
  FB_ST_ESCAPE,         /* 13.1: choose the leader's hex */
  FB_ST_BUILD,          /* 8.1-8.2: the attacker composes a melee */
  FB_ST_DEFEND,         /* 13.4, 11.31: defender's replies */
  FB_ST_EX_SUB,         /* 8.6 EX: try for AR */
  FB_ST_LOSS,           /* 8.6 AL/DL/EX: choose the unit lost */
  FB_ST_RETREAT,        /* 8.7: choose retreat hexes */
  FB_ST_ADVANCE,        /* 8.75 */
  FB_ST_RALLY_PLACE,    /* 14.0 */
  FB_ST_EARTHQUAKE,     /* TRA 5.2 */
  FB_ST_ELEPHANTS,      /* ZAM 4.11: check at the end of movement */
} FbStep;

/* The melee being resolved (8.0). */
typedef struct
{
  gint8    n_att, n_def;
  gint16   att[FB_MAX_IN_COMBAT];
  gint16   def[FB_MAX_IN_COMBAT];
  gint16   att_cell[FB_MAX_IN_COMBAT];  /* where each attacker fought from */
  gint16   def_cell[FB_MAX_IN_COMBAT];
  gint8    n_add_att, n_add_def;
  gint16   add_att[4], add_def[4];      /* leaders adding their additive (13.2) */
  gint8    n_shift_att, n_shift_def;
  gint16   shift_att[2], shift_def[2];  /* leaders shifting (13.4) */
  guint8   fw;                          /* TEU 4.3 fighting withdrawal */
  guint8   compulsory;                  /* 8.52: an obliged unit fights */
  guint8   result;                      /* FbResult after conversions */
  guint8   raw_result;
  guint8   die;
  guint8   loss_att, loss_def;          /* losses still to choose */
  guint8   att_won, def_won;            /* who may advance (8.75) */
  guint8   rbc_done;                    /* 11.33 */
  gint16   vacated[FB_MAX_IN_COMBAT * 2];
  gint8    n_vacated;
  gint16   retreating[FB_MAX_IN_COMBAT * 2];
  gint8    n_retreating;
  gint16   retreated[FB_MAX_IN_COMBAT * 2];  /* 8.86: units that have retreated */
  gint8    n_retreated;
  gint8    retreat_side;
  gint16   rbc_unit;                    /* 11.3: the unit retreating before combat */
  gint16   rbc_first;                   /* 11.33: the first hex it vacated */
  gint16   forced_adv;                  /* 9.7, 9.8: the unit that must advance, or -1 */
  guint8   adv_rolled;                  /* 9.8 rolls made */
  guint8   charge;                      /* a charging unit attacks (9.3) */
  guint8   active;                      /* a melee is being composed or resolved */
  guint8   rolled;                      /* the die has been rolled */
  guint8   loss_chargers;               /* 9.3: the AL falls on a charging unit */
  guint8   both_dl;                     /* ARB 4.22: DL on a baggage stack */
} FbCombat;

/* Whether @piece is one of @c's attackers or defenders (a friend it
 * displaces is not, FB 8.82). */
static inline gboolean
acies_fb_in_combat (const FbCombat *c,
                    gint            piece)
{
  for (gint i = 0; i < c->n_att; i++)
    if (c->att[i] == piece)
      return TRUE;
  for (gint i = 0; i < c->n_def; i++)
    if (c->def[i] == piece)
      return TRUE;
  return FALSE;
}

typedef struct
{
  AciesState   base;
  FbStatic    *st;
  FbPhase      phase;
  FbStep       step;
  gint         deciding;         /* who decides in a step */
  gint         order[2];         /* sides in player-turn order this turn */
  gint         pt_in_turn;       /* 0 or 1 */
  gint         pt;               /* player-turn index from 0 */
  gint         n;                /* pieces */
  FbPiece      p[FB_MAX_PIECES];
  gint16       occ[FB_MAX_CELLS];     /* combat unit (not baggage) in the cell, or -1 */
  gint16       bag[FB_MAX_CELLS];     /* baggage in the cell, or -1 (TEU 4.4) */
  guint8       ucnt[FB_MAX_CELLS];    /* combat units (not baggage) in the cell (5.32) */
  guint8       ldr[2][FB_MAX_CELLS];  /* leaders of each side in the cell (13.2) */
  guint8       zoc[2][2][FB_MAX_CELLS]; /* [side][combat-phase][cell]: exerting units */
  gint         mover;            /* 5.19: the piece whose move may go on, or -1 */
  gint         must_move;        /* 5.32: the unit another ended its move on, which moves next, or -1 */
  gint         consent_piece;    /* 5.19 */
  /* Interrupts in the movement phase. */
  gint         brush_mover, brush_target;  /* 11.1 */
  gint         two_hex_unit;               /* 11.13, 11.32 */
  gint         two_hex_from;
  gint         escape_leader;              /* 13.1 */
  gint         escape_enemy;               /* 13.1: the unit that entered his hex */
  gint         escape_dist;
  /* Melee. */
  FbCombat     c;
  guint8       melee_this_pt;   /* ARB 4.1c */
  guint8       melee_prev_pt;
  /* Berserk elephants waiting (12.7, 12.8). */
  gint16       berserk[8];
  gint         n_berserk;
  /* Rally. */
  gint         rally_unit;
  gint         rally_leader;
  guint8       rally_tried;      /* 14.0, 14.4: this rally phase's one attempt is made */
  /* Army morale and victory points (15.0, 16.0), in half VP. */
  gint         elim_h[2];        /* VP earned by side for eliminations */
  gint         lost_h[2];        /* VP lost by side, for morale (15.1) */
  gint         objective_h[2];   /* VP from objectives, during play */
  gint         exit_h[2];        /* exit VP (IDI 4.1, TEU 5.22) */
  gint         roman_escape[2];
  guint8       demoralized[2];
  guint8       disintegrated[2];
  guint8       desperate[2];     /* TRA 4.1 */
  gint         occupy_turns[8];  /* CAR 4.11 per rule */
  guint32      once_done;        /* one-shot objectives and events, by rule index */
  guint32      released;         /* movement locks released, by rule index */
  guint8       visited[FB_MAX_CELLS]; /* camp hexes passed through, bit per side (MEG 4.2) */
  gint         quota_used;       /* ARB 3.3 */
  gint         shrink;           /* BOU 3.3: rows removed */
  gint         flank_turn;       /* MUN 3.4: game turn of the flanking shift, or 0 */
  guint8       occupation_shift[2]; /* MUN 3.5: the side's attacks shift this combat phase */
  gint         earthquake_loss[2]; /* TRA 5.2: SP still to remove */
  gint         quake_h[2];       /* TRA 5.2: VP lost to panic */
  gint         quake_vp_h[2];    /* TRA 5.2, ruling A33: VP earned from the enemy's panic */
  guint8       earthquake_done;
  guint8       path_cut_done;
  gint         first_roll;       /* PHA 5.2 */
  gint         mp_bonus_turn1;   /* TEU 4.1 */
  /* The movement cache: reachable cells per piece this phase (a pure
   * function of the state; copies drop it). */
  struct _FbMoveCache *cache;
  /* Memos outside the digest: a count of acies_fb_place() and
   * acies_fb_lift() calls, and its value when CAN 5.12 last found a path
   * (nothing has moved since: it is still there). */
  guint32      map_gen;
  guint32      path_cut_gen;
  /* Outside the digest too (a function of the pieces' cells): how many
   * pieces of each side stand next to each cell, kept by
   * acies_fb_place() and acies_fb_lift(). */
  guint8       near[2][FB_MAX_CELLS];
  /* Outside the digest too (a function of occ, bag and ldr): what of each
   * side stands in each cell, FB_HERE_* bits, kept by acies_fb_place()
   * and acies_fb_lift() for the movement search. */
  guint8       here[2][FB_MAX_CELLS];
  /* Outside the digest too: the pieces of each side on the map, one bit a
   * piece index, kept by acies_fb_place() and acies_fb_lift() (the random
   * move lists its candidates in index order from it). */
  guint64      on_map[2][(FB_MAX_PIECES + 63) / 64];
  guint16      n_on_map[2];       /* the bits set in on_map[side] */
  /* Outside the digest: the path CAN 5.12's check last found for rule
   * path_cut_rule, from an enemy unit's hex to the goal edge (as long as
   * it stays open, a path is still there); path_cut_len 0 when none. */
  gint16       path_cut_path[FB_PATH_CUT_MAX];
  gint16       path_cut_len;
  gint16       path_cut_rule;
  /* CAN 4.11, ruling A35: the request to end the movement phase with
   * infantry short of its mandatory advance (FB_SHORT_*); in the digest
   * only for a scenario with the rule, so the others' digests stay. */
  gint         end_short;
  /* Outside the digest: the game's first action has been applied (the
   * log then said which phase the game begins in, FB 4.0). */
  gboolean     opened;
} FbState;

/* FbState.here: a combat unit (occ) or baggage (bag) of the side is in the
 * cell; a leader of the side is. */
enum
{
  FB_HERE_UNIT   = 1 << 0,
  FB_HERE_LEADER = 1 << 1,
};

/* FbState.end_short. */
enum
{
  FB_SHORT_NONE,       /* not asked in this movement phase */
  FB_SHORT_ASKED,      /* the opponent answers (FB_ST_CONSENT) */
  FB_SHORT_AGREED,     /* the phase ends */
  FB_SHORT_REFUSED,    /* the phase ends only once every unit has advanced */
};

#define FB(state)  ((FbState *) (state))
#define CFB(state) ((const FbState *) (state))

/* Action types (the index into the specs). */
enum
{
  FB_A_PLACE,          /* unit, to */
  FB_A_SETUP_DONE,
  FB_A_ROLL_FIRST,     /* PHA 5.2 */
  FB_A_MOVE,           /* unit, to, charge */
  FB_A_BRUSH,          /* unit, target */
  FB_A_EXIT,           /* unit */
  FB_A_ENTER,          /* unit, to */
  FB_A_CHANGE_MOVE,    /* unit: ask consent (5.19) */
  FB_A_CONSENT,        /* yes */
  FB_A_STAND,          /* yes (11.12) */
  FB_A_TWO_HEX,        /* to: the fall-back of a brushed-aside skirmisher (11.13) */
  FB_A_ESCAPE,         /* to */
  FB_A_FIRE,           /* unit, target */
  FB_A_ATTACK,         /* unit, target */
  FB_A_ADD_ATTACKER,   /* unit */
  FB_A_ADD_DEFENDER,   /* unit */
  FB_A_ADDITIVE,       /* leader */
  FB_A_SHIFT,          /* leader */
  FB_A_WITHDRAWAL,     /* TEU 4.3 */
  FB_A_RESOLVE,        /* attacker: to the defender's replies or the roll */
  FB_A_CANCEL,         /* after Resolve: the quick bar lists kinds in this order, the primary first */
  FB_A_RBC,            /* unit */
  FB_A_DEFEND,         /* defender: roll */
  FB_A_EX_SUB,         /* yes */
  FB_A_LOSE,           /* unit, flip */
  FB_A_RETREAT,        /* unit, to */
  FB_A_FLIP,           /* unit: two-step flip instead of a retreat (GRA 3.2) */
  FB_A_ADVANCE,        /* unit, to */
  FB_A_NO_ADVANCE,
  FB_A_RALLY,          /* leader */
  FB_A_PLACE_RALLIED,  /* to */
  FB_A_END_PHASE,
  FB_A_RETREAT_TWO,    /* to: the two-hex retreat before combat (11.32, 11.35; 13.6) */
  FB_N_ACTIONS
};

extern const AciesActionSpec acies_fb_action_specs[FB_N_ACTIONS];

/* Errors: an action refused (ACIES_ENGINE_ERROR_ILLEGAL_ACTION) with the
 * rule that refuses it; a scenario or state found invalid
 * (ACIES_ENGINE_ERROR_INVALID).  Both return FALSE. */
static inline gboolean
acies_fb_refuse (GError    **error,
                 const char *message)
{
  g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION, message);
  return FALSE;
}
gboolean    acies_fb_invalid           (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* acies-fb-setup.c: the scenario read into static data and a state. */
FbStatic   *acies_fb_static_new        (AciesScenario *scenario,
                                        AciesCatalogue *catalogue,
                                        JsonObject    *options,
                                        GError       **error);
FbStaticCache *acies_fb_static_cache_new  (void);
void        acies_fb_static_cache_free (FbStaticCache *cache);
FbStatic   *acies_fb_static_get        (FbStaticCache *cache, AciesScenario *scenario,
                                        AciesCatalogue *catalogue, JsonObject *options, GError **error);
FbStatic   *acies_fb_static_ref        (FbStatic *st);
void        acies_fb_static_unref      (FbStatic *st);
FbState    *acies_fb_state_new         (FbStatic *st);
FbState    *acies_fb_state_copy        (const FbState *s);
void        acies_fb_state_free        (FbState *s);
void        acies_fb_options_read      (FbOptions *opt, AciesCatalogue *catalogue, JsonObject *options);
gint        acies_fb_type_index        (const FbStatic *st, const char *type);
void        acies_fb_validate          (AciesCatalogue *catalogue, const AciesScenario *scenario,
                                        GPtrArray *problems);

/* How many of st->side_pieces[@side] there are (all, or the combat
 * units only): 0 for a side that is not 0 or 1. */
static inline gint
acies_fb_n_side (const FbStatic *st, gint side, gboolean units)
{
  if (side != 0 && side != 1)
    return 0;
  return units ? st->n_side_units[side] : st->n_side_pieces[side];
}

/* acies-fb-map.c: costs, ZOC, LOS, distances. */
static inline gint
acies_fb_nbr (const FbStatic *st, gint cell, gint dir)
{
  return st->nbr[cell * 6 + dir];
}
gint        acies_fb_distance          (const FbStatic *st, gint a, gint b);
gint        acies_fb_dir_to            (const FbStatic *st, gint a, gint b);
gboolean    acies_fb_adjacent          (const FbStatic *st, gint a, gint b);
guint16     acies_fb_hexside           (const FbStatic *st, gint a, gint b);
gint        acies_fb_enter_cost        (const FbState *s, gint piece, gint from, gint dir);
gboolean    acies_fb_cell_prohibited   (const FbState *s, gint piece, gint cell);
void        acies_fb_place             (FbState *s, gint piece, gint cell);
void        acies_fb_lift              (FbState *s, gint piece);
gboolean    acies_fb_exerts_zoc        (const FbState *s, gint piece);
gboolean    acies_fb_in_enemy_zoc      (const FbState *s, gint side, gint cell);
gboolean    acies_fb_in_enemy_zoc_ph   (const FbState *s, gint side, gint cell, gboolean combat);
gboolean    acies_fb_zoc_from          (const FbState *s, gint piece, gint cell, gboolean combat);
gboolean    acies_fb_adjacent_enemy    (const FbState *s, gint side, gint cell);
gboolean    acies_fb_has_los           (const FbState *s, gint from, gint to);
gint        acies_fb_ma                (const FbState *s, gint piece, gboolean charging);
gint        acies_fb_printed_ma        (const FbState *s, gint piece);
gint        acies_fb_sp                (const FbState *s, gint piece);
gboolean    acies_fb_on_map            (const FbState *s, gint piece);
gboolean    acies_fb_is_combat         (const FbState *s, gint piece);
gboolean    acies_fb_is_leader         (const FbState *s, gint piece);
gboolean    acies_fb_is_skirmisher     (const FbState *s, gint piece);
gboolean    acies_fb_lone_leader_at    (const FbState *s, gint cell, gint side);
gint        acies_fb_leaders_at        (const FbState *s, gint cell, gint *out, gint max);
gint        acies_fb_baggage_at        (const FbState *s, gint cell);
gboolean    acies_fb_in_area           (const FbStatic *st, gint area, gint cell);
gboolean    acies_fb_banned            (const FbState *s, gint piece, gint cell);
gboolean    acies_fb_on_edge           (const FbStatic *st, gint cell, gint edge);
const FbRule *acies_fb_find_rule       (const FbStatic *st, FbRuleKind kind, gint side);
gboolean    acies_fb_rule_concerns     (const FbState *s, const FbRule *r, gint piece);

/* acies-fb-move.c: the movement phase (5.0, 6.0, 11.1-11.2, 13.1). */
void        acies_fb_move_legal        (const FbState *s, GArray *out);
gint        acies_fb_mandatory_short   (const FbState *s, gint *units, gint max);
char       *acies_fb_mandatory_short_names (const FbState *s);
gboolean    acies_fb_move_random       (const FbState *s, GRand *rand, AciesAction *out);
gboolean    acies_fb_move_apply        (FbState *s, const AciesAction *a, AciesDice *dice,
                                        GPtrArray *events, GError **error);
gboolean    acies_fb_move_path         (const FbState *s, gint piece, gint to, gboolean charge,
                                        GArray *cells, gint *cost);
void        acies_fb_cache_clear       (FbState *s);
void        acies_fb_cache_free        (struct _FbMoveCache *cache);
gboolean    acies_fb_may_move          (const FbState *s, gint piece);
gboolean    acies_fb_locked            (const FbState *s, gint piece);
gboolean    acies_fb_can_disengage     (const FbState *s, gint piece);
gboolean    acies_fb_stacking_ok       (const FbState *s);
void        acies_fb_lone_leader_entered (FbState *s, gint leader, gint enemy, AciesDice *dice,
                                        GPtrArray *events);
gboolean    acies_fb_two_hex_targets   (const FbState *s, gint piece, gint *out, gint *n);
void        acies_fb_visit             (FbState *s, gint piece, gint cell, GPtrArray *events);

/* acies-fb-missile.c (7.0). */
void        acies_fb_missile_legal     (const FbState *s, GArray *out, gboolean movement);
gboolean    acies_fb_missile_apply     (FbState *s, const AciesAction *a, AciesDice *dice,
                                        GPtrArray *events, GError **error);
gboolean    acies_fb_missile_any       (const FbState *s);
gint        acies_fb_missile_range     (const FbState *s, gint piece);
gboolean    acies_fb_missile_target_ok (const FbState *s, gint piece, gint target);
AciesOdds  *acies_fb_missile_odds      (const FbState *s, gint piece, gint target);

/* acies-fb-combat.c (8.0-9.0, 11.3, 13.2-13.6). */
typedef struct
{
  gint     att_q, def_q;        /* quarter SP */
  gint     raw_level;           /* 8.0 */
  gint     shift;               /* every column shift */
  gint     level;               /* raw + shifts */
  gint     col;                 /* CRT column index */
  gint     drm;                 /* 8.53 */
  gboolean below_floor;         /* 8.52 on the raw odds */
  gboolean auto_al;             /* 8.52, A2 */
  GPtrArray *why;               /* AciesOddsModifier-like lines, or NULL */
} FbOdds;

void        acies_fb_combat_legal      (const FbState *s, GArray *out);
gboolean    acies_fb_combat_apply      (FbState *s, const AciesAction *a, AciesDice *dice,
                                        GPtrArray *events, GError **error);
void        acies_fb_combat_start      (FbState *s);
void        acies_fb_combat_end        (FbState *s, GPtrArray *events);
gboolean    acies_fb_obligations_met   (const FbState *s, GString *why);
gint        acies_fb_left_alone        (const FbState *s, const FbCombat *c);
char       *acies_fb_unresolved_why    (const FbState *s, const FbCombat *c, char **rule);
gboolean    acies_fb_obliged_open      (const FbState *s, gint u);
void        acies_fb_compute_odds      (const FbState *s, const FbCombat *c, FbOdds *o);
gint        acies_fb_level_of          (gint att_q, gint def_q, gboolean round_up);
char       *acies_fb_level_name        (gint level);
AciesOdds  *acies_fb_combat_odds       (const FbState *s, const FbCombat *c);
AciesOdds  *acies_fb_rbc_odds          (const FbState *s, gint piece);
AciesOdds  *acies_fb_ex_sub_odds       (const FbState *s, gboolean try_ar);
gint        acies_fb_unit_attack_q     (const FbState *s, const FbCombat *c, gint i, GString *why);
gint        acies_fb_unit_defence_q    (const FbState *s, const FbCombat *c, gint i, GString *why);
gboolean    acies_fb_rbc_eligible      (const FbState *s, const FbCombat *c, gint piece);
gboolean    acies_fb_elephants_in      (const FbState *s, const FbCombat *c);
gint        acies_fb_crt_column        (const FbStatic *st, gint level, gint *drm, gboolean *auto_al);

/* acies-fb-retreat.c (8.7-8.8, 9.7-9.8, 12.6-12.8, 13.1). */
gint        acies_fb_retreat_options   (const FbState *s, gint piece, gint *cells, gint *costs, gint max);
gboolean    acies_fb_retreat_apply     (FbState *s, gint piece, gint to, AciesDice *dice, GPtrArray *events);
void        acies_fb_retreat_legal     (const FbState *s, GArray *out);
void        acies_fb_advance_legal     (const FbState *s, GArray *out);
gboolean    acies_fb_advance_apply     (FbState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events);
void        acies_fb_go_berserk        (FbState *s, gint piece, GPtrArray *events);
void        acies_fb_run_berserk       (FbState *s, AciesDice *dice, GPtrArray *events);
void        acies_fb_next_combat_step  (FbState *s, AciesDice *dice, GPtrArray *events);
gint        acies_fb_displace_chain    (const FbState *s, gint piece, gint cell, gint depth, guint8 *busy);

/* acies-fb-turn.c: phases, rally, morale, victory, hooks. */
void        acies_fb_legal_actions     (const FbState *s, GArray *out);
gboolean    acies_fb_apply             (FbState *s, const AciesAction *a, AciesDice *dice,
                                        GPtrArray *events, GError **error);
void        acies_fb_start             (FbState *s, GPtrArray *events);
void        acies_fb_eliminate         (FbState *s, gint piece, GPtrArray *events, const char *rule,
                                        gboolean amok);
void        acies_fb_reduce            (FbState *s, gint piece, GPtrArray *events, const char *rule);
void        acies_fb_check_morale      (FbState *s, GPtrArray *events);
void        acies_fb_finish            (FbState *s, gint winner, GPtrArray *events, const char *format, ...)
                                        G_GNUC_PRINTF (4, 5);
gint        acies_fb_vp_h              (const FbState *s, gint side, GPtrArray *lines);
void        acies_fb_end_phase         (FbState *s, AciesDice *dice, GPtrArray *events);
gboolean    acies_fb_demoralized_shift (const FbState *s, gint side);
void        acies_fb_released          (FbState *s, gint piece, gboolean melee, GPtrArray *events);
gint        acies_fb_column_shift      (const FbState *s, const FbCombat *c, GPtrArray *why);
void        acies_fb_after_step        (FbState *s, AciesDice *dice, GPtrArray *events);
const char *acies_fb_phase_name        (FbPhase phase);

/* acies-fb-describe.c: words. */
const char *acies_fb_side_name         (const FbState *s, gint side);
char       *acies_fb_piece_name        (const FbState *s, gint piece);
const char *acies_fb_name              (const FbState *s, gint piece);
const char *acies_fb_cell_label        (const FbState *s, gint cell);
char       *acies_fb_describe_action   (const FbState *s, const AciesAction *a);
char       *acies_fb_prompt_text       (const FbState *s, char **rule);
JsonNode   *acies_fb_state_to_json     (const FbState *s);
gboolean    acies_fb_check_invariants  (const FbState *s, GError **error);
const char *acies_fb_result_name       (FbResult r);

/* Actions. */
static inline void
acies_fb_add (GArray *out, gint type, gint player, gint a0, gint a1, gint a2)
{
  AciesAction a;

  a.type = (guint16) type;
  a.player = (gint16) player;
  a.args[0] = a0; a.args[1] = a1; a.args[2] = a2;
  a.args[3] = a.args[4] = a.args[5] = a.args[6] = a.args[7] = -1;
  g_array_append_val (out, a);
}

/* The ruleset. */
AciesRuleset *acies_four_battles_ruleset_new (void);
void          acies_four_battles_register    (void);

G_END_DECLS
