/* acies-lb-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/*
 * The Lost Battles ruleset ("LB", shared/rules/lost-battles.txt) on the
 * 20-zone board.  The state is plain data (fixed arrays, no pointers but
 * the scenario reference and the end reason), so a copy is one memcpy.
 *
 * Conventions:
 *   - Sides are indices into scenario->sides; side 0 is Army 1 (rows 0–1,
 *     forward is south), side 1 is Army 2 (rows 2–3, forward is north)
 *     (LB checklist 3.1).
 *   - Zones are board cells: zone = row * 5 + col.  Directions 0 N, 1 E,
 *     2 S, 3 W (acies-board.h).
 *   - Units and commanders keep their scenario index.
 *   - apply() dispatches on s->phase; every rule function cites its section.
 */

#include <glib.h>
#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "model/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

#define LB_MAX_UNITS 64
#define LB_MAX_CMDRS 8
#define LB_ZONES     20
#define LB_COLS      5
#define LB_ROWS      4
#define LB_NONE      (-1)
#define LB_OFF       (-1)   /* zone of an undeployed unit */

/* 1.1 */
typedef enum { LB_HI, LB_LI, LB_HC, LB_LC, LB_EL, LB_CH, LB_N_TYPES } AciesLbType;
typedef enum { LB_SUB_NONE, LB_SUB_AR, LB_SUB_HO, LB_SUB_PH, LB_SUB_LE, LB_SUB_CA, LB_SUB_SCH } AciesLbSub;
typedef enum { LB_VETERAN, LB_AVERAGE, LB_POOR, LB_INDIAN, LB_AFRICAN } AciesLbClass;
/* 1.5, 4.1.1, 5.7, 7.3 */
typedef enum { LB_FRESH, LB_DISORDERED, LB_SHATTERED, LB_WITHDRAWN, LB_FLED } AciesLbStatus;
/* 1.3 */
typedef enum { LB_RATING_P, LB_RATING_A, LB_RATING_I, LB_RATING_B } AciesLbRating;
typedef enum { LB_CMDR_PRESENT, LB_CMDR_LOST, LB_CMDR_KILLED } AciesLbCmdrStatus;

/* Zone terrain bits (2.2) and camps (2.3). */
enum
{
  LB_T_HILL = 1 << 0, LB_T_FOREST = 1 << 1, LB_T_MARSH = 1 << 2, LB_T_STREAM = 1 << 3,
  LB_T_RIVER = 1 << 4, LB_T_COAST = 1 << 5, LB_T_IMPASSABLE = 1 << 6,
  LB_T_CAMP_U = 1 << 7, LB_T_CAMP_F = 1 << 8,
};

typedef enum
{
  LB_PH_SWAP,          /* 8.9: Brilliant swap prompt, before any roll */
  LB_PH_CMDR_CHOICE,   /* 8.8.3 */
  LB_PH_ROLL,          /* 4.1: roll for Orders */
  LB_PH_MAIN,          /* 3.2.1: choose a group, move a Strategist, end */
  LB_PH_SELECT,        /* 4.2: group composition */
  LB_PH_ACT,           /* 5: movement of the activated group */
  LB_PH_ATTACK,        /* 6.3/6.4: next attacking unit */
  LB_PH_DECISIVE,      /* 6.7 */
  LB_PH_SECOND_HIT,    /* 6.6.2: defender */
  LB_PH_RECOVERY,      /* 8.6/8.7: defender */
  LB_PH_NEW_LEAD,      /* 6.4.5: defender */
  LB_PH_PURSUIT,       /* 6.9 */
  LB_PH_LEADS,         /* 3.2.3 */
  LB_PH_OVER,
  LB_PH_TURN_START,    /* 3.3 with the historical start: turn 2's own rolls (10.3, 10.4) first */
} AciesLbPhase;

typedef enum { LB_ACT_STD, LB_ACT_TURN_ONLY, LB_ACT_DOUBLE, LB_ACT_TRIPLE } AciesLbActKind;

