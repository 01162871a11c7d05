/* acies-cca-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/*
 * Commands & Colors: Ancients, Expansion #3 "The Roman Civil Wars" ("CCA",
 * shared/rules/cca-roman-civil-wars.txt).  The book is an expansion and
 * prints none of the base game; the base-game values come from the
 * catalogue (data/rulesets/cca.json), each cell marked `published` with
 * its reference, or `provisional` where nothing is known.
 *
 * Rule citations: the book has no rule numbers.  Functions cite the
 * checklist's ids (shared/rules/checklists/cca.md): S3.x set-up, S4.x
 * object, S5.x turn, ML- JL- JC- the new rules, T-<TERRAIN>-n terrain,
 * EP- Epic, SCN- scenarios, BASE- base-game rules (with the reference
 * entry of shared/rules/reference/cca-base-game.md, "ref 1.3"), and the
 * rulings Bn, En, Kn, Qn of its section 2.
 *
 * The state is plain data (fixed arrays, no pointers but the scenario,
 * the end reason and the shared static data), so a copy is one memcpy and
 * a digest hashes the bytes.
 *
 * Conventions:
 *   - Sides are indices into scenario->sides (0, 1).  Seats (EP-PL): seat
 *     s plays side s % 2; seats 0 and 1 are the players (the Supreme
 *     Commanders in an Epic battle), seats 2 + 2 g + side the Generals of
 *     section g (0 left, 1 centre, 2 right) of an Epic battle.
 *   - Units keep their scenario index; leaders follow them in the unit
 *     index space of the interface (ACIES_ARG_UNIT): index n_units + l is
 *     leader l.
 *   - Cells are hex cells of the pointy-top board, row-major.
 */

#include <glib.h>

#include "acies-error.h"
#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "model/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

#define ACIES_CCA_MAX_UNITS    120
#define ACIES_CCA_MAX_LEADERS  24
#define ACIES_CCA_MAX_CELLS    256   /* the Epic board is 26 x 9 = 234 hexes */
#define ACIES_CCA_MAX_HAND     16
#define ACIES_CCA_MAX_AREAS    24
#define ACIES_CCA_MAX_PENDING  16    /* dice results waiting to be used (Rally, I Am Spartacus, orders by dice) */
#define ACIES_CCA_NONE         (-1)

/* Sections (S3.2, B15): bits, from the point of view of the side whose
 * home edge is south (its left is west). */
enum
{
  ACIES_CCA_LEFT   = 1 << 0,
  ACIES_CCA_CENTRE = 1 << 1,
  ACIES_CCA_RIGHT  = 1 << 2,
};

/* Symbol classes (S2-class): the battle die's first three faces. */
typedef enum
{
  ACIES_CCA_LIGHT,     /* green circle */
  ACIES_CCA_MEDIUM,    /* blue triangle */
  ACIES_CCA_HEAVY,     /* red square */
} AciesCcaClass;

/* Battle die symbols (BASE-DICE, ref 1.1); the battle-die table maps the
 * die's faces 1-6 to them. */
typedef enum
{
  ACIES_CCA_SYM_LIGHT,
  ACIES_CCA_SYM_MEDIUM,
  ACIES_CCA_SYM_HEAVY,
  ACIES_CCA_SYM_HELMET,
  ACIES_CCA_SYM_FLAG,
  ACIES_CCA_SYM_SWORDS,
  ACIES_CCA_N_SYMBOLS
} AciesCcaSymbol;

/* The unit types of the catalogue, in its order (S2-blocks). */
typedef enum
{
  ACIES_CCA_LI,        /* light infantry */
  ACIES_CCA_LB,        /* archers (light bow) */
  ACIES_CCA_LS,        /* slingers */
  ACIES_CCA_AUX,       /* auxilia */
  ACIES_CCA_WAR,       /* warriors */
  ACIES_CCA_MI,        /* medium infantry */
  ACIES_CCA_HI,        /* heavy infantry */
  ACIES_CCA_LWM,       /* light war machine */
  ACIES_CCA_HWM,       /* heavy war machine */
  ACIES_CCA_LC,        /* light cavalry */
  ACIES_CCA_MA,        /* mounted archers */
  ACIES_CCA_MC,        /* medium cavalry */
  ACIES_CCA_HC,        /* heavy cavalry */
  ACIES_CCA_CAMEL,
  ACIES_CCA_EL,        /* elephants */
  ACIES_CCA_LCH,       /* light chariots */
  ACIES_CCA_HCH,       /* heavy chariots */
  ACIES_CCA_BLCH,      /* barbarian light chariots */
  ACIES_CCA_N_TYPES
} AciesCcaType;

/* What a type is, for the rules that name kinds of units. */
typedef enum
{
  ACIES_CCA_KIND_FOOT,
  ACIES_CCA_KIND_WAR_MACHINE,
  ACIES_CCA_KIND_CAVALRY,
  ACIES_CCA_KIND_ELEPHANT,
  ACIES_CCA_KIND_CHARIOT,
} AciesCcaKind;

/* Who a unit may evade (BASE-EVADE, ref 1.5). */
typedef enum
{
  ACIES_CCA_EVADE_NEVER,
  ACIES_CCA_EVADE_ALWAYS,
  ACIES_CCA_EVADE_FOOT_HEAVY_MOUNTED,  /* medium cavalry, camels: foot and heavy mounted */
  ACIES_CCA_EVADE_FOOT_ELEPHANTS,      /* heavy cavalry, heavy chariots: foot and elephants */
} AciesCcaEvade;

/* Momentum advance and bonus close combat (BASE-MOMENTUM, ref 1.7). */
typedef enum
{
  ACIES_CCA_MOM_NONE,
  ACIES_CCA_MOM_ADVANCE,   /* advance; bonus combat only with an attached leader (infantry) */
  ACIES_CCA_MOM_BONUS,     /* advance and bonus close combat */
  ACIES_CCA_MOM_CAVALRY,   /* advance, one hex more, bonus close combat */
} AciesCcaMomentum;

/* A unit type's profile: the unit-profile table of the catalogue.  255 in
 * a dice field means "as the target" (elephants, ref 1.8). */
#define ACIES_CCA_DICE_AS_TARGET 255
#define ACIES_CCA_ALL            255

typedef struct
{
  guint8   blocks;
  guint8   cls;            /* AciesCcaClass */
  guint8   white_border;
  guint8   kind;           /* AciesCcaKind */
  guint8   move;
  guint8   battle_move;    /* most hexes it may move and still battle */
  guint8   cc;             /* close-combat dice */
  guint8   cc_weak;        /* after its first block loss (warriors, barbarian chariots) */
  guint8   cc_back;        /* battling back (heavy chariots) */
  guint8   range;          /* 0: no ranged combat */
  guint8   fire;           /* ranged dice when it did not move */
  guint8   fire_moved;     /* ranged dice after moving (0: may not fire after moving) */
  guint8   swords;         /* its sword results score in close combat */
  guint8   ignore_swords;  /* sword hits it ignores (ACIES_CCA_ALL: every one) */
  guint8   evade;          /* AciesCcaEvade */
  guint8   retreat;        /* hexes per flag */
  guint8   momentum;       /* AciesCcaMomentum */
  guint8   supported;      /* may ignore a flag when supported */
  guint8   extra_flag;     /* ignores one more flag at full strength */
  guint32  provisional;    /* bit per column above whose cell is provisional */
  guint32  published;      /* bit per column above whose cell is published */
} AciesCcaProfile;

