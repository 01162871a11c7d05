/* acies-lb-combat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-lost-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-lb-private.h"

/*
 * Lost Battles, attacks (LB 6): declaring them (6.1, 6.2), attackers and
 * their limit (6.3, 6.4), bonuses (4.4.4, 8.4, 8.5), the roll and its hits
 * (6.5–6.8, 6.10), recovery by commanders (8.6, 8.7), and the attack preview
 * (the ruleset contract's get_odds).
 */

/* Attacks (LB 6). */

gboolean
acies_lb_can_attack (const AciesLbState *s)
{
  gint side = s->base.active_side, z = acies_lb_group_zone (s), f = acies_lb_group_facing (s), to;
  guint64 g = acies_lb_live_group (s);

  if (z < 0 || g == 0 || s->act.must_leave || s->act.deployed || s->act.entered_camp)
    return FALSE;                                /* 3.4.4, 5.4.3 */
  if (s->act.kind == LB_ACT_DOUBLE || s->act.kind == LB_ACT_TRIPLE)
    return FALSE;                                /* 4.4.1 */
  to = acies_lb_neighbour (z, f);
  if (to < 0 || !acies_lb_enemy_in (s, to, side))
    return FALSE;                                /* 6.1.1 */
  for (gint i = 0; i < s->n_units; i++)          /* 6.2.1, 4.3.2 */
    if (s->units[i].zone == z && s->units[i].side == side && acies_lb_present (&s->units[i]) && !IN (g, i))
      return FALSE;
  if (s->act.turned && (acies_lb_is_flank (z, 1 - side) || acies_lb_is_rear (z, 1 - side)) && acies_lb_is_central (to, 1 - side))
    return FALSE;                                /* 6.1.3 */
  if (s->attacked_sides[to] & (1u << acies_lb_dir_to (to, z)))
    return FALSE;                                /* 6.2.2 */
  if (s->prev_side == side && (s->sides[side].attacked_from_prev & (1u << z)))
    return FALSE;                                /* 8.9.3, 10.3 */
  for (gint i = 0; i < s->n_units; i++)          /* 6.1.4 */
    if (IN (g, i) && acies_lb_enter_cost (s, i, to, FALSE) > s->act.mv[i])
      return FALSE;
  return TRUE;
}

void
acies_lb_do_attack (AciesLbState *s,
                    GPtrArray    *events)
{
  gint side = s->base.active_side, z = acies_lb_group_zone (s), to = acies_lb_neighbour (z, acies_lb_group_facing (s));
  guint64 g = acies_lb_live_group (s);

  for (gint i = 0; i < s->n_units; i++)
    if (IN (g, i))
      s->act.mv[i] -= acies_lb_enter_cost (s, i, to, FALSE);
  s->attacked_sides[to] |= 1u << acies_lb_dir_to (to, z);
  s->sides[side].attacked_from |= 1u << z;
  memset (&s->atk, 0, sizeof s->atk);
  s->atk.from = z;
  s->atk.to = to;
  s->atk.limit2 = acies_lb_attacker_limit2 (s, z, to, side) * 2;   /* quarter units */
  s->atk.attacker = LB_NONE;
  s->atk.recipient = LB_NONE;
  acies_lb_set_phase (s, LB_PH_ATTACK);
  if (events != NULL)
    {
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "attack", "LB 6.1", side,
                        /* TRANSLATORS: a line of the game log (LB 6.1): the attacking units' names,
                         * their zone, the attacked zone, the most units that may attack. */
                        acies_lb_popcount (g) == 1 ? _("%s in %s attacks %s (limit %g units)")
                        /* TRANSLATORS: a line of the game log (LB 6.1): the attacking units' names,
                         * their zone, the attacked zone, the most units that may attack. */
                        : _("%s in %s attack %s (limit %g units)"),
                        names, acies_lb_zone_name (s, z, side), acies_lb_zone_name (s, to, side), s->atk.limit2 / 4.0);
    }
}

/* Size ×4 of @i as the next attacker. */
static gint
attacker_quarters (const AciesLbState *s,
                   gint                i)
{
  return acies_lb_size2 (s, i, s->atk.n_attacks == 0) * 2;
}

