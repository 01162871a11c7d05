/* acies-gc-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/*
 * The Grass Crown ruleset ("GC", shared/rules/grass-crown.txt): the state,
 * the unit and wing records and the helpers shared by the ruleset files.
 *
 * Ownership:
 *   acies-gc-ruleset.c, acies-gc-setup.c, acies-gc-turn.c, acies-gc-move.c,
 *   acies-gc-util.c: the lead engineer (set-up, command, skirmish, rally,
 *   movement, Fortuna, victory, initiative, wagons, the AciesRuleset glue).
 *   acies-gc-combat.{c,h}, acies-gc-heroes.c: the combat engineer (9.0–9.6,
 *   10.0, the combat parts of 11.x, odds).  The functions they provide are
 *   declared at the end of this header ("Provided by the combat files").
 *   While those files do not exist, acies-gc-combat-stub.c (lead) provides
 *   placeholders so the ruleset builds; meson picks the real files as soon
 *   as they exist (re-run meson setup --reconfigure).
 *
 * Conventions:
 *   - Sides are indices into scenario->sides (0, 1).
 *   - Units are indices into AciesGcState.units; they never move in the
 *     array, and their string ids (AciesGcStatic.unit_ids) are stable.
 *   - Cells are square-board cells: cell = row * width + col.
 *   - Every die is a d8 rolled through acies_gc_roll(): the Fortuna holder is
 *     offered a re-roll after every roll (GC 12.0), so a roll suspends the
 *     procedure that made it; the procedure continues in the purpose's
 *     "resolved" callback with the final values.
 *   - apply() dispatches by s->step, not by action type: every action while
 *     s->step == ACIES_GC_STEP_COMBAT goes to acies_gc_combat_apply(), and
 *     FORTUNA actions (ACIES_GC_STEP_FORTUNA) to the lead's code.
 *   - State records are plain data (no pointers but the two arrays), so a
 *     copy is two memcpy.
 */

#include <glib.h>

#include "acies-error.h"
#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "model/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/* Unit kinds (GC 2.2). */
typedef enum
{
  ACIES_GC_KIND_L,       /* Light Infantry (foot) */
  ACIES_GC_KIND_H,       /* Heavy Infantry (foot) */
  ACIES_GC_KIND_P,       /* Phalanx (foot) */
  ACIES_GC_KIND_C,       /* Cavalry (mounted) */
  ACIES_GC_KIND_E,       /* Elephantry (mounted) */
  ACIES_GC_KIND_W,       /* Anti-Elephant Wagons (mounted, GC 15.0) */
  ACIES_GC_N_KINDS
} AciesGcKind;

/* The Combat Class ladder (GC 2.2, 9.1): D < C < B < A < ★. */
typedef enum
{
  ACIES_GC_CC_D,
  ACIES_GC_CC_C,
  ACIES_GC_CC_B,
  ACIES_GC_CC_A,
  ACIES_GC_CC_STAR,
} AciesGcCc;

/* The back of a Foot counter (GC 2.2). */
typedef enum
{
  ACIES_GC_BACK_EXHAUSTED,
  ACIES_GC_BACK_HERO,
  ACIES_GC_BACK_BRITTLE,
  ACIES_GC_BACK_NONE,    /* mounted: no back */
} AciesGcBack;

/* A unit's status. */
typedef enum
{
  ACIES_GC_UNIT_BOX,         /* a pool slot not drawn yet (set-up) */
  ACIES_GC_UNIT_UNPLACED,    /* drawn, waiting for its owner to place it */
  ACIES_GC_UNIT_FRESH,
  ACIES_GC_UNIT_EXHAUSTED,
  ACIES_GC_UNIT_HERO,        /* a Revealed Hero: Fresh-like, never rallied (GC 10.0) */
  ACIES_GC_UNIT_ELIMINATED,  /* removed, VP scored (or not: see vp_scored) */
  ACIES_GC_UNIT_OUT,         /* never in play (scenario unit with no cell) */
} AciesGcStatus;

/* Why a unit is removed: decides VP, Rally Limit and Rout (GC 9.5, 10.0, 11.2, 8.8, 15.0). */
typedef enum
{
  ACIES_GC_CAUSE_COMBAT,      /* Combat: Rout Check for Foot and Heroes (9.5) */
  ACIES_GC_CAUSE_ROUT,        /* failed a Rout Check: no further Rout Check */
  ACIES_GC_CAUSE_SKIRMISH,
  ACIES_GC_CAUSE_RALLY,       /* natural 1 */
  ACIES_GC_CAUSE_CHARGE,
  ACIES_GC_CAUSE_TRAMPLE,
  ACIES_GC_CAUSE_RAMPAGE,     /* rampager eliminated or left the map */
  ACIES_GC_CAUSE_EUTHANISED,  /* rampage roll 8: no VP (8.8) */
  ACIES_GC_CAUSE_EDGE,        /* forced off the map (8.10) */
  ACIES_GC_CAUSE_FLIGHT,      /* cavalry with no square to flee to (8.5) */
  ACIES_GC_CAUSE_LINE_CHANGE, /* removed by a Line Change (11.2) */
  ACIES_GC_CAUSE_WAGON,       /* wagon removed after its attack, or by adjacent enemy Foot: no VP (15.0) */
  ACIES_GC_CAUSE_WAGON_ATTACK,/* elephant eliminated by a wagon attack */
} AciesGcCause;

