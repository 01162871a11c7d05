/* acies-sg-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/*
 * The Simple Great Battles of History ruleset ("SG",
 * shared/rules/simple-gboh.txt, second edition): hexes with vertex
 * facing, two-hex units, stacks, formations and command, turn seizure,
 * reaction fire, shock, hits against TQ and rout points.
 *
 * Files by concern (prefix acies-sg-):
 *   -setup.c     the scenario and the catalogue read into SgStatic
 *   -geom.c      hexes, facing (front, flank, rear), ZOC, line of sight
 *   -command.c   activation, command range, seizure, leaders (4.x, 11.3, 12.1)
 *   -move.c      movement, facing changes, two-hex units, stacks, Column,
 *                Double Depth (5.x, 6.x, 10.3, 11.2)
 *   -missile.c   missile fire, hit and run, reaction and return fire (7.1, 7.2)
 *   -shock.c     designation, retreat before shock, resolution, advance,
 *                pursuit (7.3–7.7, 10.x)
 *   -effects.c   hits, retreat, rout, rampage, rout points, withdrawal (8.x, 9.0)
 *   -play.c      the state machine: phases, interrupts, legal actions, apply
 *   -describe.c  a player's words: units, actions, prompts, the turn
 *   -odds.c      exact outcome distributions of missile fire and shock
 *   -ruleset.c   the AciesRuleset glue
 *
 * Conventions:
 *   - Sides are indices into scenario->sides.  Units and leaders keep their
 *     scenario index.  The state is plain data plus the occupancy array,
 *     so a copy is two memcpy; the static data is shared by reference.
 *   - Facing is a hex vertex 0..5 (acies-board.h: vertex v lies between
 *     directions v and v + 1); a unit In Column faces hexside (direction)
 *     0..5 instead (11.23).
 *   - A two-hex unit holds cell (the "A" half) and cell2 (the "B" half),
 *     adjacent, with its facing perpendicular to the line between them:
 *     cell2 = neighbour (cell, facing − 1) or neighbour (cell, facing + 2)
 *     (6.11: three front hexes).  In Column, cell is the leading half and
 *     the facing is the direction from cell2 to cell.
 *   - A stack is at most two combat units in one hex: occ[2 * cell] is the
 *     top, occ[2 * cell + 1] the bottom (5.33).
 *   - Every rule function cites its case: SG 7.52.
 */

#include <glib.h>

#include "acies-error.h"
#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "model/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

#define SG_MAX_UNITS      192
#define SG_MAX_LEADERS    32
#define SG_MAX_FORMATIONS 32
#define SG_MAX_MFA        16
#define SG_MAX_ATTACKS    64
#define SG_MAX_SIDE       6     /* pieces on one side of a shock (7.35) */
#define SG_MAX_PATH       40
#define SG_NONE           (-1)
#define SG_WORDS          ((SG_MAX_UNITS + 63) / 64)

/* Unit types (2.22), in the order of the Weapons System matrix. */
typedef enum
{
  SG_T_CO, SG_T_LG, SG_T_HI, SG_T_BI, SG_T_PH, SG_T_HO, SG_T_LI, SG_T_LP, SG_T_SK, SG_T_SKS,
  SG_T_LN, SG_T_LC, SG_T_GC, SG_T_HC, SG_T_RC, SG_T_MI, SG_T_EL, SG_T_CH, SG_T_ART,
  SG_N_TYPES
} SgType;

#define SG_N_MATRIX (SG_T_CH + 1)

/* Missile Indicators (2.21, 7.1). */
typedef enum
{
  SG_M_NONE, SG_M_A, SG_M_B, SG_M_C, SG_M_J, SG_M_S, SG_M_F, SG_M_X, SG_M_a, SG_M_ART,
  SG_N_MISSILES
} SgMissile;

/* Terrain Effects Chart columns: who pays what (5.14). */
typedef enum
{
  SG_MV_INFANTRY, SG_MV_LIGHT, SG_MV_CAVALRY, SG_MV_ELEPHANT, SG_MV_CHARIOT, SG_MV_TWO_HEX,
  SG_N_MV
} SgMoveClass;

/* Facing change cost classes (6.12). */
typedef enum { SG_FACE_VERTEX, SG_FACE_ANY, SG_FACE_FREE } SgFaceCost;

/* Terrain hits (5.17): none, "h" always, "(h)" unless 1 MP more is paid. */
typedef enum { SG_HITS_NONE, SG_HITS_H, SG_HITS_PAREN } SgTerrainHits;

/* A Shock result for one side (7.53). */
typedef enum { SG_R_NONE, SG_R_RETREAT, SG_R_DR_ROUT, SG_R_DR2_ROUT, SG_R_ROUT } SgResultKind;

typedef struct
{
  guint8 hits;
  guint8 kind;          /* SgResultKind */
} SgResult;

#define SG_MP_PROHIBITED 99

/* Unit status. */
typedef enum
{
  SG_U_MAP,             /* on the map */
  SG_U_ELIMINATED,      /* routed or destroyed: counts Rout Points (9.0) */
  SG_U_PURSUIT,         /* off the map pursuing (7.62): no Rout Points */
  SG_U_LOST,            /* pursuers that never return (7.63): no Rout Points */
  SG_U_MERGED,          /* the rear counter of a Double Depth unit (10.3) */
  SG_U_OUT,             /* not in the battle (no cell in the scenario) */
} SgUnitStatus;