/* Action types (index into the specs). */
enum
{
  LB_A_SWAP,            /* choice: bool */
  LB_A_CHOOSE_CMDR,     /* leader */
  LB_A_SELECT,          /* unit */
  LB_A_ACTIVATE,        /* kind, strategist (or -1) */
  LB_A_CANCEL,
  LB_A_STRATEGIST,      /* leader, zone (or -1: withdraw) */
  LB_A_END_TURN,
  LB_A_DEPLOY,          /* zone, facing */
  LB_A_TURN,            /* facing */
  LB_A_MOVE,            /* forward into the faced zone */
  LB_A_LEAVE,           /* 5.7 */
  LB_A_ATTACK,          /* declare the attack on the faced zone */
  LB_A_END_ACTIVATION,
  LB_A_ATTACK_WITH,     /* unit, half, bonus, supporter */
  LB_A_DECISIVE,        /* bool */
  LB_A_SECOND_HIT,      /* unit */
  LB_A_RECOVER,         /* leader or -1 */
  LB_A_LEAD,            /* unit */
  LB_A_PURSUE,          /* unit */
  LB_A_PURSUE_DONE,
  LB_A_ROLL,            /* 4.1.1: roll the Orders die */
  LB_A_BEGIN_TURN,      /* 3.1: a turn's own rolls, for the historical start (3.3) */
  LB_N_ACTIONS
};

/* Rulings read from the catalogue's options (checklist section 2). */
typedef struct
{
  gboolean band75_strategic;           /* LB-G20 */
  gboolean orders_fv_includes_undeployed; /* LB-G04 */
  gboolean cheap_bonus_requires_fresh; /* 6.12 vs 4.4.4 */
  gboolean outflanked_literal;         /* LB-G06 */
  gboolean halve_then_add;             /* LB-G06 */
  gboolean decisive_when_screened;     /* LB-G11 */
  gboolean m09_inverts;                /* LB-G12a */
  gboolean phalanx_exc_hoplites;       /* LB-G12b */
  gboolean undeployed_uses_army;       /* LB-G13 */
  gboolean withdrawn_li_fled;          /* LB-G14 */
  gboolean outnumber_fv;               /* LB-G15 */
  gboolean narrow_battle;              /* LB-G16 */
  gboolean hoplite_own_zone;           /* LB-G18 */
  gint     wet_reading;                /* LB-G19 */
  gboolean side_edges;                 /* LB-G25 */
} AciesLbOptions;

typedef struct
{
  gint8    side;
  guint8   type, sub, cls;
  gint8    hero;            /* commander riding with it (bodyguard), or -1 */
  guint8   status;          /* AciesLbStatus */
  gint8    zone;            /* LB_OFF when undeployed or gone */
  guint8   facing;
  guint8   lead, was_lead;  /* 6.4, LB-G07 */
  guint8   activated, deployed_pt, double_moved, entered_camp, pursued, attacked, turned;
  guint8   entered_friendly;
  guint8   supporting;      /* 6.5-m08 */
  gint16   entered_pt;      /* global player-turn when it entered its zone (6.5-m06) */
} AciesLbUnit;

typedef struct
{
  gint8    side;
  guint8   hero;            /* TRUE: Hero; FALSE: Strategist */
  guint8   rating;          /* AciesLbRating */
  guint8   timid;
  gint8    bodyguard;       /* unit, Heroes */
  guint8   status;          /* AciesLbCmdrStatus */
  gint8    zone;            /* Strategists: LB_OFF when undeployed */
  guint8   deployed;        /* Strategists: has been on the field */
  guint8   act_pool, bonus_pool, activated, blocked, fled;
  gint16   narrow_pt;       /* own player-turn index he is restricted in (8.6.3), or -1 */
} AciesLbCmdr;

typedef struct
{
  gint     orders;
  gint     start_fv;
  gint     shattered;
  guint8   camp_captured;   /* this side's camp was captured (LB-G24) */
  guint8   brilliant;       /* started with a Brilliant commander */
  guint8   swapped;
  guint8   surprised, fatigued;
  guint8   undeployed_withdrawn; /* 3.4.6 */
  gint     deployed_this_turn;   /* 10.1 */
  gint     cmdr_loss_poor, cmdr_loss_other; /* 7.1-m3 */
  gint     pt_of_last;           /* global pt index of its last player-turn */
  guint32  attacked_from;        /* zones attacked from this player-turn (bits) */
  guint32  attacked_from_prev;   /* … in its previous player-turn */
} AciesLbSide;

