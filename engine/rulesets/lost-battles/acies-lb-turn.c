/* acies-lb-turn.c
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
 * Lost Battles, turn structure: phases, turns and player-turns (LB 3, 8.9,
 * 10.3, 10.4), Orders rolls (4.1), lead units (3.2.3, 6.4, 6.8.3, 9.5),
 * removals and commanders lost (7.3, 8.1, 8.2), the end of the battle (11),
 * the invariants.
 */

/* Player-readable phase names (AciesState.phase), translated by the play
 * window with the package's domain. */
static const char *phase_names[] = {
  [LB_PH_SWAP] = N_("Turn swap"),
  [LB_PH_CMDR_CHOICE] = N_("Choice of commander"),
  [LB_PH_ROLL] = N_("Orders roll"),
  [LB_PH_MAIN] = N_("Orders"),
  [LB_PH_SELECT] = N_("Group selection"),
  [LB_PH_ACT] = N_("Activation"),
  [LB_PH_ATTACK] = N_("Attack"),
  [LB_PH_DECISIVE] = N_("Decisive attack"),
  [LB_PH_SECOND_HIT] = N_("Second hit"),
  [LB_PH_RECOVERY] = N_("Recovery"),
  [LB_PH_NEW_LEAD] = N_("New lead unit"),
  [LB_PH_PURSUIT] = N_("Pursuit"),
  [LB_PH_LEADS] = N_("Lead units"),
  [LB_PH_OVER] = N_("Battle over"),
  [LB_PH_TURN_START] = N_("Start of the turn"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (phase_names) == LB_PH_TURN_START + 1);

/**
 * acies_lb_phase_name:
 * @phase: a phase
 *
 * Returns: the untranslated, player-readable name of @phase (a static
 *   string marked with N_(); translate with g_dgettext (GETTEXT_PACKAGE))
 */
const char *
acies_lb_phase_name (AciesLbPhase phase)
{
  g_return_val_if_fail (phase >= 0 && phase <= LB_PH_TURN_START, NULL);
  return phase_names[phase];
}

/**
 * acies_lb_in_current_group:
 * @s: the state
 * @unit: a unit
 *
 * Returns: %TRUE while @unit is in the group being chosen (LB 4.2) or in
 *   the group activated now, up to the end of its activation (movement,
 *   attacks and their resolution, pursuit: 5, 6)
 */
gboolean
acies_lb_in_current_group (const AciesLbState *s,
                           gint                unit)
{
  if (unit < 0 || unit >= s->n_units || !acies_lb_present (&s->units[unit]))
    return FALSE;
  switch (s->phase)
    {
    case LB_PH_SELECT:
      return IN (s->selection, unit);
    case LB_PH_ACT:
    case LB_PH_ATTACK:
    case LB_PH_DECISIVE:
    case LB_PH_SECOND_HIT:
    case LB_PH_RECOVERY:
    case LB_PH_NEW_LEAD:
    case LB_PH_PURSUIT:
      return IN (s->act.group, unit);
    default:
      return FALSE;
    }
}

/**
 * acies_lb_attack_step:
 * @s: the state
 *
 * Returns: %TRUE while one unit's attack is being resolved: its decisive
 *   choice (LB 6.7), the second hit (6.6.2), a recovery (8.6) or the
 *   defender's new lead after a hit (6.4.5); s->atk.attacker and
 *   s->atk.lead_unit then
 *   name the attacker and the defending lead
 */
gboolean
acies_lb_attack_step (const AciesLbState *s)
{
  switch (s->phase)
    {
    case LB_PH_DECISIVE:
    case LB_PH_SECOND_HIT:
    case LB_PH_RECOVERY:
    case LB_PH_NEW_LEAD:
      return s->atk.attacker >= 0;
    default:
      return FALSE;
    }
}

/**
 * acies_lb_set_phase:
 * @s: the state
 * @phase: the new phase
 *
 * Sets @s->phase, which apply() and legal_actions() dispatch on, and the
 * readable AciesState.phase shown by the play window, together.
 */
void
acies_lb_set_phase (AciesLbState *s,
                    AciesLbPhase  phase)
{
  s->phase = phase;
  s->base.phase = phase_names[phase];
}
/* Removal, commanders, the end. */

void
acies_lb_cmdr_lost (AciesLbState *s,
                    gint          c,
                    gboolean      killed,
                    GPtrArray    *events,
                    const char   *rule,
                    const char   *why)
{
  AciesLbCmdr *k = &s->cmdrs[c];

  if (k->status != LB_CMDR_PRESENT)
    return;
  k->status = killed ? LB_CMDR_KILLED : LB_CMDR_LOST;
  if (k->rating == LB_RATING_P)
    s->sides[k->side].cmdr_loss_poor++;
  else
    s->sides[k->side].cmdr_loss_other++;
  if (!k->hero)
    k->zone = LB_OFF;
  acies_events_add (events, killed ? "commander-killed" : "commander-lost", rule, k->side,
                    killed
                    /* TRANSLATORS: a line of the game log: a commander's name, why he is killed. */
                    ? _("%s is killed (%s)")
                    /* TRANSLATORS: a line of the game log: a commander's name, why he is lost. */
                    : _("%s is lost (%s)"),
                    acies_lb_cmdr_name (s, c), why);
}

/* LB 8.2: a Strategist is lost when no friendly unit shares his zone. */
static void
check_strategists (AciesLbState *s,
                   gint          zone,
                   GPtrArray    *events)
{
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      AciesLbCmdr *k = &s->cmdrs[c];

      if (!k->hero && k->status == LB_CMDR_PRESENT && k->zone == zone && zone >= 0
          && acies_lb_zone_load (s, zone, k->side) == 0)
        acies_lb_cmdr_lost (s, c, FALSE, events, "LB 8.2", "no friendly unit is left in his zone");
    }
}

