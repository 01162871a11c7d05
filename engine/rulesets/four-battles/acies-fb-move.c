/* acies-fb-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-four-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-fb-private.h"
#include "acies-text.h"

/*
 * The movement phase (FB 5.0): moves to any hex the unit reaches with its
 * MP along the cheapest path (a player who wants another path moves in
 * legs: the unit moving now may go on, 5.19), charges (9.0), zones of
 * control (6.0), disengagement (11.2), brush aside (11.1), lone leaders
 * (13.1), map exits and entries (5.26, 10.0 and the exclusive rules), and
 * the opponent's consent to change a finished move (5.19).
 *
 * The cells a piece reaches are computed once per phase and kept in a
 * cache: during a player's movement phase only his own pieces move, and
 * friendly pieces change nothing of another friendly piece's paths (5.31,
 * 5.34) but where it may stop; whatever moves an enemy piece (brush
 * aside, a lone leader's escape) clears the cache.
 */

typedef struct
{
  gint16 cell;
  gint16 parent;   /* the cell before it on the cheapest path */
  guint8 cost;
  guint8 pad;
} FbDest;

struct _FbMoveCache
{
  gint32  start[FB_MAX_PIECES][2];   /* offset in dests, -1 = not computed */
  gint32  count[FB_MAX_PIECES][2];
  FbDest *dests;                     /* n_dests used of room */
  guint   n_dests;
  guint   room;
};

void
acies_fb_cache_free (struct _FbMoveCache *cache)
{
  if (cache == NULL)
    return;
  g_free (cache->dests);
  g_free (cache);
}

void
acies_fb_cache_clear (FbState *s)
{
  if (s->cache == NULL)
    return;
  memset (s->cache->start, 0xff, sizeof s->cache->start);
  s->cache->n_dests = 0;
}

/* @piece moved: its reachable cells are stale; with TEU 4.1's bonus a
 * leader's move changes the MA of the units it joins or leaves. */
static void
cache_forget (FbState *s,
              gint     piece)
{
  if (piece >= s->st->n_combat && acies_fb_has_rule (s->st, FB_R_LEADER_STACK_BONUS))
    acies_fb_cache_clear (s);
  else if (s->cache != NULL)
    s->cache->start[piece][0] = s->cache->start[piece][1] = -1;
}

/* Scratch space for the path searches, one per thread.  Each search has
 * its own stamp, one less than the last one's: a key from an earlier
 * search is larger than any the current one writes (a cost takes nine
 * bits, and a cell's cost plus an edge's is below 512), so "reached as
 * cheaply" is one comparison. */
#define SCRATCH_COST_BITS 9
#define SCRATCH_STAMP_MAX ((1u << (32 - SCRATCH_COST_BITS)) - 1)

typedef struct
{
  guint32 stamp;
  guint32 key[FB_MAX_CELLS];          /* stamp << 9 | cost of the cells reached */
  gint32  bucket[64];                 /* first entry of each cost, -1 */
  guint32 entry[FB_MAX_CELLS * 6 + 1];  /* cell | (guint16) parent << 16 */
  gint32  entry_next[FB_MAX_CELLS * 6 + 1];
} Scratch;

static Scratch *
scratch (void)
{
  /* The GPrivate frees it when the thread ends; the thread-local pointer
   * finds it without a call. */
  static GPrivate key = G_PRIVATE_INIT (g_free);
  static __thread Scratch *sc = NULL;

  if (G_UNLIKELY (sc == NULL))
    {
      sc = g_new0 (Scratch, 1);
      g_private_set (&key, sc);
    }
  if (sc->stamp <= 1)
    {
      memset (sc->key, 0xff, sizeof sc->key);
      sc->stamp = SCRATCH_STAMP_MAX;
    }
  else
    sc->stamp--;
  return sc;
}

/* The MP a cell was last reached with in the last search. */
static inline gint
scratch_cost (const Scratch *sc,
              gint           cell)
{
  return (gint) (sc->key[cell] & 63);
}

/* An empty array of @size-byte elements that this thread keeps in the
 * thread-local *@here (@key frees it when the thread ends), so that a
 * random game allocates none per action. */
static GArray *
reusable_array (GPrivate *key,
                GArray  **here,
                guint     size)
{
  if (G_UNLIKELY (*here == NULL))
    {
      *here = g_array_new (FALSE, FALSE, size);
      g_private_set (key, *here);
    }
  acies_fb_array_empty (*here);
  return *here;
}

/* Movement locks of the exclusive rules (MAR 3.1, QAD 2.2, MET 3.1,
 * PHA 3.2, ZAM 2.2, 4.12): whether @piece may not move now. */
gboolean
acies_fb_locked (const FbState *s,
                 gint           piece)
{
  const FbStatic *st = s->st;

  if (!acies_fb_has_rule (st, FB_R_MOVEMENT_LOCK))
    return FALSE;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind != FB_R_MOVEMENT_LOCK || (s->released & (1u << r))
          || (rule->turn > 0 && (gint) s->base.turn >= rule->turn))
        continue;
      if (!acies_fb_rule_concerns (s, rule, piece))
        continue;
      if (rule->area >= 0 && !acies_fb_in_area (st, rule->area, s->p[piece].cell))
        continue;
      return TRUE;
    }
  return FALSE;
}

/* ARB 3.3: the side has moved its quota of units this turn (leaders do not
 * count, ruling A50). */
static gboolean
quota_reached (const FbState *s,
               gint           piece)
{
  const FbRule *rule;

  if (!acies_fb_has_rule (s->st, FB_R_MOVE_QUOTA) || piece >= s->st->n_combat || s->p[piece].move_start >= 0)
    return FALSE;
  rule = acies_fb_find_rule (s->st, FB_R_MOVE_QUOTA, s->base.active_side);
  return rule != NULL && rule->turn == (gint) s->base.turn && rule->side == s->base.active_side
         && s->quota_used >= rule->value;
}

/* FB 5.11, 5.19: whether @piece may begin or go on with a move now. */
gboolean
acies_fb_may_move (const FbState *s,
                   gint           piece)
{
  const FbPiece *p = &s->p[piece];

  if (p->where != FB_AT_MAP || s->st->pieces[piece].side != s->base.active_side)
    return FALSE;
  if (p->moved && piece != s->mover)
    return FALSE;
  if (piece != s->mover && p->move_start >= 0)
    return FALSE;
  /* The exclusive rules' limits, asked only where they are. */
  if ((acies_fb_has_rule (s->st, FB_R_MOVEMENT_LOCK) && acies_fb_locked (s, piece)) || quota_reached (s, piece))
    return FALSE;
  return TRUE;
}

/* FB 11.2, 13.8, CAR 3.12: a skirmisher (or leader) in enemy ZOC may leave
 * it if its printed MA is at least that of every adjacent enemy combat
 * unit (ruling C3: printed MA). */
gboolean
acies_fb_can_disengage (const FbState *s,
                        gint           piece)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint cell = s->p[piece].cell;
  gint ma = d->ma;

  if (d->no_disengage || !(d->dot || d->may_disengage || piece >= st->n_combat))
    return FALSE;
  for (gint k = 0; k < 6; k++)
    {
      gint n = st->nbr[cell * 6 + k];
      gint e = n >= 0 ? s->occ[n] : -1;

      if (e >= 0 && st->pieces[e].side != d->side && st->pieces[e].ma > ma)
        return FALSE;
    }
  return TRUE;
}

/* FB 9.0, 12.3: whether @piece may declare a charge as it starts moving. */
static gboolean
may_charge (const FbState *s,
            gint           piece)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  const FbPiece *p = &s->p[piece];

  if (p->move_start >= 0 || piece >= st->n_combat)
    return FALSE;
  if (d->cls != FB_CAVALRY && d->cls != FB_ELEPHANT && d->cls != FB_SCYTHED && d->cls != FB_CHARIOT)
    return FALSE;
  if (d->paren || d->no_charge)
    return FALSE;
  if (acies_fb_adjacent_enemy (s, d->side, p->cell))
    return FALSE;                               /* 9.0: not starting adjacent */
  if (acies_fb_in_enemy_zoc (s, d->side, p->cell))
    return FALSE;                               /* 11.22 */
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      /* TRA 3.1: no charge bonus for the cavalry on turn 1. */
      if (rule->kind == FB_R_TURN_MULTIPLIERS && (rule->flags & FB_RF_NO_CHARGE_BONUS)
          && (gint) s->base.turn >= rule->turn && (gint) s->base.turn <= rule->turn2
          && (rule->side < 0 || rule->side == d->side) && d->cls == FB_CAVALRY)
        return FALSE;
    }
  return TRUE;
}

/* Whether @piece of @side may not enter @cell at all (5.14: enemy units;
 * 13.1: a combat unit may enter a lone enemy leader's hex). */
static inline gboolean
enemy_blocks (const FbState *s,
              gint           side,
              gboolean       leader,
              gint           cell)
{
  return (s->here[1 - side][cell] & (leader ? FB_HERE_UNIT | FB_HERE_LEADER : FB_HERE_UNIT)) != 0;
}

/* The search's context, the same for every cell it expands. */
typedef struct
{
  const FbState *s;
  gint           piece;
  const guint32 *edges;
  const guint8  *enemy_here;   /* s->here of the enemy side */
  guint8         block;        /* the bits of enemy_here that bar entry */
  gboolean       banned_any;   /* whether banned hexes are to be looked for */
  gint           budget;
  gint           expand_below; /* the cost from which a cell is not expanded */
  const guint8  *zoc;          /* the enemy ZOC that stops the piece */
  const guint8  *enemy_ldr;    /* s->ldr of the enemy side */
  guint8         ldr_stops;    /* 0xff when a lone enemy leader stops it */
  guint32        base;         /* the search's stamp, shifted */
  guint32       *key;
  guint32       *entry;
  gint32        *entry_next;
  gint32        *bucket;
} SearchRun;

/* Cell @x, reached with @c MP, is expanded: each neighbour it reaches
 * more cheaply than yet goes on the queue (FB 5.0, 5.14, 13.1); with
 * @disengage (the start only) not into enemy ZOC (11.21).  Returns the
 * new number of queue entries. */
static inline __attribute__ ((always_inline)) gint
search_expand (const SearchRun *run,
               gint             x,
               gint             c,
               gint             n_entries,
               const guint8    *disengage,
               const gboolean   generic)
{
  const guint32 *restrict ex = run->edges + x * 6;
  guint32 *restrict key = run->key;
  guint32 reached = run->base + (guint32) c;

  /* Six edges: the padding ones lead back to x (acies_fb_static_new()). */
#pragma GCC unroll 6
  for (gint j = 0; j < 6; j++)
    {
      guint32 edge = ex[j];
      guint32 nk = reached + (guint32) FB_EDGE_COST (edge);
      gint n = FB_EDGE_CELL (edge);
      gint nc;

      /* Most edges lead to a cell reached as cheaply: that test first (an
       * earlier search's key is larger than nk). */
      if (key[n] <= nk)
        continue;
      nc = (gint) (nk - run->base);
      if (nc > run->budget || (run->enemy_here[n] & (generic ? run->block : FB_HERE_UNIT)) != 0)
        continue;
      if (disengage != NULL && disengage[n] > 0)
        continue;                                 /* 11.21 */
      if (generic && run->banned_any && acies_fb_banned (run->s, run->piece, n))
        continue;
      key[n] = nk;
      run->entry[n_entries] = (guint32) n | (guint32) x << 16;
      run->entry_next[n_entries] = run->bucket[nc];
      run->bucket[nc] = n_entries++;
    }
  return n_entries;
}