gboolean
acies_lb_attacker_ok (const AciesLbState *s,
                      gint                i,
                      gboolean           *half)
{
  const AciesLbUnit *u = &s->units[i];
  gint sz;

  if (!IN (s->act.group, i) || !acies_lb_present (u) || u->zone != s->atk.from || u->attacked || u->supporting)
    return FALSE;
  if (s->atk.n_attacks >= s->act.attack_cap)    /* 6.3.5 */
    return FALSE;
  if (s->atk.n_attacks == 0)
    {
      gboolean sch = FALSE, other = FALSE;

      for (gint j = 0; j < s->n_units; j++)
        if (IN (s->act.group, j) && acies_lb_present (&s->units[j]) && s->units[j].zone == s->atk.from)
          {
            if (s->units[j].sub == LB_SUB_SCH)
              sch = TRUE;
            if (!(s->units[j].type == LB_LI && s->units[j].status == LB_DISORDERED))
              other = TRUE;
          }
      if (sch && u->sub != LB_SUB_SCH)
        return FALSE;                            /* 9.5-e */
      if (u->type == LB_LI && u->status == LB_DISORDERED && other)
        return FALSE;                            /* 6.8.3 */
    }
  sz = attacker_quarters (s, i);
  if (s->atk.used2 + sz <= s->atk.limit2)
    {
      *half = FALSE;
      return TRUE;
    }
  if (s->atk.used2 + sz / 2 <= s->atk.limit2 && sz / 2 > 0)
    {
      *half = TRUE;                              /* 6.3.4 */
      return TRUE;
    }
  return FALSE;
}

static gboolean
attacker_is_lead (const AciesLbState *s,
                  gint                i)
{
  return s->units[i].lead || acies_lb_lead_of (s, s->atk.from) < 0;
}

gint
acies_lb_bonus_pool (const AciesLbState *s)
{
  gint c = s->act.cmdr;

  if (c < 0 || !acies_lb_cmdr_can_use (s, c) || acies_lb_cmdr_zone (s, c) != s->atk.from)
    return 0;                                    /* 8.4.3 */
  return s->cmdrs[c].bonus_pool;
}

/* LB 8.5: the forced double bonus of a Hero's bodyguard attacking first. */
static gboolean
forced_double (const AciesLbState *s,
               gint           i,
               gboolean       lead)
{
  gint c = s->act.cmdr;

  return c >= 0 && s->cmdrs[c].hero && s->cmdrs[c].bodyguard == i && lead && s->atk.n_attacks == 0
         && acies_lb_bonus_pool (s) >= 2 * acies_lb_bonus_cost (s, i, lead);
}

void
acies_lb_attack_options (const AciesLbState *s,
                         AciesLbOut         *out)
{
  gint player = s->base.active_side;
  gint dl = acies_lb_lead_of (s, s->atk.to);

  for (gint i = 0; i < s->n_units; i++)
    {
      gboolean half, lead;
      gint cost, avail, max_bonus;

      if (!acies_lb_attacker_ok (s, i, &half))
        continue;
      lead = attacker_is_lead (s, i);
      cost = acies_lb_bonus_cost (s, i, lead);
      avail = s->sides[player].orders + acies_lb_bonus_pool (s);
      if (forced_double (s, i, lead))
        {
          acies_lb_out_add (out, LB_A_ATTACK_WITH, player, i, half, 2, -1);
          continue;
        }
      max_bonus = avail >= cost ? 1 : 0;
      for (gint b = 0; b <= max_bonus; b++)
        {
          const AciesLbUnit *u = &s->units[i];

          acies_lb_out_add (out, LB_A_ATTACK_WITH, player, i, half, b, -1);
          if (!lead && u->cls == LB_AVERAGE && (u->sub == LB_SUB_HO || u->sub == LB_SUB_PH)
              && dl >= 0 && s->units[dl].type == LB_HI)
            for (gint j = 0; j < s->n_units; j++)   /* 6.5-m08 */
              {
                const AciesLbUnit *v = &s->units[j];

                if (j != i && IN (s->act.group, j) && v->zone == s->atk.from && v->status == LB_FRESH
                    && v->cls == LB_AVERAGE && v->sub == u->sub && !v->attacked && !v->supporting)
                  acies_lb_out_add (out, LB_A_ATTACK_WITH, player, i, half, b, j);
              }
        }
    }
}