/* Columns of the unit-profile table, for the provisional bits. */
enum
{
  ACIES_CCA_COL_BLOCKS, ACIES_CCA_COL_CLASS, ACIES_CCA_COL_BORDER, ACIES_CCA_COL_KIND,
  ACIES_CCA_COL_MOVE, ACIES_CCA_COL_BATTLE_MOVE, ACIES_CCA_COL_CC, ACIES_CCA_COL_CC_WEAK,
  ACIES_CCA_COL_CC_BACK, ACIES_CCA_COL_RANGE, ACIES_CCA_COL_FIRE, ACIES_CCA_COL_FIRE_MOVED,
  ACIES_CCA_COL_SWORDS, ACIES_CCA_COL_IGNORE_SWORDS, ACIES_CCA_COL_EVADE, ACIES_CCA_COL_RETREAT,
  ACIES_CCA_COL_MOMENTUM, ACIES_CCA_COL_SUPPORTED, ACIES_CCA_COL_EXTRA_FLAG,
  ACIES_CCA_N_COLS
};

/* Cell terrain (section 7). */
typedef enum
{
  ACIES_CCA_TER_CLEAR,
  ACIES_CCA_TER_MARSH,
  ACIES_CCA_TER_BROKEN,
  ACIES_CCA_TER_FOREST,
  ACIES_CCA_TER_HILL,
  ACIES_CCA_TER_COAST,
  ACIES_CCA_TER_RIVER,
  ACIES_CCA_TER_FORD,
  ACIES_CCA_TER_CAMP,
  ACIES_CCA_TER_WALLS,        /* scalable city walls */
  ACIES_CCA_TER_FORTIFIED,    /* fortified city walls */
  ACIES_CCA_TER_CITY,         /* an impassable city (Lauron, Valentia) */
  ACIES_CCA_N_TERRAIN
} AciesCcaTerrain;

/* A terrain's effects as the catalogue gives them (section 7). */
typedef struct
{
  guint8   impassable;
  guint8   mounted_impassable;
  guint8   wm_impassable;
  guint8   stop;               /* must stop on entering */
  guint8   mounted_stop;
  guint8   leave_one;          /* a unit leaving it moves one hex only */
  guint8   enter_from_adjacent;/* scalable walls: only from an adjacent hex, as the first hex */
  guint8   no_battle_entry;    /* may not battle in the turn it entered */
  guint8   mounted_no_battle_entry;
  guint16  battle_entry_types; /* bits of AciesCcaType exempt from no_battle_entry */
  guint8   cc_cap_vs, cc_cap_from, ranged_cap_vs, ranged_cap_from;  /* 0: none */
  guint8   block_check;        /* marsh: a die for a block */
  guint8   ignore_swords, ignore_flags, ranged_ignore_flags;        /* ignore_flags ACIES_CCA_ALL: any */
  guint8   mounted_benefit;
  gint8    dice_delta;         /* camp: one die fewer */
  guint8   first_strike;       /* walls: the defender fights first */
  guint8   blocks_los;
  guint8   bonus_needs_leader; /* forest: bonus combat after advancing only for infantry with a leader */
  guint8   cap_uphill;         /* hill: dice against a unit higher up */
  guint8   cap_down_foot;      /* hill: foot fighting down or hill to hill */
  guint8   cap_down_mounted;   /* hill: mounted fighting down or hill to hill */
  guint8   wm_no_advance;      /* forest: no momentum advance for war machines */
} AciesCcaTerrainDef;

/* Command cards (B13, ref 1.11): the engine's card kinds; the catalogue's
 * cards table gives each one's title, count, category and effect. */
typedef enum
{
  ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_CENTRE, ACIES_CCA_CARD_TWO_RIGHT,
  ACIES_CCA_CARD_THREE_LEFT, ACIES_CCA_CARD_THREE_CENTRE, ACIES_CCA_CARD_THREE_RIGHT,
  ACIES_CCA_CARD_FOUR_LEFT, ACIES_CCA_CARD_FOUR_CENTRE, ACIES_CCA_CARD_FOUR_RIGHT,
  ACIES_CCA_CARD_OUTFLANKED,
  ACIES_CCA_CARD_COORDINATED,
  ACIES_CCA_CARD_LIGHT, ACIES_CCA_CARD_MEDIUM, ACIES_CCA_CARD_HEAVY, ACIES_CCA_CARD_MOUNTED,
  ACIES_CCA_CARD_LEADERSHIP,
  ACIES_CCA_CARD_INSPIRED_LEFT, ACIES_CCA_CARD_INSPIRED_CENTRE, ACIES_CCA_CARD_INSPIRED_RIGHT,
  ACIES_CCA_CARD_LINE_COMMAND,
  ACIES_CCA_CARD_DOUBLE_TIME,
  ACIES_CCA_CARD_COUNTER_ATTACK,
  ACIES_CCA_CARD_RALLY,
  ACIES_CCA_CARD_MOVE_FIRE_MOVE,
  ACIES_CCA_CARD_DARKEN_THE_SKY,
  ACIES_CCA_CARD_MOUNTED_CHARGE,
  ACIES_CCA_CARD_CLASH_OF_SHIELDS,
  ACIES_CCA_CARD_FIRST_STRIKE,
  ACIES_CCA_CARD_SPARTACUS,
  ACIES_CCA_N_CARDS
} AciesCcaCard;

/* Epic card categories (EP-1.1). */
typedef enum
{
  ACIES_CCA_EPIC_NORMAL,
  ACIES_CCA_EPIC_ARMY,
  ACIES_CCA_EPIC_SPECIAL,   /* special Army cards: First Strike, Counter Attack */
} AciesCcaEpicCategory;

typedef struct
{
  char    *title;          /* as the catalogue names it */
  guint8   count;          /* in one deck */
  guint8   epic;           /* AciesCcaEpicCategory */
  guint8   provisional;    /* its count or effect is provisional */
} AciesCcaCardDef;

/* Unit status. */
typedef enum
{
  ACIES_CCA_ON,            /* on the board */
  ACIES_CCA_OFF,           /* not yet in play (reinforcements) */
  ACIES_CCA_ELIMINATED,
  ACIES_CCA_EXITED,        /* left the map for a flag (exit objective) */
  ACIES_CCA_GONE,          /* removed without a flag (an evading war machine, ref 1.5) */
} AciesCcaStatus;

/* Per-turn unit flags. */
enum
{
  ACIES_CCA_UF_MOVED      = 1 << 0,  /* made its move this turn */
  ACIES_CCA_UF_BATTLED    = 1 << 1,  /* made its battle this turn */
  ACIES_CCA_UF_NO_BATTLE  = 1 << 2,  /* may not battle this turn (terrain, Julian two hexes, initiative) */
  ACIES_CCA_UF_BONUS_DONE = 1 << 3,  /* made its bonus close combat */
  ACIES_CCA_UF_NO_FIRE    = 1 << 4,  /* may not fire this turn (Double Time, Clash of Shields, Caesar's two hexes) */
  ACIES_CCA_UF_MUST_CC    = 1 << 5,  /* must close-combat (a warrior's charge, ref 1.2) */
  ACIES_CCA_UF_SECOND_MOVE= 1 << 6,  /* Move-Fire-Move: may move again after firing */
  ACIES_CCA_UF_NO_MOVE    = 1 << 7,  /* may not move this turn (reinforcements entered, Clash of Shields) */
};

typedef struct
{
  gint16   cell;           /* ACIES_CCA_NONE off the map */
  gint8    blocks;
  guint8   status;         /* AciesCcaStatus */
  guint8   ordered;        /* ordered this turn (1 + the card slot), 0 not */
  guint8   moved;          /* hexes moved this turn */
  guint8   flags;          /* ACIES_CCA_UF_* */
  gint8    seat;           /* the seat that ordered it (Epic), or -1 */
  guint8   fires;          /* ranged combats left this turn (Darken the Sky: 2) */
  gint8    bonus_dice;     /* dice added this turn by the card (Mounted Charge, I Am Spartacus) */
  guint8   lost_any;       /* has lost a block since the start (warriors' dice) */
  guint8   pad;
} AciesCcaUnit;

