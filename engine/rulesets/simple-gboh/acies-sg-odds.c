/* acies-sg-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * Exact outcome distributions before an action is taken (the get_odds
 * vfunc): Missile Fire (7.14, 7.15) and Shock (7.51–7.53, 7.83), the
 * modifiers listed with their rules.
 */

typedef struct
{
  char    *text;
  double   p;
  gboolean provisional;
} Outcome;

static void
outcome_add (GArray     *list,
             const char *text,
             double      p,
             gboolean    provisional)
{
  for (guint i = 0; i < list->len; i++)
    {
      Outcome *o = &g_array_index (list, Outcome, i);

      if (g_str_equal (o->text, text))
        {
          o->p += p;
          o->provisional |= provisional;
          return;
        }
    }
  {
    Outcome o = { g_strdup (text), p, provisional };

    g_array_append_val (list, o);
  }
}

static void
outcomes_to_odds (GArray    *list,
                  AciesOdds *odds)
{
  for (guint i = 0; i < list->len; i++)
    {
      Outcome *o = &g_array_index (list, Outcome, i);

      acies_odds_add_outcome (odds, o->text, CLAMP (o->p, 0.0, 1.0), o->provisional);
      g_free (o->text);
    }
  g_array_set_size (list, 0);
}

/* SG 7.14, 7.15, 7.81: @u fires at @target (or at a lone leader in
 * @cell) at @range: one die, a hit at or below the hit number after the
 * modifiers; on a natural 0 each leader in the hex rolls again and is
 * killed on a 0. */
static AciesOdds *
fire_odds (const SgState *s,
           gint           u,
           gint           target,
           gint           cell,
           gint           range,
           const char    *rule)
{
  AciesOdds *odds = acies_odds_new ();
  g_autoptr(GArray) list = g_array_new (FALSE, FALSE, sizeof (Outcome));
  gint tcell = target >= 0 ? s->units[target].cell : cell;
  gint hn = sg_fire_hit_number (s, u, tcell, range), drm = sg_missile_drm (s, u, tcell, odds);
  gint ls[SG_MAX_LEADERS];
  guint nl = sg_leaders_in (s, tcell, ls);
  gint hits = target >= 0 && (sg_def (s, target)->type == SG_T_EL || sg_def (s, target)->type == SG_T_CH) ? 2 : 1;
  g_autofree char *who = sg_describe_unit (s, u);
  g_autofree char *what = target >= 0 ? sg_describe_unit (s, target)
                                      : g_strdup_printf (_("the leader at %s"), sg_cell_label (s, tcell));
  const char *hit_text = hits == 2 ? _("2 Hits") : _("1 Hit");

  odds->summary = g_strdup_printf (_("%s fires at %s at range %d: %d or less to hit, the roll %+d (%s)"), who, what,
                                   range, hn, drm, rule);
  for (guint dr = 0; dr < 10; dr++)
    {
      gboolean hit = target >= 0 && (gint) dr + drm <= hn;
      const char *base = hit ? hit_text : _("no effect");

      if (dr == 0 && nl > 0)
        {
          /* 7.15: each leader in the hex rolls again, killed on a 0. */
          g_autofree char *killed = g_strdup_printf (_("%s, leader killed"), base);
          double safe = pow (0.9, nl);

          outcome_add (list, killed, 0.1 * (1.0 - safe), s->st->missile_prov);
          outcome_add (list, base, 0.1 * safe, s->st->missile_prov);
        }
      else
        outcome_add (list, base, 0.1, s->st->missile_prov);
    }
  outcomes_to_odds (list, odds);
  return odds;
}

/* SG 7.51–7.53, 7.83: the result pairs of attack @k with @ra and @rd,
 * each roll with probability @p / 10, into @list. */
static void
shock_rolls (const SgState *s,
             gint           k,
             gint           ra,
             gint           rd,
             double         p,
             GArray        *list)
{
  gint drm = sg_shock_drm (s, k, ra, rd, NULL);

  for (gint dr = 0; dr < 10; dr++)
    {
      gboolean pa, pd;
      SgResult ra_res = sg_shock_result (s, dr + drm, TRUE, &pa);
      SgResult rd_res = sg_shock_result (s, dr + drm, FALSE, &pd);
      char b0[48], b1[48];
      g_autofree char *text = g_strdup_printf (_("attacker %s · defender %s"), sg_result_text (ra_res, b0, sizeof b0),
                                               sg_result_text (rd_res, b1, sizeof b1));

      outcome_add (list, text, p / 10, pa || pd);
    }
}

/* SG 7.51–7.53: the odds of attack @k with @ra and @rd.  With
 * @casualties (a designation, before step 2), each leader in the attack
 * may yet die first (7.46: a 0, then a 0 or 1: 2 %), and a dead leader
 * gives no DRM (7.52): every case of those deaths is weighed. */
