/* acies-lb-morale.c
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
#include "acies-text.h"

/*
 * Lost Battles, morale (LB 7.1–7.4) after an attack, the next attacker,
 * pursuit (6.9) and the end of an activation.
 */

/* LB 7.1–7.4 */
void
acies_lb_morale_check (AciesLbState *s,
                       gint          side,
                       gint          n_dice,
                       AciesDice    *dice,
                       GPtrArray    *events)
{
  gint lowest = 6, army, morale[LB_MAX_UNITS];
  guint32 trigger_zone = 0;
  gint li_trig[LB_ZONES] = { 0 }, other_trig[LB_ZONES] = { 0 };
  guint64 remove1 = 0;
  g_autoptr(GPtrArray) rolled = events != NULL ? g_ptr_array_new_with_free_func (g_free) : NULL;
  g_autofree char *rolled_text = NULL;
  g_autoptr(GPtrArray) steps = events != NULL ? g_ptr_array_new_with_free_func (g_free) : NULL;

  /* The log shows the check step by step (issue 6, item 5): the dice, the
   * lowest halved, each 7.1 modifier, the army morale, then each unit's
   * modifiers and result. */
  for (gint k = 0; k < n_dice; k++)
    {
      gint d = acies_dice_roll_or_abort (dice, 6, 1, "morale");   /* once: MIN() would roll twice */

      lowest = MIN (lowest, d);
      if (rolled != NULL)
        g_ptr_array_add (rolled, g_strdup_printf ("%d", d));
    }
  if (rolled != NULL)
    rolled_text = acies_text_join_list ((const char * const *) rolled->pdata, rolled->len);
  acies_events_add (events, "morale", "LB 7.1", side,
                    /* TRANSLATORS: a line of the game log (LB 7.1): a side's name, the number
                     * of dice, the dice rolled ("2, 5 and 6"). */
                    g_dngettext (GETTEXT_PACKAGE,
                                 "%s: morale check with %d die, one for each unit Shattered or commander killed by this attack: rolled %s",
                                 "%s: morale check with %d dice, one for each unit Shattered or commander killed by this attack: rolled %s",
                                 n_dice),
                    acies_lb_side_name (s, side), n_dice, rolled_text);
  acies_events_add (events, "morale", "LB 7.1", side,
                    /* TRANSLATORS: a line of the game log (LB 7.1). Slots in order: %d: a number;
                     * %d: a number. */
                    _("Lowest die %d, halved and rounded up: %d"), lowest, (lowest + 1) / 2);
  army = acies_lb_army_morale_steps (s, side, lowest, steps);
  for (guint k = 0; steps != NULL && k < steps->len; k++)
    {
      g_autoptr(GString) step = g_string_new (g_ptr_array_index (steps, k));

      acies_lb_rule_sections (step);
      acies_events_add (events, "morale", "LB 7.1", side, "%s", step->str);
    }
  acies_events_add (events, "morale", "LB 7.1", side,
                    steps != NULL && steps->len == 0
                    /* TRANSLATORS: a line of the game log (LB 7.1): a side's name, its army
                     * morale. */
                    ? _("Army morale of %s: %d (no modifier)")
                    /* TRANSLATORS: a line of the game log (LB 7.1): a side's name, its army
                     * morale. */
                    : _("Army morale of %s: %d"),
                    acies_lb_side_name (s, side), army);

  for (gint i = 0; i < s->n_units; i++)           /* snapshot (7.3.3) */
    {
      const AciesLbUnit *u = &s->units[i];
      g_autoptr(GString) why = events != NULL ? g_string_new (NULL) : NULL;

      morale[i] = G_MAXINT;
      if (u->side != side || !acies_lb_present (u))
        continue;
      morale[i] = u->zone >= 0 ? acies_lb_unit_morale_why (s, i, army, s->atk.to, why)
                               : acies_lb_undeployed_morale_why (s, i, army, why);
      acies_lb_rule_sections (why);
      {
        const char *verdict = morale[i] <= -1 ? (u->zone >= 0 ? _("leaves the field (LB 7.3.1)") : _("withdrawn (LB 7.4)"))
                              : morale[i] >= 1 || u->zone < 0 ? _("stays")
                              : _("leaves if a unit of its zone is Shattered or leaves (LB 7.3.1)");

        if (why != NULL && why->len > 0)
          acies_events_add (events, "unit-morale", u->zone >= 0 ? "LB 7.2" : "LB 7.4", side,
                            u->zone >= 0
                            /* TRANSLATORS: a line of the game log (LB 7.2), in order: a unit's name,
                             * its army's morale, the modifiers with their rules, the unit's morale,
                             * the verdict ("stays", "leaves the field (LB 7.3.1)"…). */
                            ? _("%s: army morale %d, %s = %d: %s")
                            /* TRANSLATORS: a line of the game log (LB 7.4), in order: a unit's name,
                             * its army's morale, the modifiers with their rules, the unit's morale,
                             * the verdict ("stays", "withdrawn (LB 7.4)"). */
                            : _("%s (off the field): army morale %d, %s = %d: %s"),
                            acies_lb_unit_name (s, i), army, why->str, morale[i], verdict);
        else
          acies_events_add (events, "unit-morale", u->zone >= 0 ? "LB 7.2" : "LB 7.4", side,
                            u->zone >= 0
                            /* TRANSLATORS: a line of the game log (LB 7.2), in order: a unit's name,
                             * its army's morale, the unit's morale, the verdict ("stays", "leaves
                             * the field (LB 7.3.1)"…). */
                            ? _("%s: army morale %d (no modifier) = %d: %s")
                            /* TRANSLATORS: a line of the game log (LB 7.4), in order: a unit's name,
                             * its army's morale, the unit's morale, the verdict ("stays",
                             * "withdrawn (LB 7.4)"). */
                            : _("%s (off the field): army morale %d (no modifier) = %d: %s"),
                            acies_lb_unit_name (s, i), army, morale[i], verdict);
      }
    }
  for (gint i = 0; i < s->n_units; i++)           /* Shattered by this attack, in the attacked zone */
    if (IN (s->atk.shattered_units, i))
      {
        gint z = s->atk.to;

        trigger_zone |= 1u << z;
        if (s->units[i].type == LB_LI)
          li_trig[z]++;
        else
          other_trig[z]++;
      }
  for (gint i = 0; i < s->n_units; i++)           /* 7.3.1, first pass */
    if (morale[i] <= -1)
      {
        AciesLbUnit *u = &s->units[i];
        gint z = u->zone;

        remove1 |= BIT (i);
        if (z >= 0)
          {
            trigger_zone |= 1u << z;
            if (u->type == LB_LI && (u->status == LB_DISORDERED || s->opt.withdrawn_li_fled))
              li_trig[z]++;
            else if (u->type != LB_LI)
              other_trig[z]++;
            else
              other_trig[z]++;
          }
      }
  for (gint i = 0; i < s->n_units; i++)
    if (IN (remove1, i))
      {
        gint z = s->units[i].zone;

        acies_lb_remove_unit (s, i, s->units[i].status == LB_FRESH ? LB_WITHDRAWN : LB_FLED, events,
                              z >= 0 ? "LB 7.3.1" : "LB 7.4");
        if (z >= 0)
          s->atk.zones_hit |= 1u << z;
      }
  for (gint i = 0; i < s->n_units; i++)           /* 7.3.1, second pass; 7.3.2 */
    {
      AciesLbUnit *u = &s->units[i];
      gint z = u->zone;

      if (morale[i] != 0 || !acies_lb_present (u) || z < 0)
        continue;
      if (!((trigger_zone >> z) & 1))
        {
          acies_events_add (events, "unit-morale", "LB 7.3.1", side,
                            /* TRANSLATORS: a line of the game log (LB 7.3.1). Slots in order: %s: a
                             * unit's name. */
                            _("%s stays: no unit of its zone was Shattered or left"), acies_lb_unit_name (s, i));
          continue;
        }
      if (other_trig[z] == 0 && li_trig[z] == 1 && u->type != LB_LI)
        {
          acies_events_add (events, "unit-morale", "LB 7.3.2", side,
                            /* TRANSLATORS: a line of the game log (LB 7.3.2). Slots in order: %s: a
                             * unit's name. */
                            _("%s stays: only one light infantry unit of its zone was Shattered or left"),
                            acies_lb_unit_name (s, i));
          continue;                               /* 7.3.2 */
        }
      acies_lb_remove_unit (s, i, u->status == LB_FRESH ? LB_WITHDRAWN : LB_FLED, events, "LB 7.3.1");
      s->atk.zones_hit |= 1u << z;
    }
}

