/* acies-cca-order.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "acies-cca-private.h"

/*
 * Ordering units and leaders with the card played (S5.2, BASE-ORDER,
 * EP-2, ref 1.9, 1.11): a unit takes one order a turn; a leader with a
 * unit moves with it, or is ordered on his own (a detachment, which costs
 * an order) on the cards with a helmet: section cards, Order Mounted
 * Troops and I Am Spartacus, never Leadership cards (ref 1.9).  Rally, I
 * Am Spartacus, orders by dice (SCN Utica 1) and the General's Initiative
 * (EP-1.14) order from dice results, one die at a time.
 */



/* The card slot being resolved: 1 in a standard battle. */
static inline guint8
slot (const AciesCcaState *s)
{
  return s->st->epic ? s->epic_slot + 1 : 1;
}

static inline gint
side_now (const AciesCcaState *s)
{
  return s->base.active_side;
}

/* The sections the current card may order in (its General's in an Epic
 * battle). */
static guint8
card_sections (const AciesCcaState *s)
{
  return s->play.sections;
}

static gint
cell_of (const AciesCcaState *s,
         gint                 index)
{
  if ((guint) index < s->st->n_units)
    return s->units[index].cell;
  return s->leaders[index - (gint) s->st->n_units].cell;
}

static gint
formation_of (const AciesCcaState *s,
              gint                 index)
{
  if ((guint) index < s->st->n_units)
    return s->st->units[index].formation;
  return s->st->leaders[index - (gint) s->st->n_units].formation;
}

/* Whether @index (a unit or a leader) was ordered by the card in @slot. */
static gboolean
ordered_in (const AciesCcaState *s,
            gint                 index,
            guint8               sl)
{
  if ((guint) index < s->st->n_units)
    return s->units[index].ordered == sl;
  return s->leaders[index - (gint) s->st->n_units].ordered == sl;
}

/* What the orders of the card in play are so far, worked out once for a
 * list of candidates. */
typedef struct
{
  gint    slack[8];            /* S3.2: per set of sections, their quotas less the items that can only go there */
  gint    fits[8];             /* per mask of sections: one more item with it fits the quotas; -1 unknown yet
                                * (not bytes: a byte store would make the compiler reload the state in the loops) */
  guint   n_units;             /* units ordered by the card */
  guint8  near[ACIES_CCA_MAX_CELLS];  /* hexes next to the group (the anchor's and the units' hexes) */
  gint    formation;           /* Q25: the command of the first order, or -2 for none yet */
} OrderCtx;

/* With @lean, the quotas' slack only (all a section card's one pass
 * asks); made for each by the compiler. */
G_ALWAYS_INLINE static inline void
order_ctx_as (const AciesCcaState *s,
              OrderCtx            *c,
              const gboolean       lean)
{
  guint8 sl = slot (s);
  gint side = side_now (s);

  const guint8 *q = s->play.quota;
  /* Only the Leadership and group orders look at the hexes next to the
   * group. */
  gboolean group = !lean && (s->play.mode == ACIES_CCA_OM_LEADER || s->play.mode == ACIES_CCA_OM_GROUP);

  /* Items ordered so far, by their mask of sections. */
  gint count[8] = { 0 };

  c->n_units = 0;
  c->formation = -2;
  if (group)
    memset (c->near, 0, s->st->n_cells);
  if (group && s->play.mode == ACIES_CCA_OM_LEADER && s->play.anchor >= 0 && s->leaders[s->play.anchor].cell >= 0)
    for (guint d = 0; d < 6; d++)
      {
        gint n = s->st->nb[s->leaders[s->play.anchor].cell][d];

        if (n >= 0)
          c->near[n] = 1;
      }
  for (guint k = 0; k < s->n_listed; k++)
    {
      gint i = s->listed[k], cell;

      if (!ordered_in (s, i, sl) || (cell = cell_of (s, i)) < 0)
        continue;
      count[acies_cca_sections_of (s, cell, side) & 7]++;
      if (lean)
        continue;
      if (c->formation == -2)
        c->formation = formation_of (s, i);
      if ((guint) i < s->st->n_units)
        {
          c->n_units++;
          for (guint d = 0; d < 6 && group; d++)
            if (s->st->nb[cell][d] >= 0)
              c->near[s->st->nb[cell][d]] = 1;
        }
    }
  /* The items that can only go to a set of sections: those whose mask
   * is a subset of it. */
  {
    const gint *n = count;

    c->slack[0] = 0 - n[0];
    c->slack[1] = q[0] - (n[0] + n[1]);
    c->slack[2] = q[1] - (n[0] + n[2]);
    c->slack[3] = q[0] + q[1] - (n[0] + n[1] + n[2] + n[3]);
    c->slack[4] = q[2] - (n[0] + n[4]);
    c->slack[5] = q[0] + q[2] - (n[0] + n[1] + n[4] + n[5]);
    c->slack[6] = q[1] + q[2] - (n[0] + n[2] + n[4] + n[6]);
    c->slack[7] = q[0] + q[1] + q[2] - (n[0] + n[1] + n[2] + n[3] + n[4] + n[5] + n[6] + n[7]);
  }
  for (guint m = 0; m < 8; m++)
    c->fits[m] = -1;
}