/* SgUnit.f flags. */
enum
{
  SG_UF_ACTIVATED   = 1 << 0,   /* activated this Player Turn (3.2-A) */
  SG_UF_IN_COMMAND  = 1 << 1,   /* In Command (4.11) */
  SG_UF_MOVED       = 1 << 2,   /* spent MP or changed facing this phase */
  SG_UF_DONE        = 1 << 3,   /* its movement is over (5.12) */
  SG_UF_FIRED       = 1 << 4,   /* made its Missile Fire (7.11) */
  SG_UF_RFIRED      = 1 << 5,   /* made its Reaction Fire this Player Turn (7.2) */
  SG_UF_RFACED      = 1 << 6,   /* tried Reaction Facing this phase (6.15) */
  SG_UF_ARTFIRED    = 1 << 7,   /* artillery fired this enemy phase (7.24) */
  SG_UF_NO_RBS      = 1 << 8,   /* may not Retreat Before Shock (7.22, 11.27) */
  SG_UF_ZOC_START   = 1 << 9,   /* in or exerting ZOC at the start of the Player Turn (7.41) */
  SG_UF_ZOC_PHASE   = 1 << 10,  /* started the Movement Phase in an enemy ZOC (6.14, 6.22) */
  SG_UF_STOPPED     = 1 << 11,  /* entered an enemy ZOC: movement over (6.22) */
  SG_UF_COLUMN      = 1 << 12,  /* In Column (11.2) */
  SG_UF_TOP_RIGHT   = 1 << 13,  /* two-hex In Column: the counter's top is right of the march */
  SG_UF_DOUBLE      = 1 << 14,  /* at Double Depth (10.3) */
  SG_UF_ATTACKER    = 1 << 15,  /* designated to attack this Shock Phase (7.34) */
  SG_UF_DEFENDER    = 1 << 16,  /* designated as attacked (7.34) */
  SG_UF_SLID        = 1 << 17,  /* used the 5.24 move */
  SG_UF_TO_ATTACK   = 1 << 18,  /* moved this Player Turn (the "moved to the attack" DRM, 7.5 Ex. 1) */
  SG_UF_RETREATED   = 1 << 19,  /* retreated this Shock Phase (7.22) */
  SG_UF_H_AND_R     = 1 << 20,  /* used Hit and Run (7.16) */
  SG_UF_NEAR_EL     = 1 << 21,  /* activated next to an enemy elephant (10.23) */
  SG_UF_WAS_COLUMN  = 1 << 22,  /* was In Column when shocked: reverts (11.25) */
  SG_UF_RETURNING   = 1 << 23,  /* a pursuer coming back this activation (7.63) */
  SG_UF_TURNED      = 1 << 24,  /* its last action was a facing change: one turn does it */
};

/* Flags cleared at the start of each Player Turn and of each phase. */
#define SG_UF_PT_MASK    (SG_UF_ACTIVATED | SG_UF_IN_COMMAND | SG_UF_MOVED | SG_UF_DONE | SG_UF_FIRED \
                          | SG_UF_RFIRED | SG_UF_RFACED | SG_UF_ARTFIRED | SG_UF_NO_RBS | SG_UF_ZOC_START \
                          | SG_UF_ZOC_PHASE | SG_UF_STOPPED | SG_UF_ATTACKER | SG_UF_DEFENDER | SG_UF_SLID \
                          | SG_UF_TO_ATTACK | SG_UF_RETREATED | SG_UF_H_AND_R | SG_UF_NEAR_EL | SG_UF_TURNED)

typedef struct
{
  gint16  cell;         /* SG_NONE off the map */
  gint16  cell2;        /* the other half of a two-hex unit, SG_NONE */
  gint8   facing;       /* vertex, or direction In Column; SG_NONE for artillery */
  guint8  hits;         /* 8.1: never removed */
  guint8  status;       /* SgUnitStatus */
  guint8  mp;           /* MP spent in this activation (5.11) */
  guint32 f;            /* SG_UF_* */
  gint16  merged;       /* Double Depth: the rear counter (front unit) or the front unit (rear), SG_NONE */
  gint16  start_cell;   /* where it stood when the Movement Phase began (10.23) */
} SgUnit;

/* Leader status. */
typedef enum
{
  SG_L_MAP,             /* on the map */
  SG_L_AWAY,            /* removed, "otherwise engaged", returns (4.36, 4.37) */
  SG_L_DEAD,            /* eliminated (7.15, 7.46, 4.35): Rout Points */
  SG_L_PURSUIT,         /* off the map with pursuing cavalry (7.62) */
  SG_L_LOST,            /* went with pursuers that never return */
  SG_L_RESERVE,         /* a Replacement leader not in play (4.37) */
  SG_L_OUT,             /* not in the battle */
} SgLeaderStatus;

enum
{
  SG_LF_ACTIVATED  = 1 << 0,
  SG_LF_MOVED      = 1 << 1,   /* moved on its own this phase */
  SG_LF_RETURNED   = 1 << 2,   /* returned this Player Turn (4.14) */
  SG_LF_IN_SHOCK   = 1 << 3,   /* stacked with a unit in a designated shock (4.38) */
  SG_LF_FREE_MOVE  = 1 << 4,   /* moves alone this Player Turn (4.33, 4.46) */
  SG_LF_RETURNING  = 1 << 5,   /* to be placed now (4.36, 4.37, 7.63) */
};

typedef struct
{
  gint16  cell;
  gint16  unit;         /* the combat unit it is stacked with and moves with, SG_NONE alone */
  guint8  status;       /* SgLeaderStatus */
  guint8  seizures;     /* attempts left (4.21, 4.44) */
  guint8  mp;
  guint8  f;            /* SG_LF_* */
  gint8   formation;    /* Formation commanded now (a Replacement takes one, 4.37), SG_NONE */
  guint8  deaths;       /* times eliminated (a re-used leader may die again, 4.37): Rout Points */
  gint8   pad[2];
} SgLeader;

/* A designated Shock attack (7.3, 7.35): pieces are single units, two-hex
 * units or the top unit of a stack (the stack goes with it). */
typedef struct
{
  gint16  att[SG_MAX_SIDE];
  gint16  def[SG_MAX_SIDE];
  guint8  n_att, n_def;
  gint16  rep_att, rep_def;   /* 7.35 representatives, SG_NONE until chosen */
  guint8  state;              /* SgAttackState */
  guint8  rbs;                /* the defenders retreated before shock (7.4) */
  gint8   leader_att, leader_def;   /* 7.52 leader DRM after 7.46 */
} SgAttack;

typedef enum
{
  SG_AS_DESIGNATED,
  SG_AS_RBS_DONE,       /* step 1 over for it */
  SG_AS_RESOLVED,
} SgAttackState;

/* Phases of the Player Turn (3.2). */
typedef enum
{
  SG_PH_START,          /* 3.1: who goes first */
  SG_PH_ACTIVATION,     /* 3.2-A, 4.41 seizure first */
  SG_PH_MOVE,           /* 3.2-B */
  SG_PH_SHOCK,          /* 3.2-C */
  SG_PH_OVER,
} SgPhase;

