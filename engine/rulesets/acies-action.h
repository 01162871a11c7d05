/* acies-action.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "acies-types.h"

G_BEGIN_DECLS

/*
 * Actions are small records: a type (index into the ruleset's action specs),
 * the player who takes it, and up to eight integer arguments whose meaning
 * the spec gives (a unit index in the state, a cell, a side, a choice…).
 * They serialise generically through the specs:
 *   {"type": "move", "player": 0, "unit": "pink-3", "to": "C4"}
 * Unused arguments are -1.
 */

#define ACIES_ACTION_MAX_ARGS 8

typedef struct
{
  guint16 type;
  gint16  player;
  gint32  args[ACIES_ACTION_MAX_ARGS];
} AciesAction;

typedef enum
{
  ACIES_ARG_INT,
  ACIES_ARG_UNIT,     /* index of a unit in the state; serialised by id */
  ACIES_ARG_CELL,     /* cell; serialised by label */
  ACIES_ARG_SIDE,     /* side index; serialised by id */
  ACIES_ARG_CHOICE,   /* index into choices; serialised as the string */
  ACIES_ARG_BOOL,
  ACIES_ARG_EDGE,     /* edge; serialised by label */
} AciesArgKind;

typedef struct
{
  const char          *name;
  AciesArgKind         kind;
  const char * const  *choices;   /* ACIES_ARG_CHOICE: NULL-terminated */
  gboolean             optional;  /* may be -1 (absent) */
} AciesArgSpec;

/**
 * AciesActionFlags:
 * @ACIES_ACTION_FLAG_NONE: an ordinary action
 * @ACIES_ACTION_FLAG_ATTACK: an attack, or a step of one, whose results
 *   are uncertain: before it is committed the play mode shows its odds
 *   (acies_ruleset_get_odds(), which must give them for every legal action
 *   of this spec) and asks to commit; `acies-cli odds --action` reads them
 * @ACIES_ACTION_FLAG_CONCEDE: gives the game up; random playouts never
 *   choose it while another action is legal
 *
 * What the generic code needs to know of an action beyond its arguments
 * (the ruleset contract, engine/rulesets/acies-ruleset.c).
 */
typedef enum
{
  ACIES_ACTION_FLAG_NONE    = 0,
  ACIES_ACTION_FLAG_ATTACK  = 1 << 0,
  ACIES_ACTION_FLAG_CONCEDE = 1 << 1,
} AciesActionFlags;

typedef struct
{
  const char      *name;     /* "move", "attack", "use-fortuna" */
  const char      *label;    /* translatable label for buttons: N_("Move") */
  const char      *rule;     /* "GC 8.0" */
  guint            n_args;
  AciesArgSpec     args[ACIES_ACTION_MAX_ARGS];
  AciesActionFlags flags;    /* after the arguments, so that tables without it still build */
  const char      *key;      /* optional: a lower-case letter the play mode
                              * binds to this kind of action (Alt+letter), the
                              * same in every phase, or NULL.  By convention
                              * "e" ends the activation, step or phase and "r"
                              * resolves a composed combat.  Specs may share a
                              * key only when they are never legal together
                              * (each step's own End: "e") */
} AciesActionSpec;

void     acies_action_init   (AciesAction *action,
                              guint        type,
                              gint         player);
gboolean acies_action_equal  (const AciesAction *a,
                              const AciesAction *b);

/* Events: what happened, for the UI, the log view and the tests. */
typedef struct
{
  char       *type;     /* "roll", "move", "exhausted", "eliminated"… */
  char       *text;     /* a sentence a player understands */
  char       *rule;     /* "GC 9.3", or NULL */
  gint        player;   /* side index the event concerns, or -1 */
  JsonObject *data;     /* details, or NULL */
} AciesEvent;

AciesEvent *acies_event_new  (const char *type,
                              const char *rule,
                              gint        player,
                              const char *format,
                              ...) G_GNUC_PRINTF (4, 5);
void        acies_event_free (AciesEvent *event);
JsonNode   *acies_event_to_json (const AciesEvent *event);

/* Adds an event to @events unless @events is NULL (random playouts pass
 * NULL and skip the formatting). */
#define acies_events_add(events, type, rule, player, ...) \
  G_STMT_START { \
    if ((events) != NULL) \
      g_ptr_array_add ((events), acies_event_new ((type), (rule), (player), __VA_ARGS__)); \
  } G_STMT_END

G_END_DECLS