/* The bucket queue's run from cost 0 to the budget: each cell taken off
 * it at its cost goes to @out, and is expanded unless it ends the move
 * (6.0: enemy ZOC; 13.1: a lone enemy leader's hex) or is too dear.
 * Made once for every search (@generic) and once for the common one, of
 * a combat unit where no hex is banned and no edge is free.  Returns the
 * number of cells written to @out. */
static inline __attribute__ ((always_inline)) gint
search_queue (const SearchRun *run,
              gint             n_entries,
              FbDest          *out,
              const gboolean   generic)
{
  const guint32 *restrict key = run->key;
  const guint32 *restrict entry = run->entry;
  const gint32 *restrict entry_next = run->entry_next;
  gint32 *restrict bucket = run->bucket;
  const guint8 *restrict zoc = run->zoc;
  const guint8 *restrict enemy_ldr = run->enemy_ldr;
  gint n_out = 0;

  /* Below expand_below a cell is expanded unless it ends the move. */
  for (gint c = 0; c < run->expand_below && c <= run->budget; c++)
    {
      guint32 reached = run->base + (guint32) c;

      /* The common case has no edge at no cost: nothing joins this
       * cost's list while it is read, and its head stays in a register. */
      for (gint e = bucket[c]; e >= 0; e = generic ? bucket[c] : entry_next[e])
        {
          guint32 ent = entry[e];
          gint x = (gint) (ent & 0xffff);

          if (generic)
            bucket[c] = entry_next[e];
          if (key[x] != reached)
            continue;                             /* a stale entry */
          out[n_out++] = (FbDest) { (gint16) x, (gint16) (ent >> 16), (guint8) c, 0 };
          /* 6.0: entering an enemy ZOC ends the move; 13.1. */
          if ((zoc[x] | (enemy_ldr[x] & (generic ? run->ldr_stops : 0xff))) != 0)
            continue;
          n_entries = search_expand (run, x, c, n_entries, NULL, generic);
        }
    }
  /* From there on the cells are only listed. */
  for (gint c = MAX (run->expand_below, 0); c <= run->budget; c++)
    {
      guint32 reached = run->base + (guint32) c;

      for (gint e = bucket[c]; e >= 0; e = entry_next[e])
        {
          guint32 ent = entry[e];
          gint x = (gint) (ent & 0xffff);

          if (key[x] == reached)
            out[n_out++] = (FbDest) { (gint16) x, (gint16) (ent >> 16), (guint8) c, 0 };
        }
    }
  return n_out;
}

/* The search: cheapest MP to every cell @piece reaches from @from with
 * @budget MP (FB 5.0, 5.17), stopping in enemy ZOC (6.0) and in a lone
 * enemy leader's hex (13.1); with @disengage the first hex is outside
 * enemy ZOC (11.21); with @charge only charge terrain (9.5a, the charge
 * edges).  Fills the scratch and @out (room for every cell: the cells
 * with their cost and parent, cheapest first); returns the number of
 * cells reached (the start excluded). */
static gint
search_zoc (const FbState *s,
            gint           piece,
            gint           from,
            gint           budget,
            gboolean       disengage,
            gboolean       charge,
            const guint8  *zoc,
            Scratch       *sc,
            FbDest        *out)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint type = d->type_id >= 0 ? d->type_id : 0;
  gboolean leader = piece >= st->n_combat;
  SearchRun run;
  gint n_entries;

  if (budget <= 0)
    return 0;
  budget = MIN (budget, 63);
  run.s = s;
  run.piece = piece;
  run.edges = charge ? st->charge_edges[type] : st->edges[type];
  run.enemy_here = s->here[1 - d->side];
  run.block = leader ? FB_HERE_UNIT | FB_HERE_LEADER : FB_HERE_UNIT;   /* 5.14, 13.1 */
  run.banned_any = (st->has_rule & ((G_GUINT64_CONSTANT (1) << FB_R_REGION_BAN)
                                    | (G_GUINT64_CONSTANT (1) << FB_R_LEASH)
                                    | (G_GUINT64_CONSTANT (1) << FB_R_SHRINKING_MAP))) != 0;
  run.budget = budget;
  /* A cell reached with less than this left has no neighbour it can
   * afford: it is not expanded. */
  run.expand_below = budget - st->edge_min[type] + 1;
  run.zoc = zoc;
  run.enemy_ldr = s->ldr[1 - d->side];
  run.ldr_stops = leader ? 0 : 0xff;              /* 13.1: not for a leader */
  run.base = sc->stamp << SCRATCH_COST_BITS;
  run.key = sc->key;
  run.entry = sc->entry;
  run.entry_next = sc->entry_next;
  run.bucket = sc->bucket;
  memset (sc->bucket, 0xff, sizeof (gint32) * (budget + 1));
  sc->key[from] = run.base;
  /* A bucket queue: one list of entries per cost, each with the cell it
   * came from; an improved cell gets a new entry, the old one is skipped
   * as stale.  The start goes first. */
  if (run.banned_any || leader || st->edge_min[type] == 0)
    {
      n_entries = run.expand_below > 0 ? search_expand (&run, from, 0, 0, disengage ? zoc : NULL, TRUE) : 0;
      return search_queue (&run, n_entries, out, TRUE);
    }
  n_entries = run.expand_below > 0 ? search_expand (&run, from, 0, 0, disengage ? zoc : NULL, FALSE) : 0;
  return search_queue (&run, n_entries, out, FALSE);
}

static gint
search (const FbState *s,
        gint           piece,
        gint           from,
        gint           budget,
        gboolean       disengage,
        gboolean       charge,
        Scratch       *sc,
        FbDest        *out)
{
  return search_zoc (s, piece, from, budget, disengage, charge, s->zoc[1 - s->st->pieces[piece].side][0], sc,
                     out);
}

/* FB 13.1: where a lone leader entered by @enemy may escape to: his MA,
 * normal movement, except that the ZOC of the unit now in his hex does
 * not hold him (else no leader could ever escape). */
static gint
escape_search (const FbState *s,
               gint           leader,
               gint           enemy,
               Scratch       *sc,
               gint16        *out)
{
  static GPrivate key = G_PRIVATE_INIT (g_free);
  guint8 *zoc = g_private_get (&key);
  const FbStatic *st = s->st;
  gint side = st->pieces[leader].side;
  FbDest dests[FB_MAX_CELLS];
  gint count;

  if (zoc == NULL)
    {
      zoc = g_new (guint8, FB_MAX_CELLS);
      g_private_set (&key, zoc);
    }
  memcpy (zoc, s->zoc[1 - side][0], st->n_cells);
  if (enemy >= 0 && s->p[enemy].where == FB_AT_MAP && acies_fb_exerts_zoc (s, enemy))
    for (gint k = 0; k < 6; k++)
      {
        gint n = st->nbr[s->p[enemy].cell * 6 + k];

        if (n >= 0 && acies_fb_zoc_from (s, enemy, n, FALSE) && zoc[n] > 0)
          zoc[n]--;
      }
  count = search_zoc (s, leader, s->p[leader].cell, st->pieces[leader].ma, TRUE, FALSE, zoc, sc, dests);
  for (gint i = 0; i < count; i++)
    out[i] = dests[i].cell;
  return count;
}

/* Searches that met no enemy, per thread (FB 5.0): such a search is a
 * function of the unit type, the start, the MP and the charge alone, and
 * comes back whenever a unit of that type stands there again with no
 * enemy piece next to any hex it reaches (the state's near[] counts). */
typedef struct
{
  guint       serial;     /* of the FbStatic the searches ran on */
  GHashTable *index;      /* key → offset << 12 | count, plus one */
  GArray     *dests;      /* FbDest */
} FreeMemo;

#define FREE_MEMO_MAX (1 << 20)

static void
free_memo_free (gpointer data)
{
  FreeMemo *memo = data;

  g_hash_table_unref (memo->index);
  g_array_unref (memo->dests);
  g_free (memo);
}

static FreeMemo *
free_memo_get (const FbStatic *st)
{
  static GPrivate key = G_PRIVATE_INIT (free_memo_free);
  static __thread FreeMemo *memo = NULL;   /* as scratch() */

  if (G_UNLIKELY (memo == NULL))
    {
      memo = g_new0 (FreeMemo, 1);
      memo->index = g_hash_table_new (NULL, NULL);
      memo->dests = g_array_new (FALSE, FALSE, sizeof (FbDest));
      g_private_set (&key, memo);
    }
  if (memo->serial != st->serial || memo->dests->len > FREE_MEMO_MAX)
    {
      g_hash_table_remove_all (memo->index);
      g_array_set_size (memo->dests, 0);
      memo->serial = st->serial;
    }
  return memo;
}

/* Whether no piece of side @enemy stands next to @from or to any of the
 * @count cells of @dests. */
static gboolean
met_no_enemy (const FbState *s,
              gint           enemy,
              gint           from,
              const FbDest  *dests,
              gint           count)
{
  const guint8 *near = s->near[enemy];

  if (near[from] > 0)
    return FALSE;
  for (gint i = 0; i < count; i++)
    if (near[dests[i].cell] > 0)
      return FALSE;
  return TRUE;
}

/* search() of @piece from its cell through the memo: a search that met no
 * enemy is the same as the last one of its unit type from there with the
 * same MP and charge that met none (nothing in it read the enemy's
 * pieces, ZOC or leaders: they stand only next to hexes near[] counts). */
static gint
search_memo (const FbState *s,
             gint           piece,
             gint           budget,
             gboolean       disengage,
             gboolean       charge,
             FbDest        *out)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint from = s->p[piece].cell;
  gint enemy = 1 - d->side;
  FreeMemo *memo;
  guint key;
  guintptr found;
  gint count;

  if ((st->has_rule & ((G_GUINT64_CONSTANT (1) << FB_R_REGION_BAN) | (G_GUINT64_CONSTANT (1) << FB_R_LEASH)
                       | (G_GUINT64_CONSTANT (1) << FB_R_SHRINKING_MAP))) != 0
      || budget <= 0 || from < 0 || from >= 4096)
    return search (s, piece, from, budget, disengage, charge, scratch (), out);
  memo = free_memo_get (st);
  key = ((((guint) (d->type_id >= 0 ? d->type_id : 0) << 12 | (guint) from) << 6 | (guint) MIN (budget, 63)) << 1)
        | (charge ? 1 : 0);
  found = GPOINTER_TO_SIZE (g_hash_table_lookup (memo->index, GUINT_TO_POINTER (key)));
  if (found != 0)
    {
      const FbDest *dests = &g_array_index (memo->dests, FbDest, (found - 1) >> 12);

      count = (gint) ((found - 1) & 0xfff);
      if (met_no_enemy (s, enemy, from, dests, count))
        {
          memcpy (out, dests, count * sizeof (FbDest));
          return count;
        }
    }
  count = search (s, piece, from, budget, disengage, charge, scratch (), out);
  if (count < 0xfff && met_no_enemy (s, enemy, from, out, count))
    {
      guint offset = memo->dests->len;

      g_array_append_vals (memo->dests, out, count);
      g_hash_table_insert (memo->index, GUINT_TO_POINTER (key),
                           GSIZE_TO_POINTER (((gsize) offset << 12 | (gsize) count) + 1));
    }
  return count;
}