/* Triplex Acies lines (GC 11.2). */
typedef enum
{
  ACIES_GC_TA_NONE,
  ACIES_GC_TA_HASTATI,
  ACIES_GC_TA_PRINCIPES,
  ACIES_GC_TA_TRIARII,
} AciesGcTaRole;

/* Special rules (GC 3.2, 11.0), a bitmask per side. */
enum
{
  ACIES_GC_RULE_TRIPLEX  = 1 << 0,
  ACIES_GC_RULE_VETERAN  = 1 << 1,
  ACIES_GC_RULE_COMBINED = 1 << 2,
  ACIES_GC_RULE_MARIAN   = 1 << 3,
};

/* Commands (GC 5.0), a bitmask. */
enum
{
  ACIES_GC_CMD_MOVE     = 1 << 0,
  ACIES_GC_CMD_COMBAT   = 1 << 1,
  ACIES_GC_CMD_SKIRMISH = 1 << 2,
  ACIES_GC_CMD_RALLY    = 1 << 3,
};

/* The phases of a turn (GC 4.0), AciesState.phase gives their names. */
typedef enum
{
  ACIES_GC_PHASE_SETUP,
  ACIES_GC_PHASE_COMMAND,
  ACIES_GC_PHASE_SKIRMISH,
  ACIES_GC_PHASE_RALLY,
  ACIES_GC_PHASE_MOVE,
  ACIES_GC_PHASE_BONUS_MOVE,
  ACIES_GC_PHASE_COMBAT,
  ACIES_GC_PHASE_VICTORY,
  ACIES_GC_PHASE_INITIATIVE,
  ACIES_GC_PHASE_OVER,
} AciesGcPhase;

/* What the state waits for: the decision pending now. */
typedef enum
{
  ACIES_GC_STEP_PLACE,            /* set-up: owner places the next drawn counter (3.1) */
  ACIES_GC_STEP_COMMAND,          /* acting: command choice (5.0) */
  ACIES_GC_STEP_CA_WING,          /* acting: Combined Arms mounted wing (5.0, 11.4) */
  ACIES_GC_STEP_SKIRMISH_TARGET,  /* acting: target wing or mounted unit (6.0) */
  ACIES_GC_STEP_ABSORB,           /* owner of absorb_side: unit that takes an Exhaustion (6.0, 9.4) */
  ACIES_GC_STEP_RALLY,            /* acting: unit to rally (with Marian swap), or end (7.0) */
  ACIES_GC_STEP_MOVE,             /* acting: unit steps, or end of the phase (8.0) */
  ACIES_GC_STEP_INTERCEPT,        /* non-acting: intercept the moving cavalry or not (8.5) */
  ACIES_GC_STEP_FLEE,             /* cavalry owner: square to flee to (8.5) */
  ACIES_GC_STEP_CHARGE,           /* acting: charge target of the next cavalry (8.6) */
  ACIES_GC_STEP_RETREAT,          /* target's owner: retreat square (8.6) */
  ACIES_GC_STEP_TRAMPLE_TARGET,   /* acting: trample target when none is straight ahead (8.7) */
  ACIES_GC_STEP_FORTUNA,          /* holder: re-roll the last roll or accept it (12.0) */
  ACIES_GC_STEP_INITIATIVE,       /* acting holder: declare Initiative or not (14.0) */
  ACIES_GC_STEP_COMBAT,           /* combat engineer's decisions: see AciesGcCombat.step */
  ACIES_GC_STEP_OVER,
  ACIES_GC_STEP_DRAW,             /* set-up: the side draws its pools (3.1) */
  ACIES_GC_STEP_WING_ORDER,       /* acting: next Foot Wing of an Aquila-to-all command (GC-G47) */
  ACIES_GC_STEP_WAGON_TARGET,     /* acting: the elephant a wagon attacks when several are next to it
                                   * (15.0-b, GC-G38c); answered with ACIES_GC_ACTION_CHARGE (wagon, elephant) */
} AciesGcStep;

/* Action types; AciesAction.type indexes acies_gc_action_specs. */
typedef enum
{
  ACIES_GC_ACTION_PLACE,          /* unit, cell (3.1) */
  ACIES_GC_ACTION_COMMAND,        /* wing, first, second, aquila-mode, mounted-group (5.0) */
  ACIES_GC_ACTION_CA_WING,        /* wing (5.0 Combined Arms) */
  ACIES_GC_ACTION_PASS,           /* play no command (5.0 "up to two") */
  ACIES_GC_ACTION_SKIRMISH,       /* wing, unit (optional: the singled-out mounted unit) (6.0) */
  ACIES_GC_ACTION_ABSORB,         /* unit (6.0, 9.4) */
  ACIES_GC_ACTION_RALLY,          /* unit, swap-with (optional, Marian) (7.0) */
  ACIES_GC_ACTION_STEP,           /* unit, to (8.0) */
  ACIES_GC_ACTION_END_PHASE,      /* ends the current action phase */
  ACIES_GC_ACTION_INTERCEPT,      /* unit, to (8.5) */
  ACIES_GC_ACTION_NO_INTERCEPT,
  ACIES_GC_ACTION_FLEE,           /* to (8.5) */
  ACIES_GC_ACTION_CHARGE,         /* unit, target (8.6) */
  ACIES_GC_ACTION_RETREAT,        /* to (8.6) */
  ACIES_GC_ACTION_TRAMPLE,        /* target (8.7) */
  ACIES_GC_ACTION_FORTUNA,        /* use: bool (12.0) */
  ACIES_GC_ACTION_INITIATIVE,     /* declare: bool (14.0) */
  /* Combat (the combat engineer's; args as the specs say). */
  ACIES_GC_ACTION_ATTACK,         /* primary, target (9.0) */
  ACIES_GC_ACTION_SUPPORT,        /* unit (9.0) */
  ACIES_GC_ACTION_RESOLVE,        /* roll the declared attack (9.3) */
  ACIES_GC_ACTION_DX_TO_EX,       /* change: bool (9.4 Broken Ground) */
  ACIES_GC_ACTION_DRAW,           /* set-up: draw the side's pools (3.1) */
  ACIES_GC_ACTION_NEXT_WING,      /* wing: the Foot Wing that acts next (5.0 Aquila to all, GC-G47) */
  ACIES_GC_ACTION_CONCEDE,        /* the acting player concedes (13.0 footnote) */
  ACIES_GC_N_ACTIONS
} AciesGcActionType;