void
acies_lb_begin_hits (AciesLbState *s,
                     gboolean      decisive,
                     AciesDice    *dice,
                     GPtrArray    *events)
{
  AciesLbAttack *atk = &s->atk;
  gint a = atk->attacker, dl = atk->lead_unit;

  atk->n_hits = acies_lb_hits_for (s, atk->margin, decisive, dl, atk->to);
  atk->decisive = decisive;
  if (decisive)
    {
      s->units[a].status = LB_DISORDERED;        /* 6.7 */
      if (s->units[a].lead)
        s->units[a].lead = 0;
      acies_events_add (events, "decisive", "LB 6.7", s->base.active_side,
                        /* TRANSLATORS: a line of the game log (LB 6.7). Slots in order: %s: a
                         * unit's name. */
                        _("%s makes a decisive attack and becomes Disordered"), acies_lb_unit_name (s, a));
    }
  acies_events_add (events, "hits", atk->n_hits > 1 ? "LB 6.6.2" : "LB 6.6.1", s->base.active_side,
                    /* TRANSLATORS: a line of the game log (LB 6.6): %d is the number of hits,
                     * %s the zone that takes them. */
                    g_dngettext (GETTEXT_PACKAGE, "%d hit on %s", "%d hits on %s", atk->n_hits),
                    atk->n_hits, acies_lb_zone_name (s, atk->to, 0));
  atk->hit_idx = 0;
  atk->recipient = LB_NONE;
  acies_lb_hits_continue (s, dice, events);
}

/* LB 6.4.1, 4.4.4, 8.4, 6.4: everything an attack by @i does before its
 * roll: its size counted against the limit, its lead status, the bonuses
 * paid (the commander's pool first), the supporter, the defending lead
 * chosen if the zone has none.  Returns the defending lead unit, or
 * LB_NONE when nobody defends. */
static gint
attack_prepare (AciesLbState *s,
                gint          i,
                gboolean      half,
                gint          bonus,
                gint          supporter,
                GPtrArray    *events)
{
  AciesLbAttack *atk = &s->atk;
  AciesLbUnit *u = &s->units[i];
  gint side = s->base.active_side, dl, cost, c = s->act.cmdr;
  gboolean lead = attacker_is_lead (s, i), pool_used = FALSE;

  atk->used2 += half ? attacker_quarters (s, i) / 2 : attacker_quarters (s, i);
  atk->n_attacks++;
  atk->attacker = i;
  atk->half = half;
  atk->shattered = atk->killed = 0;
  atk->shattered_units = 0;
  atk->zones_hit = 0;
  atk->lead_saved = FALSE;
  u->attacked = 1;
  if (supporter >= 0)
    s->units[supporter].supporting = 1;
  if (lead && !u->lead)
    acies_lb_set_lead (s, i, events, "LB 6.4.1");
  atk->attacker_lead = lead;

  /* 4.4.4, 8.4: bonuses, commander's bonus pool first. */
  cost = acies_lb_bonus_cost (s, i, lead) * bonus;
  if (bonus > 0 && c >= 0 && acies_lb_bonus_pool (s) > 0)
    {
      gint take = MIN (cost, s->cmdrs[c].bonus_pool);

      s->cmdrs[c].bonus_pool -= take;
      cost -= take;
      pool_used = TRUE;
    }
  s->sides[side].orders -= cost;
  if (!pool_used && c >= 0)
    s->cmdrs[c].bonus_pool = 0;                  /* 8.4.2 */

  dl = acies_lb_lead_of (s, atk->to);
  if (dl < 0)
    {
      gint first;

      acies_lb_lead_candidates (s, atk->to, 1 - side, &first);
      dl = first;
      if (dl >= 0)
        s->units[dl].lead = 1;
    }
  atk->lead_unit = dl;
  return dl;
}