/* The budget and start conditions of @piece's (next leg of its) move:
 * FALSE when it cannot move at all. */
static gboolean
move_setup (const FbState *s,
            gint           piece,
            gboolean      *charge_io,
            gint          *budget,
            gboolean      *disengage)
{
  gboolean charge = *charge_io;
  const FbPiece *p = &s->p[piece];
  gint side = s->st->pieces[piece].side;
  gboolean in_zoc = s->zoc[1 - side][0][p->cell] > 0;

  *disengage = FALSE;
  if (p->move_start >= 0)
    {
      /* Going on with its move: stopped for good once in enemy ZOC (6.0),
       * unless it disengaged from there and has not moved yet. */
      if (in_zoc && !(p->disengaging && p->cell == p->move_start))
        return FALSE;
      *disengage = p->disengaging && p->cell == p->move_start;
      charge = *charge_io = p->charging;
    }
  else if (in_zoc)
    {
      /* 5.15: in an enemy ZOC it may only disengage (11.2). */
      if (!acies_fb_can_disengage (s, piece))
        return FALSE;
      *disengage = TRUE;
    }
  *budget = acies_fb_ma (s, piece, charge) - p->mp_spent;
  return *budget > 0;
}

/* reachable() when the cache has no entry for @piece yet: the search. */
static G_GNUC_NO_INLINE void
reachable_fill (FbState  *s,
                gint      piece,
                gboolean  charge)
{
  struct _FbMoveCache *cache;
  gint k = charge ? 1 : 0;
  gint budget, count = 0;
  gboolean disengage, eff = charge;
  guint base;

  if (s->cache == NULL)
    {
      s->cache = g_new (struct _FbMoveCache, 1);
      s->cache->room = 4096;
      s->cache->dests = g_new (FbDest, s->cache->room);
      s->cache->n_dests = 0;
      memset (s->cache->start, 0xff, sizeof s->cache->start);
    }
  cache = s->cache;
  base = cache->n_dests;
  /* The search writes into the cache, room made for every cell. */
  if (move_setup (s, piece, &eff, &budget, &disengage))
    {
      if (base + s->st->n_cells > cache->room)
        {
          cache->room = MAX (2 * cache->room, base + s->st->n_cells);
          cache->dests = g_renew (FbDest, cache->dests, cache->room);
        }
      count = search_memo (s, piece, budget, disengage, eff, &cache->dests[base]);
    }
  cache->n_dests = base + count;
  cache->start[piece][k] = base;
  cache->count[piece][k] = count;
}

/* The reachable cells of @piece (charge or not) with their MP, from the
 * cache. */
static inline const FbDest *
reachable (const FbState *cs,
           gint           piece,
           gboolean       charge,
           gint          *n)
{
  FbState *s = (FbState *) cs;   /* the cache is a pure function of the state */
  gint k = charge ? 1 : 0;

  if (s->cache == NULL || s->cache->start[piece][k] < 0)
    reachable_fill (s, piece, charge);
  *n = s->cache->count[piece][k];
  return *n > 0 ? &s->cache->dests[s->cache->start[piece][k]] : NULL;
}


/* The @k-th reachable cell of @piece (the cache's array may have moved
 * since the last call). */
static gint
reach_cell (const FbState *s,
            gint           piece,
            gboolean       charge,
            gint           k)
{
  gint n;

  return reachable (s, piece, charge, &n)[k].cell;
}
static gboolean destination_ok (const FbState *s, gint piece, gint cell, gboolean charge);

/* A memo of can_make_room() for one acies_fb_move_legal() call (the
 * state does not change during it). */
typedef struct
{
  const FbState *state;
  guint32        gen;
  guint32        stamp[FB_MAX_PIECES];
  gint16         mover[FB_MAX_PIECES];
  guint8         value[FB_MAX_PIECES];
} RoomMemo;

static RoomMemo *
room_memo_get (void)
{
  static GPrivate key = G_PRIVATE_INIT (g_free);
  static __thread RoomMemo *memo = NULL;   /* as scratch() */

  if (G_UNLIKELY (memo == NULL))
    {
      memo = g_new0 (RoomMemo, 1);
      g_private_set (&key, memo);
    }
  return memo;
}

static gboolean rules_allow_end (const FbState *s, gint piece, gint cell, gboolean charge);

/* Whether unit @o, which @mover would end its move on, can then move on
 * to a hex no combat unit holds (5.32); the hex @mover leaves counts as
 * free, so two units may swap places. */
static gboolean
can_make_room (const FbState *s,
               gint           o,
               gint           mover)
{
  RoomMemo *room_memo = room_memo_get ();
  const FbDest *dests;
  gint n;
  gboolean ok = FALSE;

  if (room_memo->state == s && room_memo->stamp[o] == room_memo->gen && room_memo->mover[o] == mover)
    return room_memo->value[o];
  /* The tests below fill no cache (destination_ok() of a hex no unit
   * holds asks no other unit to make room): the cells stay where they
   * are. */
  dests = reachable (s, o, FALSE, &n);
  for (gint k = 0; k < n && !ok; k++)
    {
      gint cell = dests[k].cell;

      if (s->occ[cell] < 0 && destination_ok (s, o, cell, FALSE))
        ok = TRUE;
      else if (s->occ[cell] == mover && s->ucnt[cell] == 1 && rules_allow_end (s, o, cell, FALSE))
        ok = TRUE;
    }
  if (room_memo->state == s)
    {
      room_memo->stamp[o] = room_memo->gen;
      room_memo->mover[o] = (gint16) mover;
      room_memo->value[o] = ok;
    }
  return ok;
}

/* FB 5.32 and the stacking_during_move ruling: whether a move of @piece
 * may end on @cell.  A unit may end its move on a friendly unit that has
 * not moved yet and can make room; that unit moves next, so the phase can
 * always end with one unit a hex. */
static gboolean
may_end_on (const FbState *s,
            gint           piece,
            gint           cell)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];

  if (piece < st->n_combat && s->occ[cell] < 0 && d->cls != FB_BAGGAGE)
    return TRUE;
  if (piece >= st->n_combat)
    {
      /* 13.2: no two leaders of a side on a hex; TEU 4.2, 4.4: eagles and
       * Varus stack. */
      if (s->ldr[d->side][cell] > 0 && acies_fb_find_rule (st, FB_R_EAGLES, d->side) == NULL)
        return FALSE;
      return TRUE;
    }
  if (d->cls == FB_BAGGAGE)
    return s->bag[cell] < 0;                      /* TEU 4.4: one baggage a hex */
  if (s->occ[cell] >= 0 && s->occ[cell] != piece)
    {
      gint o = s->occ[cell];

      /* 5.32: the hex must be cleared before the phase ends: only a unit
       * that has not moved yet (and may) can make room. */
      if (!st->opt.stack_until_phase_end || s->p[o].move_start >= 0 || s->ucnt[cell] > 1
          || !acies_fb_may_move (s, o))
        return FALSE;
      return can_make_room (s, o, piece);
    }
  return TRUE;
}

/* BOU 2.2: on the turn of a set-up restriction the side's units move only
 * to its own starting hexes. */
static gboolean
setup_restricted (const FbState *s,
                  gint           piece,
                  gint           cell)
{
  const FbStatic *st = s->st;
  const FbRule *rule = acies_fb_find_rule (st, FB_R_SETUP_RESTRICTION, st->pieces[piece].side);

  if (rule == NULL || rule->turn != (gint) s->base.turn
      || (rule->side >= 0 && rule->side != st->pieces[piece].side))
    return FALSE;
  for (gint i = 0; i < st->n_combat; i++)
    if (st->pieces[i].side == st->pieces[piece].side && st->pieces[i].setup_cell == cell)
      return FALSE;
  return TRUE;
}

/* ARB 3.4: scythed chariots must charge when they enter an enemy ZOC. */
static gboolean
must_charge_into (const FbState *s,
                  gint           piece,
                  gint           cell,
                  gboolean       charge)
{
  const FbPieceDef *d = &s->st->pieces[piece];

  return !charge && d->cls == FB_SCYTHED && acies_fb_find_rule (s->st, FB_R_SCYTHED, d->side) != NULL
         && s->zoc[1 - d->side][0][cell] > 0;
}

/* CAN 4.11, ruling A35: on the first turns the side's infantry in or
 * behind the movement zone must end its moves in the zone, never farther
 * from the enemy edge than it started. */
static gboolean
mandatory_blocks (const FbState *s,
                  gint           piece,
                  gint           cell)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];

  if (d->cls != FB_FOOT || (gint) s->base.turn >= st->mandatory_until)
    return FALSE;                                 /* each rule binds before its turn */
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];
      gint enemy_edge, start_d, end_d;

      if (rule->kind != FB_R_MANDATORY_MOVEMENT || (s->released & (1u << r))
          || (gint) s->base.turn >= rule->turn || !acies_fb_rule_concerns (s, rule, piece))
        continue;
      if (!acies_fb_in_area (st, rule->area, cell))
        return TRUE;
      enemy_edge = st->home_edge[1 - d->side];
      start_d = enemy_edge >= 0 ? 0 : 0;
      {
        gint c0, r0, c1, r1;

        acies_board_cell_coords (st->board, s->p[piece].move_start >= 0 ? s->p[piece].move_start
                                 : s->p[piece].cell, &c0, &r0);
        acies_board_cell_coords (st->board, cell, &c1, &r1);
        switch (enemy_edge)
          {
          case 0:  start_d = r0; end_d = r1; break;
          case 1:  start_d = st->width - c0; end_d = st->width - c1; break;
          case 2:  start_d = st->height - r0; end_d = st->height - r1; break;
          default: start_d = c0; end_d = c1; break;
          }
        if (end_d > start_d)
          return TRUE;
      }
    }
  return FALSE;
}

static gboolean
destination_ok (const FbState *s,
                gint           piece,
                gint           cell,
                gboolean       charge)
{
  if (!may_end_on (s, piece, cell))
    return FALSE;
  return rules_allow_end (s, piece, cell, charge);
}

/* The exclusive rules' limits on where a move may end (ARB 3.4, BOU 2.2,
 * CAN 4.11). */
static gboolean
rules_allow_end (const FbState *s,
                 gint           piece,
                 gint           cell,
                 gboolean       charge)
{
  const FbStatic *st = s->st;

  if (!(st->has_rule & ((G_GUINT64_CONSTANT (1) << FB_R_SCYTHED) | (G_GUINT64_CONSTANT (1) << FB_R_SETUP_RESTRICTION)
                        | (G_GUINT64_CONSTANT (1) << FB_R_MANDATORY_MOVEMENT))))
    return TRUE;
  if (must_charge_into (s, piece, cell, charge))
    return FALSE;
  if (acies_fb_has_rule (st, FB_R_SETUP_RESTRICTION) && setup_restricted (s, piece, cell))
    return FALSE;
  if (mandatory_blocks (s, piece, cell))
    return FALSE;
  return TRUE;
}

/* Whether the pieces of the moving side stand as 5.32 wants. */
gboolean
acies_fb_stacking_ok (const FbState *s)
{
  const FbStatic *st = s->st;

  for (gint i = 0; i < st->n_combat; i++)
    {
      const FbPiece *p = &s->p[i];

      if (p->where != FB_AT_MAP || st->pieces[i].cls == FB_BAGGAGE)
        continue;
      if (s->occ[p->cell] != i)
        return FALSE;
    }
  return TRUE;
}

