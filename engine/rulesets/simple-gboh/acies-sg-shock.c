/* acies-sg-shock.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * The Shock Combat Phase (SG 7.3–7.7 with 8.x and 10.x): every attack is
 * designated first, then step 1 (Retreat Before Shock and its advance),
 * step 2 (leader casualties) and step 3 (resolution: representatives,
 * modifiers, the roll, Hits, rout checks, retreats, advance or pursuit),
 * the active player choosing the order of step 3.
 */

/* ---- Pieces and attacks ---- */

/**
 * sg_piece_units:
 * @s: a state
 * @p: a piece (a unit index)
 * @out: (out caller-allocates) (array fixed-size=2): the piece's units
 *
 * SG 5.35: the units of a piece, the unit and its stack partner.
 *
 * Returns: how many units @out holds, 1 or 2
 */
guint
sg_piece_units (const SgState *s,
                gint           p,
                gint          *out)
{
  gint q = sg_partner (s, p);

  out[0] = p;
  if (q >= 0)
    {
      out[1] = q;
      return 2;
    }
  return 1;
}

gboolean
sg_attack_has (const SgAttack *a,
               gint            u,
               gboolean        attacker)
{
  const gint16 *list = attacker ? a->att : a->def;
  guint n = attacker ? a->n_att : a->n_def;

  for (guint i = 0; i < n; i++)
    if (list[i] == u)
      return TRUE;
  return FALSE;
}

static gint
attack_of (const SgState *s,
           gint           u,
           gboolean       attacker)
{
  gint p = sg_piece (s, u);

  for (gint k = 0; k < s->n_attacks; k++)
    if (sg_attack_has (&s->attacks[k], p, attacker) || sg_attack_has (&s->attacks[k], u, attacker))
      return k;
  return -1;
}

gint
sg_attack_of_defender (const SgState *s,
                       gint           u)
{
  return attack_of (s, u, FALSE);
}

/* Whether any hex of piece @d lies in the ZOC of @a. */
static gboolean
zoc_holds (const SgState *s,
           gint           a,
           gint           d)
{
  const SgUnit *y = &s->units[d];

  return sg_cell_in_zoc_of (s, a, y->cell) || (y->cell2 >= 0 && sg_cell_in_zoc_of (s, a, y->cell2));
}

/* SG 11.14: every way from @a to @d crosses a fortified hexside. */
static gboolean
across_fortification (const SgState *s,
                      gint           a,
                      gint           d)
{
  const SgUnit *x = &s->units[a], *y = &s->units[d];
  gboolean any = FALSE;

  for (gint i = 0; i < (x->cell2 >= 0 ? 2 : 1); i++)
    for (gint j = 0; j < (y->cell2 >= 0 ? 2 : 1); j++)
      {
        gint ca = i == 0 ? x->cell : x->cell2, cd = j == 0 ? y->cell : y->cell2;
        gint dir = sg_dir_to (s->st, ca, cd);
        gboolean fort = FALSE;

        if (dir < 0 || !sg_cell_in_zoc_of (s, a, cd))
          continue;
        for (guint e = 0; e < s->st->n_edge_features; e++)
          if ((s->st->edges[ca * 6 + dir] & (1u << e)) && s->st->edge_fortified[e])
            fort = TRUE;
        if (!fort)
          return FALSE;
        any = TRUE;
      }
  return any;
}

static gboolean
is_mounted_vs_elephant (const SgState *s,
                        gint           a,
                        gint           d)
{
  SgType ta = sg_def (s, a)->type;

  return (sg_is_cavalry (ta) || ta == SG_T_CH) && sg_def (s, d)->type == SG_T_EL;
}

/* SG 7.31, 10.23, 11.25: may piece @a attack piece @d at all? */
static gboolean
may_attack (const SgState *s,
            gint           a,
            gint           d)
{
  const SgUnit *x = &s->units[a];
  const SgUnitDef *da = sg_def (s, a), *dd = sg_def (s, d);

  if (x->status != SG_U_MAP || !(x->f & SG_UF_ACTIVATED) || (x->f & SG_UF_COLUMN) || sg_piece (s, a) != a)
    return FALSE;
  if (s->units[d].status != SG_U_MAP || sg_piece (s, d) != d || dd->side == da->side)
    return FALSE;
  if (!sg_shock_capable (s, a) && !(sg_is_skirmisher (da->type) && dd->type == SG_T_CH))
    return FALSE;
  if (!zoc_holds (s, a, d))
    return FALSE;
  if (is_mounted_vs_elephant (s, a, d))
    {
      /* 10.23: only from a Flank or Rear hex. */
      if (sg_relation (s, d, x->cell) == 0 || (x->cell2 >= 0 && sg_relation (s, d, x->cell2) == 0))
        return FALSE;
    }
  return TRUE;
}

/* SG 6.23, 7.31, 7.33, 10.23, 11.14: must @a attack, and must @d be
 * attacked, because of this pair? */
static gboolean
obligatory (const SgState *s,
            gint           a,
            gint           d)
{
  const SgUnitDef *da = sg_def (s, a);

  if (!may_attack (s, a, d) || !sg_shock_capable (s, a))
    return FALSE;
  if (sg_is_skirmisher (da->type))
    return FALSE;
  if (is_mounted_vs_elephant (s, a, d))
    return FALSE;
  if (across_fortification (s, a, d))
    return FALSE;
  return TRUE;
}

/* SG 7.34, 7.35: may @a attack @d as things stand; *k gets the attack it
 * joins (-1: a new one). */
static gboolean
designate_ok (const SgState *s,
              gint           a,
              gint           d,
              gint          *k_out)
{
  gint ka, kd;

  if (!may_attack (s, a, d))
    return FALSE;
  ka = (s->units[a].f & SG_UF_ATTACKER) ? attack_of (s, a, TRUE) : -1;
  kd = (s->units[d].f & SG_UF_DEFENDER) ? attack_of (s, d, FALSE) : -1;
  if (ka >= 0 && kd >= 0)
    return FALSE;
  if (kd >= 0)
    {
      const SgAttack *k = &s->attacks[kd];

      if (k->n_att >= SG_MAX_SIDE)
        return FALSE;
      for (guint i = 0; i < k->n_def; i++)
        if (!zoc_holds (s, a, k->def[i]))
          return FALSE;
      *k_out = kd;
      return TRUE;
    }
  if (ka >= 0)
    {
      const SgAttack *k = &s->attacks[ka];

      if (k->n_def >= SG_MAX_SIDE)
        return FALSE;
      for (guint i = 0; i < k->n_att; i++)
        if (!zoc_holds (s, k->att[i], d))
          return FALSE;
      *k_out = ka;
      return TRUE;
    }
  *k_out = -1;
  return s->n_attacks < SG_MAX_ATTACKS;
}

/* The enemy pieces in @a's ZOC (deduplicated). */
static guint
zoc_enemies (const SgState *s,
             gint           a,
             gint          *out)
{
  gint cells[12];
  guint n = sg_zoc_cells (s, a, cells), m = 0;

  for (guint i = 0; i < n; i++)
    {
      gint t = sg_top (s, cells[i]);
      gboolean dup = FALSE;

      if (t < 0 || sg_def (s, t)->side == sg_def (s, a)->side)
        continue;
      t = sg_piece (s, t);
      for (guint j = 0; j < m; j++)
        dup |= out[j] == t;
      if (!dup)
        out[m++] = t;
    }
  return m;
}

static void
designation_legal (const SgState *s,
                   GArray        *out,
                   gboolean       only_unmet,
                   gboolean      *any_unmet)
{
  gint side = s->base.active_side;

  if (any_unmet != NULL)
    *any_unmet = FALSE;
  for (guint a = 0; a < s->n_units; a++)
    {
      gint ds[12], k;
      guint n;

      if (sg_def (s, a)->side != side || !sg_on_map (s, a) || !(s->units[a].f & SG_UF_ACTIVATED)
          || sg_piece (s, a) != (gint) a || !sg_adjacent_enemy (s, a))
        continue;
      n = zoc_enemies (s, a, ds);
      for (guint i = 0; i < n; i++)
        {
          gboolean unmet;

          if (!designate_ok (s, a, ds[i], &k))
            continue;
          unmet = FALSE;
          if (!(s->units[a].f & SG_UF_ATTACKER))
            for (guint j = 0; j < n && !unmet; j++)
              unmet = obligatory (s, a, ds[j]);
          if (!(s->units[ds[i]].f & SG_UF_DEFENDER))
            for (guint b = 0; b < s->n_units && !unmet; b++)
              unmet = sg_def (s, b)->side == side && sg_on_map (s, b) && obligatory (s, b, ds[i]);
          if (unmet && any_unmet != NULL)
            *any_unmet = TRUE;
          if (out != NULL && (!only_unmet || unmet))
            sg_add_action (out, SG_A_DESIGNATE, side, a, ds[i], -1, -1);
        }
    }
}

/* ---- The phase begins ---- */

/**
 * sg_shock_begin:
 * @s: a state at the end of the Movement/Missile Fire Phase
 * @dice: the dice
 * @events: (nullable): events
 *
 * SG 3.2-C, 7.37, 10.14: artillery alone in an enemy ZOC is eliminated,
 * then the active player designates his attacks (or there are none).
 */