void
acies_lb_do_attack_with (AciesLbState *s,
                         gint          i,
                         gboolean      half,
                         gint          bonus,
                         gint          supporter,
                         AciesDice    *dice,
                         GPtrArray    *events)
{
  AciesLbAttack *atk = &s->atk;
  AciesLbUnit *u = &s->units[i];
  gint side = s->base.active_side, dl, mods, d;
  gboolean lead;
  g_autoptr(GString) why = events != NULL ? g_string_new (NULL) : NULL;

  dl = attack_prepare (s, i, half, bonus, supporter, events);
  lead = atk->attacker_lead;
  if (dl < 0)
    {
      acies_lb_after_attacker (s, dice, events);
      return;
    }
  if (s->units[dl].sub == LB_SUB_SCH)           /* 9.5-c, LB-G38 */
    {
      /* TRANSLATORS: a line of the game log (LB 9.5). Slots in order: %s: a unit's name. */
      acies_events_add (events, "attack-roll", "LB 9.5", side, _("%s attacks the scythed chariots, which flee"),
                        acies_lb_unit_name (s, i));
      acies_lb_remove_unit (s, dl, LB_FLED, events, "LB 9.5");
      atk->zones_hit |= 1u << atk->to;
      acies_lb_after_attacker (s, dice, events);
      return;
    }
  d = acies_lb_roll_2d6 (dice, "attack");
  mods = acies_lb_modifiers (s, i, atk->from, atk->to, lead, s->act.moved || s->act.turned, half, bonus,
                             supporter, why);
  acies_lb_rule_sections (why);
  atk->need = acies_lb_crt_need (u->type, s->units[dl].type);
  atk->total = d + mods;
  atk->margin = atk->total - atk->need;
  acies_events_add (events, "attack-roll", "LB 6.5", side,
                    /* TRANSLATORS: a line of the game log (LB 6.5), in order: the attacker's
                     * name, the defender's name, the die roll, the sum of the modifiers, the
                     * modifiers with their rules (or "none"), the total, the total needed. */
                    _("%s attacks %s: rolled %d, modifiers %+d (%s), total %d against %d needed (LB 6.10)"),
                    acies_lb_unit_name (s, i), acies_lb_unit_name (s, dl), d, mods,
                    /* TRANSLATORS: no modifiers, in "modifiers +0 (none)" of the game log. */
                    why != NULL && why->len > 0 ? why->str : C_("modifiers", "none"), atk->total, atk->need);
  if (acies_lb_decisive_allowed (s, i, dl, atk->to, atk->margin))
    {
      if (u->sub == LB_SUB_HO)                   /* 9.2-a */
        {
          acies_lb_begin_hits (s, TRUE, dice, events);
          return;
        }
      acies_lb_set_phase (s, LB_PH_DECISIVE);
      return;
    }
  if (atk->margin < 0)
    {
      /* TRANSLATORS: a line of the game log (LB 6.6.1). */
      acies_events_add (events, "miss", "LB 6.6.1", side, _("The attack has no effect"));
      acies_lb_after_attacker (s, dice, events);
      return;
    }
  acies_lb_begin_hits (s, FALSE, dice, events);
}

/* The attack preview (the ruleset contract, acies-ruleset.c): what the
 * roll of @i's attack can give, on @s as prepared by attack_prepare().
 * For each total of 2d6 (LB 2.2) the margin over the CRT's number
 * (LB 6.10) decides: no effect (6.6.1), one hit or two (6.6.1, 6.6.2,
 * the 6.8.2 cap), or the attacker's choice of a decisive attack (6.7,
 * forced for hoplites, 9.2-a). */