/* FB 11.13, 11.32, 11.35, A18: where @piece may end a two-hex retreat: two
 * hexes away, each step outside enemy ZOC (dot units exert none in a
 * combat phase), not prohibited, banned or enemy-held; the end vacant;
 * no displacement.  FALSE when there is none. */
gboolean
acies_fb_two_hex_targets (const FbState *s,
                          gint           piece,
                          gint          *out,
                          gint          *n)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint from = s->p[piece].cell;
  gboolean combat = s->phase == FB_PH_COMBAT;
  gboolean leader = piece >= st->n_combat;

  *n = 0;
  for (gint k = 0; k < 6; k++)
    {
      gint a = st->nbr[from * 6 + k];

      if (a < 0 || acies_fb_enter_cost (s, piece, from, k) == FB_INF_COST
          || enemy_blocks (s, d->side, TRUE, a) || acies_fb_in_enemy_zoc_ph (s, d->side, a, combat)
          || acies_fb_banned (s, piece, a))
        continue;
      for (gint j = 0; j < 6; j++)
        {
          gint b = st->nbr[a * 6 + j];
          gboolean seen = FALSE;

          if (b < 0 || b == from || acies_fb_distance (st, from, b) != 2
              || acies_fb_enter_cost (s, piece, a, j) == FB_INF_COST
              || enemy_blocks (s, d->side, TRUE, b) || acies_fb_in_enemy_zoc_ph (s, d->side, b, combat)
              || acies_fb_banned (s, piece, b))
            continue;
          if (!leader && (d->cls == FB_BAGGAGE ? s->bag[b] >= 0 : s->occ[b] >= 0))
            continue;
          if (leader && s->ldr[d->side][b] > 0 && acies_fb_find_rule (st, FB_R_EAGLES, d->side) == NULL)
            continue;
          for (gint i = 0; i < *n; i++)
            seen |= out[i] == b;
          if (!seen)
            out[(*n)++] = b;
        }
    }
  return *n > 0;
}

/* Whether @piece may leave the map from where it stands now (5.26 and the
 * exclusive rules): an exit area of its side, CAR 3.11's edges, or an off-
 * map march (MET 3.2, MUN 3.4). */
static gboolean
may_exit (const FbState *s,
          gint           piece)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint cell = s->p[piece].cell;
  gboolean edge = (st->cell_bits[cell] & FB_C_EDGE) != 0;

  /* Most hexes are neither in an exit area nor on an edge. */
  if (!edge && !(st->area_bits[cell] & st->exit_areas[d->side]))
    return FALSE;
  if (!acies_fb_may_move (s, piece) || s->p[piece].mp_spent + 1 > acies_fb_ma (s, piece, s->p[piece].charging))
    return FALSE;
  if (s->zoc[1 - d->side][0][cell] > 0 && !(s->p[piece].move_start < 0 && acies_fb_can_disengage (s, piece)))
    return FALSE;
  if (st->area_bits[cell] & st->exit_areas[d->side])
    return TRUE;                                                      /* an exit area */
  if (!edge)
    return FALSE;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_EDGE_EXIT && (rule->side < 0 || rule->side == d->side)
          && (acies_fb_rule_concerns (s, rule, piece) || (piece >= st->n_combat && rule->side == d->side)))
        return TRUE;                                                  /* CAR 3.11 */
      if (rule->kind == FB_R_OFF_MAP_MARCH && rule->turn == (gint) s->base.turn
          && (acies_fb_rule_concerns (s, rule, piece)
              || (piece >= st->n_combat && (rule->side < 0 || rule->side == d->side))))
        {
          gint gone = 0;

          for (gint i = 0; i < st->n_pieces; i++)
            if (i < st->n_combat && s->p[i].where == FB_AT_OFFMAP && acies_fb_rule_concerns (s, rule, i))
              gone++;
          if (rule->value2 == 0 || gone < rule->value2 || piece >= st->n_combat)
            return TRUE;                                              /* MET 3.2, MUN 3.4 */
        }
    }
  return FALSE;
}

/* The entry hexes of a waiting or off-map piece this turn, or -1 when it
 * may not enter: a reinforcement's area (10.0), a box (ADR 3.0), an off-
 * map march's entry (MET 3.2, MUN 3.4), its own edge (CAR 3.11), a
 * scheduled placement (CAN 3.0).  *@mp is what entering costs (1 MP
 * by 5.26's reading for MET, the box's cost at Adrianople, nothing for a
 * placement), *@zoc_ok whether the hex may be in enemy ZOC. */
static gint
entry_of (const FbState *s,
          gint           piece,
          gint          *edge,
          gint          *mp,
          gboolean      *zoc_ok)
{
  const FbStatic *st = s->st;
  AciesScenario *sc = st->scenario;
  const FbPiece *p = &s->p[piece];
  const char *id = piece < st->n_combat ? ((AciesUnit *) g_ptr_array_index (sc->units, piece))->id
                   : ((AciesLeader *) g_ptr_array_index (sc->leaders, piece - st->n_combat))->id;

  *edge = -1;
  *mp = 0;
  *zoc_ok = TRUE;
  if (st->pieces[piece].side != s->base.active_side)
    return -1;
  if (p->where == FB_AT_WAITING)
    {
      for (gint r = 0; r < st->n_rules; r++)
        if (st->rules[r].kind == FB_R_SCHEDULED_PLACEMENT && st->rules[r].piece == piece)
          return st->rules[r].turn <= (gint) s->base.turn ? st->rules[r].area : -1;
      for (guint r = 0; r < sc->reinforcements->len; r++)
        {
          AciesReinforcement *re = g_ptr_array_index (sc->reinforcements, r);
          gboolean listed = FALSE;

          for (guint k = 0; re->units != NULL && k < re->units->len; k++)
            listed |= g_strcmp0 (g_ptr_array_index (re->units, k), id) == 0;
          if (!listed)
            continue;
          if (re->turn > s->base.turn)
            return -1;
          {
            gint area = -1;

            for (gint a = 0; a < st->n_areas; a++)
              if (g_strcmp0 (st->areas[a].id, re->area) == 0)
                area = a;
            for (gint k = 0; k < st->n_rules; k++)
              if (st->rules[k].kind == FB_R_REINFORCEMENT_BOXES && st->rules[k].area == area)
                *mp = st->rules[k].value;                 /* ADR 3.0 */
            *zoc_ok = FALSE;
            return area;
          }
        }
      return -1;
    }
  if (p->where != FB_AT_OFFMAP)
    return -1;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_OFF_MAP_MARCH && (acies_fb_rule_concerns (s, rule, piece)
                                                || (piece >= st->n_combat && rule->side == st->pieces[piece].side)))
        {
          if ((gint) s->base.turn < rule->turn2 || (rule->value > 0 && !p->eligible))
            return -1;
          *mp = 1;                                        /* MET 3.2 */
          *zoc_ok = (rule->flags & FB_RF_MAY_ENTER_ZOC) != 0;
          return rule->area;
        }
      if (rule->kind == FB_R_EDGE_EXIT && p->exited_edge >= 0)
        {
          /* CAR 3.11: on the next game turn, on the same edge, outside
           * enemy ZOC; the entry hex's cost (ruling A31). */
          if ((gint) s->base.turn <= p->exit_turn)
            return -1;
          *edge = p->exited_edge;
          *zoc_ok = FALSE;
          *mp = -1;
          return -2;
        }
    }
  return -1;
}

static gboolean
entry_cell_ok (const FbState *s,
               gint           piece,
               gint           cell,
               gboolean       zoc_ok)
{
  const FbStatic *st = s->st;
  gint side = st->pieces[piece].side;

  if (enemy_blocks (s, side, TRUE, cell) || acies_fb_cell_prohibited (s, piece, cell)
      || acies_fb_banned (s, piece, cell))
    return FALSE;
  if (!zoc_ok && s->zoc[1 - side][0][cell] > 0)
    return FALSE;
  return may_end_on (s, piece, cell);
}

static void
entries_legal (const FbState *s,
               gint           piece,
               GArray        *out)
{
  const FbStatic *st = s->st;
  gint edge, mp;
  gboolean zoc_ok;
  gint area = entry_of (s, piece, &edge, &mp, &zoc_ok);

  if (area == -1)
    return;
  for (gint c = 0; c < st->n_cells; c++)
    {
      if (area >= 0 ? !acies_fb_in_area (st, area, c) : !acies_fb_on_edge (st, c, edge))
        continue;
      if (entry_cell_ok (s, piece, c, zoc_ok))
        acies_fb_add (out, FB_A_ENTER, s->base.active_side, piece, c, -1);
    }
}

/* FB 11.1, 11.11: whether @piece may try to brush @target aside now. */
static gboolean
brush_ok (const FbState *s,
          gint           piece,
          gint           target)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  const FbPiece *p = &s->p[piece];
  gint from = p->cell, to = s->p[target].cell, dir;

  if (piece >= st->n_combat || d->dot || d->cls == FB_BAGGAGE || d->cls == FB_CAMEL || p->brushed)
    return FALSE;
  if (!acies_fb_may_move (s, piece))
    return FALSE;
  if (target >= st->n_combat || !st->pieces[target].dot || st->pieces[target].side == d->side
      || s->p[target].where != FB_AT_MAP)
    return FALSE;
  dir = acies_fb_dir_to (st, from, to);
  if (dir < 0 || acies_fb_enter_cost (s, piece, from, dir) == FB_INF_COST || acies_fb_banned (s, piece, to))
    return FALSE;
  if (p->mp_spent + acies_fb_enter_cost (s, piece, from, dir) > acies_fb_ma (s, piece, p->charging))
    return FALSE;
  if (p->charging && !(st->cell_bits[to] & FB_C_CHARGE))
    return FALSE;
  /* 11.11: no other enemy ZOC on the mover's hex; the hex itself must be
   * enterable once the skirmisher is gone (enemy baggage, leaders). */
  for (gint k = 0; k < 6; k++)
    {
      gint n = st->nbr[from * 6 + k];
      gint e = n >= 0 ? s->occ[n] : -1;

      if (e >= 0 && e != target && st->pieces[e].side != d->side && acies_fb_zoc_from (s, e, from, FALSE))
        return FALSE;
    }
  if (s->bag[to] >= 0 || s->ldr[1 - d->side][to] > 0)
    return FALSE;
  /* A mover that entered the hex's ZOC by moving (not at its start) may
   * still brush; one that started in another ZOC may not (5.15). */
  return TRUE;
}

/* FB 5.19: a finished move the player may ask to change: the unit's
 * start hex is free, nothing irreversible happened on its way, and it has
 * not asked before this phase. */
static gboolean
change_ok (const FbState *s,
           gint           piece)
{
  const FbPiece *p = &s->p[piece];
  const FbStatic *st = s->st;

  if (p->where != FB_AT_MAP || st->pieces[piece].side != s->base.active_side || !p->moved
      || !p->clean_move || p->consent_asked || p->move_start < 0 || p->cell == p->move_start || p->entered)
    return FALSE;
  if (piece < st->n_combat && st->pieces[piece].cls != FB_BAGGAGE && s->occ[p->move_start] >= 0)
    return FALSE;
  if (piece < st->n_combat && st->pieces[piece].cls == FB_BAGGAGE && s->bag[p->move_start] >= 0)
    return FALSE;
  if (piece >= st->n_combat && s->ldr[st->pieces[piece].side][p->move_start] > 0
      && acies_fb_find_rule (st, FB_R_EAGLES, st->pieces[piece].side) == NULL)
    return FALSE;
  return TRUE;
}