/**
 * acies_lb_remove_unit:
 * @s: the state
 * @u: the unit
 * @status: withdrawn, fled or Shattered
 * @events: (nullable): events
 * @rule: the rule removing it
 *
 * Removes a unit from play; its Hero is lost with it (LB 8.1) and a
 * Strategist left alone is lost (LB 8.2).
 */
void
acies_lb_remove_unit (AciesLbState  *s,
                      gint           u,
                      AciesLbStatus  status,
                      GPtrArray     *events,
                      const char    *rule)
{
  AciesLbUnit *x = &s->units[u];
  gint zone = x->zone;
  /* TRANSLATORS: lines of the game log (LB 1.5, 7.3): %s is a unit's name. */
  static const char *what[] = { N_("%s is fresh"), N_("%s is disordered"), N_("%s is Shattered"),
                                N_("%s is withdrawn"), N_("%s is fled") };

  if (!acies_lb_present (x))
    return;
  x->status = status;
  x->lead = 0;
  x->zone = LB_OFF;
  acies_lb_recount (s);
  if (status == LB_SHATTERED)
    s->sides[x->side].shattered++;
  acies_events_add (events, "removed", rule, x->side, g_dgettext (GETTEXT_PACKAGE, what[status]),
                    acies_lb_unit_name (s, u));
  if (x->hero >= 0)
    acies_lb_cmdr_lost (s, x->hero, FALSE, events, "LB 8.1", "his bodyguard left the field");
  if (zone >= 0)
    check_strategists (s, zone, events);
}

/**
 * acies_lb_finish:
 * @s: the state
 * @events: (nullable): events
 * @reason: why the battle ends, with its rule
 *
 * Ends the battle: victory points (LB 11.2) and the level of victory (11.3).
 */
void
acies_lb_finish (AciesLbState *s,
                 GPtrArray    *events,
                 const char   *reason)
{
  gint margin;

  s->vp[0] = acies_lb_victory_points (s, 0, NULL);
  s->vp[1] = acies_lb_victory_points (s, 1, NULL);
  margin = s->vp[0] - s->vp[1];
  s->base.finished = TRUE;
  s->base.deciding_side = -1;
  s->base.winner = margin == 0 ? -1 : margin > 0 ? 0 : 1;
  acies_lb_set_phase (s, LB_PH_OVER);
  g_free (s->base.end_reason);
  if (margin == 0)
    s->base.end_reason = g_strdup_printf (_("%s; %d–%d victory points: a draw (LB 11.3)"),
                                          reason, s->vp[0], s->vp[1]);
  else
    s->base.end_reason = g_strdup_printf (_("%s; %d–%d victory points: %s for %s (LB 11.3)"),
                                          reason, s->vp[0], s->vp[1], acies_lb_victory_level (s, margin),
                                          acies_lb_side_name (s, s->base.winner));
  acies_events_add (events, "game-over", "LB 11", s->base.winner, "%s", s->base.end_reason);
}