void
sg_shock_begin (SgState   *s,
                AciesDice *dice,
                GPtrArray *events)
{
  gint side = s->base.active_side;
  gboolean any = FALSE;

  s->phase = SG_PH_SHOCK;
  s->n_attacks = 0;
  memset (&s->sh, 0, sizeof s->sh);
  s->sh.cur = SG_NONE;
  s->sh.rbs_unit = s->sh.adv_unit = s->sh.advancer = s->sh.face_unit = SG_NONE;
  for (guint u = 0; u < s->n_units; u++)
    {
      SgUnit *x = &s->units[u];

      x->f &= ~(SG_UF_ATTACKER | SG_UF_DEFENDER | SG_UF_RETREATED | SG_UF_WAS_COLUMN);
      if (x->status != SG_U_MAP || sg_def (s, u)->type != SG_T_ART || sg_partner (s, u) >= 0)
        continue;
      /* 7.37: inactive artillery alone in an active unit's ZOC; 10.14:
       * activated artillery alone in an enemy ZOC. */
      if (sg_def (s, u)->side != side)
        {
          gboolean in = FALSE;

          for (guint a = 0; a < s->n_units && !in; a++)
            in = sg_on_map (s, a) && sg_def (s, a)->side == side && (s->units[a].f & SG_UF_ACTIVATED)
                 && sg_cell_in_zoc_of (s, a, x->cell);
          if (in)
            sg_eliminate (s, u, events, "SG 7.37");
        }
      else if ((x->f & SG_UF_ACTIVATED) && sg_unit_in_enemy_zoc (s, u))
        sg_eliminate (s, u, events, "SG 10.14");
    }
  for (guint l = 0; l < s->n_leaders; l++)
    s->leaders[l].f &= ~SG_LF_IN_SHOCK;
  {
    g_autoptr(GArray) tmp = g_array_new (FALSE, FALSE, sizeof (AciesAction));

    designation_legal (s, tmp, FALSE, NULL);
    any = tmp->len > 0;
  }
  if (!any)
    {
      sg_end_pt (s, dice, events);
      return;
    }
  s->step = SG_ST_DESIGNATE;
  sg_sync (s);
}

/* ---- Step 1: Retreat Before Shock (7.41–7.45) ---- */

static gint
max_attacker_ma (const SgState  *s,
                 const SgAttack *a,
                 gboolean       *all_infantry,
                 gboolean       *elephant)
{
  gint ma = 0;

  *all_infantry = TRUE;
  *elephant = FALSE;
  for (guint i = 0; i < a->n_att; i++)
    {
      gint p = a->att[i];

      if (!sg_on_map (s, p))
        continue;
      ma = MAX (ma, sg_ma (s, p));
      *all_infantry &= sg_is_infantry (sg_def (s, p)->type);
      *elephant |= sg_def (s, p)->type == SG_T_EL;
    }
  return ma;
}

/* SG 7.42, SG-A21: whether the hex beyond @from in direction @dir (off
 * the map, perhaps) is farther from the attackers than @from: from the
 * nearest of them (default), or from the first that designated the
 * attack only (the rule's "the moving unit"). */
static gboolean
farther (const SgState  *s,
         const SgAttack *a,
         gint            from,
         gint            dir)
{
  gint near_from = 99, near_c = 99;

  for (guint i = 0; i < (s->st->opt.rbs_first_attacker ? MIN (a->n_att, 1u) : a->n_att); i++)
    {
      gint p = a->att[i], df, dc;
      const SgUnit *x = &s->units[p];

      if (!sg_on_map (s, p))
        continue;
      df = sg_cell_unit_dist (s, from, p);
      dc = sg_beyond_dist (s->st, from, dir, x->cell);
      if (x->cell2 >= 0)
        dc = MIN (dc, sg_beyond_dist (s->st, from, dir, x->cell2));
      near_from = MIN (near_from, df);
      near_c = MIN (near_c, dc);
    }
  return near_c > near_from;
}

/* SG 7.42, 7.43, 11.13: may defender @d retreat one hex in direction
 * @dir with @mp left?  Off the map (a hex beyond the edge) it may, and is
 * eliminated. */
static gboolean
rbs_step_ok (const SgState  *s,
             gint            d,
             const SgAttack *a,
             gint            dir,
             gint            mp)
{
  gint from = s->units[d].cell, c, cost;

  if (from < 0 || mp < 1 || !farther (s, a, from, dir))
    return FALSE;
  c = sg_nb (s->st, from, dir);
  if (c < 0)
    return TRUE;
  if (sg_top (s, c) >= 0)
    return FALSE;
  for (guint e = 0; e < s->st->n_edge_features; e++)
    if ((s->st->edges[from * 6 + dir] & (1u << e)) && s->st->edge_fortified[e])
      return FALSE;                         /* 11.13 */
  cost = sg_enter_cost (s, d, from, c, NULL);
  return cost < SG_MP_PROHIBITED && cost <= mp;
}

static gboolean
rbs_any_step (const SgState  *s,
              gint            d,
              const SgAttack *a,
              gint            mp)
{
  for (gint k = 0; k < 6; k++)
    if (rbs_step_ok (s, d, a, k, mp))
      return TRUE;
  return FALSE;
}

/* SG 7.41, 10.23, 10.55, 11.25, 11.27: may @d retreat before shock? */
static gboolean
rbs_eligible (const SgState  *s,
              gint            d,
              const SgAttack *a)
{
  const SgUnit *y = &s->units[d];
  SgType t = sg_def (s, d)->type;
  gboolean all_inf, el;
  gint ma = max_attacker_ma (s, a, &all_inf, &el);

  if (y->status != SG_U_MAP || y->cell2 >= 0 || sg_partner (s, d) >= 0)
    return FALSE;
  if (!(sg_is_cavalry (t) || sg_is_skirmisher (t) || sg_is_light (t)))
    return FALSE;
  if (y->f & (SG_UF_ZOC_START | SG_UF_NO_RBS | SG_UF_COLUMN))
    return FALSE;
  if (!(sg_ma (s, d) > ma || (sg_is_skirmisher (t) && all_inf)))
    return FALSE;
  return rbs_any_step (s, d, a, (sg_ma (s, d) + 1) / 2);
}

/* SG 10.23: cavalry shocked by an elephant must retreat before shock. */
static gboolean
rbs_forced (const SgState  *s,
            gint            d,
            const SgAttack *a)
{
  gboolean all_inf, el;

  max_attacker_ma (s, a, &all_inf, &el);
  return el && sg_is_cavalry (sg_def (s, d)->type);
}

/**
 * sg_may_retreat_before_shock:
 * @s: a state
 * @k: a designated attack
 * @d: one of its defenders
 *
 * SG 7.41, 10.23: whether @d may (or, cavalry against elephants, must)
 * Retreat Before Shock from attack @k, as things stand (the attack
 * preview names it).
 *
 * Returns: %TRUE if step 1 may take @d out of the attack
 */
gboolean
sg_may_retreat_before_shock (const SgState *s,
                             gint           k,
                             gint           d)
{
  const SgAttack *a = &s->attacks[k];

  return rbs_eligible (s, d, a) || (sg_on_map (s, d) && rbs_forced (s, d, a));
}

static void step3_begin (SgState *s, AciesDice *dice, GPtrArray *events);
static void resolve_run (SgState *s, AciesDice *dice, GPtrArray *events);

/* SG 7.45: a light infantry unit that retreated rolls against its TQ. */
static void
rbs_finish (SgState   *s,
            AciesDice *dice,
            GPtrArray *events)
{
  gint d = s->sh.rbs_unit;

  s->sh.rbs_unit = SG_NONE;
  if (d >= 0 && sg_on_map (s, d) && sg_is_light (sg_def (s, d)->type))
    {
      guint dr = sg_roll (dice, "Retreat");

      /* TRANSLATORS: a line of the game log (SG 7.45). Slots in order: %s: a unit's name; %u: a die
       * roll; %d: a troop quality. */
      acies_events_add (events, "rbs-roll", "SG 7.45", sg_def (s, d)->side, _("%s after its retreat: %u against TQ %d"),
                        sg_unit_name (s, d), dr, sg_tq (s, d));
      if ((gint) dr > sg_tq (s, d))
        sg_add_hits (s, d, 1, SG_NONE, dice, events, "SG 7.45");
    }
}

/* SG 7.44: may piece @p advance after the retreat into @c? */
static gboolean
rbs_advance_ok (const SgState *s,
                gint           p,
                gint           c)
{
  const SgUnit *x = &s->units[p];
  gint dir = sg_dir_to (s->st, x->cell, c), cost, k;
  gboolean first = s->sh.adv_unit < 0;

  if (dir < 0 || x->cell2 >= 0 || x->facing < 0 || sg_top (s, c) >= 0)
    return FALSE;
  k = sg_mod6 (dir - x->facing);
  if ((x->f & SG_UF_COLUMN) ? k != 0 : k > 1)
    return FALSE;
  if (first)
    {
      gboolean vacated = FALSE;

      for (guint i = 0; i < s->sh.n_vacated; i++)
        vacated |= s->sh.vacated[i] == c;
      if (!vacated)
        return FALSE;
    }
  else if (x->f & SG_UF_STOPPED)
    return FALSE;                           /* 7.44: it entered an enemy ZOC */
  cost = sg_enter_cost (s, p, x->cell, c, NULL);
  if (cost >= SG_MP_PROHIBITED || cost > (first ? sg_ma (s, p) / 2 : s->sh.adv_mp))
    return FALSE;
  for (guint u = 0; u < s->n_units; u++)
    if (sg_bit (s->sh.rbs_done, u) && sg_on_map (s, u) && sg_cell_unit_dist (s, c, u) <= 1)
      return FALSE;                         /* never next to the retreated unit */
  return TRUE;
}