static AciesOdds *
shock_odds (const SgState *s,
            gint           k,
            gint           ra,
            gint           rd,
            gboolean       casualties,
            const char    *prefix)
{
  AciesOdds *odds = acies_odds_new ();
  g_autoptr(GArray) list = g_array_new (FALSE, FALSE, sizeof (Outcome));
  gint drm = sg_shock_drm (s, k, ra, rd, odds);
  g_autofree char *an = sg_describe_unit (s, ra), *dn = sg_describe_unit (s, rd);
  GString *summary = g_string_new (prefix);
  guint ls[6], n = 0;

  for (guint l = 0; casualties && l < s->n_leaders && n < G_N_ELEMENTS (ls); l++)
    if (sg_leader_in_attack (s, k, l))
      ls[n++] = l;
  g_string_append_printf (summary, _("%s attacks %s: the Shock roll %+d (SG 7.51)."), an, dn, drm);
  if (casualties)
    {
      /* Before step 1: say what the odds take for granted (7.35, 7.4). */
      const SgAttack *a = &s->attacks[k];
      gboolean rbs = FALSE;

      if (a->n_att > 1 || a->n_def > 1)
        g_string_append_printf (summary, _(" The odds assume %s and %s as the representatives (SG 7.35), each "
                                           "side’s choice when the attack is resolved."), an, dn);
      for (guint i = 0; i < a->n_def; i++)
        rbs |= sg_may_retreat_before_shock (s, k, a->def[i]);
      if (rbs)
        g_string_append (summary, _(" They assume the defenders stand: a defender may Retreat Before Shock "
                                    "first, and a unit that does is not attacked (SG 7.41)."));
      if (n > 0)
        /* xgettext:no-c-format */
        g_string_append (summary, _(" A leader in the attack may die first (2 % each, SG 7.46): those cases are "
                                    "weighed in."));
    }
  odds->summary = g_string_free (summary, FALSE);
  for (guint mask = 0; mask < (1u << n); mask++)
    {
      double p = 1;

      for (guint i = 0; i < n; i++)
        p *= mask & (1u << i) ? 0.02 : 0.98;
      if (mask == 0)
        shock_rolls (s, k, ra, rd, p, list);
      else
        {
          g_autoptr(SgState) copy = sg_state_copy (s);
          g_autoptr(GPtrArray) scratch = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);

          for (guint i = 0; i < n; i++)
            if (mask & (1u << i))
              sg_eliminate_leader (copy, ls[i], scratch, "SG 7.46");
          shock_rolls (copy, k, ra, rd, p, list);
        }
    }
  outcomes_to_odds (list, odds);
  return odds;
}

/* The first piece of a side of attack @k still on the map. */
static gint
first_piece (const SgState *s,
             gint           k,
             gboolean       attacker)
{
  const SgAttack *a = &s->attacks[k];

  for (guint i = 0; i < (attacker ? a->n_att : a->n_def); i++)
    {
      gint p = attacker ? a->att[i] : a->def[i];

      if (sg_on_map (s, p) && !(attacker == FALSE && sg_bit (s->sh.rbs_done, p)))
        return sg_piece (s, p);
    }
  return SG_NONE;
}

/* SG 7.4: an attack whose attackers or defenders are all gone before it
 * is resolved (routed, or eliminated by an elephant's rampage in an
 * earlier combat, 8.5) is no combat: a certain nothing. */
static AciesOdds *
no_combat_odds (void)
{
  AciesOdds *odds = acies_odds_new ();

  odds->summary = g_strdup (_("One side of this attack is no longer there: no Shock combat (SG 7.4)."));
  /* TRANSLATORS: the one outcome of an attack that no longer takes place (SG 7.4). */
  acies_odds_add_outcome (odds, _("no Shock combat"), 1.0, FALSE);
  return odds;
}

/* SG 7.3, 7.4: ending designation commits the attacks designated: the
 * odds of the first of them (the only one, or the defender chooses the
 * order, 7.4), how many named; without an attack, a certain nothing. */
static AciesOdds *
designation_odds (const SgState *s)
{
  g_autofree char *prefix = NULL;
  gint ra, rd;

  ra = s->n_attacks > 0 ? first_piece (s, 0, TRUE) : SG_NONE;
  rd = s->n_attacks > 0 ? first_piece (s, 0, FALSE) : SG_NONE;
  if (ra < 0 || rd < 0)
    {
      AciesOdds *odds = acies_odds_new ();

      odds->summary = g_strdup (_("No attack is designated: no Shock combat in this phase (SG 7.3)."));
      acies_odds_add_outcome (odds, _("no Shock combat"), 1.0, FALSE);
      return odds;
    }
  if (s->n_attacks > 1)
    prefix = g_strdup_printf (ngettext ("%d attack is designated; the defender chooses the order (SG 7.4). The first: ",
                                        "%d attacks are designated; the defender chooses the order (SG 7.4). The first: ",
                                        s->n_attacks), s->n_attacks);
  return shock_odds (s, 0, ra, rd, TRUE, prefix != NULL ? prefix : "");
}