/* LB 11.1: fewer than 3 units (Poor and scythed chariots count half). */
void
acies_lb_check_end (AciesLbState *s,
                    GPtrArray    *events)
{
  gint min = s->min_units, halves[2] = { 0, 0 };

  if (s->base.finished)
    return;
  for (gint i = 0; i < s->n_units; i++)    /* acies_lb_end_count() for both sides, in halves */
    if (acies_lb_present (&s->units[i]))
      halves[s->units[i].side] += (s->units[i].cls == LB_POOR || s->units[i].sub == LB_SUB_SCH) ? 1 : 2;
  for (gint side = 0; side < 2; side++)
    if (halves[side] < 2 * min)
      {
        g_autofree char *reason = NULL;

        for (gint i = 0; i < s->n_units; i++)
          if (s->units[i].side == side && acies_lb_present (&s->units[i]))
            acies_lb_remove_unit (s, i, s->units[i].status == LB_FRESH ? LB_WITHDRAWN : LB_FLED,
                                  events, "LB 11.1");
        for (gint c = 0; c < s->n_cmdrs; c++)
          if (s->cmdrs[c].side == side)
            acies_lb_cmdr_lost (s, c, FALSE, events, "LB 11.1", "his army has collapsed");
        reason = g_strdup_printf (_("%s: fewer than %d units left (LB 11.1)"), acies_lb_side_name (s, side), min);
        acies_lb_finish (s, events, reason);
        return;
      }
}

/* LB 3.4.6, 2.3.2: the enemy enters a central rear zone or camp. */
void
acies_lb_entered_zone (AciesLbState *s,
                       gint          side,
                       gint          zone,
                       GPtrArray    *events)
{
  gint enemy = 1 - side;

  if (s->camp_of[zone] == enemy && !s->sides[enemy].camp_captured)
    {
      s->sides[enemy].camp_captured = 1;
      /* TRANSLATORS: a line of the game log (LB 2.3.2). Slots in order: %s: a side's name; %s: a
       * side's name. */
      acies_events_add (events, "camp-captured", "LB 2.3.2", side, _("%s: the camp of the %s is captured"),
                        acies_lb_side_name (s, side), acies_lb_side_name (s, enemy));
    }
  if ((zone == acies_lb_central_rear (enemy) || s->camp_of[zone] == enemy) && !s->sides[enemy].undeployed_withdrawn)
    {
      s->sides[enemy].undeployed_withdrawn = 1;
      for (gint i = 0; i < s->n_units; i++)
        if (s->units[i].side == enemy && acies_lb_present (&s->units[i]) && s->units[i].zone < 0)
          acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 3.4.6");
      for (gint c = 0; c < s->n_cmdrs; c++)
        if (s->cmdrs[c].side == enemy && s->cmdrs[c].status == LB_CMDR_PRESENT && acies_lb_cmdr_zone (s, c) < 0)
          acies_lb_cmdr_lost (s, c, FALSE, events, "LB 3.4.6", "withdrawn with the undeployed units");
    }
}

/* Turn structure. */

static void start_player_turn (AciesLbState *s, AciesDice *dice, GPtrArray *events);

/* LB 8.9.1, 8.9.3: the side that may swap the turn order now, or -1. */
static gint
swap_side (const AciesLbState *s)
{
  gint side = s->sides[0].brilliant ? 0 : 1;

  if (s->base.turn <= 1 || s->dust || s->sides[0].brilliant == s->sides[1].brilliant)
    return LB_NONE;
  if (s->sides[side].swapped || s->base_first == side)
    return LB_NONE;
  for (gint c = 0; c < s->n_cmdrs; c++)
    if (s->cmdrs[c].side == side && s->cmdrs[c].rating == LB_RATING_B
        && s->cmdrs[c].status == LB_CMDR_PRESENT)
      return side;
  return LB_NONE;
}