static void
rbs_legal (const SgState *s,
           GArray        *out)
{
  const SgAttack *a = &s->attacks[s->sh.rbs_k];

  switch (s->step)
    {
    case SG_ST_RBS:
      for (guint i = 0; i < a->n_def; i++)
        {
          gint d = a->def[i];

          if (sg_bit (s->sh.asked, d) || !rbs_eligible (s, d, a))
            continue;
          sg_add_action (out, SG_A_RBS, sg_def (s, d)->side, d, 1, -1, -1);
          if (!rbs_forced (s, d, a))
            sg_add_action (out, SG_A_RBS, sg_def (s, d)->side, d, 0, -1, -1);
          return;                           /* one defender at a time */
        }
      break;

    case SG_ST_RBS_MOVE:
      for (gint k = 0; k < 6; k++)
        if (rbs_step_ok (s, s->sh.rbs_unit, a, k, s->sh.rbs_mp))
          {
            gint c = sg_nb (s->st, s->units[s->sh.rbs_unit].cell, k);

            /* Off the map: the hex is SG_NONE and the direction says where. */
            sg_add_action (out, SG_A_RBS_STEP, sg_def (s, s->sh.rbs_unit)->side, s->sh.rbs_unit, c,
                           c < 0 ? k : -1, -1);
          }
      break;

    case SG_ST_RBS_ADVANCE:
      for (guint i = 0; i < a->n_att; i++)
        {
          gint p = a->att[i];

          if (!sg_on_map (s, p) || (s->sh.adv_unit >= 0 && s->sh.adv_unit != p))
            continue;
          for (gint k = 0; k < 6; k++)
            {
              gint c = sg_nb (s->st, s->units[p].cell, k);

              if (c >= 0 && rbs_advance_ok (s, p, c))
                sg_add_action (out, SG_A_ADVANCE_STEP, s->base.active_side, p, c, -1, -1);
            }
        }
      sg_add_action (out, SG_A_STOP, s->base.active_side, -1, -1, -1, -1);
      break;

    default:
      break;
    }
}

/* Step 1 for attack after attack; then steps 2 and 3. */
static void
rbs_run (SgState   *s,
         AciesDice *dice,
         GPtrArray *events)
{
  SgShock *sh = &s->sh;

  while (sh->rbs_k < s->n_attacks)
    {
      SgAttack *a = &s->attacks[sh->rbs_k];
      gboolean all = TRUE, some = FALSE;

      if (sh->rbs_unit >= 0)
        {
          g_autoptr(GArray) tmp = g_array_new (FALSE, FALSE, sizeof (AciesAction));

          s->step = SG_ST_RBS_MOVE;
          if (s->units[sh->rbs_unit].status == SG_U_MAP)
            rbs_legal (s, tmp);
          if (tmp->len > 0 && s->units[sh->rbs_unit].status == SG_U_MAP
              && !(s->units[sh->rbs_unit].f & SG_UF_STOPPED))
            {
              sg_sync (s);
              s->base.deciding_side = sg_def (s, sh->rbs_unit)->side;
              return;
            }
          s->units[sh->rbs_unit].f &= ~SG_UF_STOPPED;
          rbs_finish (s, dice, events);
          continue;
        }
      for (guint i = 0; i < a->n_def; i++)
        {
          gint d = a->def[i];

          if (!sg_bit (sh->asked, d) && rbs_eligible (s, d, a))
            {
              s->step = SG_ST_RBS;
              sg_sync (s);
              s->base.deciding_side = sg_def (s, d)->side;
              return;
            }
        }
      for (guint i = 0; i < a->n_def; i++)
        {
          gboolean r = sg_bit (sh->rbs_done, a->def[i]);

          all &= r;
          some |= r;
        }
      if (some && all && !(a->rbs & 4))
        {
          /* 7.44: one attacker may advance, or stop. */
          g_autoptr(GArray) tmp = g_array_new (FALSE, FALSE, sizeof (AciesAction));

          s->step = SG_ST_RBS_ADVANCE;
          rbs_legal (s, tmp);
          if (tmp->len > 1)
            {
              sg_sync (s);
              return;
            }
        }
      a->rbs = (some ? 1 : 0) | (some && all ? 2 : 0) | 4;
      a->state = SG_AS_RBS_DONE;
      sh->rbs_k++;
      sh->n_vacated = 0;
      sh->adv_unit = SG_NONE;
    }
  step3_begin (s, dice, events);
}

/* ---- Step 2: leader casualties (7.46) ---- */

/**
 * sg_leader_in_attack:
 * @s: a state
 * @k: an attack
 * @l: a leader
 *
 * SG 7.46: whether leader @l is on the map stacked with a unit of attack
 * @k, attacker or defender (the leaders whose casualty is checked).
 *
 * Returns: %TRUE if he is
 */
gboolean
sg_leader_in_attack (const SgState *s,
                     gint           k,
                     guint          l)
{
  const SgAttack *a = &s->attacks[k];
  const SgLeader *x = &s->leaders[l];

  if (x->status != SG_L_MAP || x->unit < 0)
    return FALSE;
  for (gint side = 0; side < 2; side++)
    for (guint i = 0; i < (side == 0 ? a->n_att : a->n_def); i++)
      {
        gint p = side == 0 ? a->att[i] : a->def[i], m[2];
        guint n = sg_on_map (s, p) ? sg_piece_units (s, p, m) : 0;

        for (guint j = 0; j < n; j++)
          if (x->unit == m[j])
            return TRUE;
      }
  return FALSE;
}

static void
leader_casualties (SgState   *s,
                   AciesDice *dice,
                   GPtrArray *events)
{
  for (gint k = 0; k < s->n_attacks; k++)
    {
      SgAttack *a = &s->attacks[k];

      if (a->rbs & 2)
        continue;                           /* 7.4: not after Retreat Before Shock */
      for (guint l = 0; l < s->n_leaders; l++)
        {
          guint first;

          if (!sg_leader_in_attack (s, k, l))
            continue;
          first = sg_roll (dice, "Leader casualty");

          if (first != 0)
            acies_events_add (events, "leader-check", "SG 7.46", s->st->leaders[l].side,
                              /* TRANSLATORS: a line of the game log (SG 7.46). Slots in order: %s:
                               * a leader's name; %u: a number. */
                              _("%s, in the Shock, is unhurt (%u: only a 0 threatens him)"), sg_leader_name (s, l), first);
          else
            {
              guint second = sg_roll (dice, "Leader casualty");

              if (second <= 1)
                sg_eliminate_leader (s, l, events, "SG 7.46");
              else
                acies_events_add (events, "leader-safe", "SG 7.46", s->st->leaders[l].side,
                                  /* TRANSLATORS: a line of the game log (SG 7.46). Slots in order:
                                   * %s: a leader's name; %u: a number. */
                                  _("%s escapes harm (0, then %u: only 0 or 1 kills)"), sg_leader_name (s, l), second);
            }
        }
    }
}

/* ---- Step 3: resolution ---- */

static gboolean
attack_open (const SgState *s,
             gint           k)
{
  const SgAttack *a = &s->attacks[k];

  return a->state != SG_AS_RESOLVED && !(a->rbs & 2);
}

static void
resolve_pick (SgState   *s,
              AciesDice *dice,
              GPtrArray *events)
{
  gint open = -1, n = 0;

  for (gint k = 0; k < s->n_attacks; k++)
    if (attack_open (s, k))
      {
        n++;
        if (open < 0)
          open = k;
      }
  if (n == 0)
    {
      /* TRANSLATORS: a line of the game log (SG 3.2). */
      acies_events_add (events, "shock-over", "SG 3.2", s->base.active_side, _("The Shock Combat Phase ends"));
      sg_end_pt (s, dice, events);
      return;
    }
  if (n > 1)
    {
      s->step = SG_ST_RESOLVE;
      sg_sync (s);
      return;
    }
  s->sh.cur = open;
  s->sh.stage = SG_SH_PRE_HITS;
  resolve_run (s, dice, events);
}

static void
step3_begin (SgState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  s->sh.step = 2;
  leader_casualties (s, dice, events);
  s->sh.step = 3;
  s->sh.cur = SG_NONE;
  resolve_pick (s, dice, events);
}

/* An attack's entry @p as a piece now: the unit's stack, or the unit
 * left in its hex when @p (a stack's top) is gone. */
static gint
entry_piece (const SgState *s,
             gint           p)
{
  gint c = SG_NONE;

  if (sg_on_map (s, p))
    return sg_piece (s, p);
  for (guint k = 0; k < s->sh.n_unit_cells; k += 2)
    if (s->sh.unit_cells[k] == p)
      c = s->sh.unit_cells[k + 1];
  for (guint k = 0; c >= 0 && k < s->sh.n_unit_cells; k += 2)
    {
      gint u = s->sh.unit_cells[k];

      if (u != p && s->sh.unit_cells[k + 1] == c && sg_on_map (s, u) && s->units[u].cell == c
          && sg_def (s, u)->side == sg_def (s, p)->side)
        return sg_piece (s, u);
    }
  return SG_NONE;
}