/* What the orders of the card in play are so far (OrderCtx). */
static void
order_ctx (const AciesCcaState *s,
           OrderCtx            *c)
{
  order_ctx_as (s, c, FALSE);
}

/* S3.2, EP-1.5: a quota per section; a hex on a dotted line counts for
 * either section, so the orders fit if the items can be given one
 * section each within the quotas.  By Hall's theorem they fit when, for
 * every set of sections, the items that can only go there are no more
 * than those sections' quotas: @mask added to the orders fits if every
 * set that holds it has a slack of one or more (worked out once per mask). */
G_ALWAYS_INLINE static inline gboolean
sections_allow (OrderCtx *c,
                guint8    mask)
{
  guint m = mask & 7;

  if (c->fits[m] < 0)
    {
      c->fits[m] = TRUE;
      for (guint set = 0; set < 8; set++)
        if ((m & ~set) == 0 && c->slack[set] < 1)
          c->fits[m] = FALSE;
    }
  return c->fits[m];
}
/* may_order_in() for an item known to be a unit or a leader (@leader)
 * under a card of order mode @mode: made once for each by the compiler in
 * orderable(). */
G_ALWAYS_INLINE static inline gboolean
may_order_as (const AciesCcaState *s,
              OrderCtx            *c,
              gint                 index,
              const gboolean       leader,
              const guint          mode)
{
  const AciesCcaPlay *p = &s->play;
  gint side = side_now (s), cell;
  gint l = leader ? index - (gint) s->st->n_units : -1;

  if (leader)
    {
      if (s->st->leaders[l].side != side || s->leaders[l].status != ACIES_CCA_ON
          || s->leaders[l].cell < 0 || s->leaders[l].ordered)
        return FALSE;
    }
  else if (acies_cca_side_of (s, index) != side || !acies_cca_on_board (s, index) || s->units[index].ordered)
    return FALSE;
  if (p->n_ordered >= p->limit)
    return FALSE;
  /* Q25, SCN Valentia: one card orders one command only. */
  if (s->st->one_command[side] && c->formation != -2 && formation_of (s, index) != c->formation)
    return FALSE;
  cell = cell_of (s, index);

  switch (mode)
    {
    case ACIES_CCA_OM_SECTIONS:
      /* Ref 1.9: a leader with a unit may be detached on a section card. */
      if (!(acies_cca_sections_of (s, cell, side) & card_sections (s)))
        return FALSE;
      return sections_allow (c, acies_cca_sections_of (s, cell, side));

    case ACIES_CCA_OM_CLASS:
      if (leader)
        /* Order Mounted Troops orders commanders too (EP-1.16). */
        return p->effect == ACIES_CCA_CARD_MOUNTED;
      if (s->st->epic && !(acies_cca_sections_of (s, cell, side) & card_sections (s)))
        return FALSE;
      return acies_cca_class_matches (s, index, p->cls);

    case ACIES_CCA_OM_LEADER:
      if (p->anchor < 0)
        {
          /* The commander, in a section the card names; or one unit of
           * choice. */
          if (leader)
            return (acies_cca_sections_of (s, cell, side) & card_sections (s)) != 0;
          return TRUE;
        }
      if (leader || c->n_units >= p->limit)
        return FALSE;
      return c->near[cell];

    case ACIES_CCA_OM_GROUP:
      if (leader || !acies_cca_is_foot (s, index))
        return FALSE;
      if (s->st->epic && !(acies_cca_sections_of (s, cell, side) & card_sections (s)))
        return FALSE;
      return c->n_units == 0 || c->near[cell];

    case ACIES_CCA_OM_ANY_ONE:
      if (leader)
        return FALSE;
      if (s->st->epic && !(acies_cca_sections_of (s, cell, side) & card_sections (s)))
        return FALSE;
      return TRUE;

    case ACIES_CCA_OM_DICE:
    case ACIES_CCA_OM_NONE:
    default:
      return FALSE;
    }
}