/* ACIES_GC_ACTION_COMMAND's aquila-mode argument. */
enum
{
  ACIES_GC_AQUILA_NONE,
  ACIES_GC_AQUILA_PLUS,       /* "Aquila plus X": X stronger, one wing */
  ACIES_GC_AQUILA_ALL,        /* X to all Foot Wings, Rally Limit −1 (Line Change under T) */
};

/* ACIES_GC_ACTION_COMMAND's mounted-group argument (8.5). */
enum
{
  ACIES_GC_GROUP_CAVALRY,     /* Cavalry */
  ACIES_GC_GROUP_ELEPHANTRY,  /* Elephantry and Wagons (GC-G38) */
  ACIES_GC_GROUP_BOTH,        /* Combined Arms */
};

/* Die-roll purposes (GC 1.D). */
typedef enum
{
  ACIES_GC_ROLL_SKIRMISH,
  ACIES_GC_ROLL_SCREEN,           /* elephant's confirmation roll (6.0) */
  ACIES_GC_ROLL_RALLY,
  ACIES_GC_ROLL_CHARGE,           /* 1 or 2 dice (8.6) */
  ACIES_GC_ROLL_TRAMPLE_CHECK,    /* elephant owner's rampage check (8.7) */
  ACIES_GC_ROLL_TRAMPLE_AVOID,    /* target's avoidance roll (8.7) */
  ACIES_GC_ROLL_RAMPAGE_DIRECTION,
  ACIES_GC_ROLL_RAMPAGE_DISTANCE,
  ACIES_GC_ROLL_WAGON,            /* wagon attack (15.0) */
  ACIES_GC_ROLL_COMBAT,           /* combat engineer: CRT roll (9.3) */
  ACIES_GC_ROLL_MORALE,           /* combat engineer: Veteran morale roll (9.5) */
  ACIES_GC_N_ROLLS
} AciesGcRollPurpose;

typedef struct
{
  gboolean           active;
  AciesGcRollPurpose purpose;
  gint               roller;      /* side that rolls */
  guint              n_dice;      /* 1, or 2 for a two-diamond charge */
  guint              values[2];   /* the latest result: it always stands (12.0) */
  gint               locked;      /* side that may not re-roll this result (12.0), or -1 */
  gint               ctx[6];      /* purpose-specific context (unit indices, modifiers) */
} AciesGcRoll;

/* A runtime unit: from a scenario unit, or a pool slot filled by the draw. */
typedef struct
{
  gint16     counter;    /* index into AciesGcStatic.counters, -1 for an empty pool slot */
  gint8      side;
  gint8      kind;       /* AciesGcKind (copied from the counter) */
  gint16     wing;       /* index into AciesGcStatic.wings */
  gint16     area;       /* set-up area index for placement, or -1 */
  AciesCell  cell;       /* ACIES_CELL_NONE unless on the board */
  guint8     status;     /* AciesGcStatus */
  guint8     revealed;   /* the back has been seen by both (flip or elimination) */
  guint8     moved;      /* squares spent in the current Move Phase */
  guint8     flags;      /* ACIES_GC_UF_* */
  gint16     vp_scored;  /* VP the opponent scored for it (0 until eliminated) */
  gint8      dir;        /* elephant's direction this move (0..3), or -1 */
  guint8     cause;      /* AciesGcCause of its removal */
} AciesGcUnit;

/* AciesGcUnit.flags: per phase, cleared at each phase start. */
enum
{
  ACIES_GC_UF_DONE      = 1 << 0,   /* finished moving this phase */
  ACIES_GC_UF_RALLIED   = 1 << 1,   /* made its Rally Attempt this phase (7.0) */
  ACIES_GC_UF_ATTACKED  = 1 << 2,   /* took part in an attack (combat engineer) */
  ACIES_GC_UF_TARGETED  = 1 << 3,   /* was the target of an attack (combat engineer) */
  ACIES_GC_UF_CHARGED   = 1 << 4,   /* made its charge (8.6) */
  ACIES_GC_UF_SUPPORT   = 1 << 5,   /* supports the declared attack (combat engineer) */
  ACIES_GC_UF_MOVED     = 1 << 6,   /* moved at least one square this phase */
};

/* A counter's printed data (scenario unit or pool entry). */
typedef struct
{
  AciesGcKind  kind;
  AciesGcCc    cc;        /* printed CC (foot), ACIES_GC_CC_D for mounted */
  gint         morale;    /* 0 = none */
  gint         diamonds;  /* cavalry */
  AciesGcBack  back;
  gint         vp;
  const char  *type;      /* unit type id, owned by the scenario */
  JsonObject  *attrs;     /* front, owned by the scenario */
  JsonObject  *hidden;    /* back, owned by the scenario, or NULL */
  gint         pool;      /* pool index, or -1 for a scenario unit */
} AciesGcCounter;