/* The pieces of one side of the current attack still in it. */
static guint
live_pieces (const SgState *s,
             gboolean       attacker,
             gint          *out)
{
  const SgAttack *a = &s->attacks[s->sh.cur];
  guint n = 0;

  for (guint i = 0; i < (attacker ? a->n_att : a->n_def); i++)
    {
      gint p = attacker ? a->att[i] : a->def[i], q;
      gboolean dup = FALSE;

      if (!attacker && sg_bit (s->sh.rbs_done, p))
        continue;
      q = entry_piece (s, p);
      if (q < 0)
        continue;
      for (guint j = 0; j < n; j++)
        dup |= out[j] == q;
      if (!dup)
        out[n++] = q;
    }
  return n;
}

static gboolean
any_shock_capable_defender (const SgState *s)
{
  const SgAttack *a = &s->attacks[s->sh.cur];

  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    {
      gint u = s->sh.unit_cells[i];

      if (sg_def (s, u)->side != sg_def (s, a->att[0])->side && sg_shock_capable (s, u))
        return TRUE;
    }
  return FALSE;
}

/* SG 7.53, SG-A4: the #H a piece takes. */
static gint
hits_for (const SgState *s,
          gint           p,
          gboolean       attacker)
{
  const SgAttack *a = &s->attacks[s->sh.cur];
  gint h = s->sh.res[attacker ? 0 : 1].hits;
  gboolean minus = attacker && !s->sh.any_att_shock;
  gboolean halve = FALSE;

  if (s->units[p].cell2 >= 0)
    {
      /* A two-hex unit against single-hex units only. */
      halve = TRUE;
      for (guint i = 0; i < (attacker ? a->n_def : a->n_att); i++)
        {
          gint q = attacker ? a->def[i] : a->att[i];

          if (sg_on_map (s, q) && s->units[q].cell2 >= 0)
            halve = FALSE;
        }
    }
  if (s->st->opt.minus_then_halve)
    {
      if (minus)
        h -= 1;
      if (halve)
        h = attacker ? (MAX (h, 0) + 1) / 2 : MAX (h, 0) / 2;
    }
  else
    {
      if (halve)
        h = attacker ? (h + 1) / 2 : h / 2;
      if (minus)
        h -= 1;
    }
  return MAX (h, 0);
}

/* Adds a unit and its hexes to the combat's record (8.4, 7.71). */
static void
record_units (SgState *s)
{
  const SgAttack *a = &s->attacks[s->sh.cur];

  s->sh.n_unit_cells = 0;
  for (gint side = 0; side < 2; side++)
    for (guint i = 0; i < (side == 0 ? a->n_att : a->n_def); i++)
      {
        gint p = side == 0 ? a->att[i] : a->def[i], m[2];
        guint n;

        if (!sg_on_map (s, p) || (side == 1 && sg_bit (s->sh.rbs_done, p)))
          continue;
        n = sg_piece_units (s, p, m);
        for (guint j = 0; j < n && s->sh.n_unit_cells + 4u <= G_N_ELEMENTS (s->sh.unit_cells); j++)
          for (gint h = 0; h < 2; h++)
            {
              gint c = h == 0 ? s->units[m[j]].cell : s->units[m[j]].cell2;

              if (c < 0)
                continue;
              s->sh.unit_cells[s->sh.n_unit_cells++] = m[j];
              s->sh.unit_cells[s->sh.n_unit_cells++] = c;
            }
      }
}

/* SG 10.23, 10.55: Hits before the roll. */
static void
pre_hits (SgState   *s,
          AciesDice *dice,
          GPtrArray *events)
{
  SgAttack *a = &s->attacks[s->sh.cur];
  gboolean el_att = FALSE, el_def = FALSE;

  for (guint i = 0; i < a->n_att; i++)
    el_att |= sg_on_map (s, a->att[i]) && sg_def (s, a->att[i])->type == SG_T_EL;
  for (guint i = 0; i < a->n_def; i++)
    el_def |= sg_on_map (s, a->def[i]) && sg_def (s, a->def[i])->type == SG_T_EL;
  if (el_def)
    for (guint i = 0; i < a->n_att; i++)
      {
        SgType t = sg_def (s, a->att[i])->type;

        if (sg_on_map (s, a->att[i]) && (sg_is_cavalry (t) || t == SG_T_CH))
          sg_add_hits (s, a->att[i], 1, SG_NONE, dice, events, t == SG_T_CH ? "SG 10.55" : "SG 10.23");
      }
  if (el_att)
    for (guint i = 0; i < a->n_def; i++)
      {
        SgType t = sg_def (s, a->def[i])->type;

        if (sg_on_map (s, a->def[i]) && !sg_bit (s->sh.rbs_done, a->def[i]) && (sg_is_cavalry (t) || t == SG_T_CH))
          sg_add_hits (s, a->def[i], 1, SG_NONE, dice, events, t == SG_T_CH ? "SG 10.55" : "SG 10.23");
      }
}

/* SG 7.51–7.53: the roll and its Hits. */
static void
roll_shock (SgState   *s,
            AciesDice *dice,
            GPtrArray *events)
{
  SgAttack *a = &s->attacks[s->sh.cur];
  SgShock *sh = &s->sh;
  gint ra = a->rep_att, rd = a->rep_def, drm;
  char b0[48], b1[48];

  drm = sg_shock_drm (s, s->sh.cur, ra, rd, NULL);
  sh->dr = sg_roll (dice, "Shock");
  sh->drm = drm;
  sh->mod_dr = (gint8) CLAMP ((gint) sh->dr + drm, -20, 30);
  sh->res[0] = sg_shock_result (s, sh->mod_dr, TRUE, NULL);
  sh->res[1] = sg_shock_result (s, sh->mod_dr, FALSE, NULL);
  sh->any_att_shock = any_shock_capable_defender (s);
  if (events != NULL)
    {
      g_autofree char *an = sg_ev_unit (s, ra, events), *dn = sg_ev_unit (s, rd, events);

      acies_events_add (events, "shock", "SG 7.51", s->base.active_side,
                        /* TRANSLATORS: a line of the game log (SG 7.51). Slots in order: %s: a
                         * strength; %s: a strength; %u: a number; %+d: a modifier; %d: a modifier;
                         * %s: a combat result; %s: a combat result. */
                        _("%s attacks %s: %u %+d = %d — attacker %s, defender %s"), an, dn, sh->dr, drm, sh->mod_dr,
                        sg_result_text (sh->res[0], b0, sizeof b0), sg_result_text (sh->res[1], b1, sizeof b1));
    }
}

/* Each-unit Hits (SG-C1 default) and elephants' Retreat (10.25). */
static void
apply_hits_each (SgState   *s,
                 AciesDice *dice,
                 GPtrArray *events)
{
  gint pieces[SG_MAX_SIDE];
  const SgAttack *a = &s->attacks[s->sh.cur];

  for (gint side = 0; side < 2; side++)
    {
      guint n = live_pieces (s, side == 0, pieces);
      gint inflictor = side == 0 ? a->rep_def : a->rep_att;

      for (guint i = 0; i < n; i++)
        {
          gint h = hits_for (s, pieces[i], side == 0);

          if (sg_def (s, pieces[i])->type == SG_T_EL && s->sh.res[side].kind == SG_R_RETREAT)
            h += 2;                         /* 10.25 */
          /* 7.53: the log says why the attacker takes fewer Hits than the
           * result it reads ("attacker 1H"). */
          if (events != NULL && side == 0 && !s->sh.any_att_shock && s->sh.res[0].hits > 0)
            {
              g_autofree char *name = sg_ev_unit (s, pieces[i], events);

              /* TRANSLATORS: a line of the game log (SG 7.53); %s: the attacking unit. */
              acies_events_add (events, "hits-fewer", "SG 7.53", sg_def (s, pieces[i])->side,
                                _("%s takes 1 Hit fewer: no defender is Shock capable"), name);
            }
          sg_hit_piece (s, pieces[i], h, inflictor, dice, events, "SG 7.53");
        }
    }
}

static void
queue_retreat (SgState *s,
               gint     p)
{
  if (sg_on_map (s, p))
    sg_set_bit (s->sh.retreat, sg_piece (s, p));
}

/* SG 7.53, 8.4, 10.25, SG-A30: rout checks, routs and retreats. */
static void
rout_checks (SgState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  const SgAttack *a = &s->attacks[s->sh.cur];
  gint pieces[SG_MAX_SIDE];

  for (gint side = 0; side < 2; side++)
    {
      SgResultKind kind = s->sh.res[side].kind;
      guint n = live_pieces (s, side == 0, pieces);
      gint inflictor = side == 0 ? a->rep_def : a->rep_att;

      if (side == 0 && !s->sh.any_att_shock && (kind == SG_R_DR_ROUT || kind == SG_R_DR2_ROUT))
        kind = SG_R_NONE;                   /* 7.53 */
      for (guint i = 0; i < n; i++)
        {
          gint p = pieces[i], bottom = sg_partner (s, p);
          gboolean el = sg_def (s, p)->type == SG_T_EL;

          if (!sg_on_map (s, p))
            continue;
          switch (kind)
            {
            case SG_R_ROUT:
              if (bottom >= 0)
                sg_rout (s, bottom, inflictor, dice, events, "SG 7.53");
              sg_rout (s, p, inflictor, dice, events, "SG 7.53");
              break;

            case SG_R_DR_ROUT:
            case SG_R_DR2_ROUT:
              {
                guint dr = sg_roll (dice, "Rout check");
                gint plus = kind == SG_R_DR2_ROUT ? 2 : 0, tq = sg_tq (s, p);
                g_autofree char *name = sg_ev_unit (s, p, events);

                /* TRANSLATORS: a line of the game log (SG 7.53). Slots in order: %s: a unit's name;
                 * %u: a die roll; %s: plus ? " + 2" : ""; %d: a troop quality. */
                acies_events_add (events, "rout-check", "SG 7.53", sg_def (s, p)->side, _("%s rout check: %u%s against TQ %d"),
                                  name, dr, plus ? " + 2" : "", tq);
                if ((gint) dr + plus > tq)
                  {
                    sg_rout (s, p, inflictor, dice, events, "SG 7.53");
                    if (bottom >= 0 && sg_on_map (s, bottom))
                      queue_retreat (s, bottom);
                  }
                else if (el)
                  sg_add_hits (s, p, 2, inflictor, dice, events, "SG 10.25");
                else
                  queue_retreat (s, p);
                break;
              }

            case SG_R_RETREAT:
              if (!el)
                queue_retreat (s, p);
              break;

            default:
              break;
            }
        }
    }
}