/* S5.2, EP-2: whether the card in play may order @index (a unit or
 * n_units + a leader) now, with the orders so far in @c. */
G_ALWAYS_INLINE static inline gboolean
may_order_in (const AciesCcaState *s,
              OrderCtx            *c,
              gint                 index)
{
  if (index < 0 || (guint) index >= s->st->n_units + s->st->n_leaders)
    return FALSE;
  return may_order_as (s, c, index, (guint) index >= s->st->n_units, s->play.mode);
}

/**
 * acies_cca_may_order:
 * @s: a state in the ORDER step
 * @index: a unit, or n_units + a leader
 *
 * S5.2, EP-2: whether the card in play may order @index now (see the file
 * comment and acies_cca_card_start()).
 *
 * Returns: %TRUE if it may
 */
gboolean
acies_cca_may_order (const AciesCcaState *s,
                     gint                 index)
{
  OrderCtx c;

  order_ctx (s, &c);
  return may_order_in (s, &c, index);
}

/* The units and leaders the card may still order (defined below). */
static guint orderable (const AciesCcaState *s, gint16 *may, gboolean first_only);

/**
 * acies_cca_orderable:
 * @s: a state in the ORDER step
 * @may: (out caller-allocates): room for ACIES_CCA_MAX_UNITS +
 *   ACIES_CCA_MAX_LEADERS items
 *
 * S5.2, EP-2: the units and leaders (n_units + a leader) of the side in
 * play that the card may still order, in the army's order.
 *
 * Returns: how many
 */
guint
acies_cca_orderable (const AciesCcaState *s,
                     gint16              *may)
{
  return orderable (s, may, FALSE);
}

/* The card's effects on a unit it orders (ref 1.11, EP-1.11, EP-1.16). */
static void
card_flags (AciesCcaState *s,
            gint           u)
{
  AciesCcaUnit *unit = &s->units[u];

  switch (s->play.effect)
    {
    case ACIES_CCA_CARD_DOUBLE_TIME:
      unit->flags |= ACIES_CCA_UF_NO_FIRE;
      break;
    case ACIES_CCA_CARD_MOUNTED_CHARGE:
      /* Ref 1.11: mounted units battle with one die more in close combat
       * (provisional). */
      if (acies_cca_is_mounted (s, u))
        unit->bonus_dice = 1;
      break;
    case ACIES_CCA_CARD_MOVE_FIRE_MOVE:
      unit->flags |= ACIES_CCA_UF_SECOND_MOVE;
      break;
    case ACIES_CCA_CARD_SPARTACUS:
      unit->bonus_dice = 1;
      break;
    default:
      break;
    }
}

/**
 * acies_cca_order:
 * @s: a state in the ORDER step
 * @index: a unit or n_units + a leader that acies_cca_may_order() accepts
 * @events: (nullable): events
 *
 * Orders @index.  A Leadership card's first choice is the commander (his
 * unit with him) or one unit of choice (EP-1.10).
 */