typedef struct
{
  gint16   cell;           /* ACIES_CCA_NONE off the map */
  gint8    unit;           /* the unit he is attached to, or -1 */
  guint8   status;         /* AciesCcaStatus */
  guint8   ordered;        /* ordered separately (detached) this turn */
  guint8   moved;          /* hexes moved this turn (a lone leader) */
  gint8    seat;
  guint8   pad;
} AciesCcaLeader;

/* Static data of a unit (from the scenario). */
typedef struct
{
  const char *id;
  gint8       side;
  guint8      type;        /* AciesCcaType */
  gint8       formation;   /* command (Valentia), or -1 */
  gint8       back_edge;   /* retreat toward: 0 north, 1 south (its side's, or the unit's own) */
  gint8       hold_area;   /* may not leave this area (Bibracte), or -1 */
  guint8      blocks0;     /* blocks at the start */
  guint8      legion;      /* Marian or Julian rules apply to it */
  guint8      legion_rule; /* 0 none, 1 Marian, 2 Julian, 3 march only (Ilipa, Zama option) */
} AciesCcaUnitDef;

typedef struct
{
  const char *id;
  const char *name;
  gint8       side;
  gint8       formation;   /* the command he belongs to, or -1 */
  guint8      caesar;      /* JC-1, JC-2 */
  guint8      reinforcement;
} AciesCcaLeaderDef;

/* Scenario objectives (S4.3, SCN-). */
typedef enum
{
  ACIES_CCA_OBJ_CAMP,      /* occupied at the start of its own turn: the hex is taken, a flag that stays */
  ACIES_CCA_OBJ_OCCUPY,    /* the same, kind "occupy" (Brindisi's ships) */
  ACIES_CCA_OBJ_HOLD,      /* a flag while held (lost when it leaves) */
  ACIES_CCA_OBJ_EXIT,      /* leaving the map by these hexes: a flag, the unit removed */
} AciesCcaObjKind;

typedef struct
{
  guint8      kind;        /* AciesCcaObjKind */
  gint8       side;        /* the side that gains the flag */
  guint8      first_flag;  /* camp: the n-th hex taken gives the first flag (Gergovia 2) */
  guint8      all_hexes;   /* camp: one flag when every hex is taken (Ilerda) */
  guint8      units;       /* hold: units needed (Ilerda 2) */
  guint8      at_start;    /* hold: counted at the start of the side's turn */
  guint8      mounted_only;/* exit: mounted units only (Utica Part 2) */
  guint8      leaders_too; /* exit: commanders too (Ruspina) */
  guint8      n_cells;
  gint16      cells[32];
  const char *name;
} AciesCcaObjective;

/* Rulings (checklist section 2), read from the catalogue's options. */
typedef struct
{
  gboolean forest_blocks_los;      /* E1 */
  gboolean camp_blocks_los;        /* E2 */
  gboolean camp_stop;              /* B19 */
  gboolean hill_downhill_cap;      /* K5 */
  gboolean marsh_on_entry;         /* Q1 */
  gboolean marsh_leader_swords;    /* Q2: swords kill a commander too */
  gboolean marsh_exit_on_retreat;  /* Q3 */
  gboolean caesar_battle_back;     /* Q4 */
  gboolean caesar_two_hex_fire;    /* Q5 */
  gboolean julian_two_hex_fire;    /* Q6 */
  gboolean walls_attacker_first;   /* Q8 */
  gboolean camp_close_only;        /* Q9 */
  gboolean card_raises_cap;        /* Q10 */
  gboolean dice_orders_enemy_swords; /* Q17 */
  gboolean hold_retreat_allowed;   /* Q26 */
  gboolean spartacus_close_only;   /* Q31 */
  gboolean cancelled_card_counts;  /* Q32 */
  gboolean ask_every_close_combat; /* the defender's reaction prompt: every close combat, or only with a card */
  gboolean elephant_rampage;       /* ref 1.8 */
  gboolean reroll_swords_again;    /* ref 1.8 with Example C: a re-rolled sword is rolled again */
  guint    turn_limit;             /* 0: none (the book has none); a guard for random games */
} AciesCcaOptions;

/* In AciesCcaStatic.stop: the hex is entered only as the first hex of a
 * move (scalable walls, T-SCW-1). */
#define ACIES_CCA_STOP_ADJACENT_ONLY 4

/* Everything read once from the scenario and the catalogue; shared by the
 * copies of a state. */
typedef struct
{
  gint               ref_count;
  AciesCatalogue    *catalogue;
  AciesCcaOptions    opt;
  guint              width, height, n_cells;
  gint16             nb[ACIES_CCA_MAX_CELLS][6];     /* neighbours by direction, -1 off the map */
  gint8              aq[ACIES_CCA_MAX_CELLS];        /* axial coordinates of each cell (for distances) */
  gint8              ar[ACIES_CCA_MAX_CELLS];
  guint8             terrain[ACIES_CCA_MAX_CELLS];   /* AciesCcaTerrain after the scenario's changes */
  guint8             impassable[ACIES_CCA_MAX_CELLS];/* made impassable by the scenario */
  gint8              elevation[ACIES_CCA_MAX_CELLS];
  guint8             bastion[ACIES_CCA_MAX_CELLS];   /* bit per direction: a bastion hexside (Q7) */
  guint8             section[ACIES_CCA_MAX_CELLS];   /* ACIES_CCA_LEFT… from the south side's view */
  guint8             side_section[2][ACIES_CCA_MAX_CELLS]; /* the same from each side's view (worked out) */
  guint8             steep[ACIES_CCA_MAX_CELLS];     /* Gergovia: hill next to forest (Q14) */
  guint32            pass[ACIES_CCA_MAX_CELLS];      /* bit per AciesCcaType that may enter (worked out) */
  guint8             stop[ACIES_CCA_MAX_CELLS];      /* 1: foot and leaders stop there, 2: mounted units,
                                                      * ACIES_CCA_STOP_ADJACENT_ONLY (worked out) */
  AciesCcaTerrainDef terr[ACIES_CCA_N_TERRAIN];
  AciesCcaProfile    prof[ACIES_CCA_N_TYPES];
  gint8              face_symbol[6];                 /* battle die face 1..6 -> AciesCcaSymbol */
  guint8             face_provisional;
  AciesCcaCardDef    cards[ACIES_CCA_N_CARDS];         /* titles borrowed from the cached rules */
  const char        *card_effect[ACIES_CCA_N_CARDS];   /* borrowed too */
  const char        *card_epic_effect[ACIES_CCA_N_CARDS]; /* the Epic column, or NULL; borrowed */
  guint              n_units, n_leaders;
  guint              n_items_of[2];                   /* units and leaders of each army (worked out) */
  gint16             items_of[2][ACIES_CCA_MAX_UNITS + ACIES_CCA_MAX_LEADERS]; /* its units, then its leaders */
  guint              n_units_of[2];                   /* the units at the head of items_of (worked out) */
  guint8             class_bits[ACIES_CCA_MAX_UNITS]; /* bit per class acies_cca_class_matches() accepts (worked out) */
  AciesCcaUnitDef    units[ACIES_CCA_MAX_UNITS];
  AciesCcaLeaderDef  leaders[ACIES_CCA_MAX_LEADERS];
  guint              n_objectives;
  AciesCcaObjective  objectives[ACIES_CCA_MAX_AREAS];
  gboolean           any_hold;       /* an objective is held (ACIES_CCA_OBJ_HOLD) (worked out) */
  gboolean           any_exit;       /* an exit objective (ACIES_CCA_OBJ_EXIT) (worked out) */
  /* Sides. */
  gint               first_side;
  gint8              home[2];        /* 0: north edge, 1: south edge */
  guint8             hand[2];        /* S3.6: cards dealt (hand-ramp: the full hand) */
  guint8             hand_start[2];  /* SCN Brindisi: cards at the start */
  guint8             flags_to_win[2];
  guint8             dice_orders[2]; /* SCN Utica 1: dice rolled instead of a card, 0 none */
  guint8             legion_range[2];/* ML-2: the pilum's range */
  guint8             legion_dice[2]; /* ML-2: its dice */
  guint8             leader_move;        /* ref 1.9: a lone leader's move */
  guint8             leader_check_hit;   /* ref 1.9: dice when his unit is hit and survives */
  guint8             leader_helmets_hit; /* helmets that kill him then */
  guint8             leader_check_dead;  /* dice when his unit is eliminated */
  guint8             leader_helmets_dead;
  guint8             leader_provisional;
  guint8             one_command[2]; /* SCN Valentia (Q25) */
  gint8              reinf_area[2];  /* SCN Gergovia: area index where the side's reinforcements enter */
  gint8              reinf_answer[2];/* the area where the other side answers them */
  guint8             steep_hills;    /* SCN Gergovia (Q14) */
  guint8             epic;           /* EP-: an Epic battle */
  guint8             decks;          /* EP-SU: 1 or 2 decks */
  GArray            *area_cells[ACIES_CCA_MAX_AREAS]; /* AciesCell, for hold-position areas */
  guint              n_areas;
  JsonObject        *view_attrs[32];                  /* unit views' attrs by blocks and marks, made when asked */
} AciesCcaStatic;