/* The enemies of @p in the current combat (8.3). */
static guint
combat_enemies (const SgState *s,
                gint           p,
                gint16        *out)
{
  guint n = 0;

  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    {
      gint u = s->sh.unit_cells[i];

      if (sg_def (s, u)->side != sg_def (s, p)->side && sg_on_map (s, u))
        out[n++] = u;
    }
  return n;
}

/* The next piece to retreat (defenders first), or SG_NONE. */
static gint
next_retreat (const SgState *s)
{
  gint att_side = s->base.active_side;

  for (gint pass = 0; pass < 2; pass++)
    for (guint u = 0; u < s->n_units; u++)
      if (sg_bit (s->sh.retreat, u) && (sg_def (s, u)->side == att_side) == (pass == 1))
        return u;
  return SG_NONE;
}

static void
do_retreat (SgState   *s,
            gint       p,
            gint       cell,
            AciesDice *dice,
            GPtrArray *events)
{
  sg_clear_bit (s->sh.retreat, p);
  if (!sg_on_map (s, p))
    return;
  if (cell < 0)
    {
      sg_retreat_blocked (s, p, SG_NONE, dice, events);
      return;
    }
  sg_set_bit (s->sh.moved_back, p);
  {
    gint q = sg_partner (s, p);

    if (q >= 0)
      sg_set_bit (s->sh.moved_back, q);
  }
  sg_retreat_to (s, p, cell, dice, events);
}

/* SG 8.4, SG-A10: the routed units the attacker may keep. */
static gboolean
all_routed (const SgState *s)
{
  if (s->sh.n_unit_cells == 0)
    return FALSE;
  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    if (!sg_bit (s->sh.routed, s->sh.unit_cells[i]))
      return FALSE;
  return TRUE;
}

static gboolean
keeper_ok (const SgState *s,
           gint           u)
{
  if (!sg_bit (s->sh.routed, u) || s->units[u].status != SG_U_ELIMINATED || sg_def (s, u)->type == SG_T_EL)
    return FALSE;
  if (s->st->opt.keeper_own_only && sg_def (s, u)->side != s->base.active_side)
    return FALSE;
  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    if (s->sh.unit_cells[i] == u && sg_top (s, s->sh.unit_cells[i + 1]) >= 0)
      return FALSE;
  return TRUE;
}

/* ---- Advance after shock (7.54, 7.6, 7.7) ---- */

static gboolean
vacated (const SgState *s,
         gint           c)
{
  for (guint i = 0; i < s->sh.n_vacated; i++)
    if (s->sh.vacated[i] == c)
      return sg_top (s, c) < 0;
  return FALSE;
}

/* The advances open to piece @p: (cell, cell2) pairs. */
static guint
advance_options (const SgState *s,
                 gint           p,
                 gint          *out)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[p];
  guint n = 0;

  if (x->facing < 0)
    return 0;
  if (x->cell2 < 0)
    {
      gint fr[3];
      guint nf = sg_front_cells (s, p, fr);

      for (guint i = 0; i < nf; i++)
        if (vacated (s, fr[i]) && sg_enter_cost (s, p, x->cell, fr[i], NULL) < SG_MP_PROHIBITED)
          {
            gint dir = sg_dir_to (st, x->cell, fr[i]);
            gboolean fort = FALSE;

            for (guint e = 0; e < st->n_edge_features; e++)
              fort |= (st->edges[x->cell * 6 + dir] & (1u << e)) && st->edge_fortified[e];
            if (fort)
              continue;                     /* 11.13 */
            out[n++] = fr[i];
            out[n++] = SG_NONE;
          }
      return n;
    }
  /* 7.71: a two-hex unit straight ahead (into any vacant hex beside a
   * vacated one) or pivoting. */
  for (gint k = 0; k < 2; k++)
    {
      gint dir = x->facing + k, a = sg_nb (st, x->cell, dir), b = sg_nb (st, x->cell2, dir);

      if (a < 0 || b < 0 || (!vacated (s, a) && !vacated (s, b)))
        continue;
      if ((a != x->cell2 && sg_top (s, a) >= 0) || (b != x->cell && sg_top (s, b) >= 0))
        continue;
      if (sg_enter_cost (s, p, x->cell, a, NULL) >= SG_MP_PROHIBITED
          || sg_enter_cost (s, p, x->cell2, b, NULL) >= SG_MP_PROHIBITED)
        continue;
      out[n++] = a;
      out[n++] = b;
    }
  {
    gint fr[3], c = SG_NONE;
    guint nf = sg_front_cells (s, p, fr);

    for (guint i = 0; i < nf; i++)
      if (sg_dir_to (st, x->cell, fr[i]) >= 0 && sg_dir_to (st, x->cell2, fr[i]) >= 0)
        c = fr[i];
    if (c >= 0 && vacated (s, c))
      {
        out[n++] = x->cell;
        out[n++] = c;
        out[n++] = c;
        out[n++] = x->cell2;
      }
  }
  return n;
}

static void
do_advance (SgState   *s,
            gint       p,
            gint       to,
            gint       to2,
            AciesDice *dice,
            GPtrArray *events)
{
  SgUnit *x = &s->units[p];
  gint m[2], from = x->cell, from2 = x->cell2, f = x->facing;
  guint n = sg_piece_units (s, p, m);
  SgTerrainHits h = SG_HITS_NONE;
  g_autofree char *name = sg_ev_unit (s, p, events);     /* where it stood */

  if (to2 >= 0)
    {
      /* The new facing of a two-hex unit: as before, or after a pivot
       * the one with the old hex behind. */
      if (!sg_two_hex_ok (s->st, to, to2, f))
        for (gint g = 0; g < 6; g++)
          if (sg_two_hex_ok (s->st, to, to2, g))
            {
              gint fr[3];
              guint nf = sg_front_at (s, p, to, to2, g, fr);
              gboolean back = FALSE;

              for (guint i = 0; i < nf; i++)
                back |= fr[i] == from || fr[i] == from2;
              if (!back)
                f = g;
            }
    }
  sg_enter_cost (s, p, from, to == from2 ? to2 : to, &h);
  for (guint i = 0; i < n; i++)
    sg_lift (s, m[i]);
  for (guint i = 0; i < n; i++)
    {
      sg_place (s, m[i], to, to2, FALSE);
      s->units[m[i]].facing = f;
    }
  for (guint i = 0; i < n; i++)
    sg_carry_leaders (s, m[i]);
  sg_set_bit (s->sh.advanced, p);
  for (guint i = 0; i < s->sh.n_vacated; i++)
    if (s->sh.vacated[i] == to || s->sh.vacated[i] == to2)
      s->sh.vacated[i] = SG_NONE;
  if (events != NULL)
    /* TRANSLATORS: a line of the game log (SG 7.71). Slots in order: %s: a unit's name; %s: a hex
     * or square label. */
    acies_events_add (events, "advance", "SG 7.71", sg_def (s, p)->side, _("%s advances to %s"), name,
                      sg_cell_label (s, to2 >= 0 && to == from ? to2 : to));
  /* 7.74: "h" terrain Hits apply, "(h)" do not. */
  if (h == SG_HITS_H)
    for (guint i = 0; i < n; i++)
      sg_add_hits (s, m[i], 1, SG_NONE, dice, events, "SG 7.74");
  s->react.from_cells[0] = from;
  s->react.from_cells[1] = from2;
}

/* SG 7.61, 7.62: all cavalry, a defending cavalry routed: the
 * representative pursues or just advances. */