static gboolean
scheduled_pending (const FbState *s)
{
  const FbStatic *st = s->st;

  for (gint r = 0; r < st->n_rules; r++)
    if (st->rules[r].kind == FB_R_SCHEDULED_PLACEMENT && st->rules[r].piece >= 0
        && st->rules[r].turn == (gint) s->base.turn
        && st->pieces[st->rules[r].piece].side == s->base.active_side
        && s->p[st->rules[r].piece].where == FB_AT_WAITING)
      return TRUE;
  return FALSE;
}

/* The moves and charges of @piece (5.0, 9.0): every hex it reaches where
 * it may stop, cells as found (cheapest first). */
static void
unit_moves (const FbState *s,
            gint           i,
            GArray        *out)
{
  const FbPiece *p = &s->p[i];
  gint side = s->base.active_side;
  gint n;
  gboolean charge_too = may_charge (s, i);
  gboolean charging_on = p->move_start >= 0 && p->charging;

  /* destination_ok() may fill the cache for other units (5.32), which
   * moves its array: the cells are fetched afresh every time. */
  reachable (s, i, FALSE, &n);
  for (gint k = 0; k < n; k++)
    {
      gint cell = reach_cell (s, i, FALSE, k);

      if (destination_ok (s, i, cell, charging_on))
        acies_fb_add (out, FB_A_MOVE, side, i, cell, charging_on ? 1 : 0);
    }
  if (charge_too)
    {
      reachable (s, i, TRUE, &n);
      for (gint k = 0; k < n; k++)
        {
          gint cell = reach_cell (s, i, TRUE, k);

          if (destination_ok (s, i, cell, TRUE))
            acies_fb_add (out, FB_A_MOVE, side, i, cell, 1);
        }
    }
}

/* Whether a move of @piece to @to (a charge with @charge) is one of
 * unit_moves()'s. */
static gboolean
move_listed (const FbState *s,
             gint           piece,
             gint           to,
             gboolean       charge)
{
  gboolean charging_on = s->p[piece].move_start >= 0 && s->p[piece].charging;
  gint n;

  for (gint pass = 0; pass < 2; pass++)
    {
      gboolean list_charge = pass == 1;
      gboolean flag = list_charge || charging_on;
      const FbDest *dests;

      if (flag != charge || (list_charge && !may_charge (s, piece)))
        continue;
      dests = reachable (s, piece, list_charge, &n);
      for (gint k = 0; k < n; k++)
        if (dests[k].cell == to)
          return destination_ok (s, piece, to, flag);
    }
  return FALSE;
}

/* Starts a memo of can_make_room() for one listing of @s. */
static RoomMemo *
room_memo_begin (const FbState *s)
{
  RoomMemo *room_memo = room_memo_get ();

  room_memo->state = s;
  if (++room_memo->gen == 0)
    {
      memset (room_memo->stamp, 0, sizeof room_memo->stamp);
      room_memo->gen = 1;
    }
  return room_memo;
}

/* Whether @i is a piece of the phasing side on the map that may act now
 * (5.32: a unit another ended its move on moves first). */
static gboolean
may_act (const FbState *s,
         gint           i)
{
  return s->p[i].where == FB_AT_MAP && s->st->pieces[i].side == s->base.active_side
         && (s->must_move < 0 || i == s->must_move);
}

/* The actions of piece @i in the movement phase: its moves (with
 * @with_moves), brushing aside (11.1), leaving the map (5.26), or asking
 * to change its finished move (5.19). */
static void
piece_actions (const FbState *s,
               gint           i,
               GArray        *out,
               gboolean       with_moves)
{
  const FbStatic *st = s->st;
  const FbPiece *p = &s->p[i];
  gint side = s->base.active_side;

  if (acies_fb_may_move (s, i))
    {
      if (with_moves)
        unit_moves (s, i, out);
      /* 11.1: brush aside an adjacent enemy skirmisher. */
      if (!st->pieces[i].dot && i < st->n_combat && s->near[1 - st->pieces[i].side][p->cell] > 0)
        for (gint k = 0; k < 6; k++)
          {
            gint nb = st->nbr[p->cell * 6 + k];
            gint e = nb >= 0 ? s->occ[nb] : -1;

            if (e >= 0 && brush_ok (s, i, e))
              acies_fb_add (out, FB_A_BRUSH, side, i, e, -1);
          }
      if (may_exit (s, i))
        acies_fb_add (out, FB_A_EXIT, side, i, -1, -1);
    }
  else if (change_ok (s, i))
    acies_fb_add (out, FB_A_CHANGE_MOVE, side, i, -1, -1);
}

/* CAN 4.11: how far @cell lies from map edge @edge, in rows or columns. */
static gint
edge_distance (const FbStatic *st,
               gint            edge,
               gint            cell)
{
  gint c, r;

  acies_board_cell_coords (st->board, cell, &c, &r);
  switch (edge)
    {
    case 0:  return r;
    case 1:  return st->width - c;
    case 2:  return st->height - r;
    default: return c;
    }
}

/**
 * acies_fb_mandatory_short:
 * @s: a state in the movement phase
 * @units: (out caller-allocates) (nullable): where to put the units short
 * @max: the room in @units (0: stop at the first)
 *
 * CAN 4.11, ruling A35: the phasing side's infantry still bound to advance
 * through the movement zone (the rule not lifted, 4.12) that may still move
 * and has a legal move, inside the zone, to a hex nearer the enemy's map
 * edge: it has MP left and is neither blocked nor stopped by a ZOC.
 *
 * Returns: how many there are (at most 1 when @max is 0)
 */
gint
acies_fb_mandatory_short (const FbState *s,
                          gint          *units,
                          gint           max)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side, count = 0;
  gboolean bound = FALSE;

  if (!acies_fb_has_rule (st, FB_R_MANDATORY_MOVEMENT) || s->phase != FB_PH_MOVE)
    return 0;
  for (gint r = 0; r < st->n_rules; r++)
    bound |= st->rules[r].kind == FB_R_MANDATORY_MOVEMENT && !(s->released & (1u << r))
             && (gint) s->base.turn < st->rules[r].turn;
  if (!bound || side < 0 || side > 1)
    return 0;
  for (gint j = 0; j < acies_fb_n_side (st, side, TRUE); j++)
    {
      gint i = st->side_pieces[side][j], n, here;
      gint edge = st->home_edge[1 - side];
      gboolean concerned = FALSE, short_of = FALSE;

      if (st->pieces[i].cls != FB_FOOT || !acies_fb_may_move (s, i) || (s->must_move >= 0 && i != s->must_move))
        continue;
      for (gint r = 0; r < st->n_rules && !concerned; r++)
        concerned = st->rules[r].kind == FB_R_MANDATORY_MOVEMENT && !(s->released & (1u << r))
                    && (gint) s->base.turn < st->rules[r].turn && acies_fb_rule_concerns (s, &st->rules[r], i);
      if (!concerned)
        continue;
      here = edge_distance (st, edge, s->p[i].cell);
      reachable (s, i, FALSE, &n);
      for (gint k = 0; k < n && !short_of; k++)
        {
          gint cell = reach_cell (s, i, FALSE, k);

          /* destination_ok() keeps it in the zone (mandatory_blocks()). */
          short_of = edge_distance (st, edge, cell) < here
                     && destination_ok (s, i, cell, s->p[i].move_start >= 0 && s->p[i].charging);
        }
      if (!short_of)
        continue;
      if (units != NULL && count < max)
        units[count] = i;
      count++;
      if (max == 0)
        break;
    }
  return count;
}

/* The movement phase's actions that belong to no piece on the map:
 * arrivals (10.0), fire on the move (CAR 3.13), the end of the phase. */
static void
other_actions (const FbState *s,
               GArray        *out)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  if (s->must_move >= 0)
    return;
  /* 10.0 and the exclusive rules: pieces coming onto the map. */
  for (gint i = 0; i < st->n_pieces; i++)
    if ((s->p[i].where == FB_AT_WAITING || s->p[i].where == FB_AT_OFFMAP) && st->pieces[i].side == side)
      entries_legal (s, i, out);
  /* CAR 3.13: fire during the move. */
  acies_fb_missile_legal (s, out, TRUE);
  /* CAN 4.11: once the opponent has refused, not while infantry is short. */
  if (acies_fb_stacking_ok (s) && !scheduled_pending (s)
      && (s->end_short != FB_SHORT_REFUSED || acies_fb_mandatory_short (s, NULL, 0) == 0))
    acies_fb_add (out, FB_A_END_PHASE, side, -1, -1, -1);
}

/* The movement phase's actions, or the answer to its interrupts. */
static void
move_legal (const FbState *s,
            GArray        *out)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;
  RoomMemo *room_memo;

  switch (s->step)
    {
    case FB_ST_CONSENT:
      acies_fb_add (out, FB_A_CONSENT, 1 - side, 1, -1, -1);
      acies_fb_add (out, FB_A_CONSENT, 1 - side, 0, -1, -1);
      return;
    case FB_ST_STAND:
      {
        gint cells[36], n;

        acies_fb_add (out, FB_A_STAND, 1 - side, 1, -1, -1);
        if (acies_fb_two_hex_targets (s, s->brush_target, cells, &n))
          acies_fb_add (out, FB_A_STAND, 1 - side, 0, -1, -1);
      }
      return;
    case FB_ST_TWO_HEX:
      {
        gint cells[36], n;

        acies_fb_two_hex_targets (s, s->two_hex_unit, cells, &n);
        for (gint i = 0; i < n; i++)
          acies_fb_add (out, FB_A_TWO_HEX, s->deciding, cells[i], -1, -1);
      }
      return;
    case FB_ST_ESCAPE:
      {
        gint cells[FB_MAX_CELLS];
        gint n = 0;
        const FbPieceDef *d = &st->pieces[s->escape_leader];
        Scratch *sc = scratch ();
        gint16 reach[FB_MAX_CELLS];
        gint count = escape_search (s, s->escape_leader, s->escape_enemy, sc, reach);

        for (gint i = 0; i < count; i++)
          if (scratch_cost (sc, reach[i]) == s->escape_dist && s->occ[reach[i]] >= 0
              && st->pieces[s->occ[reach[i]]].side == d->side && may_end_on (s, s->escape_leader, reach[i]))
            cells[n++] = reach[i];
        for (gint i = 0; i < n; i++)
          acies_fb_add (out, FB_A_ESCAPE, d->side, cells[i], -1, -1);
      }
      return;
    default:
      break;
    }

  room_memo = room_memo_begin (s);
  /* Moves (5.0) and charges (9.0): every unit that may move, every hex it
   * reaches.  Pieces in index order, cells as found (cheapest first).
   * 5.32: a unit another ended its move on moves first. */
  for (gint j = 0; j < acies_fb_n_side (st, side, FALSE); j++)
    if (may_act (s, st->side_pieces[side][j]))
      piece_actions (s, st->side_pieces[side][j], out, TRUE);
  room_memo->state = NULL;
  other_actions (s, out);
}

/**
 * acies_fb_move_legal:
 * @s: a state in the movement phase
 * @out: where to append the legal actions
 *
 * The phasing player's actions in his movement phase (FB 4.0-A), or the
 * answer to an interrupt (5.19 consent, 11.12 stand, 11.13 retreat, 13.1
 * escape).
 */
void
acies_fb_move_legal (const FbState *s,
                     GArray        *out)
{
  move_legal (s, out);
}