/* What the state waits for. */
typedef enum
{
  ACIES_CCA_STEP_DEAL,          /* S3.6: shuffle and deal */
  ACIES_CCA_STEP_START,         /* the start of a player turn (passes at once) */
  ACIES_CCA_STEP_CARD,          /* S5.2: play a Command card (or roll the order dice) */
  ACIES_CCA_STEP_ORDER,         /* S5.2: order units and leaders */
  ACIES_CCA_STEP_DICE_ORDER,    /* I Am Spartacus, orders by dice, Initiative: use a die */
  ACIES_CCA_STEP_PLACE,         /* Gergovia: place a reinforcement */
  ACIES_CCA_STEP_MOVE,          /* S5.2: move ordered units */
  ACIES_CCA_STEP_BATTLE,        /* S5.2: battle with ordered units */
  ACIES_CCA_STEP_REACT,         /* defender: evade, stand, or play a card (BASE-EVADE, First Strike) */
  ACIES_CCA_STEP_FLAGS,         /* owner: how many flags to ignore (BASE-SUPPORT) */
  ACIES_CCA_STEP_RETREAT,       /* owner: the next retreat hex (BASE-RETREAT) */
  ACIES_CCA_STEP_LEADER_ESCAPE, /* owner: where a leader escapes (BASE-LEADER) */
  ACIES_CCA_STEP_ADVANCE,       /* attacker: momentum advance or not (BASE-MOMENTUM) */
  ACIES_CCA_STEP_ADVANCE_MORE,  /* attacker: cavalry's extra hex */
  ACIES_CCA_STEP_BONUS,         /* attacker: bonus close combat or not */
  ACIES_CCA_STEP_EPIC_CARDS,    /* EP-T1: the Supreme Commander plays cards */
  ACIES_CCA_STEP_EPIC_CANCEL,   /* EP-1.17: the other Supreme Commander may play First Strike */
  ACIES_CCA_STEP_INITIATIVE,    /* EP-1.14: a General may try Initiative */
  ACIES_CCA_STEP_OVER,
} AciesCcaStep;

/* Action types; AciesAction.type indexes acies_cca_action_specs. */
typedef enum
{
  ACIES_CCA_A_DEAL,            /* S3.6 */
  ACIES_CCA_A_PLAY,            /* card, [section], [mode] (S5.2; an Epic Army card EP-1.15) */
  ACIES_CCA_A_ROLL_ORDERS,     /* SCN Utica 1 */
  ACIES_CCA_A_ORDER,           /* unit (a unit or a leader) */
  ACIES_CCA_A_ORDER_DONE,
  ACIES_CCA_A_USE_DIE,         /* unit (or -1: leave the die unused) */
  ACIES_CCA_A_PLACE,           /* unit, to */
  ACIES_CCA_A_MOVE,            /* unit, to */
  ACIES_CCA_A_EXIT,            /* unit: leaves the map (exit objective) */
  ACIES_CCA_A_MOVE_DONE,
  ACIES_CCA_A_CLOSE_COMBAT,    /* unit, target */
  ACIES_CCA_A_FIRE,            /* unit, target */
  ACIES_CCA_A_BATTLE_DONE,
  ACIES_CCA_A_EVADE,           /* to */
  ACIES_CCA_A_STAND,
  ACIES_CCA_A_REACT_CARD,      /* card: First Strike (base), Counter Attack (Epic) */
  ACIES_CCA_A_IGNORE_FLAGS,    /* n */
  ACIES_CCA_A_RETREAT,         /* to */
  ACIES_CCA_A_ESCAPE,          /* to (-1: off his own edge) */
  ACIES_CCA_A_ADVANCE,         /* to (the vacated hex, or the cavalry's extra hex) */
  ACIES_CCA_A_NO_ADVANCE,
  ACIES_CCA_A_NO_BONUS,        /* no bonus close combat */
  ACIES_CCA_A_CARDS_DONE,      /* EP-T1 */
  ACIES_CCA_A_CANCEL,          /* EP-1.17: cancel with First Strike */
  ACIES_CCA_A_NO_CANCEL,
  ACIES_CCA_A_INITIATIVE,      /* EP-1.14: roll */
  ACIES_CCA_A_NO_INITIATIVE,
  ACIES_CCA_A_GIVE,            /* card, section: a Normal card to the Generals (EP-1.2) */
  ACIES_CCA_N_ACTIONS
} AciesCcaActionType;

/* How the card in play orders (for the ORDER step). */
typedef enum
{
  ACIES_CCA_OM_SECTIONS,    /* per-section quotas (section cards, Outflanked, Coordinated Attack) */
  ACIES_CCA_OM_CLASS,       /* units of a class, up to the command (troop cards) */
  ACIES_CCA_OM_LEADER,      /* a leader's group, or one unit (Leadership cards) */
  ACIES_CCA_OM_GROUP,       /* a linked group of foot units (Line Command, Double Time) */
  ACIES_CCA_OM_ANY_ONE,     /* one unit of choice (the "if you have none" fallback) */
  ACIES_CCA_OM_DICE,        /* orders from dice results (I Am Spartacus, orders by dice, Initiative) */
  ACIES_CCA_OM_NONE,
} AciesCcaOrderMode;

/* The card being resolved. */
typedef struct
{
  gint8    card;           /* AciesCcaCard played, or -1 */
  gint8    effect;         /* the card whose effect applies (Counter Attack copies one) */
  gint8    mirror;         /* Counter Attack: left and right swapped */
  guint8   mode;           /* AciesCcaOrderMode */
  guint8   quota[3];       /* per section (left, centre, right) from the player's view */
  guint8   sections;       /* sections allowed (mask from the player's view) */
  guint8   limit;          /* most units ordered */
  guint8   n_ordered;      /* units and leaders ordered by it */
  guint8   cls;            /* OM_CLASS: 0 light 1 medium 2 heavy 3 mounted 4 ranged */
  gint8    anchor;         /* OM_LEADER: the leader; -1 until chosen */
  guint8   foot_only;
  guint8   max_group;      /* OM_GROUP: most units (Double Time 4), 0 any */
} AciesCcaPlay;

/* The battle being fought (BASE-CC, BASE-RANGED). */
typedef enum
{
  ACIES_CCA_BM_CLOSE,
  ACIES_CCA_BM_RANGED,
} AciesCcaBattleMode;

/* Stages of a battle (BASE-CC, ref 1.6 order: evade choice, roll, hits,
 * retreat, momentum or battle back). */