static gboolean
pursuit (SgState   *s,
         AciesDice *dice,
         GPtrArray *events)
{
  const SgAttack *a = &s->attacks[s->sh.cur];
  gboolean all_cav = TRUE, cav_routed = FALSE;
  gint ra = a->rep_att;
  guint dr;
  gint mod;

  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    {
      gint u = s->sh.unit_cells[i];

      all_cav &= sg_is_cavalry (sg_def (s, u)->type);
      if (sg_def (s, u)->side != s->base.active_side && sg_bit (s->sh.routed, u))
        cav_routed = TRUE;
    }
  if (!all_cav || !cav_routed || ra < 0 || !sg_on_map (s, ra) || sg_bit (s->sh.moved_back, ra))
    return FALSE;
  dr = sg_roll (dice, "Pursuit");
  mod = (gint) dr + s->st->pursuit_drm;
  /* TRANSLATORS: a line of the game log (SG 7.62). Slots in order: %s: a unit's name; %d: a
   * modifier; %d: a troop quality. */
  acies_events_add (events, "pursuit-check", "SG 7.62", s->base.active_side, _("%s pursuit check: %d against TQ %d"),
                    sg_unit_name (s, ra), mod, sg_tq (s, ra));
  if (mod <= sg_tq (s, ra))
    {
      gint opts[16];
      guint n = advance_options (s, ra, opts);

      if (n > 0)
        {
          do_advance (s, ra, opts[0], opts[1], dice, events);
          s->sh.face_unit = s->units[ra].cell2 < 0 ? ra : SG_NONE;
        }
      return TRUE;
    }
  /* Off the map beyond the opponent's Retreat Edge, with its leaders. */
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit == ra)
      {
        s->leaders[l].status = SG_L_PURSUIT;
        s->leaders[l].cell = SG_NONE;
      }
  sg_lift (s, ra);
  s->units[ra].status = SG_U_PURSUIT;
  {
    g_autofree char *enemy = sg_side_people (s, 1 - s->base.active_side, FALSE);

    acies_events_add (events, "pursuit", "SG 7.62", s->base.active_side,
                      /* TRANSLATORS: a line of the game log (SG 7.62). Slots in order: %s: a unit's
                       * name; %s: a side's people ("the Persians"). */
                      _("%s pursues off the map beyond the Retreat Edge of %s"), sg_unit_name (s, ra), enemy);
  }
  return TRUE;
}

/* The next attacker to advance, rep first; SG_NONE when done. */
static gint
next_advancer (const SgState *s)
{
  const SgAttack *a = &s->attacks[s->sh.cur];
  gint opts[16];
  gboolean any_vacated = FALSE;

  for (guint i = 0; i < s->sh.n_vacated; i++)
    any_vacated |= s->sh.vacated[i] >= 0 && sg_top (s, s->sh.vacated[i]) < 0;
  if (!any_vacated)
    return SG_NONE;
  if (a->rep_att >= 0 && sg_on_map (s, a->rep_att) && !sg_bit (s->sh.advanced, a->rep_att)
      && !sg_bit (s->sh.moved_back, a->rep_att) && advance_options (s, a->rep_att, opts) > 0)
    return a->rep_att;
  /* With more vacated hexes than one, the others go too (7.71). */
  if (a->rep_att >= 0 && !sg_bit (s->sh.advanced, a->rep_att) && sg_on_map (s, a->rep_att))
    return SG_NONE;
  for (guint i = 0; i < a->n_att; i++)
    {
      gint p = a->att[i];

      if (sg_on_map (s, p) && !sg_bit (s->sh.advanced, p) && !sg_bit (s->sh.moved_back, p)
          && advance_options (s, p, opts) > 0)
        return p;
    }
  return SG_NONE;
}

/* SG 10.53, 11.25: after the combat. */
static void
after_combat (SgState   *s,
              AciesDice *dice,
              GPtrArray *events)
{
  SgAttack *a = &s->attacks[s->sh.cur];
  gboolean all_routed_def = TRUE, soft = TRUE;

  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    {
      gint u = s->sh.unit_cells[i];
      SgType t = sg_def (s, u)->type;

      if (sg_def (s, u)->side == s->base.active_side)
        continue;
      if (!sg_bit (s->sh.routed, u))
        all_routed_def = FALSE;
      if (!(sg_is_skirmisher (t) || t == SG_T_CH))
        soft = FALSE;
    }
  for (guint i = 0; i < a->n_att; i++)
    if (sg_on_map (s, a->att[i]) && sg_def (s, a->att[i])->type == SG_T_CH && !all_routed_def && !soft)
      sg_eliminate (s, a->att[i], events, "SG 10.53");
  /* 11.25: a unit shocked In Column goes back to its normal formation. */
  for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
    {
      gint u = s->sh.unit_cells[i];
      SgUnit *x = &s->units[u];

      if (!sg_on_map (s, u) || !(x->f & SG_UF_COLUMN) || sg_def (s, u)->side == s->base.active_side)
        continue;
      if (x->cell2 >= 0)
        {
          gint v = sg_mod6 ((x->f & SG_UF_TOP_RIGHT) ? x->facing + 1 : x->facing + 4);

          x->f &= ~(SG_UF_COLUMN | SG_UF_TOP_RIGHT);
          if (!sg_two_hex_ok (s->st, x->cell, x->cell2, v))
            {
              gint c = x->cell, c2 = x->cell2;

              sg_lift (s, u);
              sg_place (s, u, c2, c, FALSE);
            }
          x->facing = v;
        }
      else
        {
          x->f &= ~SG_UF_COLUMN;
          x->facing = x->facing;            /* the vertex to the right of the march */
        }
      acies_events_add (events, "column-broken", "SG 11.25", sg_def (s, u)->side,
                        /* TRANSLATORS: a line of the game log (SG 11.25). Slots in order: %s: a
                         * unit's name. */
                        _("%s is back in its normal formation"), sg_unit_name (s, u));
    }
  a->state = SG_AS_RESOLVED;
}

/* Runs the current attack's resolution until a decision is needed. */
static void
resolve_run (SgState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  SgShock *sh = &s->sh;
  SgAttack *a = &s->attacks[sh->cur];
  gint pieces[SG_MAX_SIDE];

  for (;;)
    {
      switch ((SgShockStage) sh->stage)
        {
        case SG_SH_PRE_HITS:
          /* A new attack: its record, then 10.23's Hits before anything. */
          memset (sh->retreat, 0, sizeof sh->retreat);
          memset (sh->routed, 0, sizeof sh->routed);
          memset (sh->moved_back, 0, sizeof sh->moved_back);
          memset (sh->advanced, 0, sizeof sh->advanced);
          sh->n_vacated = 0;
          sh->pursuit_checked = FALSE;
          sh->advancer = sh->face_unit = SG_NONE;
          a->rep_att = a->rep_def = SG_NONE;
          record_units (s);
          pre_hits (s, dice, events);
          sh->stage = SG_SH_REP_ATT;
          continue;

        case SG_SH_REP_ATT:
          {
            guint n = live_pieces (s, TRUE, pieces);

            if (n == 0 || live_pieces (s, FALSE, pieces) == 0)
              {
                sh->stage = SG_SH_AFTER;
                continue;
              }
            n = live_pieces (s, TRUE, pieces);
            if (n == 1)
              {
                a->rep_att = pieces[0];
                sh->stage = SG_SH_REP_DEF;
                continue;
              }
            s->step = SG_ST_REP_ATT;
            sg_sync (s);
            return;
          }

        case SG_SH_REP_DEF:
          {
            guint n = live_pieces (s, FALSE, pieces);

            if (n == 1)
              {
                a->rep_def = pieces[0];
                sh->stage = SG_SH_ROLL;
                continue;
              }
            s->step = SG_ST_REP_DEF;
            sg_sync (s);
            s->base.deciding_side = s->st->opt.defender_chooses_rep ? 1 - s->base.active_side : s->base.active_side;
            return;
          }

        case SG_SH_ROLL:
          roll_shock (s, dice, events);
          if (!s->st->opt.hits_each_unit)
            {
              sh->assign_side = 0;
              sh->assign_left = (guint8) hits_for (s, a->rep_att, TRUE);
              memset (sh->assigned, 0, sizeof sh->assigned);
              sh->stage = SG_SH_ASSIGN;
              continue;
            }
          apply_hits_each (s, dice, events);
          sh->stage = SG_SH_ROUT_CHECKS;
          continue;

        case SG_SH_ASSIGN:
          {
            /* SG-C1 total-distributed: the inflicting player spreads #H. */
            guint n;

            while (sh->assign_side < 2)
              {
                n = live_pieces (s, sh->assign_side == 0, pieces);
                if (sh->assign_left == 0 || n == 0)
                  {
                    sh->assign_side++;
                    if (sh->assign_side == 1)
                      {
                        sh->assign_left = (guint8) hits_for (s, a->rep_def, FALSE);
                        memset (sh->assigned, 0, sizeof sh->assigned);
                      }
                    continue;
                  }
                if (n == 1)
                  {
                    gint inflictor = sh->assign_side == 0 ? a->rep_def : a->rep_att;

                    sg_hit_piece (s, pieces[0], sh->assign_left, inflictor, dice, events, "SG 7.53");
                    sh->assign_left = 0;
                    continue;
                  }
                s->step = SG_ST_ASSIGN;
                sg_sync (s);
                s->base.deciding_side = sh->assign_side == 0 ? 1 - s->base.active_side : s->base.active_side;
                return;
              }
            /* 10.25 in this mode too. */
            for (gint side = 0; side < 2; side++)
              if (sh->res[side].kind == SG_R_RETREAT)
                {
                  guint m = live_pieces (s, side == 0, pieces);

                  for (guint i = 0; i < m; i++)
                    if (sg_def (s, pieces[i])->type == SG_T_EL)
                      sg_add_hits (s, pieces[i], 2, SG_NONE, dice, events, "SG 10.25");
                }
            sh->stage = SG_SH_ROUT_CHECKS;
            continue;
          }

        case SG_SH_ROUT_CHECKS:
          rout_checks (s, dice, events);
          sh->stage = SG_SH_KEEP;
          continue;

        case SG_SH_KEEP:
          if (all_routed (s))
            {
              gboolean any = FALSE;

              for (guint i = 0; i < sh->n_unit_cells && !any; i += 2)
                any = keeper_ok (s, sh->unit_cells[i]);
              if (any)
                {
                  s->step = SG_ST_KEEP;
                  sg_sync (s);
                  return;
                }
            }
          sh->stage = SG_SH_RETREATS;
          continue;

        case SG_SH_RETREATS:
          {
            gint p = next_retreat (s);
            gint cells[6];
            gint16 enemies[4 * SG_MAX_SIDE];
            guint ne, nc;

            if (p < 0)
              {
                /* The hexes the defenders left (7.54). */
                sh->n_vacated = 0;
                for (guint i = 0; i < sh->n_unit_cells; i += 2)
                  {
                    gint u = sh->unit_cells[i], c = sh->unit_cells[i + 1];

                    if (sg_def (s, u)->side != s->base.active_side && sg_top (s, c) < 0
                        && sh->n_vacated < G_N_ELEMENTS (sh->vacated))
                      {
                        gboolean dup = FALSE;

                        for (guint j = 0; j < sh->n_vacated; j++)
                          dup |= sh->vacated[j] == c;
                        if (!dup)
                          sh->vacated[sh->n_vacated++] = c;
                        if (s->units[u].status != SG_U_MAP)
                          continue;
                      }
                  }
                sh->stage = SG_SH_ADVANCE;
                continue;
              }
            ne = combat_enemies (s, p, enemies);
            nc = sg_retreat_cells (s, p, enemies, ne, cells);
            if (nc <= 1)
              {
                do_retreat (s, p, nc == 1 ? cells[0] : SG_NONE, dice, events);
                continue;
              }
            s->step = SG_ST_RETREAT;
            sg_sync (s);
            s->base.deciding_side = sg_def (s, p)->side;
            return;
          }

        case SG_SH_ADVANCE:
          {
            gboolean att_back = FALSE;
            gint opts[16];
            guint n;

            if (sh->face_unit >= 0)
              {
                s->step = SG_ST_ADVANCE_FACE;
                sg_sync (s);
                return;
              }
            for (guint i = 0; i < a->n_att; i++)
              att_back |= sg_bit (sh->moved_back, a->att[i]) || sg_bit (sh->routed, a->att[i]);
            if (sh->advancer < 0 && !sh->pursuit_checked)
              {
                /* Once: the pursuit check replaces the advance (7.61). */
                sh->pursuit_checked = TRUE;
                if (pursuit (s, dice, events))
                  {
                    if (sh->face_unit >= 0)
                      continue;
                    sh->stage = SG_SH_AFTER;
                    continue;
                  }
              }
            (void) att_back;
            sh->advancer = next_advancer (s);
            if (sh->advancer < 0)
              {
                sh->stage = SG_SH_AFTER;
                continue;
              }
            n = advance_options (s, sh->advancer, opts);
            if (n == 2)
              {
                gint p = sh->advancer;

                do_advance (s, p, opts[0], opts[1], dice, events);
                sh->face_unit = s->units[p].cell2 < 0 && !(s->units[p].f & SG_UF_COLUMN) ? p : SG_NONE;
                if (sh->face_unit < 0)
                  {
                    s->react.mover = p;
                    if (sg_react_open (s, SG_RX_ADVANCE))
                      return;
                  }
                continue;
              }
            s->step = SG_ST_ADVANCE;
            sg_sync (s);
            return;
          }

        case SG_SH_AFTER:
          after_combat (s, dice, events);
          sh->stage = SG_SH_DONE;
          /* 4.35: lone leaders next to the enemy after the combat. */
          memset (&s->react.done, 0, sizeof s->react.done);
          s->react.ldone = 0;
          s->react.mover = SG_NONE;
          if (sg_react_open (s, SG_RX_LEADERS))
            return;
          continue;

        case SG_SH_DONE:
        default:
          sh->cur = SG_NONE;
          resolve_pick (s, dice, events);
          return;
        }
    }
}