void
acies_cca_order (AciesCcaState *s,
                 gint           index,
                 GPtrArray     *events)
{
  AciesCcaPlay *p = &s->play;
  guint8 sl = slot (s);
  gint side = side_now (s);

  if ((guint) index >= s->st->n_units)
    {
      gint l = index - (gint) s->st->n_units;

      if (p->mode == ACIES_CCA_OM_LEADER && p->anchor < 0)
        {
          gint u = s->leaders[l].unit;

          p->anchor = l;
          /* EP-1.10: his hex's unit is the first of the group; he moves
           * with it (no detachment on Leadership cards, ref 1.9). */
          if (u >= 0 && !s->units[u].ordered)
            {
              acies_cca_set_ordered (s, u, sl);
              s->units[u].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->units[u].cell) : s->seat;
              card_flags (s, u);
              p->n_ordered++;
            }
          else if (u < 0)
            {
              acies_cca_set_ordered (s, (gint) s->st->n_units + l, sl);
              s->leaders[l].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->leaders[l].cell) : s->seat;
            }
        }
      else
        {
          acies_cca_set_ordered (s, (gint) s->st->n_units + l, sl);
          s->leaders[l].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->leaders[l].cell) : s->seat;
          p->n_ordered++;
        }
      if (events != NULL)
        {
          g_autofree char *name = acies_cca_leader_words (s, l);

          /* TRANSLATORS: a line of the game log (CCA S5.2). Slots in order: %s: a unit's name. */
          acies_events_add (events, "order", "CCA S5.2", side, _("%s is ordered"), name);
        }
      return;
    }

  if (p->mode == ACIES_CCA_OM_LEADER && p->anchor < 0)
    {
      gint l = acies_cca_leader_with (s, index);

      if (l >= 0 && (acies_cca_sections_of (s, s->units[index].cell, side) & card_sections (s)))
        p->anchor = l;
      else
        {
          /* One unit of choice: the whole card. */
          p->mode = ACIES_CCA_OM_ANY_ONE;
          p->limit = 1;
        }
    }
  acies_cca_set_ordered (s, index, sl);
  s->units[index].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->units[index].cell) : s->seat;
  card_flags (s, index);
  p->n_ordered++;
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, index);

      /* TRANSLATORS: a line of the game log (CCA S5.2). Slots in order: %s: a unit's name. */
      acies_events_add (events, "order", "CCA S5.2", side, _("%s is ordered"), name);
    }
}

/* The items of the side in play that may_order_in() accepts under a
 * card of order mode @mode, in the army's order (its units, then its
 * leaders), into @may (the first only with @first_only); made once for
 * each mode by the compiler. */
G_ALWAYS_INLINE static inline guint
orderable_as (const AciesCcaState *s,
              OrderCtx            *c,
              gint16              *may,
              gboolean             first_only,
              const guint          mode)
{
  const AciesCcaStatic *st = s->st;
  gint side = side_now (s);
  const gint16 *items = st->items_of[side];
  guint n_items = st->n_items_of[side], n_units_of = st->n_units_of[side], n = 0;

  for (guint k = 0; k < n_units_of; k++)
    if (may_order_as (s, c, items[k], FALSE, mode))
      {
        may[n++] = items[k];
        if (first_only)
          return n;
      }
  for (guint k = n_units_of; k < n_items; k++)
    if (may_order_as (s, c, items[k], TRUE, mode))
      {
        may[n++] = items[k];
        if (first_only)
          return n;
      }
  return n;
}

/* orderable() for a section card (@by_class FALSE) or a troop card
 * (TRUE) when one card may order several commands: made once for each by
 * the compiler.  S3.2, ref 1.9: an item of the side, on the board and not
 * yet ordered, in a section of the card whose quotas still fit it; for a
 * troop card, a unit of its class (in the General's sections in an Epic
 * battle), a commander for Order Mounted Troops (EP-1.16). */
G_ALWAYS_INLINE static inline guint
orderable_fast (const AciesCcaState *s,
                gint16              *may,
                gboolean             first_only,
                const gboolean       by_class)
{
  const AciesCcaStatic *st = s->st;
  gint side = side_now (s);
  const gint16 *items = st->items_of[side];
  guint n_items = st->n_items_of[side], n = 0;
  guint8 sections = card_sections (s);
  const guint8 class_bit = s->play.cls < 8 ? 1u << s->play.cls : 0;
  const guint n_units_of = st->n_units_of[side];
  const guint8 *section = st->side_section[side];
  OrderCtx c;

  /* Only a section card looks at the quotas (the context's slack);
   * a troop card needs no context (issue 16: one pass less). */
  if (!by_class)
    order_ctx_as (s, &c, TRUE);
  /* The army's units come first in its list, then its leaders. */
  for (guint k = 0; k < n_units_of; k++)
    {
      gint i = items[k];
      const AciesCcaUnit *u = &s->units[i];
      guint8 m;

      if (u->ordered || u->status != ACIES_CCA_ON || u->cell < 0)
        continue;
      m = section[u->cell];
      if (by_class)
        {
          if ((st->epic && !(m & sections)) || !(st->class_bits[i] & class_bit))
            continue;
        }
      else if (!(m & sections) || !sections_allow (&c, m))
        continue;
      may[n++] = (gint16) i;
      if (first_only)
        return n;
    }
  /* Order Mounted Troops orders commanders too (EP-1.16); the other
   * troop cards none. */
  if (by_class && s->play.effect != ACIES_CCA_CARD_MOUNTED)
    return n;
  for (guint k = n_units_of; k < n_items; k++)
    {
      gint i = items[k];
      const AciesCcaLeader *L = &s->leaders[i - (gint) st->n_units];
      guint8 m;

      if (L->ordered || L->status != ACIES_CCA_ON || L->cell < 0)
        continue;
      m = section[L->cell];
      if (!by_class && (!(m & sections) || !sections_allow (&c, m)))
        continue;
      may[n++] = (gint16) i;
      if (first_only)
        return n;
    }
  return n;
}