/* LB 3.2.1, 10.3, 10.4: the rolls at the start of a turn. */
void
acies_lb_turn_rolls (AciesLbState *s,
                     AciesDice    *dice,
                     GPtrArray    *events)
{
  s->order[0] = s->base_first;
  s->order[1] = 1 - s->base_first;
  if (s->dust && s->base.turn > 1)
    {
      gint d = acies_dice_roll_or_abort (dice, 6, 1, "dust");

      if (d >= 4)
        {
          s->order[0] = 1 - s->base_first;
          s->order[1] = s->base_first;
        }
      /* TRANSLATORS: a line of the game log (LB 10.3). Slots in order: %d: a die roll; %s: a side's
       * name. */
      acies_events_add (events, "dust", "LB 10.3", -1, _("Dust: rolled %d; first to move this turn: %s"), d,
                        acies_lb_side_name (s, s->order[0]));
    }
  if (s->weather != 0 && s->base.turn > 1)
    {
      gint d = acies_dice_roll_or_abort (dice, 6, 1, "weather");

      if (d == 6)
        s->weather = s->weather == 2 ? 1 : 2;
      acies_events_add (events, "weather", "LB 10.4", -1,
                        s->weather == 2
                        /* TRANSLATORS: a line of the game log (LB 10.4): %d is the die roll. */
                        ? _("Weather: rolled %d, the weather is wet")
                        /* TRANSLATORS: a line of the game log (LB 10.4): %d is the die roll. */
                        : _("Weather: rolled %d, the weather is overcast"),
                        d);
    }
  s->pt_in_turn = 0;
  start_player_turn (s, dice, events);
}

void
acies_lb_start_turn (AciesLbState *s,
                     AciesDice    *dice,
                     GPtrArray    *events)
{
  gint swapper;

  if ((gint) s->base.turn > s->turn_limit)
    {
      s->base.turn = s->turn_limit;
      acies_lb_finish (s, events, "The battle ends after the last turn (LB 11.1)");
      return;
    }
  /* TRANSLATORS: a line of the game log (LB 3.1). Slots in order: %u: a number. */
  acies_events_add (events, "turn", "LB 3.1", -1, _("Turn %u"), s->base.turn);
  for (gint side = 0; side < 2; side++)
    s->sides[side].deployed_this_turn = 0;
  swapper = swap_side (s);
  if (swapper >= 0)
    {
      acies_lb_set_phase (s, LB_PH_SWAP);
      s->base.active_side = s->base.deciding_side = swapper;
      return;
    }
  acies_lb_turn_rolls (s, dice, events);
}

void
acies_lb_await_roll (AciesLbState *s)
{
  acies_lb_set_phase (s, LB_PH_ROLL);
  s->base.deciding_side = s->base.active_side;
}

void
acies_lb_roll_orders (AciesLbState *s,
                      AciesDice    *dice,
                      GPtrArray    *events)
{
  gint side = s->base.active_side;
  gint d = acies_dice_roll_or_abort (dice, 6, 1, "orders");
  g_autofree char *die = NULL;

  s->sides[side].orders = acies_lb_orders_for_roll (s, side, d);
  acies_lb_set_phase (s, LB_PH_MAIN);
  s->base.deciding_side = side;
  if (events == NULL)                   /* random playouts keep no log */
    return;
  /* LB 10.3, 10.4: halved, rounding up, in dust or wet weather. */
  die = (s->dust || s->weather == 2) ? /* TRANSLATORS: the Orders die in dust or wet weather (LB 10.3, 10.4). */
                                       g_strdup_printf (_("%d halved to %d"), d, (d + 1) / 2)
                                     : g_strdup_printf ("%d", d);
  acies_events_add (events, "orders", "LB 4.1.1", side,
                    /* TRANSLATORS: a line of the game log (LB 4.1.1), in order: a side's name,
                     * the die ("4", or "5 halved to 3"), 1 for every full 10 points of the
                     * Fighting Value, the Fighting Value, the Orders ("Romans: Orders roll 4 + 7
                     * (1 for every full 10 of Fighting Value 73) = 11 Orders"). */
                    g_dngettext (GETTEXT_PACKAGE,
                                 "%s: Orders roll %s + %d (1 for every full 10 of Fighting Value %d) = %d Order",
                                 "%s: Orders roll %s + %d (1 for every full 10 of Fighting Value %d) = %d Orders",
                                 s->sides[side].orders),
                    acies_lb_side_name (s, side), die,
                    acies_lb_orders_fv (s, side) / 10, acies_lb_orders_fv (s, side), s->sides[side].orders);
}