/**
 * sg_shock_continue:
 * @s: a state
 * @dice: the dice
 * @events: (nullable): events
 *
 * Goes on with the shock procedure after a reaction window (7.74, 4.35).
 */
void
sg_shock_continue (SgState   *s,
                   AciesDice *dice,
                   GPtrArray *events)
{
  s->phase = SG_PH_SHOCK;
  if (s->sh.step == 1)
    {
      rbs_run (s, dice, events);
      return;
    }
  if (s->sh.cur >= 0)
    resolve_run (s, dice, events);
  else
    resolve_pick (s, dice, events);
}

/* ---- Legal actions and applying ---- */

/**
 * sg_shock_legal:
 * @s: a state in a shock step
 * @out: array of AciesAction to append to
 */
void
sg_shock_legal (const SgState *s,
                GArray        *out)
{
  gint side = s->base.active_side;
  gint pieces[SG_MAX_SIDE];

  switch (s->step)
    {
    case SG_ST_DESIGNATE:
      {
        gboolean unmet = FALSE;

        designation_legal (s, out, FALSE, &unmet);
        /* 6.23, 7.31: the phase goes on while an obligation can be met. */
        if (!unmet)
          sg_add_action (out, SG_A_END_DESIGNATION, side, -1, -1, -1, -1);
        break;
      }

    case SG_ST_RBS:
    case SG_ST_RBS_MOVE:
    case SG_ST_RBS_ADVANCE:
      rbs_legal (s, out);
      break;

    case SG_ST_RESOLVE:
      for (gint k = 0; k < s->n_attacks; k++)
        if (attack_open (s, k))
          sg_add_action (out, SG_A_RESOLVE, side, s->attacks[k].def[0], -1, -1, -1);
      break;

    case SG_ST_REP_ATT:
    case SG_ST_REP_DEF:
      {
        guint n = live_pieces (s, s->step == SG_ST_REP_ATT, pieces);

        for (guint i = 0; i < n; i++)
          sg_add_action (out, SG_A_REPRESENTATIVE, s->base.deciding_side, pieces[i], -1, -1, -1);
        break;
      }

    case SG_ST_ASSIGN:
      {
        guint n = live_pieces (s, s->sh.assign_side == 0, pieces), fresh = 0;

        for (guint i = 0; i < n; i++)
          fresh += !sg_bit (s->sh.assigned, pieces[i]);
        for (guint i = 0; i < n; i++)
          if (fresh == 0 || !sg_bit (s->sh.assigned, pieces[i]))
            sg_add_action (out, SG_A_ASSIGN_HIT, s->base.deciding_side, pieces[i], -1, -1, -1);
        break;
      }

    case SG_ST_RETREAT:
      {
        gint p = next_retreat (s), cells[6];
        gint16 enemies[4 * SG_MAX_SIDE];
        guint ne, nc;

        if (p < 0)
          break;
        ne = combat_enemies (s, p, enemies);
        nc = sg_retreat_cells (s, p, enemies, ne, cells);
        for (guint i = 0; i < nc; i++)
          sg_add_action (out, SG_A_RETREAT, sg_def (s, p)->side, p, cells[i], -1, -1);
        break;
      }

    case SG_ST_ADVANCE:
      {
        gint opts[16];
        guint n = advance_options (s, s->sh.advancer, opts);

        for (guint i = 0; i + 1 < n; i += 2)
          sg_add_action (out, SG_A_ADVANCE, side, s->sh.advancer, opts[i], opts[i + 1], -1);
        break;
      }

    case SG_ST_ADVANCE_FACE:
      {
        gint u = s->sh.face_unit, f = s->units[u].facing;

        for (gint k = -1; k <= 1; k++)
          sg_add_action (out, SG_A_ADVANCE_FACE, side, u, sg_mod6 (f + k), -1, -1);
        break;
      }

    case SG_ST_KEEP:
      for (guint i = 0; i < s->sh.n_unit_cells; i += 2)
        if (keeper_ok (s, s->sh.unit_cells[i]))
          sg_add_action (out, SG_A_KEEP, side, s->sh.unit_cells[i], -1, -1, -1);
      sg_add_action (out, SG_A_KEEP, side, -1, -1, -1, -1);
      break;

    default:
      break;
    }
}