/* The units and leaders of the side in play the card may still order,
 * in the army's order, into @may (the first only with @first_only);
 * returns how many (may_order_in() for each, with the common case of a
 * section card worked out in one pass). */
static guint
orderable (const AciesCcaState *s,
           gint16              *may,
           gboolean             first_only)
{
  OrderCtx c;

  if (s->play.n_ordered >= s->play.limit)
    return 0;
  if ((s->play.mode == ACIES_CCA_OM_SECTIONS || s->play.mode == ACIES_CCA_OM_CLASS)
      && !s->st->one_command[side_now (s)])
    {
      if (s->play.mode == ACIES_CCA_OM_CLASS)
        return orderable_fast (s, may, first_only, TRUE);
      return orderable_fast (s, may, first_only, FALSE);
    }
  order_ctx (s, &c);
  switch (s->play.mode)
    {
    case ACIES_CCA_OM_SECTIONS:
      return orderable_as (s, &c, may, first_only, ACIES_CCA_OM_SECTIONS);
    case ACIES_CCA_OM_CLASS:
      return orderable_as (s, &c, may, first_only, ACIES_CCA_OM_CLASS);
    case ACIES_CCA_OM_LEADER:
      return orderable_as (s, &c, may, first_only, ACIES_CCA_OM_LEADER);
    case ACIES_CCA_OM_GROUP:
      return orderable_as (s, &c, may, first_only, ACIES_CCA_OM_GROUP);
    case ACIES_CCA_OM_ANY_ONE:
      return orderable_as (s, &c, may, first_only, ACIES_CCA_OM_ANY_ONE);
    default:
      return 0;
    }
}

/**
 * acies_cca_order_legal:
 * @s: a state in the ORDER step
 * @out: the legal actions to append to
 *
 * The units and leaders the card may still order, and ending the orders.
 */
void
acies_cca_order_legal (const AciesCcaState *s,
                       GArray              *out)
{
  gint side = s->base.deciding_side;
  gint16 may[ACIES_CCA_MAX_UNITS + ACIES_CCA_MAX_LEADERS];
  guint n = orderable (s, may, FALSE);
  AciesAction *a = acies_cca_grow_actions (out, n + 1);

  for (guint k = 0; k < n; k++)
    acies_cca_set_action (&a[k], ACIES_CCA_A_ORDER, side, may[k], -1, -1);
  acies_cca_set_action (&a[n], ACIES_CCA_A_ORDER_DONE, side, -1, -1, -1);
}

/**
 * acies_cca_order_finished:
 * @s: a state in the ORDER step
 *
 * Returns: whether the card can order nobody more
 */
gboolean
acies_cca_order_finished (const AciesCcaState *s)
{
  gint16 may[1];

  return orderable (s, may, TRUE) == 0;
}

/* Dice orders ---------------------------------------------------------- */

/* Ref 1.11 Rally: a unit that may get a block back from @sym: of that
 * class (a helmet: any), not an elephant or a chariot, short of its
 * blocks, in or next to a friendly leader's hex. */