typedef struct
{
  const char    *id;          /* formation id (scenario) */
  const char    *name;
  gint           side;
  gboolean       mounted;
  AciesGcTaRole  ta_role;
  char          *label;       /* "Pink (hastati) wing", "Roman Wing": the
                               * name, with " wing" unless it says so */
} AciesGcWingDef;

typedef struct
{
  gint           side;        /* owning side */
  gint           wing;        /* wing index */
  guint          count;       /* units placed in it */
  GArray        *cells;       /* AciesCell (the scenario's area cells) */
  gint           kind;        /* AciesGcKind the zone is drawn for (3.1-a), or -1 for any */
  guint          heroes;      /* Hero counters reserved for it (its stars, 3.1) */
} AciesGcAreaDef;

typedef struct
{
  gint           wing;
  guint          n_draw;      /* non-Hero counters drawn */
  guint          n_heroes;    /* Hero counters set aside for the zones */
  GArray        *counters;    /* counter indices of non-Hero counters */
  GArray        *heroes;      /* counter indices of Hero counters */
  GArray        *slots;       /* unit indices filled by the draw */
} AciesGcPoolDef;

/* Rulings read from the catalogue's options (checklist section 2). */
typedef struct
{
  guint     max_turns;                    /* GC-G02: 0 = none (a guard for playouts) */
  gint      setup_first;                  /* GC-G20: 0 blue, 1 red, 2 scenario */
  gboolean  owner_tracks_heroes;          /* GC-G19 */
  gboolean  zone_loss_both;               /* GC-G24 */
  gboolean  ta_followers_stop_in_zone;    /* GC-G25 */
  gboolean  skirmish_may_pick_exhausted;  /* GC-G26 */
  gboolean  ta_protects_mounted;          /* GC-G27 */
  gboolean  cav_fears_friendly_elephants; /* GC-G28 */
  gboolean  cavalry_chebyshev;            /* GC-G29 */
  gboolean  retreat_adjacency_all;        /* GC-G30 */
  gboolean  trample_beyond_target;        /* GC-G32(a) */
  gboolean  trample_when_stopped;         /* GC-G32(b) */
  gboolean  cavalry_diagonal_squeeze;     /* GC-G33 */
  gboolean  uphill_rise;                  /* GC-G35b */
  gboolean  mounted_elim_triggers_rout;   /* GC-G41 (combat engineer) */
  gint      line_change_rally_cost;       /* GC-G44 */
  gboolean  follow_after_line_change;     /* GC-G45 */
  gboolean  unrevealed_hero_loss_costs_rl;/* GC-G48 (combat engineer: heroes) */
  gboolean  euthanised_counts_for_wing_bonus; /* GC-G51 */
  gboolean  marian_swap_is_movement;      /* GC-G56 */
  gboolean  elephants_charge_targets;     /* GC-G30c extended to Elephantry */
} AciesGcOptions;

/* CRT results (GC 9.3). */
typedef enum
{
  ACIES_GC_RESULT_DE,
  ACIES_GC_RESULT_DX,
  ACIES_GC_RESULT_AX,
  ACIES_GC_RESULT_EX,
  ACIES_GC_RESULT_AA,
} AciesGcResult;

/* Per-side data that never changes in a game. */
typedef struct
{
  guint    rules;            /* ACIES_GC_RULE_* */
  gint     skirmish_factor;  /* 3.2 */
  gint     vp_plus5;         /* 3.2, threshold (−1 none) */
  gint     vp_plus5_margin;
  gint     final_vp;         /* 3.2 (−1 none) */
  gint     wing_bonus;       /* 13.0: +4 */
  gboolean rl_zero_wins;     /* 13.0 */
  gboolean blue;             /* the "blue side" (3.1) */
  gint     fwd_dx, fwd_dy;   /* forward: toward the enemy's edge (8.1) */
} AciesGcSideDef;

/* Everything read once from the scenario and the catalogue; shared by all
 * copies of a state (reference counted). */
typedef struct
{
  gint             ref_count;
  AciesCatalogue  *catalogue;
  AciesGcOptions   opt;
  guint            width, height, n_cells;
  guint8          *terrain;       /* per cell: ACIES_GC_TERRAIN_* */
  gint8           *elevation;     /* per cell */
  GPtrArray       *counters;      /* AciesGcCounter */
  GPtrArray       *unit_ids;      /* char *, per unit index */
  GArray          *wings;         /* AciesGcWingDef */
  GArray          *areas;         /* AciesGcAreaDef */
  GArray          *pools;         /* AciesGcPoolDef */
  AciesGcSideDef   sides[2];
  gint             first_side;    /* 3.2 First Turn */
  gint             initiative0;   /* 3.2 Initiative */
  gint             fortuna0;      /* 3.2 Fortuna */
  gint8            crt[5][11];    /* AciesGcResult, rows D C B A ★, columns −2 … 8+ */
  gboolean         crt_provisional[5][11];
  gint8            utm[ACIES_GC_N_KINDS][ACIES_GC_N_KINDS]; /* attacker × defender DRM */
  gboolean         utm_known[ACIES_GC_N_KINDS][ACIES_GC_N_KINDS];
  gint8            rampage[8];    /* 0 back, 1 left, 2 forward, 3 right, 4 euthanised; by roll − 1 */
  GHashTable      *view_attrs;    /* unit_view()'s attrs by counter and state bits, made on
                                   * demand (acies-gc-ruleset.c), or NULL */
} AciesGcStatic;