typedef enum
{
  ACIES_CCA_BS_REACT,          /* the defender's reaction is awaited */
  ACIES_CCA_BS_FIRST_STRIKE,   /* the defender strikes first (walls, First Strike, Counter Attack) */
  ACIES_CCA_BS_AFTER_FIRST,    /* the attacker's leader check after it */
  ACIES_CCA_BS_ATTACK,         /* the attacker rolls */
  ACIES_CCA_BS_AFTER_ATTACK,   /* the target's leader check */
  ACIES_CCA_BS_RESULT,         /* momentum or battle back */
  ACIES_CCA_BS_BATTLE_BACK,    /* the defender battles back */
  ACIES_CCA_BS_AFTER_BACK,     /* the attacker's leader check */
  ACIES_CCA_BS_DONE,
} AciesCcaBattleStage;

typedef struct
{
  gint8    active;
  gint8    mode;           /* AciesCcaBattleMode */
  gint8    stage;          /* AciesCcaBattleStage */
  gint8    bonus;          /* a bonus close combat (after a momentum advance) */
  gint16   attacker;       /* unit */
  gint16   target;         /* unit, or n_units + leader for a lone leader */
  gint16   from, to;       /* the attacker's and the target's hexes at the declaration */
  gint8    evading;        /* the target evades */
  gint8    first_strike;   /* the target strikes first */
  gint16   evade_to;
  gint8    extra_dice;     /* Counter Attack (Epic): the defender's extra dice */
  gint8    target_leader;  /* the leader with the target at the declaration, or -1 */
  gint8    attacker_leader;
  gint8    target_blocks;  /* blocks at the declaration */
  gint8    attacker_blocks;
  gint8    pad[3];
} AciesCcaBattle;

/* A retreat being made (BASE-RETREAT). */
typedef struct
{
  gint16   unit;           /* -1: none */
  gint8    hexes;          /* hexes still to retreat; -1 while the owner chooses the flags he ignores */
  gint8    flags;          /* flags suffered */
  gint8    ignorable;      /* flags it may ignore */
  gint8    per_flag;       /* hexes per flag */
  guint8   attacker;       /* the retreating unit is the attacker (battle back, first strike) */
  guint8   rampaged;       /* an elephant's rampage is done (ref 1.8) */
  guint8   outside;        /* not in a battle (a die's flag): check the leader at the end */
  gint8    blocks0;        /* blocks at the start */
  gint8    leader;         /* the leader with it at the start, or -1 */
  guint8   pad;
} AciesCcaRetreat;

typedef struct
{
  AciesState        base;
  AciesCcaStatic   *st;
  AciesCcaStep      step;                /* the decision awaited now */
  AciesCcaStep      top;                 /* the phase of the turn it belongs to */
  gint              seat;                /* the seat deciding (EP-PL); the side for a standard battle */
  guint             player_turn;         /* player turns played, from 0 */
  AciesCcaUnit      units[ACIES_CCA_MAX_UNITS];
  AciesCcaLeader    leaders[ACIES_CCA_MAX_LEADERS];
  gint8             unit_at[ACIES_CCA_MAX_CELLS];    /* unit in a cell, -1 */
  gint8             leader_at[ACIES_CCA_MAX_CELLS];  /* leader in a cell, -1 */
  /* Cards (S3.6, B13). */
  guint8            deck[ACIES_CCA_N_CARDS];         /* cards of each kind in the draw pile */
  guint8            discard[ACIES_CCA_N_CARDS];
  guint8            hand[2][ACIES_CCA_MAX_HAND];     /* AciesCcaCard, sorted */
  guint8            hand_len[2];
  guint8            in_play[ACIES_CCA_N_CARDS];      /* played this turn, not yet discarded */
  gint8             last_card[2];                    /* the last card each side played (Counter Attack) */
  guint8            reshuffle;                       /* I Am Spartacus: shuffle the discards back at the end of the turn */
  AciesCcaPlay      play;
  /* Dice waiting to be used (Rally, I Am Spartacus, orders by dice, Initiative). */
  guint8            pending[ACIES_CCA_MAX_PENDING];  /* AciesCcaSymbol */
  guint8            n_pending;
  guint8            pending_kind;                    /* 0 Rally, 1 orders, 2 Initiative */
  AciesCcaBattle    battle;
  AciesCcaRetreat   retreat;
  gint16            escape_leader;                   /* the leader who must escape, or -1 */
  gint16            advance_unit;                    /* the unit that may advance, -1 */
  gint16            advance_cell;                    /* the hex it may advance into */
  guint8            advanced;                        /* it advanced (the extra hex next) */
  /* Flags (S4). */
  guint8            flags[2];                        /* flags that stay: eliminations, permanent objectives */
  guint8            held[2];                         /* conditional flags held now */
  guint8            eliminated_flags[2];             /* of flags[]: for eliminations (the invariant) */
  guint32           obj_taken[ACIES_CCA_MAX_AREAS];  /* camp and occupy objectives: hexes taken (bits) */
  guint8            obj_flag[ACIES_CCA_MAX_AREAS];   /* flags given by an objective */
  guint8            hold_at_start[ACIES_CCA_MAX_AREAS];
  /* Reinforcements (SCN Gergovia). */
  guint8            reinf_in[2];                     /* the side's reinforcements have entered */
  guint8            answer_due[2];                   /* the side must place its answering reinforcement */
  /* Epic (EP-). */
  guint8            epic_weight;                     /* Normal cards counted this turn */
  guint8            epic_given;                      /* Generals given a card (bits 0..2) */
  guint8            epic_initiative_done;            /* Generals who tried Initiative (bits) */
  guint8            epic_army;                       /* an Army card was played */
  guint8            epic_slot_card[6];               /* cards given this turn, by slot */
  guint8            epic_slot_general[6];            /* the General of each slot (bits of sections) */
  guint8            epic_n_slots;
  guint8            epic_slot;                       /* the slot being carried out */
  guint8            epic_phase_general;              /* the General moving or battling now */
  guint8            epic_line_sections;              /* sections of Line Command cards given */
  guint8            epic_cancelled;                  /* the last card was cancelled */
  guint8            epic_stage;                      /* 0 cards, 1 a cancel asked, 2 Initiative, 3 orders */
  guint8            epic_coordinated;                /* Coordinated Attack played: no Initiative */
  guint8            n_listed;                        /* units and leaders ordered this turn, in order */
  gint16            listed[ACIES_CCA_MAX_UNITS + ACIES_CCA_MAX_LEADERS];
} AciesCcaState;

#define ACIES_CCA(state)  ((AciesCcaState *) (state))
#define ACIES_CCA_C(state) ((const AciesCcaState *) (state))

/* S5.2, EP-2: marks unit (or n_units + leader) @index ordered by the card
 * in @slot (non-zero), and lists it among the turn's ordered units and
 * leaders (the movement and the orders look at these only). */
static inline void
acies_cca_set_ordered (AciesCcaState *s, gint index, guint8 slot)
{
  guint8 *mark = (guint) index < s->st->n_units ? &s->units[index].ordered
                 : &s->leaders[index - (gint) s->st->n_units].ordered;

  if (*mark == 0)
    s->listed[s->n_listed++] = (gint16) index;
  *mark = slot;
}

/* acies-cca-board.c: cells, sections, terrain, line of sight. */
static inline gint16
acies_cca_nb (const AciesCcaState *s, gint cell, gint dir)
{
  return s->st->nb[cell][dir];
}
/**
 * acies_cca_adjacent:
 * @s: a state
 * @a: a cell
 * @b: a cell
 *
 * Returns: whether @a and @b share a hexside
 */
static inline gboolean
acies_cca_adjacent (const AciesCcaState *s,
                    gint                 a,
                    gint                 b)
{
  for (guint d = 0; d < 6; d++)
    if (s->st->nb[a][d] == b)
      return TRUE;
  return FALSE;
}
/* BASE-RANGED: hexes from @a to @b (range counting), through the cells'
 * axial coordinates. */