/* The @k-th (from 0) piece of @side on the map, in index order. */
static gint
nth_on_map (const FbState *s,
            gint           side,
            gint           k)
{
  for (gint w = 0; w < (FB_MAX_PIECES + 63) / 64; w++)
    {
      guint64 bits = s->on_map[side][w];
      gint n = __builtin_popcountll (bits);

      if (k >= n)
        {
          k -= n;
          continue;
        }
      while (k-- > 0)
        bits &= bits - 1;
      return w * 64 + __builtin_ctzll (bits);
    }
  g_return_val_if_reached (-1);
}

/**
 * acies_fb_move_random:
 * @s: a state in the movement phase
 * @rand: the random source
 * @out: (out): the action drawn
 *
 * A legal action drawn without listing every move: a piece that may move
 * counts once, like each other action; a piece drawn then moves to one of
 * its hexes drawn uniformly (random playouts; the legal actions are the
 * same as acies_fb_move_legal()'s).
 *
 * Returns: %FALSE when there is no legal action
 */
gboolean
acies_fb_move_random (const FbState *s,
                      GRand         *rand,
                      AciesAction   *out)
{
  static GPrivate actions_key = G_PRIVATE_INIT ((GDestroyNotify) g_array_unref);
  static __thread GArray *actions_here = NULL;
  GArray *actions = reusable_array (&actions_key, &actions_here, sizeof (AciesAction));
  gint cands[FB_MAX_PIECES + 1], n_cands = 0;
  gboolean listed = FALSE;
  gint side = s->base.active_side;
  RoomMemo *room_memo;

  if (s->step != FB_ST_NONE)
    {
      move_legal (s, actions);
      if (actions->len == 0)
        return FALSE;
      *out = g_array_index (actions, AciesAction, g_rand_int_range (rand, 0, actions->len));
      return TRUE;
    }
  /* Every piece that may act counts once, the rest of the phase's actions
   * once together (may_act() of the side's pieces, in their order, then
   * -1 for the rest).  The list is written out only when a first draw
   * finds nothing to do; until then the drawn piece is read off the
   * bitmask of the side's pieces on the map (in index order, as
   * side_pieces lists them, acies_fb_static_new()). */
  if (s->must_move >= 0)
    {
      if (may_act (s, s->must_move))
        cands[n_cands++] = s->must_move;
      cands[n_cands++] = -1;
      listed = TRUE;
    }
  else if (side == 0 || side == 1)
    {
      n_cands = s->n_on_map[side] + 1;
    }
  else
    {
      cands[n_cands++] = -1;
      listed = TRUE;
    }
  room_memo = room_memo_begin (s);
  while (n_cands > 0)
    {
      gint k = g_rand_int_range (rand, 0, n_cands);
      gint i = listed ? cands[k] : k < n_cands - 1 ? nth_on_map (s, side, k) : -1;

      acies_fb_array_empty (actions);
      if (i < 0)
        other_actions (s, actions);
      else
        {
          gint n_plain = 0, n_charge = 0;
          gboolean moving = acies_fb_may_move (s, i);
          gboolean charge_too = moving && may_charge (s, i);
          gboolean charging_on = s->p[i].move_start >= 0 && s->p[i].charging;

          piece_actions (s, i, actions, FALSE);
          if (moving)
            {
              reachable (s, i, FALSE, &n_plain);
              if (charge_too)
                reachable (s, i, TRUE, &n_charge);
            }
          /* A destination drawn among all and checked alone (rejection
           * keeps the draw uniform over the legal ones). */
          {
            guint8 refused[2 * FB_MAX_CELLS + 1];
            gint left = n_plain + n_charge + (gint) actions->len;

            memset (refused, 0, n_plain + n_charge + 1);

            while (left > 0)
              {
                gint r = g_rand_int_range (rand, 0, left), m = -1;

                if (r >= left - (gint) actions->len)
                  {
                    *out = g_array_index (actions, AciesAction, r - (left - (gint) actions->len));
                    room_memo->state = NULL;
                    return TRUE;
                  }
                if (left - (gint) actions->len == n_plain + n_charge)
                  m = r;                          /* none refused yet */
                else
                  for (gint j = 0; j < n_plain + n_charge; j++)
                    if (!refused[j] && r-- == 0)
                      {
                        m = j;
                        break;
                      }
                {
                  gboolean charge = m >= n_plain;
                  gint cell = reach_cell (s, i, charge, charge ? m - n_plain : m);

                  if (destination_ok (s, i, cell, charge || charging_on))
                    {
                      acies_action_init (out, FB_A_MOVE, side);
                      for (gint a = 0; a < ACIES_ACTION_MAX_ARGS; a++)
                        out->args[a] = -1;
                      out->args[0] = i;
                      out->args[1] = cell;
                      out->args[2] = charge || charging_on ? 1 : 0;
                      room_memo->state = NULL;
                      return TRUE;
                    }
                  refused[m] = TRUE;
                  left--;
                }
              }
          }
          acies_fb_array_empty (actions);
        }
      if (actions->len > 0)
        {
          *out = g_array_index (actions, AciesAction, g_rand_int_range (rand, 0, actions->len));
          room_memo->state = NULL;
          return TRUE;
        }
      if (!listed)
        {
          gint n = 0;

          for (gint w = 0; w < (FB_MAX_PIECES + 63) / 64; w++)
            for (guint64 bits = s->on_map[side][w]; bits != 0; bits &= bits - 1)
              cands[n++] = w * 64 + __builtin_ctzll (bits);
          cands[n++] = -1;
          g_assert (n == n_cands);
          listed = TRUE;
        }
      cands[k] = cands[--n_cands];
    }
  room_memo->state = NULL;
  return FALSE;
}

/* The path of a move of @piece to @to (FB 5.0, 5.17), from the cached
 * search: the hexes entered, @to first and the start last, in @path (room
 * for every cell); returns their number, 0 when @piece cannot move there. */
static gint
move_path_back (const FbState *s,
                gint           piece,
                gint           to,
                gboolean       charge,
                gint          *path,
                gint          *cost)
{
  gint len = 0, n, at = -1;
  const FbDest *dests;
  gboolean eff = charge, disengage;
  gint budget;

  if (!move_setup (s, piece, &eff, &budget, &disengage))
    return 0;
  dests = reachable (s, piece, charge, &n);
  for (gint k = 0; k < n && at < 0; k++)
    if (dests[k].cell == to)
      at = k;
  if (at < 0 || to == s->p[piece].cell)
    return 0;
  if (cost != NULL)
    *cost = dests[at].cost;
  /* Back along the parents: a cell's parent was reached before it, so it
   * is found looking back from it. */
  path[len++] = to;
  for (gint k = at; len < FB_MAX_CELLS;)
    {
      gint parent = dests[k].parent;

      if (parent < 0 || parent == s->p[piece].cell)
        {
          path[len++] = s->p[piece].cell;
          break;
        }
      while (k > 0 && dests[k].cell != parent)
        k--;
      if (dests[k].cell != parent)
        break;
      path[len++] = parent;
    }
  return len;
}

/* The path of a move (the start and every hex entered) and its MP, from
 * the cached search. */
gboolean
acies_fb_move_path (const FbState *s,
                    gint           piece,
                    gint           to,
                    gboolean       charge,
                    GArray        *cells,
                    gint          *cost)
{
  gint path[FB_MAX_CELLS];
  gint len = move_path_back (s, piece, to, charge, path, cost);
  guint base = cells->len;

  if (len == 0)
    return FALSE;
  g_array_set_size (cells, base + len);
  for (gint i = 0; i < len; i++)
    g_array_index (cells, gint, base + i) = path[len - 1 - i];
  return TRUE;
}

/* Things that happen when @piece enters @cell: camps passed through (MEG
 * 4.2, ruling A25), movement locks released by an enemy entering an area
 * (ZAM 4.13), one-shot objectives (CAN 5.11, ARB 4.21). */
void
acies_fb_visit (FbState   *s,
                gint       piece,
                gint       cell,
                GPtrArray *events)
{
  const FbStatic *st = s->st;
  gint side = st->pieces[piece].side;

  /* Each case below asks for the hex in one of the visit areas. */
  if (piece >= st->n_combat || cell < 0 || !(st->area_bits[cell] & st->visit_areas))
    return;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      switch (rule->kind)
        {
        case FB_V_CAMP_VISIT:
          if (rule->side == side && acies_fb_in_area (st, rule->area, cell) && !(s->visited[cell] & (1 << side)))
            {
              s->visited[cell] |= 1 << side;
              /* TRANSLATORS: a line of the game log (MEG 4.2). Slots in order: %s: a side's name;
               * %s: a hex or square label; %d: victory points. */
              acies_events_add (events, "camp", "MEG 4.2", side, _("%s pass through the camp at %s (%d VP at the end)"),
                                acies_fb_side_name (s, side), acies_fb_cell_label (s, cell), rule->value);
            }
          break;
        case FB_V_OCCUPY:
          if (rule->side == side && (rule->flags & FB_RF_ONCE) && !(s->once_done & (1u << r))
              && acies_fb_in_area (st, rule->area, cell))
            {
              s->once_done |= 1u << r;
              s->objective_h[side] += 2 * rule->value;
              /* TRANSLATORS: a line of the game log (ARB 4.21). Slots in order: %s: a side's name;
               * %s: a hex or square label; %d: victory points. */
              acies_events_add (events, "objective", "ARB 4.21", side, _("%s reach %s: %d VP"),
                                acies_fb_side_name (s, side), acies_fb_cell_label (s, cell), rule->value);
            }
          break;
        case FB_R_MOVEMENT_LOCK:
          if (rule->area2 >= 0 && !(s->released & (1u << r)) && rule->side != side && rule->side >= 0
              && acies_fb_in_area (st, rule->area2, cell))
            {
              s->released |= 1u << r;
              /* TRANSLATORS: a line of the game log (ZAM 4.12). Slots in order: %s: a side's name;
               * %s: a hex or square label. */
              acies_events_add (events, "released", "ZAM 4.12", rule->side, _("%s enter %s: the units held back are released"),
                                acies_fb_side_name (s, side), acies_fb_cell_label (s, cell));
              acies_fb_cache_clear (s);
            }
          break;
        default:
          break;
        }
    }
}

/* FB 5.19: @piece's move is over. */
static void
finish_move (FbState *s,
             gint     piece)
{
  if (piece >= 0)
    {
      s->p[piece].moved = TRUE;
      cache_forget (s, piece);
    }
  if (s->mover == piece)
    s->mover = FB_NONE;
}

/* The unit @piece starts to move (5.19: the earlier mover's move is over). */
static void
begin_move (FbState *s,
            gint     piece,
            gboolean charge)
{
  FbPiece *p = &s->p[piece];
  const FbPieceDef *d = &s->st->pieces[piece];

  if (s->mover >= 0 && s->mover != piece)
    finish_move (s, s->mover);
  s->mover = piece;
  if (p->move_start >= 0)
    return;
  p->move_start = p->cell;
  p->started_in_zoc = s->zoc[1 - d->side][0][p->cell] > 0;
  p->started_adjacent = acies_fb_adjacent_enemy (s, d->side, p->cell);
  p->disengaging = p->started_in_zoc && acies_fb_can_disengage (s, piece);
  p->charging = charge;
  p->clean_move = TRUE;
  if (piece >= s->st->n_combat)
    p->leader_moved = TRUE;                 /* 14.2 */
  else if (d->cls != FB_BAGGAGE)
    s->quota_used++;                        /* ARB 3.3 */
}