/* LB 8.8.3: two commanders in adjacent zones at the start. */
static gboolean
cmdrs_adjacent (const AciesLbState *s,
                gint                side,
                gint               *a,
                gint               *b)
{
  for (gint i = 0; i < s->n_cmdrs; i++)
    for (gint j = i + 1; j < s->n_cmdrs; j++)
      {
        gint zi = acies_lb_cmdr_zone (s, i), zj = acies_lb_cmdr_zone (s, j);

        if (s->cmdrs[i].side == side && s->cmdrs[j].side == side && zi >= 0 && zj >= 0
            && acies_lb_distance (zi, zj) == 1)
          {
            *a = i;
            *b = j;
            return TRUE;
          }
      }
  return FALSE;
}

static void
start_player_turn (AciesLbState *s,
                   AciesDice    *dice,
                   GPtrArray    *events)
{
  gint side = s->order[s->pt_in_turn], a, b;
  AciesLbSide *sd = &s->sides[side];

  s->base.active_side = side;
  s->base.deciding_side = side;
  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (u->side != side)
        continue;
      u->was_lead = u->lead;                 /* LB-G07 */
      u->lead = 0;                           /* 6.4.3 */
      u->activated = u->deployed_pt = u->double_moved = u->entered_camp = 0;
      u->pursued = u->attacked = u->turned = u->entered_friendly = u->supporting = 0;
    }
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      AciesLbCmdr *k = &s->cmdrs[c];

      if (k->side != side)
        continue;
      k->act_pool = k->bonus_pool = acies_lb_cmdr_pool (k->rating);   /* 8.3.1, 8.4.1 */
      k->activated = k->blocked = 0;
      if (k->narrow_pt == -2)
        k->narrow_pt = s->pt;                /* 8.6.3, LB-G16 */
    }
  sd->attacked_from_prev = sd->attacked_from;
  sd->attacked_from = 0;
  memset (s->attacked_sides, 0, sizeof s->attacked_sides);
  s->selection = 0;
  /* The log names the side before the line ("Carthaginians: "): the
   * line names the turn only. */
  /* TRANSLATORS: a line of the game log when a player-turn begins (LB 3.2), after the side's
   * name ("Carthaginians: Player-turn, Turn 1"). %u: the turn. */
  acies_events_add (events, "player-turn", "LB 3.2", side, _("Player-turn, Turn %u"), s->base.turn);
  if (cmdrs_adjacent (s, side, &a, &b))
    {
      acies_lb_set_phase (s, LB_PH_CMDR_CHOICE);
      return;
    }
  acies_lb_await_roll (s);
}

/* LB 2.1.3: the direction from @a to the orthogonal neighbour @b, or -1. */
static inline gint
adjacent_dir (gint a,
              gint b)
{
  switch (b - a)
    {
    case -LB_COLS: return 0;
    case LB_COLS:  return 2;
    case 1:        return acies_lb_row (a) == acies_lb_row (b) ? 1 : -1;
    case -1:       return acies_lb_row (a) == acies_lb_row (b) ? 3 : -1;
    default:       return -1;
    }
}

void
acies_lb_lead_zone_scan (const AciesLbState *s,
                         gint                zone,
                         gint                side,
                         AciesLbLeadZone    *lz)
{
  memset (lz, 0, sizeof *lz);
  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesLbUnit *v = &s->units[i];
      gint d;

      if (!acies_lb_on_field (v))
        continue;
      if (v->zone == zone)
        {
          if (v->side != side)
            continue;
          if (v->sub == LB_SUB_SCH)
            lz->sch = TRUE;
          if (v->type == LB_LI && v->status == LB_DISORDERED)
            lz->dli = TRUE;
          else
            lz->other = TRUE;
        }
      else if (v->side != side && (d = adjacent_dir (zone, v->zone)) >= 0
               && acies_lb_neighbour (v->zone, v->facing) == zone)
        lz->enemy_facing[d] = TRUE;
    }
}