gboolean
acies_lb_pursuer_ok (const AciesLbState *s,
                     gint                i)
{
  const AciesLbUnit *u = &s->units[i];
  gint to = s->atk.to, pursued = 0;

  if (!IN (s->act.group, i) || !acies_lb_present (u) || u->zone != s->atk.from || u->pursued)
    return FALSE;
  if (s->act.kind == LB_ACT_TURN_ONLY)          /* 6.9.2 */
    {
      for (gint j = 0; j < s->n_units; j++)
        if (s->units[j].pursued && IN (s->act.group, j))
          pursued++;
      if (pursued > 0 || !u->attacked || u->supporting)
        return FALSE;
    }
  if (acies_lb_zone_load (s, to, u->side) + acies_lb_unit_load (u) > acies_lb_zone_capacity (s, to)
      || (s->terrain[to] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, to, u->side))
    return FALSE;                                /* LB-G36 */
  if (u->sub == LB_SUB_HO)                       /* 9.2-c, LB-G18 */
    {
      gint base = s->opt.hoplite_own_zone ? s->atk.from : to;

      for (gint d = 0; d < 4; d++)
        {
          gint n = acies_lb_neighbour (base, d);

          if (n != s->atk.from && n != to)
            for (gint j = 0; j < s->n_units; j++)
              if (s->units[j].zone == n && n >= 0 && s->units[j].side != u->side
                  && acies_lb_present (&s->units[j]) && s->units[j].type == LB_HI)
                return FALSE;
        }
    }
  return TRUE;
}