/* The decision pending now. */
typedef enum
{
  SG_ST_FIRST,          /* roll for the first player (3.1) */
  SG_ST_SEIZE,          /* inactive: Turn Seizure (4.41, 4.46) */
  SG_ST_ACTIVATE,       /* active: Formations, OC, pass (3.2-A) */
  SG_ST_PLACE_LEADER,   /* active: where a returning leader goes (4.36, 4.37) */
  SG_ST_RETURN,         /* active: where returning pursuers go (7.63) */
  SG_ST_MOVE,           /* active: move and fire (3.2-B) */
  SG_ST_REACT,          /* inactive: reactions (6.15, 6.16, 5.36, 4.35, 7.21–7.24) */
  SG_ST_DESIGNATE,      /* active: Shock designation (7.31–7.35) */
  SG_ST_RBS,            /* defender: Retreat Before Shock or not (7.41) */
  SG_ST_RBS_MOVE,       /* defender: the retreat hex by hex (7.42, 7.43) */
  SG_ST_RBS_ADVANCE,    /* attacker: the optional advance (7.44) */
  SG_ST_RESOLVE,        /* active: which attack to resolve next (7.4) */
  SG_ST_REP_ATT,        /* active: attacking representative (7.35) */
  SG_ST_REP_DEF,        /* defender: defending representative (7.35, SG-A15) */
  SG_ST_ASSIGN,         /* inflicting player: spreads #H (7.53, SG-C1 total) */
  SG_ST_RETREAT,        /* owner: the retreat hex (8.3) */
  SG_ST_ADVANCE,        /* attacker: which advance (7.71) */
  SG_ST_ADVANCE_FACE,   /* attacker: one vertex after advancing (7.72) */
  SG_ST_KEEP,           /* attacker: the unit kept when all rout (8.4) */
  SG_ST_OVER,
} SgStep;

/* Reaction windows (SG_ST_REACT). */
typedef enum
{
  SG_RX_PRE_STEP,       /* before an active unit moves: 6.15, 6.16, 7.21 */
  SG_RX_POST_STEP,      /* after it moved: 7.22, 5.36, 4.35, 7.24 */
  SG_RX_RETURN,         /* an active unit fired: 7.23 */
  SG_RX_ADVANCE,        /* an advance after shock entered a missile ZOC: 7.74, 7.22 */
  SG_RX_LEADERS,        /* lone leaders next to the enemy after a shock: 4.35 */
} SgReactKind;

/* Action types (index into the specs). */
enum
{
  SG_A_ROLL_FIRST,      /* 3.1 */
  SG_A_SEIZE,           /* leader (4.41) */
  SG_A_SEIZE_MOVE,      /* leader (4.46) */
  SG_A_NO_SEIZE,
  SG_A_ACTIVATE,        /* formation, commander (or -1), seizure point (12.1) */
  SG_A_ACTIVATE_MULTI,  /* Multiple Formation Activation entry (4.14) */
  SG_A_MOVE_OC,         /* 3.2-A, 4.33 */
  SG_A_PASS,            /* 3.2-A */
  SG_A_PLACE_LEADER,    /* leader, unit (4.36) */
  SG_A_RETURN_UNIT,     /* unit, cell (7.63) */
  SG_A_STEP,            /* unit, to, avoid (5.12, 5.17) */
  SG_A_PIVOT,           /* unit, to, wheel: 0 left, 1 right (5.23, 5.24) */
  SG_A_TURN,            /* unit, facing (6.12, 6.13) */
  SG_A_SWAP,            /* unit (5.33) */
  SG_A_COLUMN,          /* unit, facing (11.21, 11.23) */
  SG_A_DOUBLE_DEPTH,    /* unit, rear (10.3) */
  SG_A_FIRE,            /* unit, target, at: a lone leader's hex (7.11, 7.15) */
  SG_A_HIT_AND_RUN,     /* unit, target (7.16, 7.17) */
  SG_A_LEADER_STEP,     /* leader, to (4.31) */
  SG_A_END_MOVE,        /* ends the Movement/Missile Fire Phase */
  SG_A_REACT_FACE,      /* unit, facing (6.15, 6.16) */
  SG_A_REACT_FIRE,      /* unit, target (7.21–7.24) */
  SG_A_SIDESTEP,        /* unit, to (5.36) */
  SG_A_LEADER_RETREAT,  /* leader, to or -1 (4.35) */
  SG_A_NO_REACTION,
  SG_A_DESIGNATE,       /* attacker, defender (7.31, 7.35) */
  SG_A_END_DESIGNATION,
  SG_A_RBS,             /* unit, retreat: bool (7.41) */
  SG_A_RBS_STEP,        /* unit, to (7.42) */
  SG_A_ADVANCE_STEP,    /* unit, to (7.44) */
  SG_A_STOP,            /* ends the optional advance (7.44) */
  SG_A_RESOLVE,         /* defender: the attack to resolve next (7.4) */
  SG_A_REPRESENTATIVE,  /* unit (7.35) */
  SG_A_ASSIGN_HIT,      /* unit (7.53) */
  SG_A_RETREAT,         /* unit, to (8.3) */
  SG_A_ADVANCE,         /* unit, to, to2 (7.71) */
  SG_A_ADVANCE_FACE,    /* unit, facing (7.72) */
  SG_A_KEEP,            /* unit or -1 (8.4) */
  SG_N_ACTIONS
};

/* ---- Static data (acies-sg-setup.c) ---- */

typedef struct
{
  const char *id;       /* borrowed from the scenario */
  const char *name;
  gint8       side;
  gint8       type;     /* SgType */
  gint8       missile;  /* SgMissile */
  gint8       cls;      /* index of its Class string in SgStatic.classes, or -1 */
  gint8       legion;   /* index of its Legion string in SgStatic.legions, or -1 */
  gint8       formation;
  guint8      tq, size, ma;
  guint8      two_hex;
  guint8      triarii;  /* 11.3 */
  guint8      mv;       /* SgMoveClass */
  guint8      may_fire; /* some Missile Fire at all (7.1-intro): active, Hit and Run or reaction */
} SgUnitDef;

typedef struct
{
  const char *id;
  const char *name;
  gint8       side;
  gint8       formation;    /* Formation commanded in the scenario, SG_NONE */
  guint8      initiative, range, heroic, ma, reusable, replacement;
  guint8      seizure;      /* 4.21 */
  guint8      is_oc;        /* 4.22 */
} SgLeaderDef;

typedef struct
{
  const char *id;
  const char *name;
  gint8       side;
  guint8      auxiliaries;  /* 4.13 */
  guint8      chain_vacant; /* 4.11 */
  guint8      n_fc;
  gint8       fc[4];        /* Formation Commanders in the scenario (4.1) */
} SgFormationDef;

typedef struct
{
  gint8   side;
  gint8   leader;           /* the enabling leader (4.14) */
  guint32 formations;       /* bits */
  guint8  for_seizure;      /* an "fc-seizure" entry (4.43) rather than 4.14 */
} SgMfaDef;

typedef struct
{
  gint     wl;              /* Army Withdrawal Level (9.0) */
  gint     retreat_edge;    /* AciesMapEdge (7.62) */
  gint8    oc;              /* Overall Commander (4.22) */
  guint8   size_used;       /* 2.21 */
  guint8   triarii;         /* 11.3 */
  guint8   double_depth;    /* 10.3 allowed */
  gint8    rp_adjust[SG_N_TYPES];   /* 9.0 scenario RP, -1 when none */
  guint8   triarii_enemy, triarii_lg;   /* 11.3 distances */
} SgSideDef;