static void
move_piece (FbState *s,
            gint     piece,
            gint     to)
{
  acies_fb_lift (s, piece);
  acies_fb_place (s, piece, to);
}

/**
 * acies_fb_lone_leader_entered:
 * @s: the state
 * @leader: a lone leader whose hex an enemy unit entered
 * @enemy: that unit
 * @dice: the dice
 * @events: (nullable): events
 *
 * FB 13.1: both players roll and add the printed MA of their piece; the
 * leader with the equal or higher total escapes toward the nearest
 * friendly unit it may stack with (ruling A17), else it is eliminated.
 * TEU 4.2: a lone eagle is captured.  Sets the escape step when the
 * leader's owner has a choice of equally near hexes.
 */
void
acies_fb_lone_leader_entered (FbState   *s,
                              gint       leader,
                              gint       enemy,
                              AciesDice *dice,
                              GPtrArray *events)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[leader];
  const char *name = acies_fb_name (s, leader);
  guint a, b;
  Scratch *sc;
  gint16 reach[FB_MAX_CELLS];
  gint count, best = G_MAXINT, n_best = 0, only = -1, near_h = G_MAXINT;

  if (d->cls == FB_EAGLE)
    {
      /* TRANSLATORS: a line of the game log (TEU 4.2). Slots in order: %s: a unit's name. */
      acies_events_add (events, "captured", "TEU 4.2", d->side, _("%s is captured"), name);
      acies_fb_eliminate (s, leader, events, "TEU 4.2", FALSE);
      return;
    }
  a = acies_dice_roll_or_abort (dice, 6, 1, "lone leader");
  b = acies_dice_roll_or_abort (dice, 6, 1, "lone leader");
  /* TRANSLATORS: a line of the game log (FB 13.1). Slots in order: %s: a unit's name; %u: a die
   * roll; %d: a number; %d: a number; %u: a die roll; %d: a number; %d: a number. */
  acies_events_add (events, "roll", "FB 13.1", d->side, _("%s rolls %u + MA %d = %d against %u + MA %d = %d"),
                    name, a, d->ma, a + d->ma, b, st->pieces[enemy].ma, b + st->pieces[enemy].ma);
  if (a + d->ma < b + st->pieces[enemy].ma)
    {
      acies_fb_eliminate (s, leader, events, "FB 13.1", FALSE);
      return;
    }
  sc = scratch ();
  count = escape_search (s, leader, enemy, sc, reach);
  for (gint i = 0; i < count; i++)
    {
      gint c = reach[i];

      if (s->occ[c] >= 0 && st->pieces[s->occ[c]].side == d->side && may_end_on (s, leader, c))
        {
          if (scratch_cost (sc, c) < best)
            {
              best = scratch_cost (sc, c);
              n_best = 0;
            }
          if (scratch_cost (sc, c) == best)
            {
              n_best++;
              only = c;
            }
        }
    }
  if (n_best == 0 && !st->opt.lone_leader_must_reach)
    {
      /* Ruling A17 "toward": as close as it gets to a friendly unit. */
      for (gint i = 0; i < count; i++)
        for (gint u = 0; u < st->n_combat; u++)
          if (s->p[u].where == FB_AT_MAP && st->pieces[u].side == d->side && may_end_on (s, leader, reach[i]))
            {
              gint h = acies_fb_distance (st, reach[i], s->p[u].cell);

              if (h < near_h)
                {
                  near_h = h;
                  only = reach[i];
                  n_best = 1;
                }
            }
    }
  if (n_best == 0)
    {
      /* TRANSLATORS: a line of the game log (FB 13.1). Slots in order: %s: a unit's name. */
      acies_events_add (events, "trapped", "FB 13.1", d->side, _("%s cannot reach a friendly unit"), name);
      acies_fb_eliminate (s, leader, events, "FB 13.1", FALSE);
      return;
    }
  if (n_best == 1)
    {
      move_piece (s, leader, only);
      /* TRANSLATORS: a line of the game log (FB 13.1). Slots in order: %s: a unit's name; %s: a hex
       * or square label. */
      acies_events_add (events, "escape", "FB 13.1", d->side, _("%s escapes to %s"), name,
                        acies_fb_cell_label (s, only));
      acies_fb_cache_clear (s);
      return;
    }
  s->escape_leader = leader;
  s->escape_enemy = enemy;
  s->escape_dist = best;
  s->step = FB_ST_ESCAPE;
  s->deciding = d->side;
}

/* 13.1 for every lone enemy leader on @cell, entered by @unit. */
static void
enter_leaders (FbState   *s,
               gint       unit,
               gint       cell,
               AciesDice *dice,
               GPtrArray *events)
{
  gint side = s->st->pieces[unit].side;
  gint leaders[8];
  gint n = acies_fb_leaders_at (s, cell, leaders, 8);

  for (gint i = 0; i < n && s->step == FB_ST_NONE; i++)
    if (s->st->pieces[leaders[i]].side != side && s->p[leaders[i]].where == FB_AT_MAP)
      {
        s->p[unit].clean_move = FALSE;
        acies_fb_lone_leader_entered (s, leaders[i], unit, dice, events);
        acies_fb_cache_clear (s);
      }
}

/* ZAM 4.11: elephants that did not enter a Roman ZOC on turn 1 run amok. */
static void
elephants_engage (FbState   *s,
                  GPtrArray *events)
{
  const FbStatic *st = s->st;
  const FbRule *rule = acies_fb_find_rule (st, FB_R_ELEPHANTS_MUST_ENGAGE, s->base.active_side);

  if (rule == NULL || s->base.turn != 1 || (rule->side >= 0 && rule->side != s->base.active_side))
    return;
  for (gint i = 0; i < st->n_combat; i++)
    if (s->p[i].where == FB_AT_MAP && st->pieces[i].side == s->base.active_side
        && st->pieces[i].cls == FB_ELEPHANT && s->zoc[1 - s->base.active_side][0][s->p[i].cell] == 0)
      {
        const char *name = acies_fb_name (s, i);

        /* TRANSLATORS: a line of the game log (ZAM 4.11). Slots in order: %s: a unit's name. */
        acies_events_add (events, "amok", "ZAM 4.11", s->base.active_side, _("%s did not close with the enemy and runs amok"),
                          name);
        acies_fb_eliminate (s, i, events, "ZAM 4.11", TRUE);
      }
}

/**
 * acies_fb_mandatory_short_names:
 * @s: a state in the movement phase
 *
 * CAN 4.11: the units short of their mandatory advance, for the log, the
 * prompts and the refusal: the first three named, the rest counted
 * ("Legion I-1, Legion I-2, Legion I-3 and 45 other units").
 *
 * Returns: (transfer full): the phrase
 */
char *
acies_fb_mandatory_short_names (const FbState *s)
{
  gint units[FB_MAX_PIECES];
  gint n = acies_fb_mandatory_short (s, units, FB_MAX_PIECES);
  g_autofree const char **names = g_new (const char *, MAX (n, 1));

  for (gint k = 0; k < n; k++)
    names[k] = acies_fb_name (s, units[k]);
  return acies_text_join_units (names, (gsize) n, 3);
}

/* FB 4.0: the movement phase is over (the last move finished, ZAM 4.11). */
static void
end_movement (FbState   *s,
              GPtrArray *events)
{
  if (s->mover >= 0)
    finish_move (s, s->mover);
  elephants_engage (s, events);
}

/**
 * acies_fb_move_apply:
 * @s: a state in the movement phase
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE if @a was applied
 */