typedef struct
{
  AciesLbActKind kind;
  gint      zone;          /* start zone, LB_OFF for undeployed */
  guint64   group;
  gint      cmdr;          /* commander activated with it, or -1 */
  gint8     mv[LB_MAX_UNITS];
  gint8     free_turns[LB_MAX_UNITS];  /* 5.3 third bullet */
  guint8    free180[LB_MAX_UNITS];     /* 5.3 first bullet */
  guint8    free_attack[LB_MAX_UNITS]; /* 5.3 second bullet */
  gboolean  deployed, moved, turned, stop, must_leave, attack_turn, no_move_more;
  gboolean  in_start_zone;
  gboolean  partial;       /* other friendly units stayed in the start zone */
  gint      attack_cap;    /* units that may attack (6.3.5) */
  gboolean  entered_camp;
} AciesLbActivation;

typedef struct
{
  gint     from, to;        /* zones */
  gint     limit2;          /* attacker limit ×2 (half units) */
  gint     used2;
  gint     n_attacks;
  gint     attacker;        /* the unit attacking now */
  gint     need, total, margin;
  gboolean attacker_lead, half;
  gint     n_hits, hit_idx, recipient;
  gboolean recovery_done, lead_saved;
  gint     lead_unit;       /* defender lead at the roll */
  gint     shattered, killed;   /* by this attacking unit (7.1) */
  guint32  zones_hit;       /* defender zones whose lead must be re-chosen */
  guint64  shattered_units; /* for 7.3 */
  gboolean decisive, last;
  gboolean relead_mid;      /* 6.4.5: the defender re-chooses a lead between two hits */
  gboolean done_any_bonus_pool;
} AciesLbAttack;

typedef struct
{
  AciesState   base;
  AciesLbOptions    opt;
  AciesLbPhase      phase;
  gint         n_units, n_cmdrs;
  AciesLbUnit       units[LB_MAX_UNITS];
  AciesLbCmdr       cmdrs[LB_MAX_CMDRS];
  AciesLbSide       sides[2];
  guint16      terrain[LB_ZONES];
  gint8        camp_of[LB_ZONES];   /* side whose camp is here, or -1 */
  gint8        key_of[LB_ZONES];    /* side whose key zone it is, or -1 */
  gint         attack_limit;        /* 6.3.2 scenario limit */
  gboolean     dust;
  gint         weather;             /* 0 none, 1 overcast, 2 wet */
  gint         turn_limit;
  gint         min_units;           /* 11.1 (army-collapse) */
  gint         base_first;          /* side moving first (3.2.1, 8.9) */
  gint         order[2];            /* this turn */
  gint         pt_in_turn;          /* 0 or 1 */
  gint         pt;                  /* global player-turn index from 0 */
  gint         prev_side;           /* side of the previous player-turn, or -1 */
  guint8       attacked_sides[LB_ZONES];  /* 6.2.2: bits of directions this pt */
  guint64      selection;           /* LB_PH_SELECT */
  gint         sel_zone;
  AciesLbActivation act;
  AciesLbAttack     atk;
  guint32      relead;              /* zones of the deciding side to re-choose a lead */
  gint         vp[2];
  guint8       zload[2][LB_ZONES];  /* 5.5.3 loads, kept by acies_lb_recount() */
} AciesLbState;

#define LB(state)  ((AciesLbState *) (state))
#define CLB(state) ((const AciesLbState *) (state))