/* Rulings (checklist SG section 2) read from the catalogue's options. */
typedef struct
{
  gboolean hits_each_unit;            /* SG-C1 */
  gboolean size_double_needs_two;     /* SG-A1 */
  gboolean ignored_size_no_drm;       /* SG-A2 */
  gboolean column_tq_everywhere;      /* SG-A3 */
  gboolean minus_then_halve;          /* SG-A4 */
  gboolean pursuit_natural_nine;      /* SG-A6 */
  gboolean edge_hex_eliminates;       /* SG-A7 */
  gboolean keeper_own_only;           /* SG-A10 */
  gboolean defender_chooses_rep;      /* SG-A15 */
  gboolean leader_drm_cumulative;     /* SG-A16 */
  gboolean rbs_first_attacker;        /* SG-A21: away from the first attacker only */
  gboolean seizure_first_pt_only;     /* SG-A22 */
  gboolean seizure_move_limits;       /* SG-A23 */
  gboolean formation_activation;      /* 12.1 (optional rule) */
  gboolean column_rule;               /* 11.2 (optional rule) */
  gboolean inactive_leaders_ride;     /* 4.32 */
  gboolean fire_not_farther;          /* SG-A14 */
  guint    max_turns;                 /* a guard for random playouts: 0 = none */
} SgOptions;

typedef struct
{
  gint             ref_count;
  guint            serial;       /* this battle's number in the process, from 1 (the LOS cache's key) */
  AciesCatalogue  *catalogue;
  AciesBoard      *board;
  guint            width, height, n_cells;
  gint16          *nb;           /* n_cells * 6 */
  gint16          *q, *r;        /* axial coordinates */
  gint8            vec[6][2];    /* axial steps of the six directions */
  gint8            dir_of[9];    /* direction of an axial step (dq + 1) * 3 + dr + 1, -1 */
  guint8          *terrain;      /* index into the TEC rows */
  gint8           *elevation;
  guint8          *edges;        /* n_cells * 6: hexside feature bits (SG_E_*) */
  guint8          *camp;         /* inside a camp or fort (11.13) */
  guint8          *rampart;      /* a fortified hexside other than a gate (11.15) */
  guint8          *edge_of_map;  /* bits of AciesMapEdge the cell lies on */
  gint16          *enter;        /* (n_cells * 6 + direction) * SG_N_MV: MP to enter the neighbour (sg_enter_costs_init()) */
  guint8          *enter_hits;   /* n_cells * 6: its terrain Hits (SgTerrainHits), before the unit's exemptions */
  gint16          *near2;        /* n_cells * 19: the hexes within two of each (sg_near_init()) */
  guint8          *near2_n;      /* n_cells: how many, or G_MAXUINT8 near the map's edge */
  guint            n_units, n_leaders, n_formations, n_mfa;
  SgUnitDef        units[SG_MAX_UNITS];
  SgLeaderDef      leaders[SG_MAX_LEADERS];
  SgFormationDef   formations[SG_MAX_FORMATIONS];
  SgMfaDef         mfa[SG_MAX_MFA];
  SgSideDef        sides[2];
  GPtrArray       *classes;      /* char *, owned */
  GPtrArray       *legions;      /* char *, owned */
  SgOptions        opt;
  gint             first_side;   /* -1: roll (3.1) */
  guint            last_pt;      /* the scenario's "nightfall" Player Turn (3.0), 0: none */

  /* Tables (7.8, 5.4, 11.16); provisional flags for the play mode. */
  guint            n_terrain;
  guint8           mv_cost[32][SG_N_MV];      /* per TEC row */
  gint8            shock_drm[32];
  gint8            missile_drm[32];
  guint8           terrain_hits[32];          /* SgTerrainHits */
  guint8           blocks_los[32];
  guint8           impassable[32];
  guint8           edge_mv[8][SG_N_MV];       /* hexside features: added MP, or SG_MP_PROHIBITED */
  guint8           edge_mv_out[8];            /* leaving a camp across it (11.12) */
  gint8            edge_shock[8];
  gint8            edge_missile[8];
  guint8           edge_hits[8];
  guint8           edge_fortified[8];
  guint8           edge_gate[8];
  guint8           edge_blocks_art[8];
  guint            n_edge_features;
  guint8           friendly_cost;             /* 5.16 */
  guint8           higher_cost;               /* elevation */
  gint8            higher_drm;
  gint8            weapons[2][SG_N_MATRIX][SG_N_MATRIX];   /* front, flank/rear (7.82) */
  guint8           weapons_prov[2][SG_N_MATRIX][SG_N_MATRIX];
  gint8            moved_to_attack;            /* 7.82 special */
  SgResult         shock[16][2];               /* 7.83: rows -3 … 12, attacker and defender */
  guint8           shock_src[16][2];           /* AciesSource */
  guint8           missile[SG_N_MISSILES][6];  /* 7.81 hit numbers at 1 … 6, 0 out of range */
  guint8           missile_prov;
  guint8           face_cost[SG_N_TYPES];      /* SgFaceCost (6.12) */
  guint8           column_ok[SG_N_TYPES];      /* 11.21 */
  gint8            pursuit_drm;                /* Die Roll Summary (7.62) */
  gint8            return_fc_drm;              /* 7.63 */
  gboolean         has_artillery[2];           /* a side has artillery (7.24 reacts from afar) */
  guint            n_side_units[2];
  guint8           side_units[2][SG_MAX_UNITS]; /* each side's units, in order */
} SgStatic;

/* Hexside feature bits: the catalogue's edge features in order (SG_E_*
 * name the ones the rules read by meaning). */
#define SG_MAX_EDGE_FEATURES 8

/* ---- The state ---- */

typedef struct
{
  guint8   kind;          /* SgReactKind */
  gint16   mover;         /* the active unit concerned */
  gint16   target;        /* RETURN: its target; ADVANCE: the attack */
  gint16   to, to2;       /* PRE_STEP: the pending move */
  gint8    facing;
  guint8   action;        /* PRE_STEP: the pending action type */
  guint8   avoid;
  guint8   leader_move;   /* PRE/POST: the mover is a leader (4.35) */
  guint64  done[SG_WORDS];   /* units already answered in this window */
  guint32  ldone;         /* leaders already answered */
  gint16   from_cells[2]; /* POST: where the mover came from */
  gint16   ret_fire;      /* RETURN: the returning unit, SG_NONE */
  guint8   hit_and_run;
  gint16   fire_cell;     /* RETURN: the hex fired at (a lone leader, 7.15) */
  gint16   final;         /* PRE/POST_STEP: where the mover's line ends */
  gint8    dir;           /* PRE/POST_STEP: the line's direction */
  guint8   resume_shock;  /* ADVANCE, LEADERS: go on with the shock after */
} SgReact;