gboolean
acies_fb_move_apply (FbState           *s,
                     const AciesAction *a,
                     AciesDice         *dice,
                     GPtrArray         *events,
                     GError           **error)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  switch (a->type)
    {
    case FB_A_MOVE:
      {
        gint piece = a->args[0], to = a->args[1];
        gboolean charge = a->args[2] == 1;
        gint path[FB_MAX_CELLS], len;
        gint cost = 0;
        g_autofree char *name = NULL;

        if (piece < 0 || piece >= st->n_pieces || !acies_fb_may_move (s, piece))
          return acies_fb_refuse (error, _("FB 5.19: that piece may not move now"));
        if (to < 0 || to >= st->n_cells || !move_listed (s, piece, to, charge))
          return acies_fb_refuse (error, _("FB 5.17, 5.32: the unit may not end a move in that hex"));
        if (s->p[piece].move_start < 0)
          begin_move (s, piece, charge);
        else
          begin_move (s, piece, s->p[piece].charging);
        len = move_path_back (s, piece, to, s->p[piece].charging, path, &cost);
        if (len < 2)
          return acies_fb_refuse (error, _("FB 5.17: the unit cannot reach that hex"));
        s->p[piece].mp_spent += cost;
        /* The hexes entered, in order (the path runs back from @to). */
        for (gint k = len - 2; k >= 0; k--)
          acies_fb_visit (s, piece, path[k], events);
        move_piece (s, piece, to);
        cache_forget (s, piece);
        s->must_move = FB_NONE;
        if (piece < st->n_combat && st->pieces[piece].cls != FB_BAGGAGE && s->occ[to] >= 0 && s->occ[to] != piece)
          s->must_move = s->occ[to];                          /* 5.32 */
        if (events != NULL)
          {
            name = acies_fb_piece_name (s, piece);
            acies_events_add (events, "move", s->p[piece].charging ? "FB 9.1" : "FB 5.0", side,
                              /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name;
                               * %s: a hex or square label; %d: a cost. */
                              s->p[piece].charging ? _("%s charges to %s (%d MP)") : /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name; %s: a hex or square label; %d: a cost. */ _("%s moves to %s (%d MP)"),
                              name, acies_fb_cell_label (s, to), cost);
          }
        if (piece < st->n_combat && s->ldr[1 - side][to] > 0)
          enter_leaders (s, piece, to, dice, events);
        return TRUE;
      }

    case FB_A_BRUSH:
      {
        gint piece = a->args[0], target = a->args[1];
        const char *name = acies_fb_name (s, piece);
        const char *other = acies_fb_name (s, target);

        if (!brush_ok (s, piece, target))
          return acies_fb_refuse (error, _("FB 11.11: that unit cannot brush that skirmisher aside"));
        begin_move (s, piece, s->p[piece].move_start >= 0 ? s->p[piece].charging : FALSE);
        s->p[piece].brushed = TRUE;
        s->p[piece].clean_move = FALSE;
        s->brush_mover = piece;
        s->brush_target = target;
        s->step = FB_ST_STAND;
        s->deciding = 1 - side;
        /* TRANSLATORS: a line of the game log (FB 11.1). Slots in order: %s: a unit's name; %s: the
         * other unit's name. */
        acies_events_add (events, "brush", "FB 11.1", side, _("%s tries to brush %s aside"), name, other);
        return TRUE;
      }

    case FB_A_STAND:
      {
        gint piece = s->brush_mover, target = s->brush_target;
        const char *other = acies_fb_name (s, target);

        if (a->args[0] == 1)
          {
            /* 11.12, 11.17: the brush aside fails; the mover stops. */
            s->p[target].stands++;
            /* TRANSLATORS: a line of the game log (FB 11.12). Slots in order: %s: the other unit's
             * name. */
            acies_events_add (events, "stand", "FB 11.12", 1 - side, _("%s stands: the brush aside fails"), other);
            s->step = FB_ST_NONE;
            s->brush_mover = s->brush_target = FB_NONE;
            finish_move (s, piece);
            return TRUE;
          }
        /* 11.13: it retreats two hexes, if it can (else it must stand). */
        {
          gint cells[36], n;

          if (!acies_fb_two_hex_targets (s, target, cells, &n))
            return acies_fb_refuse (error, _("FB 11.13: the skirmisher cannot fall back two hexes and must stand"));
        }
        s->step = FB_ST_TWO_HEX;
        s->two_hex_unit = target;
        s->two_hex_from = s->p[target].cell;
        s->deciding = 1 - side;
        return TRUE;
      }

    case FB_A_TWO_HEX:
      {
        gint target = s->two_hex_unit, from = s->two_hex_from, piece = s->brush_mover;
        gint to = a->args[0], dir;
        const char *other = acies_fb_name (s, target);

        move_piece (s, target, to);
        acies_fb_visit (s, target, to, events);
        /* TRANSLATORS: a line of the game log (FB 11.13). Slots in order: %s: the other unit's
         * name; %s: a hex or square label. */
        acies_events_add (events, "retreat", "FB 11.13", 1 - side, _("%s falls back two hexes to %s"), other,
                          acies_fb_cell_label (s, to));
        s->step = FB_ST_NONE;
        s->two_hex_unit = s->brush_mover = s->brush_target = FB_NONE;
        acies_fb_cache_clear (s);
        /* 11.14: the mover enters the vacated hex and may go on. */
        dir = acies_fb_dir_to (st, s->p[piece].cell, from);
        s->p[piece].mp_spent += acies_fb_enter_cost (s, piece, s->p[piece].cell, dir);
        acies_fb_visit (s, piece, from, events);
        move_piece (s, piece, from);
        s->p[piece].disengaging = FALSE;
        {
          const char *name = acies_fb_name (s, piece);

          /* TRANSLATORS: a line of the game log (FB 11.14). Slots in order: %s: a unit's name; %s:
           * a hex or square label. */
          acies_events_add (events, "move", "FB 11.14", side, _("%s enters %s"), name, acies_fb_cell_label (s, from));
        }
        if (s->ldr[1 - side][from] > 0)
          enter_leaders (s, piece, from, dice, events);
        return TRUE;
      }

    case FB_A_ESCAPE:
      {
        gint leader = s->escape_leader;
        const char *name = acies_fb_name (s, leader);

        move_piece (s, leader, a->args[0]);
        /* TRANSLATORS: a line of the game log (FB 13.1). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "escape", "FB 13.1", st->pieces[leader].side, _("%s escapes to %s"), name,
                          acies_fb_cell_label (s, a->args[0]));
        s->step = FB_ST_NONE;
        s->escape_leader = FB_NONE;
        acies_fb_cache_clear (s);
        return TRUE;
      }

    case FB_A_EXIT:
      {
        gint piece = a->args[0];
        FbPiece *p = &s->p[piece];
        const char *name = acies_fb_name (s, piece);
        gint cell = p->cell, edge = -1;
        gboolean march = FALSE;

        if (!may_exit (s, piece))
          return acies_fb_refuse (error, _("FB 5.26: that piece may not leave the map here"));
        begin_move (s, piece, p->charging);
        p->mp_spent += 1;                                   /* 5.26 */
        for (gint e = 0; e < 4 && edge < 0; e++)
          if (acies_fb_on_edge (st, cell, e))
            edge = e;
        for (gint r = 0; r < st->n_rules; r++)
          if (st->rules[r].kind == FB_R_OFF_MAP_MARCH && st->rules[r].turn == (gint) s->base.turn
              && (acies_fb_rule_concerns (s, &st->rules[r], piece) || piece >= st->n_combat))
            march = TRUE;
        acies_fb_lift (s, piece);
        if (march || acies_fb_has_rule (st, FB_R_EDGE_EXIT))
          {
            gboolean edge_exit = FALSE;

            for (gint r = 0; r < st->n_rules; r++)
              if (st->rules[r].kind == FB_R_EDGE_EXIT && (acies_fb_rule_concerns (s, &st->rules[r], piece)
                                                          || piece >= st->n_combat))
                edge_exit = TRUE;
            if (march || edge_exit)
              {
                p->where = FB_AT_OFFMAP;
                p->exited_edge = (gint8) edge;
                p->exit_turn = (gint8) s->base.turn;
              }
          }
        p->exit_cell = (gint16) cell;
        if (s->must_move == piece)
          s->must_move = FB_NONE;
        if (p->where != FB_AT_OFFMAP)
          p->where = FB_AT_ESCAPED;       /* 5.26: gone for good; exit VP count it at the end */
        finish_move (s, piece);
        /* TRANSLATORS: a line of the game log (FB 5.26). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "exit", "FB 5.26", side, _("%s leaves the map from %s"), name,
                          acies_fb_cell_label (s, cell));
        acies_fb_check_morale (s, events);
        return TRUE;
      }

    case FB_A_ENTER:
      {
        gint piece = a->args[0], to = a->args[1], edge, mp;
        gboolean zoc_ok;
        gint area = entry_of (s, piece, &edge, &mp, &zoc_ok);
        FbPiece *p = &s->p[piece];
        const char *name = acies_fb_name (s, piece);

        if (area == -1 || !entry_cell_ok (s, piece, to, zoc_ok))
          return acies_fb_refuse (error, _("FB 10.0: that piece may not enter there now"));
        if (s->mover >= 0)
          finish_move (s, s->mover);
        if (mp < 0)
          mp = st->cell_mp[st->pieces[piece].type_id >= 0 ? st->pieces[piece].type_id : 0][to];
        acies_fb_place (s, piece, to);
        p->move_start = (gint16) to;
        p->entered = TRUE;
        p->clean_move = FALSE;
        p->mp_spent = (guint8) MIN (mp, 255);
        p->exited_edge = -1;
        s->mover = piece;
        /* MUN 3.4: the first re-entry behind the enemy's lines. */
        for (gint r = 0; r < st->n_rules; r++)
          if (st->rules[r].kind == FB_R_OFF_MAP_MARCH && st->rules[r].value3 != 0 && st->rules[r].side == side
              && (st->rules[r].area2 < 0 || acies_fb_in_area (st, st->rules[r].area2, to))
              && (s->flank_turn == 0 || s->flank_turn == (gint) s->base.turn))
            {
              if (s->flank_turn == 0)
                acies_events_add (events, "flank", "MUN 3.4", side,
                                  /* TRANSLATORS: a line of the game log (MUN 3.4). */
                                  _("Cavalry behind the enemy's lines: this game turn's attacks shift"));
              s->flank_turn = (gint) s->base.turn;
              p->entered = 2;
            }
        acies_fb_visit (s, piece, to, events);
        /* TRANSLATORS: a line of the game log (FB 10.0). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "enter", "FB 10.0", side, _("%s enters the map at %s"), name,
                          acies_fb_cell_label (s, to));
        return TRUE;
      }

    case FB_A_CHANGE_MOVE:
      {
        gint piece = a->args[0];
        const char *name = acies_fb_name (s, piece);

        if (!change_ok (s, piece))
          return acies_fb_refuse (error, _("FB 5.19: that move cannot be changed now"));
        if (s->mover >= 0)
          finish_move (s, s->mover);
        s->p[piece].consent_asked = TRUE;
        s->consent_piece = piece;
        s->step = FB_ST_CONSENT;
        s->deciding = 1 - side;
        /* TRANSLATORS: a line of the game log (FB 5.19). Slots in order: %s: a side's name; %s: a
         * unit's name. */
        acies_events_add (events, "ask", "FB 5.19", side, _("%s ask to change the move of %s"),
                          acies_fb_side_name (s, side), name);
        return TRUE;
      }

    case FB_A_CONSENT:
      if (s->end_short == FB_SHORT_ASKED)
        {
          /* CAN 4.11, ruling A35: the answer to ending the phase short. */
          s->step = FB_ST_NONE;
          if (a->args[0] != 1)
            {
              s->end_short = FB_SHORT_REFUSED;
              /* TRANSLATORS: a line of the game log (CAN 4.11). Slots in order: %s: a side's name; %s:
               * the other side's name. */
              acies_events_add (events, "consent", "CAN 4.11", 1 - side, _("Refused by %s: %s must go on advancing"),
                                acies_fb_side_name (s, 1 - side), acies_fb_side_name (s, side));
              return TRUE;
            }
          s->end_short = FB_SHORT_AGREED;
          /* TRANSLATORS: a line of the game log (CAN 4.11). Slots in order: %s: a side's name. */
          acies_events_add (events, "consent", "CAN 4.11", 1 - side, _("Agreed by %s: the Movement Phase ends"),
                            acies_fb_side_name (s, 1 - side));
          end_movement (s, events);
          return TRUE;
        }
      {
        gint piece = s->consent_piece;
        FbPiece *p = &s->p[piece];
        const char *name = acies_fb_name (s, piece);

        s->step = FB_ST_NONE;
        s->consent_piece = FB_NONE;
        if (a->args[0] != 1)
          {
            /* TRANSLATORS: a line of the game log (FB 5.19). Slots in order: %s: a side's name; %s:
             * a unit's name. */
            acies_events_add (events, "consent", "FB 5.19", 1 - side, _("Refused by %s: %s stays"),
                              acies_fb_side_name (s, 1 - side), name);
            return TRUE;
          }
        move_piece (s, piece, p->move_start);
        p->moved = FALSE;
        p->mp_spent = 0;
        p->move_start = FB_NONE;
        p->charging = p->disengaging = FALSE;
        if (piece < st->n_combat && st->pieces[piece].cls != FB_BAGGAGE && s->quota_used > 0)
          s->quota_used--;
        cache_forget (s, piece);
        /* TRANSLATORS: a line of the game log (FB 5.19). Slots in order: %s: a side's name; %s: a
         * unit's name; %s: a hex or square label. */
        acies_events_add (events, "consent", "FB 5.19", 1 - side, _("Agreed by %s: %s goes back to %s"),
                          acies_fb_side_name (s, 1 - side), name, acies_fb_cell_label (s, p->cell));
        return TRUE;
      }

    case FB_A_END_PHASE:
      if (!acies_fb_stacking_ok (s))
        return acies_fb_refuse (error, _("FB 5.32: two units still share a hex"));
      if (acies_fb_mandatory_short (s, NULL, 0) > 0)
        {
          /* CAN 4.11, ruling A35: ending short needs the opponent's consent,
           * asked once a phase. */
          g_autofree char *names = acies_fb_mandatory_short_names (s);

          if (s->end_short == FB_SHORT_REFUSED)
            {
              g_autofree char *why = g_strdup_printf (_("CAN 4.11: these units must still advance: %s"), names);

              return acies_fb_refuse (error, why);
            }
          s->end_short = FB_SHORT_ASKED;
          s->consent_piece = FB_NONE;
          s->step = FB_ST_CONSENT;
          s->deciding = 1 - side;
          /* TRANSLATORS: a line of the game log (CAN 4.11). Slots in order: %s: a side's name; %s:
           * a list of units' names. */
          acies_events_add (events, "ask", "CAN 4.11", side,
                            _("%s ask to end the Movement Phase with units short of their mandatory advance: %s"),
                            acies_fb_side_name (s, side), names);
          return TRUE;
        }
      end_movement (s, events);
      return TRUE;

    default:
      break;
    }
  return acies_fb_refuse (error, _("That action is not one of the movement phase"));
}