gboolean
acies_lb_lead_ok (const AciesLbState    *s,
                  gint                   unit,
                  const AciesLbLeadZone *lz)
{
  const AciesLbUnit *u = &s->units[unit];
  gboolean forced;

  if (lz->sch)
    return u->sub == LB_SUB_SCH;
  /* Enemy behind the zone facing it forces a Disordered LI lead. */
  forced = lz->enemy_facing[(u->facing + 2) % 4];
  if (u->type == LB_LI && u->status == LB_DISORDERED)
    return forced || !lz->other;
  return !(forced && lz->dli);
}

/* LB 6.8.3, 9.5-e: may @unit be designated lead in its zone? */
gboolean
acies_lb_lead_candidate (const AciesLbState *s,
                         gint                unit)
{
  AciesLbLeadZone lz;

  acies_lb_lead_zone_scan (s, s->units[unit].zone, s->units[unit].side, &lz);
  return acies_lb_lead_ok (s, unit, &lz);
}

gint
acies_lb_lead_candidates (const AciesLbState *s,
                          gint                zone,
                          gint                side,
                          gint               *first)
{
  gint n = 0;
  AciesLbLeadZone lz;

  *first = LB_NONE;
  acies_lb_lead_zone_scan (s, zone, side, &lz);
  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].zone == zone && s->units[i].side == side && acies_lb_present (&s->units[i])
        && acies_lb_lead_ok (s, i, &lz))
      {
        if (n++ == 0)
          *first = i;
      }
  return n;
}

void
acies_lb_set_lead (AciesLbState *s,
                   gint          unit,
                   GPtrArray    *events,
                   const char   *rule)
{
  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].zone == s->units[unit].zone && s->units[i].side == s->units[unit].side)
      s->units[i].lead = 0;
  s->units[unit].lead = 1;
  /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name; %s: a zone's name. */
  acies_events_add (events, "lead", rule, s->units[unit].side, _("%s is the lead unit in %s"),
                    acies_lb_unit_name (s, unit), acies_lb_zone_name (s, s->units[unit].zone, s->units[unit].side));
}

/* Chooses leads automatically where there is one candidate; returns the
 * zones in @mask still needing a choice by @side. */
guint32
acies_lb_settle_leads (AciesLbState *s,
                       guint32       mask,
                       gint          side,
                       gboolean      keep_existing,
                       GPtrArray    *events,
                       const char   *rule)
{
  guint32 left = 0;

  for (gint z = 0; z < LB_ZONES; z++)
    {
      gint first, n;

      if (!((mask >> z) & 1))
        continue;
      if (keep_existing && acies_lb_lead_of (s, z) >= 0)
        continue;
      n = acies_lb_lead_candidates (s, z, side, &first);
      if (n == 1)
        acies_lb_set_lead (s, first, events, rule);
      else if (n > 1)
        left |= 1u << z;
    }
  return left;
}

/* LB 3.2.3: leads for the active side's zones without one. */
void
acies_lb_begin_leads (AciesLbState *s,
                      AciesDice    *dice,
                      GPtrArray    *events)
{
  gint side = s->base.active_side;
  guint32 mask = 0;

  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].side == side && acies_lb_on_field (&s->units[i]))
      mask |= 1u << s->units[i].zone;
  s->relead = acies_lb_settle_leads (s, mask, side, TRUE, events, "LB 3.2.3");
  if (s->relead != 0)
    {
      acies_lb_set_phase (s, LB_PH_LEADS);
      return;
    }
  acies_lb_end_player_turn (s, dice, events);
}