static inline guint
acies_cca_distance (const AciesCcaState *s, gint a, gint b)
{
  gint dq = s->st->aq[b] - s->st->aq[a], dr = s->st->ar[b] - s->st->ar[a];

  return (ABS (dq) + ABS (dr) + ABS (dq + dr)) / 2;
}
/* S3.2, B15: the sections @cell belongs to, from @side's view (-1: the
 * south side's): a hex cut by a dotted line belongs to both sections.
 * The side at the north edge sees the battlefield turned round, its left
 * to the east.  ACIES_CCA_LEFT, ACIES_CCA_CENTRE, ACIES_CCA_RIGHT bits. */
static inline guint8
acies_cca_sections_of (const AciesCcaState *s, gint cell, gint side)
{
  return side >= 0 ? s->st->side_section[side][cell] : s->st->section[cell];
}
guint     acies_cca_back_cells        (const AciesCcaState *s, gint cell, gint edge, gint out[2]);
gboolean  acies_cca_on_edge           (const AciesCcaState *s, gint cell, gint edge);
/* Section 7: the terrain of a hex. */
static inline const AciesCcaTerrainDef *
acies_cca_terrain (const AciesCcaState *s, gint cell)
{
  /* Off the board (a unit gone): the first terrain, open ground. */
  if (cell < 0)
    return &s->st->terr[0];
  return &s->st->terr[s->st->terrain[cell]];
}
static inline gboolean
acies_cca_passable (const AciesCcaState *s,
                    gint                 cell,
                    guint                type)
{
  return (s->st->pass[cell] >> type) & 1;
}
gboolean  acies_cca_leader_passable   (const AciesCcaState *s, gint cell);
guint32   acies_cca_passable_types    (const AciesCcaStatic *st, gint cell);
/* SCN Gergovia, ruling Q14: hill hexes next to forest are too steep to
 * climb from the forest; going down into the forest is allowed.  Whether
 * the step from @from to the adjacent @to is forbidden by it. */
static inline gboolean
acies_cca_steep_step (const AciesCcaState *s, gint from, gint to)
{
  return s->st->steep_hills && s->st->terrain[from] == ACIES_CCA_TER_FOREST && s->st->steep[to];
}
gboolean  acies_cca_has_los           (const AciesCcaState *s, gint from, gint to);
gboolean  acies_cca_bastion_between   (const AciesCcaState *s, gint cell, gint from);
/* T-HILL-2: the level of a hex (a hill is 1; Gergovia's camp hexes and
 * walls count as hills through the map's elevation). */
static inline gint
acies_cca_elevation (const AciesCcaState *s, gint cell)
{
  if (cell < 0)   /* off the board: level ground */
    return 0;
  return s->st->elevation[cell];
}
const char *acies_cca_cell_label      (const AciesCcaState *s, gint cell);

/* acies-cca-units.c: units, leaders, flags, helpers. */
static inline const AciesCcaProfile *
acies_cca_prof (const AciesCcaState *s, gint u)
{
  return &s->st->prof[s->st->units[u].type];
}
static inline gboolean
acies_cca_on_board (const AciesCcaState *s, gint u)
{
  return s->units[u].status == ACIES_CCA_ON && s->units[u].cell >= 0;
}
static inline gint
acies_cca_side_of (const AciesCcaState *s, gint u)
{
  return s->st->units[u].side;
}
/* Small questions asked in every search: inline. */
/**
 * acies_cca_is_mounted:
 * @s: a state
 * @u: a unit
 *
 * S2-blocks: cavalry, camels, elephants and chariots are mounted units.
 *
 * Returns: whether @u is mounted
 */
static inline gboolean
acies_cca_is_mounted (const AciesCcaState *s,
                      gint                 u)
{
  guint kind = acies_cca_prof (s, u)->kind;

  return kind == ACIES_CCA_KIND_CAVALRY || kind == ACIES_CCA_KIND_ELEPHANT || kind == ACIES_CCA_KIND_CHARIOT;
}

/**
 * acies_cca_is_foot:
 * @s: a state
 * @u: a unit
 *
 * S2-blocks: infantry of every kind and war machines are foot units.
 *
 * Returns: whether @u is a foot unit
 */
static inline gboolean
acies_cca_is_foot (const AciesCcaState *s,
                   gint                 u)
{
  return !acies_cca_is_mounted (s, u);
}

/**
 * acies_cca_is_infantry:
 * @s: a state
 * @u: a unit
 *
 * Returns: whether @u is a foot unit other than a war machine (JC-2, T-FOR-5)
 */
static inline gboolean
acies_cca_is_infantry (const AciesCcaState *s,
                       gint                 u)
{
  return acies_cca_prof (s, u)->kind == ACIES_CCA_KIND_FOOT;
}

/**
 * acies_cca_is_light_foot:
 * @s: a state
 * @u: a unit
 *
 * EP-1.11: light foot units (light infantry, archers, slingers) gain
 * nothing from Double Time; auxilia (a white border) do.
 *
 * Returns: whether @u is light infantry without a white border
 */
static inline gboolean
acies_cca_is_light_foot (const AciesCcaState *s,
                         gint                 u)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);

  return p->kind == ACIES_CCA_KIND_FOOT && p->cls == ACIES_CCA_LIGHT && !p->white_border;
}

/**
 * acies_cca_leader_with:
 * @s: a state
 * @u: a unit
 *
 * Returns: the leader attached to @u, or -1
 */
static inline gint
acies_cca_leader_with (const AciesCcaState *s,
                       gint                 u)
{
  gint cell = s->units[u].cell, l;

  if (cell < 0)
    return -1;
  l = s->leader_at[cell];
  return l >= 0 && s->leaders[l].unit == u ? l : -1;
}

/**
 * acies_cca_enemy_at:
 * @s: a state
 * @cell: a cell
 * @side: the side looking
 *
 * Returns: an enemy of @side in @cell: its unit, or n_units + leader for a
 *   lone enemy leader, or -1
 */
static inline gint
acies_cca_enemy_at (const AciesCcaState *s,
                    gint                 cell,
                    gint                 side)
{
  gint u = s->unit_at[cell], l = s->leader_at[cell];

  if (u >= 0)
    return acies_cca_side_of (s, u) != side ? u : -1;
  if (l >= 0 && s->st->leaders[l].side != side)
    return (gint) s->st->n_units + l;
  return -1;
}

gboolean  acies_cca_leader_near       (const AciesCcaState *s, gint u);
guint     acies_cca_adjacent_friends  (const AciesCcaState *s, gint u);
/**
 * acies_cca_adjacent_enemy:
 * @s: a state
 * @u: a unit
 *
 * BASE-RANGED, T-SCW-8: a unit next to an enemy unit may not fire.
 *
 * Returns: whether an enemy unit stands next to @u
 */
static inline gboolean
acies_cca_adjacent_enemy (const AciesCcaState *s,
                          gint                 u)
{
  gint cell = s->units[u].cell, side = acies_cca_side_of (s, u);

  if (cell < 0)
    return FALSE;
  for (guint d = 0; d < 6; d++)
    {
      gint c = s->st->nb[cell][d];

      if (c >= 0 && s->unit_at[c] >= 0 && acies_cca_side_of (s, s->unit_at[c]) != side)
        return TRUE;
    }
  return FALSE;
}
void      acies_cca_place_unit        (AciesCcaState *s, gint u, gint cell);
void      acies_cca_place_leader      (AciesCcaState *s, gint l, gint cell);
gboolean  acies_cca_lose_blocks       (AciesCcaState *s, gint u, gint n, GPtrArray *events, const char *rule);
void      acies_cca_remove_unit       (AciesCcaState *s, gint u, AciesCcaStatus status, GPtrArray *events, const char *rule);
void      acies_cca_kill_leader       (AciesCcaState *s, gint l, gboolean flag, GPtrArray *events, const char *rule);
void      acies_cca_gain_flag         (AciesCcaState *s, gint side, gboolean elimination, GPtrArray *events, const char *why, const char *rule);
/**
 * acies_cca_total_flags:
 * @s: a state
 * @side: a side
 *
 * S4.1, Q33: the flags a side has now: those that stay and the ones it
 * holds while a condition lasts.
 *
 * Returns: the count
 */