enum
{
  ACIES_GC_TERRAIN_CLEAR,
  ACIES_GC_TERRAIN_RIVER,
  ACIES_GC_TERRAIN_BROKEN,
  ACIES_GC_TERRAIN_SLOPE,
  ACIES_GC_TERRAIN_HIGH,
};

/* One action phase of the turn's plan (built in the Command Phase). */
typedef struct
{
  guint8 phase;       /* AciesGcPhase */
  gint8  wing;        /* acting wing */
  guint8 allowance;   /* Move: 4 or 2 (8.0); Rally: attempts left */
  guint8 group;       /* Move of a mounted wing: ACIES_GC_GROUP_* */
} AciesGcSlot;

#define ACIES_GC_MAX_SLOTS 16

/* The combat engineer's state (9.0–9.5); the lead never reads it except to
 * copy and digest it.  Ask the lead for more fields. */
typedef struct
{
  gint  step;          /* the combat engineer's own sub-step */
  gint  primary;       /* unit, or -1 */
  gint  target;        /* unit, or -1 */
  gint  result;        /* AciesGcResult of the attack being resolved, or -1 */
  gint  aquila;        /* −1 DRM (Aquila plus Combat, 9.2) */
  gint  scratch[16];   /* free for the combat engineer */
} AciesGcCombat;

typedef struct
{
  AciesState       base;        /* must stay first */
  AciesGcStatic   *st;          /* shared, read-only */

  guint            n_units;
  AciesGcUnit     *units;
  gint16          *occ;         /* per cell: unit index, or -1 */

  AciesGcPhase     phase;
  AciesGcStep      step;
  gint             acting;      /* acting side (= base.active_side) */
  guint            player_turn; /* player turns played, from 1 */

  /* Per side. */
  gint             rally_limit[2];
  gint             vp[2];           /* VP scored by the side */
  gint             active_wing[2];  /* Triplex Acies active wing, or -1 */
  gboolean         ta_follow_lost[2];

  /* Per wing (indexed like AciesGcStatic.wings; at most 32 wings). */
  guint32          zone_alive;      /* bit per wing: Skirmish Zone exists (6.0) */
  guint32          wing_wiped;      /* bit per wing: +4 scored (13.0) */
  guint32          follow_wings;    /* bit per wing: may follow the current Move (8.4) */
  guint8           wing_limit[32];  /* per-wing allowance this Move Phase (8.0, 8.2) */

  /* Markers (2.3). */
  gint             initiative;      /* holder side */
  gint             fortuna;         /* holder side */
  gint             fortuna_face;    /* 2 or 1 (12.0) */

  /* Set-up. */
  gint             setup_side;      /* side placing now */

  /* The turn's plan. */
  guint            cmds;            /* ACIES_GC_CMD_* given */
  gint             cmd_wing;        /* foot wing commanded, or -1 */
  gint             aquila;          /* ACIES_GC_AQUILA_* */
  gint             ca_wing;         /* mounted wing moved (mounted Move or Combined Arms), or -1 */
  AciesGcSlot      slots[ACIES_GC_MAX_SLOTS];
  guint            n_slots;
  guint            slot;            /* current slot */

  /* Skirmish (6.0). */
  gint             skirmish_target_wing;  /* kept for the second Aquila phase */
  gint             skirmish_target_unit;  /* singled-out mounted unit, or -1 */

  /* Exhaustion to absorb (6.0 skirmish losses, 9.4 by the combat engineer). */
  gint             absorb_side;     /* owner who chooses */
  gint             absorb_wing;     /* skirmish: any unit of this wing */
  gint             absorb_left;     /* Exhaustions left to assign */

  /* Movement (8.0–8.8). */
  gint             mover;           /* unit moving now, or -1 */
  gint             flee_unit;       /* cavalry that must flee (8.5), or -1 */
  gint             flee_from;       /* the elephant that caused it */
  gint             retreat_unit;    /* charged cavalry that retreats (8.6), or -1 */
  gint             trample_unit;    /* elephant trampling or rampaging, or -1 */
  gint             trample_target;
  gint             rampage_dir;     /* absolute direction 0 N,1 E,2 S,3 W */
  gint             rampage_left;    /* squares left in this rampage leg */
  gboolean         rampaging;
  gint             resume_step;     /* AciesGcStep to return to after an interrupt */
  gint             flee_cont;       /* what the elephant does once the cavalry fled (acies-gc-move.c) */

  /* Rolls (12.0). */
  AciesGcRoll      roll;

  AciesGcCombat    combat;

  guint            last_activity;   /* player turn of the last unit loss or move (stall guard) */

  /* Aquila to all Foot Wings (5.0, GC-G47): wings still to act, in an
   * order the acting player chooses, and the Command they get. */
  guint32          pending_wings;
  guint            pending_cmds;
} AciesGcState;

#define ACIES_GC_STATE(s) ((AciesGcState *) (s))
#define ACIES_GC_CSTATE(s) ((const AciesGcState *) (s))

/* The catalogue's action specs, indexed by AciesGcActionType. */
extern const AciesActionSpec acies_gc_action_specs[ACIES_GC_N_ACTIONS];

/* ---- Geometry helpers (acies-gc-util.c unless inline) ---- */