/**
 * sg_shock_apply:
 * @s: a state in a shock step
 * @a: one of sg_shock_legal()'s actions
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
sg_shock_apply (SgState           *s,
                const AciesAction *a,
                AciesDice         *dice,
                GPtrArray         *events,
                GError           **error)
{
  SgShock *sh = &s->sh;
  gint u = a->args[0];

  switch (a->type)
    {
    case SG_A_DESIGNATE:
      {
        gint d = a->args[1], k, m[2];
        guint n;
        SgAttack *at;

        if (!designate_ok (s, u, d, &k))
          return sg_fail (error, "SG 7.35: that attack cannot be designated");
        if (k < 0)
          {
            k = s->n_attacks++;
            at = &s->attacks[k];
            memset (at, 0, sizeof *at);
            at->rep_att = at->rep_def = SG_NONE;
          }
        at = &s->attacks[k];
        if (!sg_attack_has (at, u, TRUE))
          at->att[at->n_att++] = u;
        if (!sg_attack_has (at, d, FALSE))
          at->def[at->n_def++] = d;
        n = sg_piece_units (s, u, m);
        for (guint i = 0; i < n; i++)
          s->units[m[i]].f |= SG_UF_ATTACKER;
        n = sg_piece_units (s, d, m);
        for (guint i = 0; i < n; i++)
          s->units[m[i]].f |= SG_UF_DEFENDER;
        if (events != NULL)
          {
            g_autofree char *an = sg_ev_unit (s, u, events), *dn = sg_ev_unit (s, d, events);

            /* TRANSLATORS: a line of the game log (SG 7.3). Slots in order: %s: a strength; %s: a
             * strength. */
            acies_events_add (events, "designate", "SG 7.3", s->base.active_side, _("%s will attack %s"), an, dn);
          }
        sg_sync (s);
        return TRUE;
      }

    case SG_A_END_DESIGNATION:
      /* A16: who stands with a unit in a shock this phase (4.38). */
      for (guint l = 0; l < s->n_leaders; l++)
        if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit >= 0
            && (s->units[s->leaders[l].unit].f & (SG_UF_ATTACKER | SG_UF_DEFENDER)))
          s->leaders[l].f |= SG_LF_IN_SHOCK;
      if (s->n_attacks == 0)
        {
          sg_end_pt (s, dice, events);
          return TRUE;
        }
      sh->step = 1;
      sh->rbs_k = 0;
      sh->rbs_unit = sh->adv_unit = SG_NONE;
      memset (sh->asked, 0, sizeof sh->asked);
      memset (sh->rbs_done, 0, sizeof sh->rbs_done);
      rbs_run (s, dice, events);
      return TRUE;

    case SG_A_RBS:
      sg_set_bit (sh->asked, u);
      if (a->args[1] == 1)
        {
          SgUnit *y = &s->units[u];

          sg_set_bit (sh->rbs_done, u);
          sh->rbs_unit = u;
          sh->rbs_mp = (guint8) ((sg_ma (s, u) + 1) / 2);   /* 7.42 */
          sh->rbs_moved = 0;
          if (sh->n_vacated < G_N_ELEMENTS (sh->vacated))
            sh->vacated[sh->n_vacated++] = y->cell;
          y->f |= SG_UF_RETREATED;
          /* TRANSLATORS: a line of the game log (SG 7.41). Slots in order: %s: a unit's name. */
          acies_events_add (events, "rbs", "SG 7.41", sg_def (s, u)->side, _("%s retreats before shock"),
                            sg_unit_name (s, u));
        }
      rbs_run (s, dice, events);
      return TRUE;

    case SG_A_RBS_STEP:
      {
        gint c = a->args[1], from = s->units[u].cell;

        if (c < 0)
          {
            /* 7.42: off the map, eliminated. */
            acies_events_add (events, "rbs-off-map", "SG 7.42", sg_def (s, u)->side,
                              /* TRANSLATORS: a line of the game log (SG 7.42). Slots in order: %s:
                               * a unit's name. */
                              _("%s retreats off the map"), sg_unit_name (s, u));
            sg_eliminate (s, u, events, "SG 7.42");
            rbs_run (s, dice, events);
            return TRUE;
          }
        sh->rbs_mp -= MIN (sh->rbs_mp, sg_enter_cost (s, u, from, c, NULL));
        sh->rbs_moved++;
        sg_lift (s, u);
        sg_place (s, u, c, SG_NONE, FALSE);
        sg_carry_leaders (s, u);
        /* TRANSLATORS: a line of the game log (SG 7.43). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "rbs-step", "SG 7.43", sg_def (s, u)->side, _("%s falls back to %s"), sg_unit_name (s, u),
                          sg_cell_label (s, c));
        if (sg_in_enemy_zoc (s, c, sg_def (s, u)->side))
          sh->rbs_mp = 0;                   /* 7.43: it stops in an enemy ZOC */
        rbs_run (s, dice, events);
        return TRUE;
      }

    case SG_A_ADVANCE_STEP:
      {
        gint c = a->args[1], from = s->units[u].cell, cost = sg_enter_cost (s, u, from, c, NULL), m[2];
        guint n = sg_piece_units (s, u, m);

        if (sh->adv_unit < 0)
          {
            sh->adv_unit = u;
            sh->adv_mp = (guint8) (sg_ma (s, u) / 2);       /* 7.44 */
            s->units[u].f &= ~SG_UF_STOPPED;                 /* (a stop of the Movement Phase) */
          }
        sh->adv_mp -= MIN (sh->adv_mp, cost);
        for (guint i = 0; i < n; i++)
          sg_lift (s, m[i]);
        for (guint i = 0; i < n; i++)
          sg_place (s, m[i], c, SG_NONE, FALSE);
        for (guint i = 0; i < n; i++)
          sg_carry_leaders (s, m[i]);
        if (sg_in_enemy_zoc (s, c, sg_def (s, u)->side))
          s->units[u].f |= SG_UF_STOPPED;
        /* TRANSLATORS: a line of the game log (SG 7.44). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "advance", "SG 7.44", sg_def (s, u)->side, _("%s advances to %s"), sg_unit_name (s, u),
                          sg_cell_label (s, c));
        s->react.mover = u;
        s->react.from_cells[0] = from;
        s->react.from_cells[1] = SG_NONE;
        if (sg_react_open (s, SG_RX_ADVANCE))
          return TRUE;
        rbs_run (s, dice, events);
        return TRUE;
      }

    case SG_A_STOP:
      {
        SgAttack *at = &s->attacks[sh->rbs_k];

        if (sh->adv_unit >= 0)
          s->units[sh->adv_unit].f &= ~SG_UF_STOPPED;
        at->rbs |= 4;
        rbs_run (s, dice, events);
        return TRUE;
      }

    case SG_A_RESOLVE:
      sh->cur = sg_attack_of_defender (s, u);
      if (sh->cur < 0)
        return sg_fail (error, "SG 7.4: no attack on that unit");
      sh->stage = SG_SH_PRE_HITS;
      resolve_run (s, dice, events);
      return TRUE;

    case SG_A_REPRESENTATIVE:
      {
        SgAttack *at = &s->attacks[sh->cur];

        if (s->step == SG_ST_REP_ATT)
          {
            at->rep_att = u;
            sh->stage = SG_SH_REP_DEF;
          }
        else
          {
            at->rep_def = u;
            sh->stage = SG_SH_ROLL;
          }
        resolve_run (s, dice, events);
        return TRUE;
      }

    case SG_A_ASSIGN_HIT:
      {
        SgAttack *at = &s->attacks[sh->cur];
        gint pieces[SG_MAX_SIDE];
        guint n, fresh = 0;

        sg_hit_piece (s, u, 1, sh->assign_side == 0 ? at->rep_def : at->rep_att, dice, events, "SG 7.53");
        sg_set_bit (sh->assigned, u);
        sh->assign_left--;
        n = live_pieces (s, sh->assign_side == 0, pieces);
        for (guint i = 0; i < n; i++)
          fresh += !sg_bit (sh->assigned, pieces[i]);
        if (fresh == 0)
          memset (sh->assigned, 0, sizeof sh->assigned);
        resolve_run (s, dice, events);
        return TRUE;
      }

    case SG_A_RETREAT:
      do_retreat (s, u, a->args[1], dice, events);
      resolve_run (s, dice, events);
      return TRUE;

    case SG_A_ADVANCE:
      do_advance (s, u, a->args[1], a->args[2], dice, events);
      sh->face_unit = s->units[u].cell2 < 0 && !(s->units[u].f & SG_UF_COLUMN) ? u : SG_NONE;
      if (sh->face_unit < 0)
        {
          s->react.mover = u;
          if (sg_react_open (s, SG_RX_ADVANCE))
            return TRUE;
        }
      resolve_run (s, dice, events);
      return TRUE;

    case SG_A_ADVANCE_FACE:
      {
        gint p = sg_partner (s, u);

        /* 7.72: one vertex after the advance. */
        s->units[u].facing = a->args[1];
        if (p >= 0)
          s->units[p].facing = a->args[1];
        sh->face_unit = SG_NONE;
        s->react.mover = u;
        if (sg_react_open (s, SG_RX_ADVANCE))
          return TRUE;
        resolve_run (s, dice, events);
        return TRUE;
      }

    case SG_A_KEEP:
      if (u >= 0)
        {
          SgUnit *x = &s->units[u];
          gint c = SG_NONE, c2 = SG_NONE;

          for (guint i = 0; i < sh->n_unit_cells; i += 2)
            if (sh->unit_cells[i] == u)
              {
                if (c < 0)
                  c = sh->unit_cells[i + 1];
                else
                  c2 = sh->unit_cells[i + 1];
              }
          /* 8.4: back in play with TQ − 1 Hits. */
          s->rp[sg_def (s, u)->side] -= sg_unit_rp (s, u);
          x->status = SG_U_MAP;
          x->hits = (guint8) MAX (sg_def (s, u)->tq - 1, 0);
          sg_place (s, u, c, c2, FALSE);
          if ((x->f & SG_UF_DOUBLE) && x->merged >= 0)
            s->units[x->merged].status = SG_U_MERGED;
          sg_clear_bit (sh->routed, u);
          /* TRANSLATORS: a line of the game log (SG 8.4). Slots in order: %s: a unit's name; %u: a
           * number. */
          acies_events_add (events, "keep", "SG 8.4", sg_def (s, u)->side, _("%s stays in play with %u Hits"),
                            sg_unit_name (s, u), x->hits);
        }
      sh->stage = SG_SH_RETREATS;
      resolve_run (s, dice, events);
      return TRUE;

    default:
      return sg_fail (error, "SG 7.3: not a Shock Combat action");
    }
}