/* The shock step in progress (7.4–7.7, 8.x). */
typedef enum
{
  SG_SH_PRE_HITS,       /* 10.23, 10.55 (and the attack's record) */
  SG_SH_REP_ATT,        /* 7.35 */
  SG_SH_REP_DEF,
  SG_SH_ROLL,           /* 7.51–7.53 */
  SG_SH_ASSIGN,         /* 7.53, SG-C1 total */
  SG_SH_ROUT_CHECKS,    /* 7.53 */
  SG_SH_KEEP,           /* 8.4 */
  SG_SH_RETREATS,       /* 8.3 */
  SG_SH_ADVANCE,        /* 7.54, 7.6, 7.71 */
  SG_SH_AFTER,          /* 10.53, 11.25, 4.35 */
  SG_SH_DONE,
} SgShockStage;

typedef struct
{
  gint8    cur;           /* attack being resolved, SG_NONE */
  guint8   step;          /* 7.4: 1 Retreat Before Shock, 2 leaders, 3 resolution */
  guint8   stage;         /* SgShockStage in step 3 */
  gint8    rbs_k;         /* the attack in step 1 */
  gint16   rbs_unit;      /* the defender retreating before shock, SG_NONE */
  guint8   rbs_mp;        /* MP left in that retreat (7.42) */
  guint8   rbs_moved;     /* hexes it moved */
  gint16   adv_unit;      /* the attacker advancing after it (7.44), SG_NONE */
  guint8   adv_mp;
  guint8   dr;            /* the Shock roll */
  gint8    drm;
  gint8    mod_dr;
  SgResult res[2];        /* attacker, defender, as the table gives them */
  gint8    hits[2];       /* #H after 7.53's adjustments, per piece (or in all, SG-C1) */
  guint8   assign_left;   /* SG_SH_ASSIGN: Hits left to give */
  guint8   assign_side;   /* 0 attackers, 1 defenders are being hit */
  guint8   assign_round;
  guint64  asked[SG_WORDS];       /* step 1: defenders already asked */
  guint64  rbs_done[SG_WORDS];    /* defenders that retreated before shock */
  guint64  assigned[SG_WORDS];    /* SG_SH_ASSIGN: pieces given a Hit this round */
  guint64  retreat[SG_WORDS];     /* pieces still to retreat (8.3) */
  guint64  routed[SG_WORDS];      /* units routed in this combat */
  guint64  moved_back[SG_WORDS];  /* pieces that retreated in it */
  gint16   vacated[2 * SG_MAX_SIDE];   /* hexes the defenders left */
  guint8   n_vacated;
  gint16   unit_cells[8 * SG_MAX_SIDE];  /* the combat's units and their hexes, pairs (8.4) */
  guint8   n_unit_cells;
  gint16   advancer;      /* attacker advancing now (7.71), SG_NONE */
  guint64  advanced[SG_WORDS];
  gint16   face_unit;     /* SG_SH_ADVANCE: single-hex unit that may turn (7.72) */
  guint8   any_att_shock; /* a defender was Shock capable (7.53) */
  guint8   pursuit_checked;   /* 7.61 done for this attack */
} SgShock;

typedef struct
{
  AciesState  base;
  SgStatic   *st;
  SgPhase     phase;
  SgStep      step;
  gint        pt;             /* Player Turns played, from 1 */
  gint        first_side;
  gint        seized_by;      /* side that seized this Player Turn, or -1 (4.44, 4.45) */
  gint        seized_prev;    /* side that seized the previous Player Turn, or -1 */
  gint        seize_tried;    /* a seizure was attempted this Player Turn */
  gint        seize_leader;   /* 4.42/4.43: the leader who seized, -1 */
  gint        seize_move;     /* 4.46: the leader who moves instead of activating, -1 */
  gint        oc_move;        /* 4.33: the OC moves alone (MA 30), -1 */
  guint32     activated;      /* Formations activated this Player Turn (bits) */
  guint32     last_activated[2]; /* 12.1: each side's previous Player Turn */
  gint        enabler;        /* 4.14: the enabling leader, -1 */
  gint        mover;          /* the unit moving now (5.12), -1 */
  gint        lmover;         /* the leader moving alone now, -1 */
  gint        mover_path[SG_MAX_PATH];  /* cells the mover passed (7.11, SG-A14) */
  gint        mover_path_len;
  gint        rp[2];          /* Rout Points (9.0) */
  gint        pending_leader; /* SG_ST_PLACE_LEADER: the leader to place */
  gint        rampaging;      /* the elephant rampaging now (8.5), -1 */
  gint        n_attacks;
  SgAttack    attacks[SG_MAX_ATTACKS];
  SgReact     react;
  SgShock     sh;
  guint       n_units, n_leaders;
  SgUnit      units[SG_MAX_UNITS];
  SgLeader    leaders[SG_MAX_LEADERS];
  gint16     *occ;            /* 2 * n_cells: top and bottom combat unit per hex */
  guint8     *adj;            /* 2 * n_cells: combat units of side 0 and 1 next to the hex (derived) */
} SgState;

#define SG(s)  ((SgState *) (s))
#define CSG(s) ((const SgState *) (s))

extern const AciesActionSpec acies_sg_action_specs[SG_N_ACTIONS];

/* ---- Bits ---- */

static inline gboolean
sg_bit (const guint64 *set, gint i)
{
  return (set[i >> 6] >> (i & 63)) & 1;
}