gboolean
acies_lb_any_pursuer (const AciesLbState *s)
{
  for (gint i = 0; i < s->n_units; i++)
    if (acies_lb_pursuer_ok (s, i))
      return TRUE;
  return FALSE;
}

static gboolean
any_attacker (const AciesLbState *s)
{
  for (gint i = 0; i < s->n_units; i++)
    {
      gboolean half;

      if (acies_lb_attacker_ok (s, i, &half))
        return TRUE;
    }
  return FALSE;
}

void
acies_lb_after_attacker (AciesLbState *s,
                         AciesDice    *dice,
                         GPtrArray    *events)
{
  gint def = 1 - s->base.active_side;

  acies_lb_check_end (s, events);
  if (s->base.finished)
    return;
  s->relead = acies_lb_settle_leads (s, s->atk.zones_hit, def, FALSE, events, "LB 6.4.5");
  s->atk.zones_hit = 0;
  if (s->relead != 0)
    {
      acies_lb_set_phase (s, LB_PH_NEW_LEAD);
      s->base.deciding_side = def;
      return;
    }
  s->base.deciding_side = s->base.active_side;
  if (acies_lb_zone_load (s, s->atk.to, def) == 0)    /* 6.9.1, 6.9.3 */
    {
      if (acies_lb_any_pursuer (s))
        {
          acies_lb_set_phase (s, LB_PH_PURSUIT);
          return;
        }
      acies_lb_end_activation (s, events);
      return;
    }
  if (any_attacker (s))
    {
      acies_lb_set_phase (s, LB_PH_ATTACK);
      return;
    }
  acies_lb_end_activation (s, events);
}

void
acies_lb_do_pursue (AciesLbState *s,
                    gint          i,
                    GPtrArray    *events)
{
  AciesLbUnit *u = &s->units[i];
  gboolean was_lead = u->lead;

  u->zone = s->atk.to;
  acies_lb_recount (s);
  u->pursued = 1;
  u->entered_pt = s->pt;
  u->lead = 0;
  if (was_lead)
    acies_lb_set_lead (s, i, events, "LB 6.9.5");
  /* TRANSLATORS: a line of the game log (LB 6.9.1). Slots in order: %s: a unit's name; %s: a zone's
   * name. */
  acies_events_add (events, "pursue", "LB 6.9.1", u->side, _("%s advances into %s"), acies_lb_unit_name (s, i),
                    acies_lb_zone_name (s, s->atk.to, u->side));
  acies_lb_entered_zone (s, u->side, s->atk.to, events);
  acies_lb_check_end (s, events);
}

/* LB 8.2: the Strategist who went with the attacking group "may advance
 * after combat with the group": offered once a unit has advanced. */
gboolean
acies_lb_strategist_may_advance (const AciesLbState *s)
{
  gint c = s->act.cmdr, side = s->base.active_side, other;

  if (c < 0 || s->cmdrs[c].hero || s->cmdrs[c].status != LB_CMDR_PRESENT || s->cmdrs[c].zone != s->atk.from
      || acies_lb_zone_load (s, s->atk.to, side) == 0)
    return FALSE;
  other = acies_lb_cmdr_in_zone (s, s->atk.to, side);
  return other < 0 || other == c;                /* 8.8.1 */
}

void
acies_lb_end_activation (AciesLbState *s,
                         GPtrArray    *events)
{
  memset (&s->act, 0, sizeof s->act);
  s->act.cmdr = LB_NONE;
  s->act.zone = LB_NONE;
  acies_lb_set_phase (s, LB_PH_MAIN);
  s->base.deciding_side = s->base.active_side;
}