static AciesOdds *
attack_with_odds (AciesLbState *s,
                  gint          i,
                  gboolean      half,
                  gint          bonus,
                  gint          supporter)
{
  enum { NO_EFFECT, ONE, ONE_OR_DECISIVE, NONE_OR_DECISIVE, TWO, N_RESULTS };
  static const char * const results[N_RESULTS] = {
    [NO_EFFECT] = "no effect",
    [ONE] = "1 hit",
    [ONE_OR_DECISIVE] = "1 hit, or 2 if decisive (the attacker becomes Disordered)",
    [NONE_OR_DECISIVE] = "no effect, or 1 hit if decisive (the attacker becomes Disordered)",
    [TWO] = "2 hits",
  };
  AciesLbAttack *atk = &s->atk;
  const AciesLbUnit *u = &s->units[i];
  AciesOdds *odds = acies_odds_new ();
  gint ways[N_RESULTS] = { 0 };
  gint dl = attack_prepare (s, i, half, bonus, supporter, NULL), mods, need;
  gboolean provisional;

  if (dl < 0)
    {
      odds->summary = g_strdup_printf (_("%s attacks %s, which nobody defends: no roll"),
                                       acies_lb_unit_name (s, i), acies_lb_zone_name (s, atk->to, s->base.active_side));
      acies_odds_add_outcome (odds, results[NO_EFFECT], 1.0, FALSE);
      return odds;
    }
  if (s->units[dl].sub == LB_SUB_SCH)            /* 9.5-c, LB-G38 */
    {
      odds->summary = g_strdup_printf (_("%s attacks %s: scythed chariots flee when attacked, no roll (LB 9.5)"),
                                       acies_lb_unit_name (s, i), acies_lb_unit_name (s, dl));
      acies_odds_add_outcome (odds, "the scythed chariots flee", 1.0, FALSE);
      return odds;
    }

  mods = acies_lb_modifiers_odds (s, i, atk->from, atk->to, atk->attacker_lead, s->act.moved || s->act.turned,
                                  half, bonus, supporter, odds);
  need = acies_lb_crt_need (u->type, s->units[dl].type);
  provisional = acies_lb_crt_provisional (u->type, s->units[dl].type);
  for (gint a = 1; a <= 6; a++)
    for (gint b = 1; b <= 6; b++)
      {
        gint margin = a + b + mods - need;
        gint hits = acies_lb_hits_for (s, margin, FALSE, dl, atk->to);

        if (acies_lb_decisive_allowed (s, i, dl, atk->to, margin))
          {
            gint decisive = acies_lb_hits_for (s, margin, TRUE, dl, atk->to);

            if (u->sub == LB_SUB_HO)               /* 9.2-a: forced */
              ways[decisive >= 2 ? TWO : ONE]++;
            else if (decisive > hits)
              ways[hits == 0 ? NONE_OR_DECISIVE : ONE_OR_DECISIVE]++;
            else
              ways[hits >= 2 ? TWO : hits == 1 ? ONE : NO_EFFECT]++;
          }
        else
          ways[hits >= 2 ? TWO : hits == 1 ? ONE : NO_EFFECT]++;
      }
  for (gint r = 0; r < N_RESULTS; r++)
    if (ways[r] > 0)
      acies_odds_add_outcome (odds, results[r], ways[r] / 36.0, provisional);
  odds->summary = g_strdup_printf (_("%s attacks %s: 2d6 %+d against %d needed (LB 6.10)%s"),
                                   acies_lb_unit_name (s, i), acies_lb_unit_name (s, dl), mods, need,
                                   acies_lb_screened (s, atk->to) ? "; screened, at most 1 hit (LB 6.8.2)" : "");
  return odds;
}

/**
 * acies_lb_attack_odds:
 * @s: a state
 * @a: a legal action
 *
 * The attack preview of @a (the ruleset contract, acies-ruleset.c): for
 * LB_A_ATTACK_WITH, the roll of that unit's attack as it stands; for the
 * declaration LB_A_ATTACK, the roll of its first attack as the rules
 * would let it go: the lead unit (6.4.1) attacking first without a bonus.
 *
 * Returns: (transfer full) (nullable): the odds, or %NULL for another action
 */
AciesOdds *
acies_lb_attack_odds (const AciesLbState *s,
                      const AciesAction  *a)
{
  AciesLbState copy;

  if (a->type != LB_A_ATTACK && a->type != LB_A_ATTACK_WITH)
    return NULL;
  memcpy (&copy, s, sizeof copy);
  copy.base.end_reason = NULL;                   /* borrowed: never freed here */
  if (a->type == LB_A_ATTACK_WITH)
    return attack_with_odds (&copy, a->args[0], a->args[1], a->args[2], a->args[3]);

  {
    g_autoptr(GArray) options = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    AciesLbOut out = { .array = options };
    const AciesAction *first = NULL;
    AciesOdds *odds;
    char *summary;

    acies_lb_do_attack (&copy, NULL);
    acies_lb_attack_options (&copy, &out);
    acies_lb_out_flush (&out);
    for (guint k = 0; k < options->len && first == NULL; k++)
      {
        const AciesAction *o = &g_array_index (options, AciesAction, k);

        if (o->args[2] == 0 && attacker_is_lead (&copy, o->args[0]))
          first = o;
      }
    if (first == NULL && options->len > 0)
      first = &g_array_index (options, AciesAction, 0);
    if (first == NULL)
      return NULL;
    odds = attack_with_odds (&copy, first->args[0], first->args[1], first->args[2], first->args[3]);
    summary = g_strdup_printf (_("If %s attacks first, without a bonus: %s"), acies_lb_unit_name (&copy, first->args[0]),
                               odds->summary);
    g_free (odds->summary);
    odds->summary = summary;
    return odds;
  }
}