static inline gint
acies_gc_col (const AciesGcState *s, AciesCell c)
{
  return c % (gint) s->st->width;
}

static inline gint
acies_gc_row (const AciesGcState *s, AciesCell c)
{
  return c / (gint) s->st->width;
}

/* The cell at (col, row), or ACIES_CELL_NONE off the map (8.10). */
static inline AciesCell
acies_gc_cell (const AciesGcState *s, gint col, gint row)
{
  if (col < 0 || row < 0 || col >= (gint) s->st->width || row >= (gint) s->st->height)
    return ACIES_CELL_NONE;
  return row * (gint) s->st->width + col;
}

/* Absolute directions: 0 north, 1 east, 2 south, 3 west; 4..7 the diagonals
 * NE, SE, SW, NW (cavalry, 8.5). */
extern const gint acies_gc_dx[8];
extern const gint acies_gc_dy[8];

static inline AciesCell
acies_gc_neighbour (const AciesGcState *s, AciesCell c, guint dir)
{
  return acies_gc_cell (s, acies_gc_col (s, c) + acies_gc_dx[dir], acies_gc_row (s, c) + acies_gc_dy[dir]);
}

/* The absolute direction (0..3) that is forward for @side (8.1). */
gint      acies_gc_forward_dir   (const AciesGcState *s, gint side);
/* Relative to @side's forward: 0 forward, 1 right, 2 backward, 3 left. */
gint      acies_gc_relative_dir  (const AciesGcState *s, gint side, gint abs_dir);
gint      acies_gc_absolute_dir  (const AciesGcState *s, gint side, gint rel_dir);

/* Orthogonal (2.1) and king (8.5, 8.6) adjacency; Manhattan distance (9.5)
 * and the cavalry metric (GC-G29 option). */
gboolean  acies_gc_adjacent      (const AciesGcState *s, AciesCell a, AciesCell b);
gboolean  acies_gc_adjacent8     (const AciesGcState *s, AciesCell a, AciesCell b);
guint     acies_gc_distance      (const AciesGcState *s, AciesCell a, AciesCell b);
guint     acies_gc_cav_distance  (const AciesGcState *s, AciesCell a, AciesCell b);

/* ---- Unit helpers ---- */

static inline const AciesGcCounter *
acies_gc_counter (const AciesGcState *s, guint u)
{
  return s->units[u].counter >= 0 ? g_ptr_array_index (s->st->counters, s->units[u].counter) : NULL;
}

static inline gint
acies_gc_unit_at (const AciesGcState *s, AciesCell c)
{
  return c == ACIES_CELL_NONE ? -1 : s->occ[c];
}

static inline gboolean
acies_gc_on_board (const AciesGcState *s, guint u)
{
  guint8 st = s->units[u].status;
  return st == ACIES_GC_UNIT_FRESH || st == ACIES_GC_UNIT_EXHAUSTED || st == ACIES_GC_UNIT_HERO;
}

static inline gboolean
acies_gc_is_foot (const AciesGcState *s, guint u)
{
  return s->units[u].kind <= ACIES_GC_KIND_P;
}

static inline gboolean
acies_gc_is_mounted (const AciesGcState *s, guint u)
{
  return s->units[u].kind >= ACIES_GC_KIND_C;
}

/* Fresh or a Revealed Hero; mounted units are always Fresh (2.2, 10.0). */
static inline gboolean
acies_gc_is_fresh_like (const AciesGcState *s, guint u)
{
  return s->units[u].status == ACIES_GC_UNIT_FRESH || s->units[u].status == ACIES_GC_UNIT_HERO;
}

static inline gboolean
acies_gc_is_enemy (const AciesGcState *s, guint a, guint b)
{
  return s->units[a].side != s->units[b].side;
}

static inline const AciesGcWingDef *
acies_gc_wing (const AciesGcState *s, gint w)
{
  return &g_array_index (s->st->wings, AciesGcWingDef, w);
}

/* The unit's printed Combat Class; a Revealed Hero is ★ (9.1, 10.0). */
AciesGcCc acies_gc_printed_cc    (const AciesGcState *s, guint u);

/* Units on the board: orthogonal neighbours of @u into @out (at most 4,
 * returns the count); and the same filtered by side. */
guint     acies_gc_neighbours    (const AciesGcState *s, guint u, gint *out);

/* Terrain of a cell (ACIES_GC_TERRAIN_*) and its elevation (GC-G35b). */
static inline guint
acies_gc_terrain (const AciesGcState *s, AciesCell c)
{
  return s->st->terrain[c];
}

static inline gint
acies_gc_elevation (const AciesGcState *s, AciesCell c)
{
  return s->st->elevation[c];
}

/* Whether @cell lies in a live Skirmish Zone of a Foot Wing of @side (6.0,
 * GC-G22: three squares straight ahead of every unit of the wing). */
gboolean  acies_gc_in_zone_of    (const AciesGcState *s, AciesCell cell, gint side);
/* Whether any unit of @target_wing stands in @wing's live zone (GC-G23). */
gboolean  acies_gc_wing_in_zone  (const AciesGcState *s, gint target_wing, gint wing);

/* Whether a Triplex Acies side's Foot Wing @w is inactive (11.2). */
gboolean  acies_gc_wing_inactive (const AciesGcState *s, gint w);

/* ---- Table lookups ---- */

