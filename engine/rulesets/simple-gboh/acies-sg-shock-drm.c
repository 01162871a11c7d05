/* acies-sg-shock-drm.c
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
 * The Shock Combat Phase's modifiers and its table (SG 7.36, 7.52, 7.82,
 * 7.83): the angle of attack, the weapons system matrix, the size ratio,
 * the leaders, the terrain, and the Shock Results Table.  The phase itself
 * is in acies-sg-shock.c.
 */

/* ---- Modifiers (7.52) ---- */

/* SG 7.36: the angle of attack of representative @ra on @rd. */
gboolean
sg_attack_is_front (const SgState *s,
                    gint           ra,
                    gint           rd)
{
  const SgUnit *x = &s->units[ra];

  for (gint k = 0; k < (x->cell2 >= 0 ? 2 : 1); k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;

      if (sg_relation (s, rd, c) == 0)
        return TRUE;
    }
  /* An attacker in the ZOC of a Shock capable enemy in its own Flank or
   * Rear attacks as from the Front. */
  for (gint k = 0; k < (x->cell2 >= 0 ? 2 : 1); k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;

      for (gint d = 0; d < 6; d++)
        {
          gint n = sg_nb (s->st, c, d), e = sg_top (s, n);

          if (e >= 0 && sg_def (s, e)->side != sg_def (s, ra)->side && sg_shock_capable (s, e)
              && sg_relation (s, ra, n) >= 1 && sg_cell_in_zoc_of (s, e, c))
            return TRUE;
        }
    }
  return FALSE;
}

/* SG 7.82, 10.4: the matrix value for @ra attacking @rd. */
gint
sg_weapons_drm (const SgState *s,
                gint           k,
                gint           ra,
                gint           rd,
                gboolean      *front,
                gboolean      *prov)
{
  const SgStatic *st = s->st;
  SgType ta = sg_def (s, ra)->type, td = sg_def (s, rd)->type;
  gboolean f = sg_attack_is_front (s, ra, rd);
  gint v;

  if (front != NULL)
    *front = f;
  if (ta >= SG_N_MATRIX || td >= SG_N_MATRIX)
    {
      if (prov != NULL)
        *prov = TRUE;
      return 0;
    }
  v = st->weapons[f ? 0 : 1][ta][td];
  if (prov != NULL)
    *prov = st->weapons_prov[f ? 0 : 1][ta][td];
  /* 10.4: German cavalry attack on the GC or the LI line. */
  if (ta == SG_T_GC && st->weapons[f ? 0 : 1][SG_T_LI][td] > v)
    {
      v = st->weapons[f ? 0 : 1][SG_T_LI][td];
      if (prov != NULL)
        *prov = st->weapons_prov[f ? 0 : 1][SG_T_LI][td];
    }
  return v;
}

/* The Sizes that count (7.52, SG-A2): an Elephant, Chariot or
 * Skirmisher's Size is ignored unless every unit is of that one kind. */
static gint
ignored_kind (SgType t)
{
  return t == SG_T_EL ? 1 : t == SG_T_CH ? 2 : sg_is_skirmisher (t) ? 3 : 0;
}

static gint
unit_size (const SgState *s,
           gint           u)
{
  gint size = sg_def (s, u)->size;

  if ((s->units[u].f & SG_UF_DOUBLE) && s->units[u].merged >= 0)
    size += sg_def (s, s->units[u].merged)->size;      /* 10.3 */
  return size;
}