/* LB 8.6, 8.7: commanders who may (or must) try to remove the hit on @r. */
gint
acies_lb_recovery_options (const AciesLbState *s,
                           gint                r,
                           gint               *out,
                           gboolean           *mandatory)
{
  const AciesLbUnit *u = &s->units[r];
  gint n = 0;

  *mandatory = FALSE;
  if (u->cls == LB_POOR || u->type == LB_LI || u->sub == LB_SUB_SCH || u->type == LB_EL)
    return 0;                                    /* 8.6.1 */
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      const AciesLbCmdr *k = &s->cmdrs[c];

      if (k->side != u->side || k->status != LB_CMDR_PRESENT || acies_lb_cmdr_zone (s, c) != u->zone
          || acies_lb_cmdr_restricted (s, c))
        continue;
      if (k->hero)
        {
          gboolean own = k->bodyguard == r;
          gboolean hoplite = k->bodyguard >= 0 && s->units[k->bodyguard].sub == LB_SUB_HO
                             && u->sub == LB_SUB_HO;

          if (k->timid && !own)
            continue;                            /* 8.6.2 */
          if (own || hoplite)                    /* 8.6.2, 9.2-d */
            {
              *mandatory = TRUE;
              out[0] = c;
              return 1;
            }
          out[n++] = c;
        }
      else if (u->status == LB_DISORDERED)       /* 8.7 */
        out[n++] = c;
    }
  return n;
}

/* LB 8.6.3, 8.7: the recovery roll; TRUE if the hit is removed. */
gboolean
acies_lb_attempt_recovery (AciesLbState *s,
                           gint          c,
                           gint          r,
                           AciesDice    *dice,
                           GPtrArray    *events)
{
  AciesLbCmdr *k = &s->cmdrs[c];
  gint d = acies_lb_roll_2d6 (dice, "recovery");
  gboolean saved = d >= acies_lb_recovery_need (k->rating);

  if (d <= acies_lb_killed_max (k->rating, k->hero))
    {
      acies_events_add (events, "recovery", k->hero ? "LB 8.6.3" : "LB 8.7", k->side,
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a leader's name;
                         * %s: a unit's name; %d: a die roll. */
                        _("%s tries to remove the hit on %s: rolled %d, he is killed"), acies_lb_cmdr_name (s, c),
                        acies_lb_unit_name (s, r), d);
      acies_lb_cmdr_lost (s, c, TRUE, events, k->hero ? "LB 8.6.3" : "LB 8.7", "recovery attempt");
      s->atk.killed++;
      return FALSE;
    }
  if (k->hero && d == 3 && k->rating >= LB_RATING_I)
    {
      k->narrow_pt = -2;                         /* narrow escape */
      acies_events_add (events, "recovery", "LB 8.6.3", k->side,
                        /* TRANSLATORS: a line of the game log (LB 8.6.3). Slots in order: %s: a
                         * leader's name. */
                        _("%s rolled 3: a narrow escape; restricted in his next own player-turn"),
                        acies_lb_cmdr_name (s, c));
      return FALSE;
    }
  acies_events_add (events, "recovery", k->hero ? "LB 8.6.3" : "LB 8.7", k->side,
                    saved
                    /* TRANSLATORS: a line of the game log (LB 8.7): the commander's name, the
                     * unit's name, the die roll. */
                    ? _("%s tries to remove the hit on %s: rolled %d, the hit is removed")
                    /* TRANSLATORS: a line of the game log (LB 8.7): the commander's name, the
                     * unit's name, the die roll. */
                    : _("%s tries to remove the hit on %s: rolled %d, the hit stands"),
                    acies_lb_cmdr_name (s, c), acies_lb_unit_name (s, r), d);
  return saved;
}