/* CRT cell for modified CC @cc and modified roll @roll (clamped to −2 … 8, 9.3). */
AciesGcResult acies_gc_crt       (const AciesGcState *s, AciesGcCc cc, gint roll, gboolean *provisional);
/* Unit Type Modifier Matrix (9.2); FALSE in @known for an unprinted cell. */
gint      acies_gc_utm           (const AciesGcState *s, AciesGcKind attacker, AciesGcKind defender, gboolean *known);
const char *acies_gc_result_name (AciesGcResult r);
const char *acies_gc_result_meaning (AciesGcResult r);
const char *acies_gc_cc_name     (AciesGcCc cc);

/* ---- Unit changes (acies-gc-util.c) ---- */

/* GC 9.4, 6.0, 8.6: an Exhaustion on @u.  A Fresh Foot unit flips: a Brittle
 * back is Eliminated, a Hero back becomes a Revealed Hero (10.0), else it is
 * Exhausted.  An Exhausted unit, a Revealed Hero or a Mounted unit is
 * Eliminated.  Returns TRUE if @u was eliminated.  Never runs a Rout Check:
 * the combat engineer checks the return value (and the Brittle reveal) and
 * calls acies_gc_rout_check() for a Combat cause. */
gboolean  acies_gc_exhaust       (AciesGcState *s, guint u, AciesGcCause cause, GPtrArray *events);
/* GC 9.5, 13.0: removes @u, reveals it, scores its VP for the enemy (double
 * for a non-active Triplex Acies wing, none for a Fresh unit in a Line
 * Change or a Hero in a Line Change, none for euthanised and wagons), the
 * +4 whole-wing bonus, and a Hero's Rally Limit loss (acies_gc_hero_lost).
 * Checks the Rally Limit zero victory (13.0). */
void      acies_gc_eliminate     (AciesGcState *s, guint u, AciesGcCause cause, GPtrArray *events);
/* Moves @u to @to (occupancy kept), no rule checks. */
void      acies_gc_place         (AciesGcState *s, guint u, AciesCell to);
/* GC 3.1, 13.0: lowers @side's Rally Limit by @n (floor 0) and ends the game
 * if a Rally Limit reached zero (both: the inactive player wins). */
void      acies_gc_lower_rally_limit (AciesGcState *s, gint side, gint n, const char *why, GPtrArray *events);
/* Ends the game; @winner −1 for a draw. */
void      acies_gc_finish        (AciesGcState *s, gint winner, const char *reason, GPtrArray *events);

/* ---- Rolls and Fortuna (acies-gc-turn.c) ---- */

/* GC 12.0: rolls @n_dice d8 for @purpose by @roller with context @ctx
 * (copied; NULL for none) into s->roll.  If the Fortuna holder may re-roll
 * it, the state stops at ACIES_GC_STEP_FORTUNA (deciding side: the holder);
 * otherwise the roll is resolved at once.  Either way the caller must return
 * after this call and continue in the purpose's resolved callback:
 * ACIES_GC_ROLL_COMBAT and ACIES_GC_ROLL_MORALE go to
 * acies_gc_combat_roll_resolved(), the others to the lead's code. */
void      acies_gc_roll          (AciesGcState *s, AciesGcRollPurpose purpose, gint roller,
                                  guint n_dice, const gint *ctx, AciesDice *dice, GPtrArray *events);

/* GC 12.0: what the final roll in s->roll gave ("the screen holds"), and
 * into @sum its arithmetic ("5 + Rally Limit 4 = 9"); both owned, both
 * NULL when @events is NULL (random playouts format no text). */
char     *acies_gc_roll_said     (const AciesGcState *s, GPtrArray *events, char **sum);

/* GC 12.0: a roll's name in a player's words, a whole translated noun
 * phrase: "the combat roll" (acies_gc_roll_name()), "Pyrrhus's combat
 * roll" (acies_gc_roll_name_of(), owned), "your combat roll"
 * (acies_gc_roll_name_yours()). */
const char *acies_gc_roll_name       (AciesGcRollPurpose purpose);
char       *acies_gc_roll_name_of    (AciesGcRollPurpose purpose, const char *side);
const char *acies_gc_roll_name_yours (AciesGcRollPurpose purpose);

/* GC 8.4: a unit of another Triplex Acies line following the Move now. */
gboolean  acies_gc_is_follower   (const AciesGcState *s, guint u);

/* GC 4.0: the turns the acting player has begun, counted as the players
 * count them (each his own, Initiative included, 14.0); 0 in the set-up. */
guint     acies_gc_side_turn     (const AciesGcState *s);
/* The turn as the rulebook names it: "Pyrrhus Turn 2", or "Set-up"
 * (owned). */
char     *acies_gc_turn_words    (const AciesGcState *s);

/* The acting player's phase flow: after a phase's last decision, call
 * acies_gc_next_slot() to go on with the next action phase of the turn (or
 * the Victory Phase).  The combat engineer calls it when the Combat Phase
 * ends (the END_PHASE action in ACIES_GC_STEP_COMBAT). */
void      acies_gc_next_slot     (AciesGcState *s, AciesDice *dice, GPtrArray *events);

/* Sets base.phase, base.deciding_side from s->phase/s->step. */
void      acies_gc_sync_base     (AciesGcState *s);
const char *acies_gc_side_name   (const AciesGcState *s, gint side);
const char *acies_gc_unit_name   (const AciesGcState *s, guint u);

/* Appends an action. */
void      acies_gc_add_action    (GArray *out, guint type, gint player,
                                  gint a0, gint a1, gint a2, gint a3, gint a4);