static gboolean
rally_target (const AciesCcaState *s,
              gint                 u,
              AciesCcaSymbol       sym)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);

  if (!acies_cca_on_board (s, u) || acies_cca_side_of (s, u) != side_now (s))
    return FALSE;
  if (p->kind == ACIES_CCA_KIND_ELEPHANT || p->kind == ACIES_CCA_KIND_CHARIOT)
    return FALSE;
  if (s->units[u].blocks >= s->st->units[u].blocks0 && s->units[u].blocks >= p->blocks)
    return FALSE;
  if (sym != ACIES_CCA_SYM_HELMET && !acies_cca_symbol_is_class (sym, p->cls))
    return FALSE;
  return acies_cca_leader_near (s, u);
}

/* Whether a General's Initiative may touch @cell (EP-1.14: his section). */
static gboolean
initiative_cell (const AciesCcaState *s,
                 gint                 cell)
{
  gint g = acies_cca_seat_general (s->seat);

  if (g < 0)
    return TRUE;
  return (acies_cca_sections_of (s, cell, side_now (s)) & (1 << g)) != 0;
}

/* Whether @index may take the current die, of kind @kind (the
 * pending_kind; inlined in the loops over the units and leaders, made by
 * the compiler for each kind). */
G_ALWAYS_INLINE static inline gboolean
die_target_as (const AciesCcaState *s,
               gint                 index,
               const guint          kind)
{
  AciesCcaSymbol sym = s->pending[0];
  gint side = side_now (s);
  gboolean leader = (guint) index >= s->st->n_units;

  if (leader)
    {
      gint l = index - (gint) s->st->n_units;

      if (s->st->leaders[l].side != side || s->leaders[l].status != ACIES_CCA_ON || s->leaders[l].cell < 0
          || s->leaders[l].ordered || sym != ACIES_CCA_SYM_HELMET)
        return FALSE;
      if (kind == 2 && !initiative_cell (s, s->leaders[l].cell))
        return FALSE;
      return kind != 0;
    }

  switch (kind)
    {
    case 0:
      return rally_target (s, index, sym);
    case 1:
    case 2:
      /* SCN Utica 1, EP-1.14. */
      if (!acies_cca_on_board (s, index))
        return FALSE;
      if (sym == ACIES_CCA_SYM_SWORDS && kind == 1 && s->st->opt.dice_orders_enemy_swords)
        return acies_cca_side_of (s, index) != side;
      if (acies_cca_side_of (s, index) != side)
        return FALSE;
      if (kind == 2 && !initiative_cell (s, s->units[index].cell))
        return FALSE;
      if (sym == ACIES_CCA_SYM_FLAG || sym == ACIES_CCA_SYM_SWORDS)
        return TRUE;
      if (s->units[index].ordered)
        return FALSE;
      if (sym == ACIES_CCA_SYM_HELMET)
        /* Utica: the commander and his unit; the Initiative: any unit. */
        return kind == 2;
      return acies_cca_symbol_is_class (sym, acies_cca_prof (s, index)->cls);
    case 3:
      /* EP-1.16 I Am Spartacus: a unit of the symbol's class. */
      if (!acies_cca_on_board (s, index) || acies_cca_side_of (s, index) != side || s->units[index].ordered)
        return FALSE;
      return acies_cca_symbol_is_class (sym, acies_cca_prof (s, index)->cls);
    default:
      return FALSE;
    }
}

/* The units and leaders that may take the current die, in index order:
 * those of the side in play (its list: its units, then its leaders, each
 * in index order), or every one when crossed swords may fall on an enemy
 * unit (Q17).  Returns how many are in @items. */
static guint
die_candidates (const AciesCcaState  *s,
                const gint16        **items)
{
  if (s->pending[0] == ACIES_CCA_SYM_SWORDS && s->pending_kind == 1 && s->st->opt.dice_orders_enemy_swords)
    {
      *items = NULL;
      return s->st->n_units + s->st->n_leaders;
    }
  *items = s->st->items_of[side_now (s)];
  return s->st->n_items_of[side_now (s)];
}

/* The units and leaders that may take the current die, in index order,
 * into @takers (the first only with @first_only); returns how many. */
G_ALWAYS_INLINE static inline guint
die_takers_as (const AciesCcaState *s,
               gint16              *takers,
               gboolean             first_only,
               const guint          kind)
{
  const gint16 *items;
  guint n_items = die_candidates (s, &items), n = 0;

  for (guint k = 0; k < n_items; k++)
    {
      gint i = items != NULL ? items[k] : (gint) k;

      if (die_target_as (s, i, kind))
        {
          takers[n++] = (gint16) i;
          if (first_only)
            return n;
        }
    }
  return n;
}