static void
apply_hit (AciesLbState *s,
           gint          r,
           GPtrArray    *events)
{
  AciesLbUnit *u = &s->units[r];
  gint zone = u->zone;

  if (u->lead)
    s->atk.zones_hit |= 1u << zone;            /* 6.4.5 */
  if (u->status == LB_FRESH)
    {
      u->status = LB_DISORDERED;                 /* 1.5 */
      /* TRANSLATORS: a line of the game log (LB 1.5). Slots in order: %s: a unit's name. */
      acies_events_add (events, "hit", "LB 1.5", u->side, _("%s is Disordered"), acies_lb_unit_name (s, r));
      return;
    }
  s->atk.shattered++;
  s->atk.shattered_units |= BIT (r);
  s->atk.zones_hit |= 1u << zone;
  acies_lb_remove_unit (s, r, LB_SHATTERED, events, "LB 1.5");   /* it was in atk.to (7.3) */
}

void
acies_lb_hits_continue (AciesLbState *s,
                        AciesDice    *dice,
                        GPtrArray    *events)
{
  AciesLbAttack *atk = &s->atk;
  gint def = 1 - s->base.active_side;

  while (atk->hit_idx < atk->n_hits)
    {
      if (atk->recipient < 0)
        {
          gboolean poor = atk->n_hits == 2 && s->units[atk->lead_unit].cls == LB_POOR
                          && atk->hit_idx == 1;
          const AciesLbUnit *lu = &s->units[atk->lead_unit];

          if (atk->hit_idx == 0 || atk->lead_saved || (poor && acies_lb_present (lu)))
            atk->recipient = acies_lb_present (lu) ? atk->lead_unit : LB_NONE;
          else
            {
              gint n = 0, first = LB_NONE;

              for (gint i = 0; i < s->n_units; i++)
                if (s->units[i].zone == atk->to && s->units[i].side == def && acies_lb_present (&s->units[i]))
                  {
                    if (n++ == 0)
                      first = i;
                  }
              if (n > 1)
                {
                  acies_lb_set_phase (s, LB_PH_SECOND_HIT);   /* 6.6.2 */
                  s->base.deciding_side = def;
                  return;
                }
              atk->recipient = first;
            }
          if (atk->recipient < 0)
            break;
          atk->recovery_done = FALSE;
        }
      if (!atk->recovery_done)
        {
          gint opts[LB_MAX_CMDRS];
          gboolean mandatory;
          gint n = acies_lb_recovery_options (s, atk->recipient, opts, &mandatory);

          atk->recovery_done = TRUE;
          if (mandatory)
            {
              if (acies_lb_attempt_recovery (s, opts[0], atk->recipient, dice, events))
                {
                  if (atk->recipient == atk->lead_unit)
                    atk->lead_saved = TRUE;      /* 8.6.4 */
                  atk->hit_idx++;
                  atk->recipient = LB_NONE;
                  continue;
                }
            }
          else if (n > 0)
            {
              atk->recovery_done = FALSE;
              acies_lb_set_phase (s, LB_PH_RECOVERY);
              s->base.deciding_side = def;
              return;
            }
        }
      if (atk->recipient != atk->lead_unit || atk->hit_idx == 0)
        atk->lead_saved = FALSE;
      {
        gint r = atk->recipient;
        gboolean was_lead = s->units[r].lead;
        gboolean poor_pair = atk->n_hits == 2 && atk->hit_idx == 0 && r == atk->lead_unit
                             && s->units[r].cls == LB_POOR;

        apply_hit (s, r, events);
        atk->hit_idx++;
        atk->recipient = LB_NONE;
        /* 6.4.5: a lead that takes a hit is replaced at once, before the
         * next hit (not between the two hits that Shatter a Fresh Poor
         * lead outright, 6.6.2). */
        if (was_lead && !poor_pair && atk->hit_idx < atk->n_hits && acies_lb_zone_load (s, atk->to, def) > 0)
          {
            guint32 zbit = 1u << atk->to;

            atk->zones_hit &= ~zbit;
            s->relead = acies_lb_settle_leads (s, zbit, def, FALSE, events, "LB 6.4.5");
            if (s->relead != 0)
              {
                atk->relead_mid = TRUE;
                acies_lb_set_phase (s, LB_PH_NEW_LEAD);
                s->base.deciding_side = def;
                return;
              }
          }
      }
    }
  s->base.deciding_side = s->base.active_side;
  if (atk->shattered + atk->killed > 0)
    acies_lb_morale_check (s, def, atk->shattered + atk->killed, dice, events);
  acies_lb_after_attacker (s, dice, events);
}