void
acies_lb_end_player_turn (AciesLbState *s,
                          AciesDice    *dice,
                          GPtrArray    *events)
{
  gint side = s->base.active_side;
  gboolean undeployed_units = FALSE;

  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].side == side && acies_lb_present (&s->units[i]) && s->units[i].zone < 0)
      undeployed_units = TRUE;
  for (gint c = 0; c < s->n_cmdrs; c++)    /* 8.2 */
    {
      AciesLbCmdr *k = &s->cmdrs[c];

      if (k->side != side || k->hero || k->status != LB_CMDR_PRESENT)
        continue;
      if (k->zone >= 0 && acies_lb_zone_load (s, k->zone, side) == 0)
        acies_lb_cmdr_lost (s, c, FALSE, events, "LB 8.2", "he ends the player-turn alone in a zone");
      else if (k->zone < 0 && !undeployed_units)
        acies_lb_cmdr_lost (s, c, FALSE, events, "LB 8.2", "no friendly unit remains undeployed");
    }
  acies_lb_check_end (s, events);
  if (s->base.finished)
    return;
  s->prev_side = side;
  s->sides[side].pt_of_last = s->pt;
  s->pt++;
  if (++s->pt_in_turn >= 2)
    {
      s->base.turn++;
      acies_lb_start_turn (s, dice, events);
    }
  else
    start_player_turn (s, dice, events);
}

/**
 * acies_lb_start_battle:
 * @s: a new state
 * @dice: the dice
 * @events: (nullable): events
 *
 * Turn 1 (LB 3.3.1: both armies off the field) and its first rolls.
 */
void
acies_lb_start_battle (AciesLbState *s,
                       AciesDice    *dice,
                       GPtrArray    *events)
{
  s->base.turn = 1;
  acies_lb_start_turn (s, dice, events);
}

/**
 * acies_lb_start_from_deployment:
 * @s: a new state whose units stand where the scenario's map places them
 *
 * LB 3.3: "the map for each scenario shows the historical deployment at
 * the end of the first turn": the battle goes on from there, at turn 2
 * (3.4.2 then governs the units still off the field).  With dust or
 * weather, whose rolls open every turn after the first (10.3, 10.4), the
 * first action is LB_A_BEGIN_TURN, which rolls them.
 */
void
acies_lb_start_from_deployment (AciesLbState *s)
{
  s->base.turn = 2;
  if (s->dust || s->weather != 0)
    {
      /* LB 10.3, 10.4: the turn begins with dice, which a new state may
       * not roll: its first action rolls them. */
      acies_lb_set_phase (s, LB_PH_TURN_START);
      s->base.active_side = s->base.deciding_side = s->base_first;
      return;
    }
  acies_lb_start_turn (s, NULL, NULL);
}
/**
 * acies_lb_check_invariants:
 * @s: the state
 * @error: return location for an error
 *
 * Returns: %FALSE if a zone is over capacity (5.5.3), holds both armies
 *   (5.5.1) or holds units of one side facing different ways (5.1.1)
 */
gboolean
acies_lb_check_invariants (const AciesLbState  *s,
                           GError             **error)
{
  for (gint z = 0; z < LB_ZONES; z++)
    {
      gint facing = -1, sides = 0;

      for (gint side = 0; side < 2; side++)
        if (acies_lb_zone_load (s, z, side) > 0)
          sides++;
      if (sides > 1)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "LB 5.5.1: both armies in %s", acies_lb_zone_name (s, z, 0));
          return FALSE;
        }
      if (acies_lb_zone_load (s, z, -1) > acies_lb_zone_capacity (s, z))
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "LB 5.5.3: %s holds %d units against a capacity of %d", acies_lb_zone_name (s, z, 0),
                       acies_lb_zone_load (s, z, -1), acies_lb_zone_capacity (s, z));
          return FALSE;
        }
      if (s->phase == LB_PH_ACT && s->act.must_leave && z == acies_lb_group_zone (s))
        continue;
      for (gint i = 0; i < s->n_units; i++)
        if (s->units[i].zone == z && acies_lb_present (&s->units[i]))
          {
            if (facing >= 0 && s->units[i].facing != facing)
              {
                g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                             "LB 5.1.1: units in %s face different ways", acies_lb_zone_name (s, z, 0));
                return FALSE;
              }
            facing = s->units[i].facing;
          }
    }
  for (gint i = 0; i < s->n_units; i++)
    if (!acies_lb_present (&s->units[i]) && s->units[i].zone >= 0 && s->phase != LB_PH_SECOND_HIT
        && s->phase != LB_PH_RECOVERY)
      {
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                     "%s is gone but still in a zone", acies_lb_unit_name (s, i));
        return FALSE;
      }
  if (s->base.finished != (s->base.deciding_side == -1))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "deciding side %d while finished is %d", s->base.deciding_side, s->base.finished);
      return FALSE;
    }
  return TRUE;
}