static gint
react_range (const SgState *s,
             gint           v,
             gint           m)
{
  switch (s->react.kind)
    {
    case SG_RX_PRE_STEP:
      return 2;                             /* 7.21 */
    case SG_RX_RETURN:
      return s->react.hit_and_run ? 1 : sg_unit_dist (s, v, m);
    case SG_RX_POST_STEP:
      if (sg_def (s, v)->type == SG_T_ART && sg_unit_dist (s, v, m) > 1)
        return sg_unit_dist (s, v, m);      /* 7.24 */
      return 1;
    default:
      return 1;                             /* 7.22, 7.74 */
    }
}

/**
 * sg_odds:
 * @s: a state
 * @a: a legal action
 *
 * The attack preview of the ruleset contract: these are the actions
 * marked ACIES_ACTION_FLAG_ATTACK.  A fire's odds are those of its roll
 * (7.14, 7.15).  A Shock's are those of the attack as it stands: at its
 * designation with these two units as the representatives (7.35; the
 * attack resolves when designation ends if it is the only one), at
 * "Resolve" with the representatives chosen so far or else the first
 * units of each side, at a representative's choice with that unit.
 * Ending designation commits the attacks designated: its odds are those
 * of the first attack with its first units (designation_odds()).  Before
 * step 1 the summary says what the odds assume: the representatives
 * (7.35) and no Retreat Before Shock (7.41) where a defender may.
 *
 * Returns: (transfer full) (nullable): the exact odds of @a's outcomes:
 *   fire (FIRE, HIT_AND_RUN, REACT_FIRE) and shock (DESIGNATE, RESOLVE,
 *   REPRESENTATIVE, END_DESIGNATION); %NULL for other actions
 */
AciesOdds *
sg_odds (const SgState     *s,
         const AciesAction *a)
{
  gint u = a->args[0], t = a->args[1];

  switch (a->type)
    {
    case SG_A_FIRE:
      if (t < 0)
        return fire_odds (s, u, SG_NONE, a->args[2], sg_cell_unit_dist (s, a->args[2], u), "SG 7.15");
      return fire_odds (s, u, t, SG_NONE, sg_fire_range (s, u, t), "SG 7.14");
    case SG_A_HIT_AND_RUN:
      return fire_odds (s, u, t, SG_NONE, 1, "SG 7.16");
    case SG_A_REACT_FIRE:
      return fire_odds (s, u, t, SG_NONE, react_range (s, u, t), "SG 7.2");

    case SG_A_DESIGNATE:
      {
        /* The attack as it would stand, with these two as
         * representatives. */
        g_autoptr(SgState) copy = sg_state_copy (s);
        GError *error = NULL;
        gint k;

        if (!sg_shock_apply (copy, a, NULL, NULL, &error))
          {
            g_clear_error (&error);
            return NULL;
          }
        k = sg_attack_of_defender (copy, t);
        if (k < 0)
          return NULL;
        return shock_odds (copy, k, u, t, TRUE, "");
      }

    case SG_A_RESOLVE:
      {
        gint k = sg_attack_of_defender (s, u), ra, rd;

        if (k < 0)
          return NULL;
        ra = s->attacks[k].rep_att >= 0 && sg_on_map (s, s->attacks[k].rep_att) ? s->attacks[k].rep_att
                                                                                 : first_piece (s, k, TRUE);
        rd = s->attacks[k].rep_def >= 0 && sg_on_map (s, s->attacks[k].rep_def) ? s->attacks[k].rep_def
                                                                                 : first_piece (s, k, FALSE);
        if (ra < 0 || rd < 0)
          return no_combat_odds ();
        return shock_odds (s, k, ra, rd, FALSE, "");
      }

    case SG_A_END_DESIGNATION:
      return designation_odds (s);

    case SG_A_REPRESENTATIVE:
      {
        gint k = s->sh.cur, ra, rd;

        if (k < 0)
          return NULL;
        ra = s->step == SG_ST_REP_ATT ? u : s->attacks[k].rep_att;
        rd = s->step == SG_ST_REP_DEF ? u : first_piece (s, k, FALSE);
        if (ra < 0 || rd < 0)
          return NULL;
        return shock_odds (s, k, ra, rd, FALSE, "");
      }

    default:
      return NULL;
    }
}