static inline void
sg_set_bit (guint64 *set, gint i)
{
  set[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
}

static inline void
sg_clear_bit (guint64 *set, gint i)
{
  set[i >> 6] &= ~(G_GUINT64_CONSTANT (1) << (i & 63));
}

/* ---- Geometry (acies-sg-geom.c unless inline) ---- */

static inline gint
sg_mod6 (gint x)
{
  gint m;

  if ((guint) x < 6)
    return x;                   /* most often a direction already */
  m = x % 6;
  return m < 0 ? m + 6 : m;
}

static inline gint
sg_nb (const SgStatic *st, gint cell, gint dir)
{
  /* Off the map (a pursuing cavalry, a routed unit): no neighbour. */
  if (cell < 0)
    return -1;
  return st->nb[cell * 6 + sg_mod6 (dir)];
}

static inline gint
sg_dist (const SgStatic *st, gint a, gint b)
{
  gint dq = st->q[a] - st->q[b], dr = st->r[a] - st->r[b], ds = dq + dr;

  return (ABS (dq) + ABS (dr) + ABS (ds)) / 2;
}


/* The direction from @from to the adjacent @to, or -1. */
static inline gint
sg_dir_to (const SgStatic *st,
           gint            from,
           gint            to)
{
  gint dq, dr, d;

  if (from < 0 || to < 0)
    return -1;
  dq = st->q[to] - st->q[from];
  dr = st->r[to] - st->r[from];
  if (dq < -1 || dq > 1 || dr < -1 || dr > 1)
    return -1;
  d = st->dir_of[(dq + 1) * 3 + dr + 1];
  return d >= 0 && st->nb[from * 6 + d] == to ? d : -1;
}

/* Distance from the hex beyond @cell in direction @dir (perhaps off the
 * map) to @other. */
gint      sg_beyond_dist       (const SgStatic *st, gint cell, gint dir, gint other);
/* 6.11: front hexes (up to 3) of unit @u as it stands, or at the given
 * cells and facing; 6.21: its ZOC. */
guint     sg_front_cells       (const SgState *s, gint u, gint *out);
guint     sg_front_at          (const SgState *s, gint u, gint cell, gint cell2, gint facing, gint *out);
guint     sg_zoc_cells         (const SgState *s, gint u, gint *out);
/* 6.11: where @cell lies for unit @u: 0 front, 1 flank, 2 rear, -1 not adjacent. */
gint      sg_relation          (const SgState *s, gint u, gint cell);
/* 6.21: whether @cell is in the ZOC of unit @u / of any unit of @side's enemy. */
gboolean  sg_cell_in_zoc_of    (const SgState *s, gint u, gint cell);
gboolean  sg_in_enemy_zoc      (const SgState *s, gint cell, gint side);
/* Whether unit @u has an enemy combat unit in its ZOC / is adjacent to one. */
gboolean  sg_enemy_in_zoc      (const SgState *s, gint u);
/* Whether unit @u is in the ZOC of any enemy (either half). */
gboolean  sg_unit_in_enemy_zoc (const SgState *s, gint u);
/* The two-hex layout: the other half for @cell facing @facing toward its
 * "B" side (b = 0: neighbour (cell, facing − 1), 1: neighbour (cell, facing + 2)). */
gint      sg_two_hex_other     (const SgStatic *st, gint cell, gint facing, gint b);
gboolean  sg_two_hex_ok        (const SgStatic *st, gint cell, gint cell2, gint facing);
/* 7.13: line of sight between two cells. */
gboolean  sg_los               (const SgState *s, gint from, gint to, gint firer_type);
/* 7.12: @cell lies in the fire arc of @u (front or flank; chariots all round). */
gboolean  sg_in_arc            (const SgState *s, gint u, gint cell);

/* SG 6.21: whether a combat unit of @side's enemy is next to @cell /
 * to either half of unit @u (the adjacency counts, SgState.adj). */
static inline gboolean
sg_cell_adjacent_enemy (const SgState *s,
                        gint           cell,
                        gint           side)
{
  return cell >= 0 && s->adj[2 * cell + (1 - side)] > 0;
}

static inline gboolean
sg_adjacent_enemy (const SgState *s,
                   gint           u)
{
  const SgUnit *x = &s->units[u];
  gint side = s->st->units[u].side;

  return sg_cell_adjacent_enemy (s, x->cell, side) || (x->cell2 >= 0 && sg_cell_adjacent_enemy (s, x->cell2, side));
}

/* Distance from @cell to unit @u's nearest half. */
G_ALWAYS_INLINE static inline gint
sg_cell_unit_dist (const SgState *s,
                   gint           cell,
                   gint           u)
{
  const SgUnit *x = &s->units[u];
  gint d = sg_dist (s->st, cell, x->cell);

  if (x->cell2 >= 0)
    d = MIN (d, sg_dist (s->st, cell, x->cell2));
  return d;
}

/* Distance between two units' nearest halves. */
G_ALWAYS_INLINE static inline gint
sg_unit_dist (const SgState *s,
              gint           a,
              gint           b)
{
  gint d = sg_cell_unit_dist (s, s->units[a].cell, b);

  if (s->units[a].cell2 >= 0)
    d = MIN (d, sg_cell_unit_dist (s, s->units[a].cell2, b));
  return d;
}

/* ---- Units (acies-sg-geom.c) ---- */

static inline const SgUnitDef *
sg_def (const SgState *s, gint u)
{
  return &s->st->units[u];
}

static inline gboolean
sg_on_map (const SgState *s, gint u)
{
  return s->units[u].status == SG_U_MAP;
}

static inline gint
sg_top (const SgState *s, gint cell)
{
  return cell < 0 ? SG_NONE : s->occ[2 * cell];
}

static inline gint
sg_bottom (const SgState *s, gint cell)
{
  return cell < 0 ? SG_NONE : s->occ[2 * cell + 1];
}

/* SG 2.22: the unit classes (inline: asked at every step of a move). */
static inline gboolean
sg_is_infantry (SgType t)
{
  return t <= SG_T_SKS || t == SG_T_MI;
}

static inline gboolean
sg_is_cavalry (SgType t)
{
  return t >= SG_T_LN && t <= SG_T_RC;
}

static inline gboolean
sg_is_light (SgType t)
{
  return t == SG_T_LI || t == SG_T_LP;
}

static inline gboolean
sg_is_skirmisher (SgType t)
{
  return t == SG_T_SK || t == SG_T_SKS;
}

gboolean  sg_is_archer         (const SgUnitDef *d);
gboolean  sg_shock_capable     (const SgState *s, gint u);
gint      sg_tq                (const SgState *s, gint u);
/* The other unit in @u's hex (the stack partner), SG_NONE. */
gint      sg_partner           (const SgState *s, gint u);
gint      sg_stack_partner     (const SgState *s, gint u);
/* 5.32: whether @a and @b may stack. */
gboolean  sg_may_stack         (const SgState *s, gint a, gint b);
/* The piece of @u: the top unit of its stack, or @u. */
gint      sg_piece             (const SgState *s, gint u);
gint      sg_piece_size        (const SgState *s, gint u);
/* Places @u at @cell (/@cell2) on top or bottom, or removes it (cell SG_NONE). */
void      sg_place             (SgState *s, gint u, gint cell, gint cell2, gboolean on_top);
void      sg_lift              (SgState *s, gint u);
/* Leaders in @cell (bits into @out, count returned). */
guint     sg_leaders_in        (const SgState *s, gint cell, gint *out);
gboolean  sg_lone_leader       (const SgState *s, gint l);
/* Moves leaders stacked with @u to its cell. */
void      sg_carry_leaders     (SgState *s, gint u);
const char *sg_side_name       (const SgState *s, gint side);
char     *sg_side_people       (const SgState *s, gint side, gboolean capital);
const char *sg_unit_name       (const SgState *s, gint u);
const char *sg_leader_name     (const SgState *s, gint l);
const char *sg_cell_label      (const SgState *s, gint cell);

/* ---- Movement (acies-sg-move.c) ---- */

/* MP to enter @to from @from for unit @u (5.14–5.16, 5.22), or
 * SG_MP_PROHIBITED; *hits gets the terrain hits (5.17). */
gint      sg_enter_cost        (const SgState *s, gint u, gint from, gint to, SgTerrainHits *hits);
gint      sg_leader_enter_cost (const SgState *s, gint from, gint to);
/* Fills SgStatic.enter and .enter_hits once the board and the charts are read. */
void      sg_enter_costs_init  (SgStatic *st);
/* Fills SgStatic.near2 and .near2_n once the board is read. */
void      sg_near_init         (SgStatic *st);

/* SG 4.21: what a leader (as cavalry) pays to step from @cell in
 * direction @dir (0 … 5), SG_MP_PROHIBITED or more when he may not (off
 * the map: G_MAXINT16); sg_leader_enter_cost() for a known direction. */
static inline gint
sg_leader_step_mp (const SgStatic *st,
                   gint            cell,
                   gint            dir)
{
  return st->enter[(cell * 6 + dir) * SG_N_MV + SG_MV_CAVALRY];
}
/* SG 5.11, 5.21, 11.22: MA; +1 In Column. */
static inline gint
sg_ma (const SgState *s,
       gint           u)
{
  return sg_def (s, u)->ma + ((s->units[u].f & SG_UF_COLUMN) ? 1 : 0);
}

gint      sg_facing_cost       (const SgState *s, gint u, gint from, gint to);
void      sg_move_legal        (const SgState *s, GArray *out);
gboolean  sg_move_random       (const SgState *s, GRand *rand, AciesAction *out);
gboolean  sg_move_apply        (SgState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events,
                                GError **error);
/* Executes the step in s->react (after the pre-step reactions). */
void      sg_move_execute      (SgState *s, AciesDice *dice, GPtrArray *events);
/* The next step of the mover's line, or back to SG_ST_MOVE at its end. */
void      sg_move_next         (SgState *s, AciesDice *dice, GPtrArray *events);
gboolean  sg_step_path         (const SgState *s, const AciesAction *a, GArray *cells, gint *cost);
gboolean  sg_leader_path       (const SgState *s, const AciesAction *a, GArray *cells, gint *cost);
/* The legal move actions of one unit (for paths and tests). */
void      sg_unit_moves        (const SgState *s, gint u, GArray *out);
/* Whether @u may still act in this Movement/Missile Fire Phase
 * (activated, on the map, its movement not over, SG 5.12). */
static inline gboolean
sg_unit_may_move (const SgState *s,
                  gint           u)
{
  const SgUnit *x = &s->units[u];

  return x->status == SG_U_MAP && (x->f & SG_UF_ACTIVATED) && !(x->f & SG_UF_DONE);
}
void      sg_end_movement      (SgState *s, gint u);
void      sg_start_move_phase  (SgState *s);
/* 10.3: the Double Depth pairs of a side (front unit, rear unit). */
gboolean  sg_double_depth_ok   (const SgState *s, gint front, gint rear);
gboolean  sg_pending_dest      (const SgState *s, gint *cell, gint *cell2);
gint      sg_pivot_half        (const SgState *s, gint u, gint wheel);

/* ---- Command (acies-sg-command.c) ---- */

void      sg_command_legal     (const SgState *s, GArray *out);
gboolean  sg_command_apply     (SgState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events,
                                GError **error);
/* 4.41–4.46 */
gboolean  sg_may_seize         (const SgState *s, gint side);
gboolean  sg_leader_may_seize  (const SgState *s, gint l);
/* 4.21: command path length from leader @l to cell, or -1 beyond @max. */
gint      sg_command_distance  (const SgState *s, gint l, gint cell, gint max);
/* 4.11: sets SG_UF_IN_COMMAND for the units of Formation @f commanded by @fc. */
void      sg_determine_command (SgState *s, gint f, gint fc);
/* 4.1: the Formation Commander of @f who would activate, -1 */
gint      sg_fc_of             (const SgState *s, gint f);
gboolean  sg_may_activate      (const SgState *s, gint f, gint fc);
gboolean  sg_mfa_ok            (const SgState *s, gint entry);
/* 11.3 */
gboolean  sg_triarii_may_activate (const SgState *s, gint side);
gboolean  sg_triarii_may_close (const SgState *s, gint side);
void      sg_start_pt          (SgState *s, AciesDice *dice, GPtrArray *events);
void      sg_begin_activation  (SgState *s, AciesDice *dice, GPtrArray *events);
/* 4.36, 7.63 after activation: returning leaders and pursuers, then command. */
void      sg_after_activation  (SgState *s, AciesDice *dice, GPtrArray *events);
gint      sg_leader_ma         (const SgState *s, gint l);

/* ---- Missile fire (acies-sg-missile.c) ---- */

gboolean  sg_may_fire_active   (const SgState *s, gint u);
/* 7.12–7.14: whether @u may fire at @target now at @range (0: its real range). */
gboolean  sg_fire_ok           (const SgState *s, gint u, gint target, gboolean reaction);
gint      sg_fire_range        (const SgState *s, gint u, gint target);
gint      sg_missile_reach     (const SgState *s, gint u);
gint      sg_hit_number        (const SgState *s, gint u, gint range);
gint      sg_missile_drm       (const SgState *s, gint u, gint tcell, AciesOdds *odds);
/* 7.81, 11.15: the hit number @u fires with at @tcell (the Slinger row
 * from a rampart or tower). */
gint      sg_fire_hit_number   (const SgState *s, gint u, gint tcell, gint range);
gboolean  sg_hit_and_run_ok    (const SgState *s, gint u, gint target);
gboolean  sg_on_rampart        (const SgState *s, gint u);
gboolean  sg_fire_leader_ok    (const SgState *s, gint u, gint cell);
/* Rolls one fire of @u at @target at @range: returns hits to apply
 * (stored for simultaneous application) and checks a leader (7.15). */
gint      sg_fire_roll         (SgState *s, gint u, gint target, gint range, AciesDice *dice, GPtrArray *events,
                                const char *rule);
void      sg_fire_apply        (SgState *s, gint target, gint hits, AciesDice *dice, GPtrArray *events,
                                const char *rule);
/* The reaction candidates of the pending window (SG_ST_REACT). */
void      sg_react_legal       (const SgState *s, GArray *out);
gboolean  sg_react_apply       (SgState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events,
                                GError **error);
/* Opens a reaction window of @kind if anybody may react; FALSE when none. */
gboolean  sg_react_open        (SgState *s, SgReactKind kind);
gboolean  sg_react_any         (const SgState *s);

/* ---- Shock (acies-sg-shock.c) ---- */

void      sg_shock_begin       (SgState *s, AciesDice *dice, GPtrArray *events);
void      sg_shock_legal       (const SgState *s, GArray *out);
gboolean  sg_shock_apply       (SgState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events,
                                GError **error);
/* Continues the shock procedure after a reaction window. */
void      sg_shock_continue    (SgState *s, AciesDice *dice, GPtrArray *events);
/* 7.52: the modifiers of attack @k with representatives @ra, @rd, leader
 * DRMs as given; lines to @odds when non-NULL. */
gint      sg_shock_drm         (const SgState *s, gint k, gint ra, gint rd, AciesOdds *odds);
guint     sg_piece_units       (const SgState *s, gint p, gint *out);
SgResult  sg_shock_result      (const SgState *s, gint mod_dr, gboolean attacker, gboolean *provisional);
gint      sg_size_drm          (const SgState *s, gint k, AciesOdds *odds);
gint      sg_weapons_drm       (const SgState *s, gint k, gint ra, gint rd, gboolean *front, gboolean *prov);
gint      sg_terrain_drm       (const SgState *s, gint k);
gboolean  sg_attack_is_front   (const SgState *s, gint ra, gint rd);
/* The pieces (top or single units) of an attack's side. */
gboolean  sg_attack_has        (const SgAttack *a, gint u, gboolean attacker);
gint      sg_attack_of_defender (const SgState *s, gint u);
gboolean  sg_leader_in_attack   (const SgState *s, gint k, guint l);
gboolean  sg_may_retreat_before_shock (const SgState *s, gint k, gint d);

/* ---- Effects (acies-sg-effects.c) ---- */

/* 8.1: adds @n Hits to @u; routs it at its TQ (8.4).  TRUE if it routed. */
gboolean  sg_add_hits          (SgState *s, gint u, gint n, gint inflictor, AciesDice *dice, GPtrArray *events,
                                const char *rule);
/* 5.35: @n Hits to the piece of @u: split in a stack, odd Hit on top. */
void      sg_hit_piece         (SgState *s, gint u, gint n, gint inflictor, AciesDice *dice, GPtrArray *events,
                                const char *rule);
/* 8.4: @u routs: eliminated, an elephant rampages (8.5). */
void      sg_rout              (SgState *s, gint u, gint inflictor, AciesDice *dice, GPtrArray *events,
                                const char *rule);
void      sg_eliminate         (SgState *s, gint u, GPtrArray *events, const char *rule);
void      sg_eliminate_leader  (SgState *s, gint l, GPtrArray *events, const char *rule);
/* 4.36: leaders of a unit that is eliminated are removed, not killed. */
void      sg_remove_leaders_of (SgState *s, gint u, GPtrArray *events);
/* 9.0 */
gint      sg_unit_rp           (const SgState *s, gint u);
gint      sg_leader_rp         (const SgState *s, gint l);
gint      sg_count_rp          (const SgState *s, gint side);
void      sg_withdrawal_check  (SgState *s, GPtrArray *events);
void      sg_nightfall         (SgState *s, GPtrArray *events);
/* 8.3: the hexes @u may retreat to, away from the units in @from. */
guint     sg_retreat_cells     (const SgState *s, gint u, const gint16 *from, guint n_from, gint *out);
gboolean  sg_retreat_to        (SgState *s, gint u, gint cell, AciesDice *dice, GPtrArray *events);
/* 8.3: no hex: stays and takes 2 Hits, or is eliminated at the map edge. */
void      sg_retreat_blocked   (SgState *s, gint u, gint inflictor, AciesDice *dice, GPtrArray *events);
void      sg_rampage           (SgState *s, gint el, gint inflictor, AciesDice *dice, GPtrArray *events);
gboolean  sg_on_edge           (const SgState *s, gint u);
void      sg_finish            (SgState *s, gint winner, const char *reason, GPtrArray *events);

/* ---- The state machine (acies-sg-play.c) ---- */

void      sg_legal_actions     (const SgState *s, GArray *out);
gboolean  sg_apply             (SgState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events,
                                GError **error);
void      sg_sync              (SgState *s);
void      sg_add_action        (GArray *out, guint type, gint player, gint a0, gint a1, gint a2, gint a3);

/* The action sg_add_action() appends, written into @a (to append several
 * at once). */
static inline void
sg_set_action (AciesAction *a,
               guint        type,
               gint         player,
               gint         a0,
               gint         a1,
               gint         a2,
               gint         a3)
{
  a->type = (guint16) type;
  a->player = (gint16) player;
  a->args[0] = a0;
  a->args[1] = a1;
  a->args[2] = a2;
  a->args[3] = a3;
  a->args[4] = a->args[5] = a->args[6] = a->args[7] = -1;
}
GArray   *sg_scratch_actions   (guint slot);
void      sg_end_pt            (SgState *s, AciesDice *dice, GPtrArray *events);
void      sg_to_shock          (SgState *s, AciesDice *dice, GPtrArray *events);
/* Back to the decision of the phase after an interrupt or a sub-step. */
void      sg_resume            (SgState *s, AciesDice *dice, GPtrArray *events);
guint     sg_roll              (AciesDice *dice, const char *purpose);
gboolean  sg_fail              (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
gboolean  sg_check_invariants  (const SgState *s, GError **error);

/* ---- Words (acies-sg-describe.c) ---- */

char     *sg_describe_action   (const SgState *s, const AciesAction *a);
char     *sg_describe_unit     (const SgState *s, gint u);
char     *sg_prompt_text       (const SgState *s, char **rule);
char     *sg_turn_words        (const SgState *s);
/* sg_describe_unit() for an event, NULL when @events is NULL. */
char     *sg_ev_unit           (const SgState *s, gint u, GPtrArray *events);
const char *sg_result_text     (SgResult r, char *buf, gsize len);
const char *sg_type_name       (SgType t);

/* ---- Odds (acies-sg-odds.c) ---- */

AciesOdds *sg_odds             (const SgState *s, const AciesAction *a);

/* ---- Set-up and the ruleset (acies-sg-setup.c, acies-sg-ruleset.c) ---- */

SgState  *sg_state_new         (AciesCatalogue *catalogue, AciesScenario *scenario, JsonObject *options,
                                GError **error);
SgState  *sg_state_copy        (const SgState *s);
void      sg_state_free        (SgState *s);
void      sg_static_unref      (SgStatic *st);
SgType    sg_type_from_id      (const char *id);

AciesRuleset *acies_simple_gboh_ruleset_new (void);
void          acies_simple_gboh_register    (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SgState, sg_state_free)

G_END_DECLS