static void
side_sizes (const SgState *s,
            const SgAttack *a,
            gint           *att,
            gint           *def,
            gboolean       *all_ignored_att,
            gboolean       *all_ignored_def)
{
  gint kinds = -1, m[2];
  gboolean mixed = FALSE;

  for (gint side = 0; side < 2; side++)
    for (guint i = 0; i < (side == 0 ? a->n_att : a->n_def); i++)
      {
        gint p = side == 0 ? a->att[i] : a->def[i];
        guint n;

        if (!sg_on_map (s, p))
          continue;
        n = sg_piece_units (s, p, m);
        for (guint j = 0; j < n; j++)
          {
            gint k = ignored_kind (sg_def (s, m[j])->type);

            if (sg_def (s, m[j])->type == SG_T_ART)
              continue;
            if (kinds < 0)
              kinds = k;
            else if (kinds != k)
              mixed = TRUE;
          }
      }
  *att = *def = 0;
  *all_ignored_att = *all_ignored_def = TRUE;
  for (gint side = 0; side < 2; side++)
    for (guint i = 0; i < (side == 0 ? a->n_att : a->n_def); i++)
      {
        gint p = side == 0 ? a->att[i] : a->def[i];
        guint n;

        if (!sg_on_map (s, p))
          continue;
        n = sg_piece_units (s, p, m);
        for (guint j = 0; j < n; j++)
          {
            SgType t = sg_def (s, m[j])->type;

            if (t == SG_T_ART)
              continue;                     /* 10.13 */
            if ((mixed || kinds == 0) && ignored_kind (t) != 0)
              continue;
            if (side == 0)
              {
                *att += unit_size (s, m[j]);
                *all_ignored_att = FALSE;
              }
            else
              {
                *def += unit_size (s, m[j]);
                *all_ignored_def = FALSE;
              }
          }
      }
}

gint
sg_size_drm (const SgState *s,
             gint           k,
             AciesOdds     *odds)
{
  const SgAttack *a = &s->attacks[k];
  gint sa, sd, big, small, v = 0;
  gboolean ia, id;

  if (!s->st->sides[0].size_used || !s->st->sides[1].size_used)
    return 0;                               /* 2.21 */
  side_sizes (s, a, &sa, &sd, &ia, &id);
  if ((ia || id) && s->st->opt.ignored_size_no_drm)
    return 0;                               /* SG-A2 */
  big = MAX (sa, sd);
  small = MIN (sa, sd);
  if (big >= small + 2)
    v = 1;
  if (big >= 2 * small && big > small && (big >= small + 2 || !s->st->opt.size_double_needs_two))
    v = 2;                                  /* SG-A1 */
  if (sa < sd)
    v = -v;
  if (odds != NULL && v != 0)
    {
      g_autofree char *label = g_strdup_printf (_("Size %d against %d"), sa, sd);

      acies_odds_add_modifier (odds, label, v, "SG 7.52");
    }
  return v;
}

/* SG 4.38, 7.46, 7.52, SG-A16: the leader modifier of one side. */
static gint
leader_drm (const SgState  *s,
            const SgAttack *a,
            gboolean        attacker)
{
  gint count = 0, side = sg_def (s, attacker ? a->att[0] : a->def[0])->side;
  guint n = attacker ? a->n_att : a->n_def;
  const gint16 *list = attacker ? a->att : a->def;

  for (guint l = 0; l < s->n_leaders; l++)
    {
      const SgLeader *x = &s->leaders[l];
      gboolean with = FALSE, heroic = FALSE;

      if (x->status != SG_L_MAP || s->st->leaders[l].side != side)
        continue;
      for (guint i = 0; i < n; i++)
        {
          gint p = list[i], m[2];
          guint nu;

          if (!sg_on_map (s, p))
            continue;
          nu = sg_piece_units (s, p, m);
          for (guint j = 0; j < nu; j++)
            {
              with |= x->unit == m[j];
              if (s->st->leaders[l].heroic && (x->f & SG_LF_IN_SHOCK) && sg_cell_unit_dist (s, x->cell, m[j]) <= 2)
                heroic = TRUE;
            }
        }
      if (with || heroic)
        count++;
    }
  if (!s->st->opt.leader_drm_cumulative)
    count = MIN (count, 1);
  return attacker ? count : -count;
}

/* SG 7.52, 11.14, SG-A17: the terrain modifier most favourable to the
 * defender over every attacker-defender pair. */