/* die_takers_as() for the kind of the dice waiting (Rally, orders by
 * dice, Initiative, I Am Spartacus). */
static guint
die_takers (const AciesCcaState *s,
            gint16              *takers,
            gboolean             first_only)
{
  switch (s->pending_kind)
    {
    case 0:
      return die_takers_as (s, takers, first_only, 0);
    case 1:
      return die_takers_as (s, takers, first_only, 1);
    case 2:
      return die_takers_as (s, takers, first_only, 2);
    case 3:
      return die_takers_as (s, takers, first_only, 3);
    default:
      return die_takers_as (s, takers, first_only, s->pending_kind);
    }
}

static gboolean
die_has_target (const AciesCcaState *s)
{
  gint16 taker[1];

  return die_takers (s, taker, TRUE) > 0;
}

/**
 * acies_cca_dice_legal:
 * @s: a state in the DICE_ORDER step
 * @out: the legal actions to append to
 *
 * Who may take the first die waiting; a die that orders may be left
 * unused, a flag or swords must be taken (SCN Utica 1, EP-1.14).
 */
void
acies_cca_dice_legal (const AciesCcaState *s,
                      GArray              *out)
{
  gint side = s->base.deciding_side;
  AciesCcaSymbol sym = s->pending[0];

  gint16 takers[ACIES_CCA_MAX_UNITS + ACIES_CCA_MAX_LEADERS];
  guint n = die_takers (s, takers, FALSE);
  AciesAction *a;

  a = acies_cca_grow_actions (out, n);
  for (guint k = 0; k < n; k++)
    acies_cca_set_action (&a[k], ACIES_CCA_A_USE_DIE, side, takers[k], -1, -1);
  if (!(sym == ACIES_CCA_SYM_FLAG || sym == ACIES_CCA_SYM_SWORDS) || out->len == 0)
    acies_cca_add_action (out, ACIES_CCA_A_USE_DIE, side, -1, -1, -1);
}

/* Drops the dice nobody can take (their result has no effect). */
static void
drop_unusable (AciesCcaState *s,
               GPtrArray     *events)
{
  while (s->n_pending > 0 && !die_has_target (s))
    {
      /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit symbol's name. */
      acies_events_add (events, "die", NULL, side_now (s), _("The %s orders nobody"),
                        acies_cca_symbol_name (s->pending[0]));
      memmove (s->pending, s->pending + 1, s->n_pending - 1);
      s->n_pending--;
    }
}

/**
 * acies_cca_dice_pending:
 * @s: a state
 * @events: (nullable): events
 *
 * Returns: whether a die still waits for a player's choice
 */
gboolean
acies_cca_dice_pending (AciesCcaState *s,
                        GPtrArray     *events)
{
  drop_unusable (s, events);
  return s->n_pending > 0;
}