static inline gint
acies_cca_total_flags (const AciesCcaState *s,
                       gint                 side)
{
  return s->flags[side] + s->held[side];
}
void      acies_cca_win_check         (AciesCcaState *s, GPtrArray *events);
/**
 * acies_cca_check_win:
 * @s: a state
 * @events: (nullable): events
 *
 * S4.1: the game ends when a side has its victory flags (the side in play
 * first); inline, as every action asks, the rest in acies_cca_win_check().
 */
static inline void
acies_cca_check_win (AciesCcaState *s,
                     GPtrArray     *events)
{
  if (!s->base.finished
      && (acies_cca_total_flags (s, 0) >= s->st->flags_to_win[0]
          || acies_cca_total_flags (s, 1) >= s->st->flags_to_win[1]))
    acies_cca_win_check (s, events);
}
void      acies_cca_finish            (AciesCcaState *s, gint winner, const char *reason, GPtrArray *events);
gint      acies_cca_command           (const AciesCcaState *s, gint side);
const char *acies_cca_side_name       (const AciesCcaState *s, gint side);
const char *acies_cca_type_name       (const AciesCcaState *s, gint u);
char      *acies_cca_unit_words       (const AciesCcaState *s, gint u);
char      *acies_cca_leader_words     (const AciesCcaState *s, gint l);
char      *acies_cca_thing_words      (const AciesCcaState *s, gint index);
guint     acies_cca_roll_symbol       (const AciesCcaState *s, AciesDice *dice, const char *purpose, AciesCcaSymbol *sym);
const char *acies_cca_symbol_name     (AciesCcaSymbol sym);
const char *acies_cca_symbol_glyph    (AciesCcaSymbol sym);
AciesCcaSymbol acies_cca_face_symbol (const AciesCcaState *s, guint face);
gboolean  acies_cca_symbol_is_class   (AciesCcaSymbol sym, gint cls);