/* Zones (2.1, checklist 3.1). */
static inline gint acies_lb_row (gint z) { return z / LB_COLS; }
static inline gint acies_lb_col (gint z) { return z % LB_COLS; }
/* Bits set in @x (a group of units); portable, without a libgcc call. */
static inline gint
acies_lb_popcount (guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) + ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return (gint) ((x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* LB 2.1.3: the orthogonal neighbour of @zone in direction @dir (0 N, 1 E,
 * 2 S, 3 W, taken modulo 4), or LB_NONE off the field (inline: hot). */
static inline gint
acies_lb_neighbour (gint zone,
                    gint dir)
{
  if (zone < 0 || zone >= LB_ZONES)
    return LB_NONE;
  switch (dir & 3)
    {
    case 0:  return zone >= LB_COLS ? zone - LB_COLS : LB_NONE;
    case 1:  return zone % LB_COLS < LB_COLS - 1 ? zone + 1 : LB_NONE;
    case 2:  return zone < LB_ZONES - LB_COLS ? zone + LB_COLS : LB_NONE;
    default: return zone % LB_COLS > 0 ? zone - 1 : LB_NONE;
    }
}
gint     acies_lb_dir_to           (gint from, gint to);
gint     acies_lb_distance         (gint a, gint b);
gint     acies_lb_forward          (gint side);
gint     acies_lb_half_of          (gint zone);
gboolean acies_lb_is_central       (gint zone, gint side);
gboolean acies_lb_is_flank         (gint zone, gint side);
gboolean acies_lb_is_rear          (gint zone, gint side);
gint     acies_lb_central_rear     (gint side);
gboolean acies_lb_is_edge          (const AciesLbState *s, gint zone);

/* Catalogue tables (6.10, 1.4, 8.3, 11.3). */
void     acies_lb_tables_init      (AciesCatalogue *catalogue);
gboolean acies_lb_option_historical_start (AciesCatalogue *catalogue, JsonObject *options);
gint     acies_lb_crt_need         (gint att_type, gint def_type);
gboolean acies_lb_crt_provisional  (gint att_type, gint def_type);
gint     acies_lb_cmdr_fv          (gint rating);
gint     acies_lb_cmdr_pool        (gint rating);
gint     acies_lb_recovery_need    (gint rating);
gint     acies_lb_killed_max       (gint rating, gboolean hero);
const char *acies_lb_victory_level (const AciesLbState *s, gint margin);
void     acies_lb_options_read     (AciesLbOptions *opt, AciesCatalogue *catalogue, JsonObject *options);

/* Pure rule functions (acies-lb-rules.c). */
static inline gboolean acies_lb_present (const AciesLbUnit *u) { return u->status <= LB_DISORDERED; }
static inline gboolean acies_lb_on_field (const AciesLbUnit *u) { return u->status <= LB_DISORDERED && u->zone >= 0; }
void     acies_lb_recount          (AciesLbState *s);
gboolean acies_lb_is_mounted       (const AciesLbUnit *u);
gboolean acies_lb_is_infantry      (const AciesLbUnit *u);
gint     acies_lb_unit_fv          (const AciesLbUnit *u, gboolean for_vp);
gint     acies_lb_orders_fv        (const AciesLbState *s, gint side);
gint     acies_lb_orders_for_roll  (const AciesLbState *s, gint side, gint d6);
gint     acies_lb_activation_cost  (const AciesLbState *s, guint64 group, AciesLbActKind kind);
gint     acies_lb_bonus_cost       (const AciesLbState *s, gint unit, gboolean lead);
gint     acies_lb_base_movements   (const AciesLbUnit *u, AciesLbActKind kind);
gint     acies_lb_enter_cost       (const AciesLbState *s, gint unit, gint zone, gboolean entry);
gint     acies_lb_zone_load        (const AciesLbState *s, gint zone, gint side);
gint     acies_lb_zone_capacity    (const AciesLbState *s, gint zone);
gint     acies_lb_unit_load        (const AciesLbUnit *u);
gint     acies_lb_zone_side        (const AciesLbState *s, gint zone);
gboolean acies_lb_enemy_in         (const AciesLbState *s, gint zone, gint side);
gint     acies_lb_zone_facing      (const AciesLbState *s, gint zone, gint side, guint64 exclude);
gboolean acies_lb_outflanked       (const AciesLbState *s, gint zone, gint side, gint facing);
gboolean acies_lb_sandwiched       (const AciesLbState *s, gint zone, gint side, gint facing);
gint     acies_lb_attacker_limit2  (const AciesLbState *s, gint from, gint to, gint side);
gint     acies_lb_size2            (const AciesLbState *s, gint unit, gboolean first);
gint     acies_lb_modifiers        (const AciesLbState *s, gint unit, gint from, gint to,
                                    gboolean lead, gboolean moved, gboolean half,
                                    gint bonus, gint supporter, GString *why);
gint     acies_lb_modifiers_odds   (const AciesLbState *s, gint unit, gint from, gint to,
                                    gboolean lead, gboolean moved, gboolean half,
                                    gint bonus, gint supporter, AciesOdds *odds);
AciesOdds *acies_lb_attack_odds    (const AciesLbState *s, const AciesAction *a);
gint     acies_lb_lead_of          (const AciesLbState *s, gint zone);
gint     acies_lb_hits_for         (const AciesLbState *s, gint margin, gboolean decisive, gint def_lead, gint zone);
gboolean acies_lb_screened         (const AciesLbState *s, gint zone);
gboolean acies_lb_decisive_allowed (const AciesLbState *s, gint attacker, gint def_lead, gint zone, gint margin);
gint     acies_lb_army_morale      (const AciesLbState *s, gint side, gint lowest_die);
gint     acies_lb_unit_morale      (const AciesLbState *s, gint unit, gint army, gint attacked_zone);
gint     acies_lb_undeployed_morale (const AciesLbState *s, gint unit, gint army);
gint     acies_lb_army_morale_steps (const AciesLbState *s, gint side, gint lowest_die, GPtrArray *steps);
gint     acies_lb_unit_morale_why  (const AciesLbState *s, gint unit, gint army, gint attacked_zone, GString *why);
gint     acies_lb_undeployed_morale_why (const AciesLbState *s, gint unit, gint army, GString *why);
gdouble  acies_lb_end_count        (const AciesLbState *s, gint side);
gint     acies_lb_victory_points   (const AciesLbState *s, gint side, GPtrArray *lines);
gboolean acies_lb_free_180         (const AciesLbState *s, gint unit);
gboolean acies_lb_free_attack_turn (const AciesLbState *s, gint unit);
gboolean acies_lb_cmdr_can_use     (const AciesLbState *s, gint c);
gboolean acies_lb_cmdr_restricted  (const AciesLbState *s, gint c);
gint     acies_lb_cmdr_zone        (const AciesLbState *s, gint c);

/* The state machine (acies-lb-play.c). */
const char *acies_lb_phase_name    (AciesLbPhase phase);
void     acies_lb_set_phase        (AciesLbState *s, AciesLbPhase phase);
gboolean acies_lb_in_current_group (const AciesLbState *s, gint unit);
gboolean acies_lb_attack_step      (const AciesLbState *s);
void     acies_lb_legal_actions    (const AciesLbState *s, GArray *out);
gboolean acies_lb_apply            (AciesLbState *s, const AciesAction *a, AciesDice *dice,
                                    GPtrArray *events, GError **error);
void     acies_lb_start_battle     (AciesLbState *s, AciesDice *dice, GPtrArray *events);
void     acies_lb_start_from_deployment (AciesLbState *s);
char    *acies_lb_prompt_text      (const AciesLbState *s, char **rule);
char    *acies_lb_describe_action  (const AciesLbState *s, const AciesAction *a);
gboolean acies_lb_action_path      (const AciesLbState *s, const AciesAction *a, GArray *cells, gint *cost);
char    *acies_lb_group_names      (const AciesLbState *s, guint64 group);
gboolean acies_lb_check_invariants (const AciesLbState *s, GError **error);
const char *acies_lb_side_name     (const AciesLbState *s, gint side);
const char *acies_lb_unit_name     (const AciesLbState *s, gint unit);
const char *acies_lb_zone_name     (const AciesLbState *s, gint zone, gint side);
void     acies_lb_remove_unit      (AciesLbState *s, gint u, AciesLbStatus status, GPtrArray *events, const char *rule);
void     acies_lb_check_end        (AciesLbState *s, GPtrArray *events);
void     acies_lb_finish           (AciesLbState *s, GPtrArray *events, const char *reason);

/* Ruleset. */
AciesRuleset *acies_lost_battles_ruleset_new (void);
void          acies_lost_battles_register    (void);
AciesLbState      *acies_lb_state_from_scenario (AciesScenario *scenario, JsonObject *options, GError **error);


/* ------------------------------------------------------------------ */
/* What the state machine's files (acies-lb-*.c) share.                */

#define BIT(i)      (G_GUINT64_CONSTANT (1) << (i))
#define IN(mask, i) ((((mask) >> (i)) & 1) != 0)
#define FOR_BITS(i, mask) \
  for (guint64 _m = (mask); _m != 0 && ((i) = __builtin_ctzll (_m), TRUE); _m &= _m - 1)

/* LB 5.1: the four facings, as events name them (translate with
 * g_dgettext (GETTEXT_PACKAGE, …)). */
/* TRANSLATORS: the facings of Lost Battles units (LB 5.1), in "… turn to face north". */
static const char * const acies_lb_dir_names[4] = { N_("north"), N_("east"), N_("south"), N_("west") };

/* Legal actions are gathered in a buffer and appended to the caller's
 * array in blocks (one g_array_append_vals() rather than one per action). */
#define LB_OUT_BUF 64

typedef struct
{
  GArray     *array;
  guint       n;
  AciesAction buf[LB_OUT_BUF];
} AciesLbOut;

static inline void
acies_lb_out_flush (AciesLbOut *out)
{
  if (out->n > 0)
    g_array_append_vals (out->array, out->buf, out->n);
  out->n = 0;
}

/* Inlined: a random playout stores tens of thousands of actions a game. */
G_ALWAYS_INLINE static inline void
acies_lb_out_add (AciesLbOut *out,
                  gint        type,
                  gint        player,
                  gint        a0,
                  gint        a1,
                  gint        a2,
                  gint        a3)
{
  if (out->n == LB_OUT_BUF)
    acies_lb_out_flush (out);
  /* As acies_action_init() and four arguments, in one store: hot. */
  G_STATIC_ASSERT (ACIES_ACTION_MAX_ARGS == 8);
  out->buf[out->n++] = (AciesAction) { .type = type, .player = player,
                                       .args = { a0, a1, a2, a3, -1, -1, -1, -1 } };
}

/* What LB 6.8.3 and 9.5-e need to know about @side's units in @zone. */
typedef struct
{
  gboolean sch;            /* scythed chariots there (9.5-e) */
  gboolean other;          /* a unit other than Disordered LI */
  gboolean dli;            /* a Disordered LI */
  gboolean enemy_facing[4];/* the enemy in the zone in direction d faces @zone */
} AciesLbLeadZone;

/* Hot in legal_actions (random playouts): inline in every file. */

/* LB 4.2: may unit @i join the group now (@first: as its first unit,
 * from anywhere; else from @zone)? */
static inline gboolean
acies_lb_selectable (const AciesLbState *s,
                     gint                i,
                     gint                zone,
                     gboolean            first)
{
  const AciesLbUnit *u = &s->units[i];

  if (u->side != s->base.active_side || !acies_lb_present (u) || u->activated)
    return FALSE;
  if (!first && u->zone != zone)
    return FALSE;
  return TRUE;
}

/* The facing, zone and live units of the group being activated (LB 4.2,
 * 5.1.1: one facing and one zone for the whole group). */
static inline gint
acies_lb_group_facing (const AciesLbState *s)
{
  gint i;

  FOR_BITS (i, s->act.group)
    if (acies_lb_present (&s->units[i]))
      return s->units[i].facing;
  return 0;
}

static inline gint
acies_lb_group_zone (const AciesLbState *s)
{
  gint i;

  FOR_BITS (i, s->act.group)
    if (acies_lb_present (&s->units[i]))
      return s->units[i].zone;
  return LB_NONE;
}

static inline guint64
acies_lb_live_group (const AciesLbState *s)
{
  guint64 g = 0;
  gint i;

  FOR_BITS (i, s->act.group)
    if (acies_lb_present (&s->units[i]))
      g |= BIT (i);
  return g;
}

/* acies-lb-describe.c */
const char * acies_lb_cmdr_name (const AciesLbState *s, gint c);
void acies_lb_rule_sections (GString *text);
gint acies_lb_pay_plan (const AciesLbState *s, guint64 group, gint zone, AciesLbActKind kind, gint with, gint *pool_take, gint *from_orders);
void acies_lb_append_payment (GString *text, const AciesLbState *s, const gint *pool_take, gint from_pool, gint from_orders);

/* acies-lb-turn.c */
void acies_lb_cmdr_lost (AciesLbState *s, gint c, gboolean killed, GPtrArray *events, const char *rule, const char *why);
void acies_lb_entered_zone (AciesLbState *s, gint side, gint zone, GPtrArray *events);
void acies_lb_turn_rolls (AciesLbState *s, AciesDice *dice, GPtrArray *events);
void acies_lb_start_turn (AciesLbState *s, AciesDice *dice, GPtrArray *events);
void acies_lb_await_roll (AciesLbState *s);
void acies_lb_roll_orders (AciesLbState *s, AciesDice *dice, GPtrArray *events);
void acies_lb_lead_zone_scan (const AciesLbState *s, gint zone, gint side, AciesLbLeadZone *lz);
gboolean acies_lb_lead_ok (const AciesLbState *s, gint unit, const AciesLbLeadZone *lz);
gboolean acies_lb_lead_candidate (const AciesLbState *s, gint unit);
gint acies_lb_lead_candidates (const AciesLbState *s, gint zone, gint side, gint *first);
void acies_lb_set_lead (AciesLbState *s, gint unit, GPtrArray *events, const char *rule);
guint32 acies_lb_settle_leads (AciesLbState *s, guint32 mask, gint side, gboolean keep_existing, GPtrArray *events, const char *rule);
void acies_lb_begin_leads (AciesLbState *s, AciesDice *dice, GPtrArray *events);
void acies_lb_end_player_turn (AciesLbState *s, AciesDice *dice, GPtrArray *events);

/* acies-lb-play.c */
gint acies_lb_roll_2d6 (AciesDice *dice, const char *purpose);
gint acies_lb_group_load (const AciesLbState *s, guint64 group);
gint acies_lb_cmdr_in_zone (const AciesLbState *s, gint zone, gint side);

/* acies-lb-activate.c */
gint acies_lb_pool_orders (const AciesLbState *s, gint zone, gint with, gint *payers, gint *n_payers);
gint acies_lb_hero_of_group (const AciesLbState *s, guint64 group);
gint acies_lb_deploy_weight (const AciesLbState *s, guint64 group);
gboolean acies_lb_activation_ok (const AciesLbState *s, guint64 group, gint zone, AciesLbActKind kind, gint with);
void acies_lb_do_activate (AciesLbState *s, AciesLbActKind kind, gint with, GPtrArray *events);
gboolean acies_lb_strategist_dest_ok (const AciesLbState *s, gint c, gint zone);
gint acies_lb_group_enter_cost (const AciesLbState *s, guint64 g, gint to, gboolean entry, gint dir);

/* acies-lb-move.c */
gboolean acies_lb_can_turn (const AciesLbState *s, gint dir);
void acies_lb_do_turn (AciesLbState *s, gint dir, GPtrArray *events);
gboolean acies_lb_can_move (const AciesLbState *s);
void acies_lb_do_move (AciesLbState *s, GPtrArray *events);
gboolean acies_lb_can_deploy (const AciesLbState *s, gint zone, gint dir);
void acies_lb_do_deploy (AciesLbState *s, gint zone, gint dir, GPtrArray *events);
gboolean acies_lb_can_leave (const AciesLbState *s);
void acies_lb_do_leave (AciesLbState *s, GPtrArray *events);

/* acies-lb-combat.c */
gboolean acies_lb_can_attack (const AciesLbState *s);
void acies_lb_do_attack (AciesLbState *s, GPtrArray *events);
gboolean acies_lb_attacker_ok (const AciesLbState *s, gint i, gboolean *half);
gint acies_lb_bonus_pool (const AciesLbState *s);
void acies_lb_attack_options (const AciesLbState *s, AciesLbOut *out);
void acies_lb_begin_hits (AciesLbState *s, gboolean decisive, AciesDice *dice, GPtrArray *events);
void acies_lb_do_attack_with (AciesLbState *s, gint i, gboolean half, gint bonus, gint supporter, AciesDice *dice, GPtrArray *events);
gint acies_lb_recovery_options (const AciesLbState *s, gint r, gint *out, gboolean *mandatory);
gboolean acies_lb_attempt_recovery (AciesLbState *s, gint c, gint r, AciesDice *dice, GPtrArray *events);
void acies_lb_hits_continue (AciesLbState *s, AciesDice *dice, GPtrArray *events);

/* acies-lb-morale.c */
void acies_lb_morale_check (AciesLbState *s, gint side, gint n_dice, AciesDice *dice, GPtrArray *events);
gboolean acies_lb_pursuer_ok (const AciesLbState *s, gint i);
gboolean acies_lb_any_pursuer (const AciesLbState *s);
void acies_lb_after_attacker (AciesLbState *s, AciesDice *dice, GPtrArray *events);
void acies_lb_do_pursue (AciesLbState *s, gint i, GPtrArray *events);
gboolean acies_lb_strategist_may_advance (const AciesLbState *s);
void acies_lb_end_activation (AciesLbState *s, GPtrArray *events);

G_END_DECLS