gint
sg_terrain_drm (const SgState *s,
                gint           k)
{
  const SgStatic *st = s->st;
  const SgAttack *a = &s->attacks[k];
  gint best = G_MAXINT;

  for (guint i = 0; i < a->n_att; i++)
    for (guint j = 0; j < a->n_def; j++)
      {
        const SgUnit *x = &s->units[a->att[i]], *y = &s->units[a->def[j]];

        if (x->status != SG_U_MAP || y->status != SG_U_MAP)
          continue;
        for (gint p = 0; p < (x->cell2 >= 0 ? 2 : 1); p++)
          for (gint q = 0; q < (y->cell2 >= 0 ? 2 : 1); q++)
            {
              gint ca = p == 0 ? x->cell : x->cell2, cd = q == 0 ? y->cell : y->cell2;
              gint dir = sg_dir_to (st, ca, cd), v;

              if (dir < 0)
                continue;
              v = st->shock_drm[st->terrain[cd]];
              for (guint e = 0; e < st->n_edge_features; e++)
                if (st->edges[ca * 6 + dir] & (1u << e))
                  v += st->edge_shock[e];
              if (st->elevation[cd] > st->elevation[ca])
                v += st->higher_drm;
              best = MIN (best, v);
            }
      }
  return best == G_MAXINT ? 0 : best;
}

/**
 * sg_shock_drm:
 * @s: a state
 * @k: an attack
 * @ra: the attacking representative
 * @rd: the defending representative
 * @odds: (nullable): odds to list the modifiers in
 *
 * SG 7.52: Weapon Systems (Front or Flank/Rear, and the special
 * modifier for Roman legionaries moving to the attack), TQ differential
 * (at most ±3), Size ratio, leaders, terrain.
 *
 * Returns: the net DRM
 */
gint
sg_shock_drm (const SgState *s,
              gint           k,
              gint           ra,
              gint           rd,
              AciesOdds     *odds)
{
  const SgAttack *a = &s->attacks[k];
  gboolean front = TRUE, prov = FALSE;
  gint w = sg_weapons_drm (s, k, ra, rd, &front, &prov);
  gint tq = CLAMP (sg_tq (s, ra) - sg_tq (s, rd), -3, 3);
  gint size = sg_size_drm (s, k, NULL);
  gint la = leader_drm (s, a, TRUE), ld = leader_drm (s, a, FALSE);
  gint terrain = sg_terrain_drm (s, k), special = 0;
  SgType ta = sg_def (s, ra)->type;

  if ((ta == SG_T_LG || ta == SG_T_CO) && (s->units[ra].f & SG_UF_TO_ATTACK))
    special = s->st->moved_to_attack;
  if (odds != NULL)
    {
      g_autofree char *label = g_strdup_printf (front ? _("Weapon Systems, %s against %s from the front%s")
                                                      : _("Weapon Systems, %s against %s from the flank or rear%s"),
                                                sg_type_name (ta), sg_type_name (sg_def (s, rd)->type),
                                                prov ? _(" (provisional)") : "");
      g_autofree char *tql = g_strdup_printf (_("TQ %d against %d"), sg_tq (s, ra), sg_tq (s, rd));

      acies_odds_add_modifier (odds, label, w, "SG 7.52, 7.82");
      if (special != 0)
        acies_odds_add_modifier (odds, _("Roman legionaries moved to the attack"), special, "SG 7.82");
      acies_odds_add_modifier (odds, tql, tq, "SG 7.52");
      sg_size_drm (s, k, odds);
      if (la != 0)
        acies_odds_add_modifier (odds, _("Attacking leader"), la, "SG 4.38, 7.52");
      if (ld != 0)
        acies_odds_add_modifier (odds, _("Defending leader"), ld, "SG 4.38, 7.52");
      if (terrain != 0)
        acies_odds_add_modifier (odds, _("Terrain, the most favourable to the defender"), terrain, "SG 7.52");
    }
  return w + special + tq + size + la + ld + terrain;
}

/* SG 7.83: the result for a modified roll (the table runs from "-3 or
 * less" to "12 or more"). */
SgResult
sg_shock_result (const SgState *s,
                 gint           mod_dr,
                 gboolean       attacker,
                 gboolean      *provisional)
{
  gint row = CLAMP (mod_dr, -3, 12) + 3;

  if (provisional != NULL)
    *provisional = s->st->shock_src[row][attacker ? 0 : 1] == ACIES_SOURCE_PROVISIONAL;
  return s->st->shock[row][attacker ? 0 : 1];
}