/* acies-cca-cards.c: the deck, hands, draws and what a card orders. */
void      acies_cca_deal              (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
gint      acies_cca_draw              (AciesCcaState *s, gint side, AciesDice *dice, GPtrArray *events);
void      acies_cca_hand_remove       (AciesCcaState *s, gint side, gint card);
gboolean  acies_cca_hand_has          (const AciesCcaState *s, gint side, gint card);
guint     acies_cca_deck_size         (const AciesCcaState *s);
guint     acies_cca_cards_total       (const AciesCcaState *s, gint card);
const char *acies_cca_card_id         (gint card);
const char * const *acies_cca_card_ids (void);
gboolean  acies_cca_class_matches     (const AciesCcaState *s, gint u, gint cls);
void      acies_cca_roll_orders       (AciesCcaState *s, guint n, guint kind, AciesDice *dice, GPtrArray *events);
gint      acies_cca_card_from_id      (const char *id);
const char *acies_cca_card_title      (const AciesCcaState *s, gint card);
char       *acies_cca_card_summary    (const AciesCcaState *s, gint card);
char       *acies_cca_card_text       (const AciesCcaState *s, gint card);
char       *acies_cca_explain_action  (const AciesCcaState *s, const AciesAction *a);
const char *acies_cca_generals_words  (guint8 mask);
void        acies_cca_epic_give_events (const AciesCcaState *s, gint side, gint card, guint8 mask,
                                        GPtrArray *events);
gboolean  acies_cca_card_playable     (const AciesCcaState *s, gint side, gint card);
void      acies_cca_card_start        (AciesCcaState *s, gint card, guint8 limit_sections, AciesDice *dice, GPtrArray *events);
extern const char * const acies_cca_card_id_list[ACIES_CCA_N_CARDS + 1];
void      acies_cca_end_turn          (AciesCcaState *s, AciesDice *dice, GPtrArray *events);

/* acies-cca-order.c: ordering (S5.2, BASE-ORDER, EP-2). */
gboolean  acies_cca_may_order         (const AciesCcaState *s, gint index);
void      acies_cca_order             (AciesCcaState *s, gint index, GPtrArray *events);
gboolean  acies_cca_order_finished    (const AciesCcaState *s);
guint     acies_cca_orderable         (const AciesCcaState *s, gint16 *may);
void      acies_cca_order_legal       (const AciesCcaState *s, GArray *out);
void      acies_cca_dice_legal        (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_use_die           (AciesCcaState *s, gint index, AciesDice *dice, GPtrArray *events, GError **error);
void      acies_cca_after_orders      (AciesCcaState *s, GPtrArray *events);
gboolean  acies_cca_dice_pending      (AciesCcaState *s, GPtrArray *events);

/* acies-cca-move.c: movement (BASE-MOVE, T-*). */
guint     acies_cca_move_allowance    (const AciesCcaState *s, gint index);
guint     acies_cca_destinations      (const AciesCcaState *s, gint index, gint16 *cells, guint8 *dist);
gboolean  acies_cca_move_path         (const AciesCcaState *s, gint index, gint to, GArray *cells);
void      acies_cca_move_legal        (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_any_move          (const AciesCcaState *s);
gboolean  acies_cca_movement_begun    (const AciesCcaState *s);
gboolean  acies_cca_move              (AciesCcaState *s, gint index, gint to, AciesDice *dice, GPtrArray *events, GError **error);
gboolean  acies_cca_exit              (AciesCcaState *s, gint index, GPtrArray *events);
gboolean  acies_cca_can_exit          (const AciesCcaState *s, gint index);
gboolean  acies_cca_marsh_check       (AciesCcaState *s, gint index, AciesDice *dice, GPtrArray *events);
void      acies_cca_marsh_phase_checks (AciesCcaState *s, AciesDice *dice, GPtrArray *events);

/* acies-cca-combat.c: battles (BASE-CC, BASE-RANGED, BASE-BB, ML-, JC-, T-*). */
typedef struct
{
  gint   dice;             /* dice rolled */
  gint   base;             /* before terrain and cards */
  gint   cap;              /* terrain cap, 0 none */
  gint   card;             /* card dice */
  gint   caesar;           /* JC-1 */
  gint   camp;             /* T-CAMP-5 */
  gboolean provisional;    /* a provisional value decided the dice */
  gboolean helmets;        /* helmets hit */
  gboolean swords;         /* swords hit */
  gint   ignore_swords;
  gboolean ignore_heavy;   /* an elephant ignores one red square (ref 1.8) */
  gboolean only_class;     /* evading: only its symbol hits */
  gint   target_class;     /* -1: a lone leader */
  gboolean elephant_reroll;/* the attacker's swords are rolled again */
} AciesCcaDice;

gboolean  acies_cca_can_battle        (const AciesCcaState *s, gint u, gboolean ranged);
gboolean  acies_cca_close_target_ok   (const AciesCcaState *s, gint u, gint target, gboolean bonus);
gboolean  acies_cca_fire_target_ok    (const AciesCcaState *s, gint u, gint target);
void      acies_cca_battle_legal      (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_any_battle        (const AciesCcaState *s);
void      acies_cca_battle_dice       (const AciesCcaState *s, gint u, gint target, gint mode, gboolean back, AciesCcaDice *d);
gboolean  acies_cca_start_battle      (AciesCcaState *s, gint u, gint target, gint mode, gboolean bonus, AciesDice *dice, GPtrArray *events);
void      acies_cca_react_legal       (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_react             (AciesCcaState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events, GError **error);
gboolean  acies_cca_evade_cells       (const AciesCcaState *s, gint u, gint16 *out, guint *n);
gboolean  acies_cca_may_evade         (const AciesCcaState *s, gint u, gint attacker);
AciesOdds *acies_cca_odds             (const AciesCcaState *s, const AciesAction *a);
gint      acies_cca_ignorable_flags   (const AciesCcaState *s, gint u, gint attacker, gint mode);
void      acies_cca_score             (const AciesCcaDice *d, const AciesCcaSymbol *syms, guint n, gboolean evading, gint *hits, gint *flags);
guint     acies_cca_roll              (const AciesCcaState *s, const AciesCcaDice *d, AciesDice *dice, const char *purpose, AciesCcaSymbol *syms);
gboolean  acies_cca_battle_progress   (AciesCcaState *s, AciesDice *dice, GPtrArray *events);

/* acies-cca-retreat.c: flags, retreats, evades, momentum (BASE-RETREAT, BASE-EVADE, BASE-MOMENTUM). */
void      acies_cca_suffer_flags      (AciesCcaState *s, gint u, gint flags, gint ignorable, gboolean attacker, AciesDice *dice, GPtrArray *events);
void      acies_cca_flags_legal       (const AciesCcaState *s, GArray *out);
void      acies_cca_ignore_flags      (AciesCcaState *s, gint n, AciesDice *dice, GPtrArray *events);
guint     acies_cca_retreat_cells     (const AciesCcaState *s, gint u, gint16 out[2]);
void      acies_cca_retreat_legal     (const AciesCcaState *s, GArray *out);
void      acies_cca_retreat_step      (AciesCcaState *s, gint to, AciesDice *dice, GPtrArray *events);
gboolean  acies_cca_retreat_progress  (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
gboolean  acies_cca_advance_progress  (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
gboolean  acies_cca_escape_progress   (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_force_retreat     (AciesCcaState *s, gint u, gint hexes, AciesDice *dice, GPtrArray *events);
void      acies_cca_advance_legal     (const AciesCcaState *s, GArray *out);
void      acies_cca_advance           (AciesCcaState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events);


/* acies-cca-leaders.c: leaders (BASE-LEADER, ref 1.9). */
void      acies_cca_leader_check      (AciesCcaState *s, gint l, gboolean eliminated, AciesDice *dice, GPtrArray *events);
void      acies_cca_escape_legal      (const AciesCcaState *s, GArray *out);
void      acies_cca_escape            (AciesCcaState *s, gint to, AciesDice *dice, GPtrArray *events);
guint     acies_cca_escape_cells      (const AciesCcaState *s, gint l, gint16 *out);
void      acies_cca_attach_leader     (AciesCcaState *s, gint l, gint u);
void      acies_cca_lone_leader_attacked (AciesCcaState *s, gint l, gint attacker, gint mode, AciesDice *dice, GPtrArray *events);

/* acies-cca-scenario.c: scenario rules (S4.3, SCN-). */
void      acies_cca_start_of_turn     (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_update_held       (AciesCcaState *s, GPtrArray *events);
gboolean  acies_cca_in_area           (const AciesCcaState *s, gint area, gint cell);
gint      acies_cca_exit_objective    (const AciesCcaState *s, gint index);
gboolean  acies_cca_place_pending     (const AciesCcaState *s);
void      acies_cca_place_legal       (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_place             (AciesCcaState *s, gint index, gint to, GPtrArray *events, GError **error);
gboolean  acies_cca_may_reinforce     (const AciesCcaState *s, gint side, gint card);

/* acies-cca-epic.c: Epic battles (EP-). */
/**
 * acies_cca_general_seat:
 * @side: a side
 * @general: 0 left, 1 centre, 2 right
 *
 * EP-PL: seat 2 + 2 g + side is the General of section g (inline: the
 * turn asks it for each General).
 *
 * Returns: the General's seat
 */
static inline gint
acies_cca_general_seat (gint side,
                        gint general)
{
  return 2 + 2 * CLAMP (general, 0, 2) + side;
}
gint      acies_cca_seat_side         (gint seat);
/**
 * acies_cca_seat_general:
 * @seat: a seat
 *
 * EP-PL (inline, asked in the loops over the units).
 *
 * Returns: its General's section (0 left, 1 centre, 2 right), or -1 for a
 *   Supreme Commander
 */
static inline gint
acies_cca_seat_general (gint seat)
{
  return seat < 2 ? -1 : (seat - 2) / 2;
}
gint      acies_cca_general_of_cell   (const AciesCcaState *s, gint cell, gint side);
gint      acies_cca_epic_unit_seat    (const AciesCcaState *s, gint cell);
void      acies_cca_epic_cards_legal  (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_epic_play         (AciesCcaState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events, GError **error);
void      acies_cca_epic_cards_done   (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_epic_next         (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_initiative_legal  (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_initiative        (AciesCcaState *s, gboolean roll, AciesDice *dice, GPtrArray *events);
gint      acies_cca_epic_weight       (const AciesCcaState *s, gint card, guint8 sections);
char     *acies_cca_seat_name         (const AciesCcaState *s, gint seat);

/* acies-cca-turn.c: the turn (S5.2). */
extern const AciesActionSpec acies_cca_action_specs[ACIES_CCA_N_ACTIONS];
const char *acies_cca_phase_name      (AciesCcaStep step);
void      acies_cca_set_step          (AciesCcaState *s, AciesCcaStep step, gint seat);
void      acies_cca_legal_actions     (const AciesCcaState *s, GArray *out);
gboolean  acies_cca_apply             (AciesCcaState *s, const AciesAction *a, AciesDice *dice, GPtrArray *events, GError **error);
void      acies_cca_to_move           (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_to_battle         (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_resume            (AciesCcaState *s, AciesDice *dice, GPtrArray *events);
void      acies_cca_add_action        (GArray *out, guint type, gint player, gint a0, gint a1, gint a2);
/* An action of @type by @player with its first three arguments; the
 * others -1 (every byte set, as the digests of logged actions expect). */
static inline void
acies_cca_set_action (AciesAction *a, guint type, gint player, gint a0, gint a1, gint a2)
{
  a->type = (guint16) type;
  a->player = (gint16) player;
  a->args[0] = a0;
  a->args[1] = a1;
  a->args[2] = a2;
  for (guint i = 3; i < ACIES_ACTION_MAX_ARGS; i++)
    a->args[i] = -1;
}
/* Room for @n more actions at the end of @out (one growth for a list of
 * them); returns the first, to be set with acies_cca_set_action(), or
 * %NULL when @n is 0 (an empty array has no storage to point into). */
static inline AciesAction *
acies_cca_grow_actions (GArray *out, guint n)
{
  guint len = out->len;

  if (n == 0)
    return NULL;
  g_array_set_size (out, len + n);
  return &g_array_index (out, AciesAction, len);
}

/* acies-cca-describe.c: words. */
char     *acies_cca_prompt_text       (const AciesCcaState *s, char **rule);
char     *acies_cca_describe_action   (const AciesCcaState *s, const AciesAction *a);
char     *acies_cca_describe_turn     (const AciesCcaState *s);
gboolean  acies_cca_action_path       (const AciesCcaState *s, const AciesAction *a, GArray *cells, gint *cost);

/* acies-cca-setup.c */
AciesCcaState *acies_cca_state_new    (AciesCatalogue *catalogue, AciesScenario *scenario, JsonObject *options, GError **error);
void          acies_cca_static_unref  (AciesCcaStatic *st);
void          acies_cca_validate      (AciesCatalogue *catalogue, const AciesScenario *scenario, GPtrArray *problems);
const char   *acies_cca_type_id       (gint type);

/* acies-cca-ruleset.c */
AciesRuleset *acies_cca_ruleset_new   (void);
void          acies_cca_register      (void);
JsonNode     *acies_cca_state_to_json (const AciesCcaState *s, gint viewer);
gboolean      acies_cca_check_invariants (const AciesCcaState *s, GError **error);

G_END_DECLS