/* ---- Provided by the combat files (acies-gc-combat.c, acies-gc-heroes.c) ---- */

/* GC 9.0: entering the Combat Phase of @s->slots[s->slot] (wing
 * s->slots[s->slot].wing, Aquila plus Combat if s->aquila ==
 * ACIES_GC_AQUILA_PLUS): set s->step = ACIES_GC_STEP_COMBAT, reset
 * s->combat, clear the per-phase unit flags you use. */
void      acies_gc_combat_begin        (AciesGcState *s, AciesDice *dice, GPtrArray *events);
/* GC 9.0–9.5: the legal actions while s->step == ACIES_GC_STEP_COMBAT
 * (ATTACK, SUPPORT, RESOLVE, ABSORB, DX_TO_EX, END_PHASE), in a
 * deterministic order, with the deciding player (the defender for its
 * losses).  Must offer END_PHASE only when the 9.0 obligations allow it
 * (GC-G39), and never leave the list empty. */
void      acies_gc_combat_legal_actions (const AciesGcState *s, GArray *out);
/* Applies one of those actions.  Rolls through acies_gc_roll (purpose
 * COMBAT or MORALE); eliminations through acies_gc_exhaust /
 * acies_gc_eliminate with ACIES_GC_CAUSE_COMBAT, then the Rout Check.  At
 * END_PHASE call acies_gc_next_slot().  FALSE with @error for an action
 * the rules refuse. */
gboolean  acies_gc_combat_apply        (AciesGcState *s, const AciesAction *action, AciesDice *dice,
                                        GPtrArray *events, GError **error);
/* The continuation of a COMBAT or MORALE roll after Fortuna (s->roll holds
 * the final values; s->roll.active is already FALSE). */
void      acies_gc_combat_roll_resolved (AciesGcState *s, AciesDice *dice, GPtrArray *events);
/* GC 9.5: the simultaneous Rout Check of all Foot units of @side (Veteran
 * morale rolls through acies_gc_roll purpose MORALE). */
void      acies_gc_rout_check          (AciesGcState *s, gint side, AciesDice *dice, GPtrArray *events);
/* The odds of an ATTACK action (get_odds); NULL for other actions. */
AciesOdds *acies_gc_combat_odds        (const AciesGcState *s, const AciesAction *action);
/* GC 9.3, 9.5, 12.0: what natural roll @nat gives for the COMBAT or
 * MORALE roll in s->roll ("DX", "it routs"), and in @sum (nullable) its
 * arithmetic ("7 − 4 = 3 on the A row"); both owned by the caller. */
char     *acies_gc_combat_roll_text    (const AciesGcState *s, guint nat, char **sum);
/* The prompt text for ACIES_GC_STEP_COMBAT (owned by the caller). */
char     *acies_gc_combat_prompt_text  (const AciesGcState *s);
/* GC 10.0, 9.5, GC-G48: a Hero (revealed or not) was eliminated by @cause:
 * lower its side's Rally Limit by one (not for a Line Change; not for an
 * unrevealed Hero if the option says so) through acies_gc_lower_rally_limit. */
void      acies_gc_hero_lost           (AciesGcState *s, guint u, AciesGcCause cause, GPtrArray *events);

/* ---- Set-up zones and pools as the scenario gives them (acies-gc-setup.c) ---- */

const AciesFormation *acies_gc_side_only_wing (const AciesScenario *scenario, const char *side);
guint                 acies_gc_side_n_wings   (const AciesScenario *scenario, const char *side);
gboolean              acies_gc_area_is_setup  (const AciesArea *area);
const char           *acies_gc_area_side      (const AciesScenario *scenario, const AciesArea *area);
const AciesFormation *acies_gc_area_wing      (const AciesScenario *scenario, const AciesArea *area);
gint                  acies_gc_area_kind      (const AciesArea *area);
guint                 acies_gc_area_count     (const AciesArea *area);
guint                 acies_gc_area_heroes    (const AciesArea *area);
const AciesFormation *acies_gc_pool_wing      (const AciesScenario *scenario, const AciesPool *pool, gint kind);
guint                 acies_gc_pool_draw      (const AciesPool *pool);
void                  acies_gc_pool_wings     (const AciesScenario *scenario, const AciesPool *pool,
                                               const AciesFormation *wings[ACIES_GC_N_KINDS]);
guint                 acies_gc_check_setup_rules (const AciesScenario *scenario, GPtrArray *problems);
const char           *acies_gc_kind_plural    (gint kind, guint n);
gint                  acies_gc_kind_from_type (const char *type);
void                  acies_gc_sort_placements (AciesRuleset *self, const AciesState *state, GArray *actions);

/* ---- Players' words (acies-gc-describe.c) ---- */

/* A unit as the board shows it: "Light Infantry B at G11" (owned). */
char                 *acies_gc_describe_unit   (const AciesGcState *s, guint u);
/* acies_gc_describe_unit() for an event's text, or NULL when @events is
 * NULL (random playouts skip the words).  Event texts name units this
 * way, never by counter id. */
char                 *acies_gc_event_unit      (const AciesGcState *s, guint u, GPtrArray *events);
/* The describe_action vfunc: an action in a player's words (owned), or
 * NULL for the generic sentence. */
char                 *acies_gc_describe_action (const AciesGcState *s, const AciesAction *a);

/* ---- The ruleset object ---- */

AciesRuleset *acies_grass_crown_ruleset_new (void);
void          acies_grass_crown_register    (void);

G_END_DECLS