/**
 * acies_cca_use_die:
 * @s: a state in the DICE_ORDER step
 * @index: the unit or leader that takes the first die, or -1
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Ref 1.11 Rally: the unit gets a block back and is ordered.  EP-1.16 I
 * Am Spartacus: the unit or leader is ordered and battles with a die
 * more.  SCN Utica 1 and EP-1.14 Initiative: a symbol orders a unit of
 * its class, a helmet the commander (with his unit) or, for the
 * Initiative, any unit; a flag makes a unit retreat its full move and
 * swords take one of its blocks, and that unit may not battle (Q17, Q29).
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_use_die (AciesCcaState  *s,
                   gint            index,
                   AciesDice      *dice,
                   GPtrArray      *events,
                   GError        **error)
{
  AciesCcaSymbol sym = s->pending[0];
  /* EP-1.14: an Initiative order is the General's own, apart from the
   * cards' orders. */
  guint8 sl = s->pending_kind == 2 ? 10 + MAX (acies_cca_seat_general (s->seat), 0) : slot (s);

  memmove (s->pending, s->pending + 1, s->n_pending - 1);
  s->n_pending--;
  if (index < 0)
    {
      /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit symbol's name. */
      acies_events_add (events, "die", NULL, side_now (s), _("The %s is not used"), acies_cca_symbol_name (sym));
      return TRUE;
    }
  if ((guint) index >= s->st->n_units)
    {
      gint l = index - (gint) s->st->n_units;
      gint u = s->leaders[l].unit;

      acies_cca_set_ordered (s, (gint) s->st->n_units + l, sl);
      s->leaders[l].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->leaders[l].cell) : s->seat;
      /* SCN Utica 1: the commander and his unit. */
      if (s->pending_kind == 1 && u >= 0 && !s->units[u].ordered)
        {
          acies_cca_set_ordered (s, u, sl);
          s->units[u].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->units[u].cell) : s->seat;
        }
      if (events != NULL)
        {
          g_autofree char *name = acies_cca_leader_words (s, l);

          /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit symbol's name; %s: a
           * unit's name. */
          acies_events_add (events, "order", NULL, side_now (s), _("The %s orders %s"),
                            acies_cca_symbol_name (sym), name);
        }
      return TRUE;
    }

  if (s->pending_kind == 0)
    {
      s->units[index].blocks++;
      if (events != NULL)
        {
          g_autofree char *name = acies_cca_unit_words (s, index);

          acies_events_add (events, "rally", "CCA ref 1.11", side_now (s),
                            /* TRANSLATORS: a line of the game log (CCA ref 1.11). Slots in order:
                             * %s: a unit symbol's name; %s: a unit's name; %d: a number. */
                            _("The %s rallies %s: one block back (%d)"), acies_cca_symbol_name (sym), name,
                            s->units[index].blocks);
        }
      if (!s->units[index].ordered)
        {
          acies_cca_set_ordered (s, index, sl);
          s->units[index].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->units[index].cell) : s->seat;
        }
      return TRUE;
    }
  if ((s->pending_kind == 1 || s->pending_kind == 2) && sym == ACIES_CCA_SYM_SWORDS)
    {
      g_autofree char *name = events != NULL ? acies_cca_unit_words (s, index) : NULL;

      acies_events_add (events, "die", s->pending_kind == 1 ? "CCA scenario rule, Utica 1" : "CCA EP-1.14", side_now (s),
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
                        _("The crossed swords take a block from %s"), name);
      s->units[index].flags |= ACIES_CCA_UF_NO_BATTLE;
      acies_cca_lose_blocks (s, index, 1, events, s->pending_kind == 1 ? "CCA scenario rule, Utica 1" : "CCA EP-1.14");
      acies_cca_check_win (s, events);
      return TRUE;
    }
  if ((s->pending_kind == 1 || s->pending_kind == 2) && sym == ACIES_CCA_SYM_FLAG)
    {
      g_autofree char *name = events != NULL ? acies_cca_unit_words (s, index) : NULL;

      acies_events_add (events, "die", s->pending_kind == 1 ? "CCA scenario rule, Utica 1" : "CCA ruling: Initiative flag", side_now (s),
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
                        _("The flag makes %s retreat"), name);
      s->units[index].flags |= ACIES_CCA_UF_NO_BATTLE;
      acies_cca_force_retreat (s, index, acies_cca_prof (s, index)->retreat, dice, events);
      return TRUE;
    }
  acies_cca_set_ordered (s, index, sl);
  s->units[index].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->units[index].cell) : s->seat;
  card_flags (s, index);
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, index);

      /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit symbol's name; %s: a unit's
       * name. */
      acies_events_add (events, "order", NULL, side_now (s), _("The %s orders %s"),
                        acies_cca_symbol_name (sym), name);
    }
  return TRUE;
}

/**
 * acies_cca_after_orders:
 * @s: a state whose orders are given
 * @events: (nullable): events
 *
 * Ref 1.11: a Rally whose dice gave nobody a block, or any card, goes on
 * to the movement of what it ordered.
 */
void
acies_cca_after_orders (AciesCcaState *s,
                        GPtrArray     *events)
{
  guint n = 0;
  guint8 sl = slot (s);

  if (events == NULL)
    return;
  for (guint i = 0; i < s->st->n_units + s->st->n_leaders; i++)
    n += ordered_in (s, i, sl);
  if (n == 0)
    /* TRANSLATORS: a line of the game log (CCA S5.2). */
    acies_events_add (events, "order", "CCA S5.2", side_now (s), _("Nobody is ordered"));
}
