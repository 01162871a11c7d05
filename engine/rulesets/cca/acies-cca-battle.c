/* acies-cca-battle.c
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
 * A battle from its declaration to its end (BASE-CC, BASE-BB, BASE-EVADE,
 * ref 1.6 for the order): the defender's reaction (evade, stand, or a
 * card that strikes first), the first strike of a wall defender (T-SCW-7)
 * or a First Strike card, the attacker's roll, hits, the retreat, the
 * leader checks, then a momentum advance if the target is gone, or the
 * defender's battle back if it stayed.  Decisions go to the player who
 * makes them; acies_cca_resume() drives the stages.
 */

static gboolean
is_lone_leader (const AciesCcaState *s,
                gint                 index)
{
  return (guint) index >= s->st->n_units;
}

static const char *
rule_of (gint mode)
{
  return mode == ACIES_CCA_BM_RANGED ? "CCA base game: ranged combat" : "CCA base game: close combat";
}

/* The text of a roll: "red square, flag, crossed swords". */
static char *
symbols_text (const AciesCcaSymbol *syms,
              guint                 n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", acies_cca_symbol_name (syms[i]));
  return g_string_free (text, FALSE);
}

/* The event of a roll, with its symbols in the data for the play mode. */
static void
roll_event (const AciesCcaState  *s,
            GPtrArray            *events,
            gint                  side,
            const char           *rule,
            const char           *who,
            const char           *whom,
            const AciesCcaDice   *d,
            const AciesCcaSymbol *syms,
            guint                 n,
            gint                  hits,
            gint                  flags)
{
  g_autofree char *seen = NULL, *hits_words = NULL, *flags_words = NULL, *text = NULL;
  AciesEvent *event;
  JsonArray *array;

  if (events == NULL)
    return;
  seen = symbols_text (syms, n);
  hits_words = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit", "%d hits", hits), hits);
  flags_words = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d flag", "%d flags", flags), flags);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s rolls %d die against %s: %s — %s, %s",
                                       "%s rolls %d dice against %s: %s — %s, %s", d->dice),
                          who, d->dice, whom, seen, hits_words, flags_words);
  /* Section 7, K5: dice the terrain took away are said with the roll,
   * as the preview's modifiers say them (mounted battling back from a
   * hill: at most 2). */
  if (d->cap > 0 && d->base - d->camp > d->cap)
    {
      g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%s (of its %d dice: terrain, at most %d die)",
                                                           "%s (of its %d dice: terrain, at most %d dice)", d->cap),
                                              text, d->base - d->camp, d->cap);

      g_free (text);
      text = g_steal_pointer (&why);
    }
  event = acies_event_new ("battle", rule, side, "%s", text);
  event->data = json_object_new ();
  array = json_array_new ();
  for (guint i = 0; i < n; i++)
    json_array_add_string_element (array, acies_cca_symbol_name (syms[i]));
  json_object_set_array_member (event->data, "symbols", array);
  json_object_set_int_member (event->data, "dice", d->dice);
  json_object_set_int_member (event->data, "hits", hits);
  json_object_set_int_member (event->data, "flags", flags);
  g_ptr_array_add (events, event);
  (void) s;
}

/**
 * acies_cca_may_evade:
 * @s: a state
 * @u: the unit attacked in close combat
 * @attacker: the attacker
 *
 * BASE-EVADE, ref 1.5: green-circle units and war machines always; medium
 * cavalry and camels against foot and heavy mounted units; heavy cavalry
 * and heavy chariots against foot and elephants; never against ranged
 * combat or a battle back; not when no hex behind is open.
 *
 * Returns: whether @u may evade @attacker
 */
gboolean
acies_cca_may_evade (const AciesCcaState *s,
                     gint                 u,
                     gint                 attacker)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);
  const AciesCcaProfile *ap = acies_cca_prof (s, attacker);
  gboolean foot = acies_cca_is_foot (s, attacker);
  gint16 cells[ACIES_CCA_MAX_CELLS];
  guint n = 0;

  switch (p->evade)
    {
    case ACIES_CCA_EVADE_ALWAYS:
      break;
    case ACIES_CCA_EVADE_FOOT_HEAVY_MOUNTED:
      if (!foot && ap->cls != ACIES_CCA_HEAVY)
        return FALSE;
      break;
    case ACIES_CCA_EVADE_FOOT_ELEPHANTS:
      if (!foot && ap->kind != ACIES_CCA_KIND_ELEPHANT)
        return FALSE;
      break;
    case ACIES_CCA_EVADE_NEVER:
    default:
      return FALSE;
    }
  if (p->kind == ACIES_CCA_KIND_WAR_MACHINE)
    return TRUE;
  return acies_cca_evade_cells (s, u, cells, &n) && n > 0;
}

/* Whether the defender may strike first with its terrain (T-SCW-7, Q8). */
static gboolean
walls_first (const AciesCcaState *s)
{
  const AciesCcaBattle *b = &s->battle;

  if (b->mode != ACIES_CCA_BM_CLOSE || is_lone_leader (s, b->target))
    return FALSE;
  if (!acies_cca_terrain (s, b->to)->first_strike)
    return FALSE;
  if (acies_cca_terrain (s, b->from)->first_strike && s->st->opt.walls_attacker_first)
    return FALSE;
  return TRUE;
}

/* The side that holds the reaction cards of a defender. */
static gboolean
holds_reaction (const AciesCcaState *s,
                gint                 side)
{
  if (s->st->epic)
    return acies_cca_hand_has (s, side, ACIES_CCA_CARD_COUNTER_ATTACK);
  return acies_cca_hand_has (s, side, ACIES_CCA_CARD_FIRST_STRIKE);
}

/**
 * acies_cca_start_battle:
 * @s: a state
 * @u: the attacker
 * @target: an enemy unit or n_units + a lone enemy leader
 * @mode: ACIES_CCA_BM_CLOSE or ACIES_CCA_BM_RANGED
 * @bonus: a bonus close combat after a momentum advance
 * @dice: the dice
 * @events: (nullable): events
 *
 * Declares the battle; acies_cca_resume() carries it on.
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_start_battle (AciesCcaState *s,
                        gint           u,
                        gint           target,
                        gint           mode,
                        gboolean       bonus,
                        AciesDice     *dice,
                        GPtrArray     *events)
{
  AciesCcaBattle *b = &s->battle;
  gint tside;

  memset (b, 0, sizeof *b);
  b->active = TRUE;
  b->mode = mode;
  b->bonus = bonus;
  b->attacker = u;
  b->target = target;
  b->from = s->units[u].cell;
  b->to = is_lone_leader (s, target) ? s->leaders[target - (gint) s->st->n_units].cell : s->units[target].cell;
  b->evade_to = -1;
  b->attacker_leader = acies_cca_leader_with (s, u);
  b->attacker_blocks = s->units[u].blocks;
  b->target_leader = is_lone_leader (s, target) ? -1 : acies_cca_leader_with (s, target);
  b->target_blocks = is_lone_leader (s, target) ? 0 : s->units[target].blocks;
  if (mode == ACIES_CCA_BM_RANGED && s->units[u].fires > 0)
    {
      s->units[u].fires--;
      if (s->units[u].fires == 0)
        s->units[u].flags |= ACIES_CCA_UF_BATTLED;
    }
  else
    s->units[u].flags |= ACIES_CCA_UF_BATTLED;
  if (bonus)
    s->units[u].flags |= ACIES_CCA_UF_BONUS_DONE;
  if (events != NULL)
    {
      g_autofree char *who = acies_cca_unit_words (s, u);
      g_autofree char *whom = acies_cca_thing_words (s, target);

      if (mode == ACIES_CCA_BM_RANGED)
        /* TRANSLATORS: a line of the game log (CCA base game: ranged combat). Slots in order: %s: a unit's name;
         * %s: a unit's name. */
        acies_events_add (events, "declare", "CCA base game: ranged combat", acies_cca_side_of (s, u), _("%s fires at %s"), who, whom);
      else if (bonus)
        acies_events_add (events, "declare", "CCA base game: momentum advance", acies_cca_side_of (s, u),
                          /* TRANSLATORS: a line of the game log (CCA base game: momentum advance). Slots in
                           * order: %s: a unit's name; %s: a unit's name. */
                          _("%s makes a bonus close combat against %s"), who, whom);
      else
        /* TRANSLATORS: a line of the game log (CCA base game: close combat). Slots in order: %s: a unit's name; %s:
         * a unit's name. */
        acies_events_add (events, "declare", "CCA base game: close combat", acies_cca_side_of (s, u), _("%s attacks %s"), who, whom);
    }

  b->stage = ACIES_CCA_BS_ATTACK;
  if (mode != ACIES_CCA_BM_CLOSE || is_lone_leader (s, target))
    return TRUE;
  tside = acies_cca_side_of (s, target);
  if (acies_cca_may_evade (s, target, u) || holds_reaction (s, tside) || s->st->opt.ask_every_close_combat)
    {
      b->stage = ACIES_CCA_BS_REACT;
      return TRUE;
    }
  if (walls_first (s))
    b->stage = ACIES_CCA_BS_FIRST_STRIKE;
  (void) dice;
  return TRUE;
}

/**
 * acies_cca_react_legal:
 * @s: a state in the REACT step
 * @out: the legal actions to append to
 *
 * The defender's answers: stand; evade to a hex behind (BASE-EVADE); play
 * First Strike (ref 1.11; in an Epic battle its Supreme Commander's
 * Counter Attack, EP-1.17).
 */
void
acies_cca_react_legal (const AciesCcaState *s,
                       GArray              *out)
{
  const AciesCcaBattle *b = &s->battle;
  gint side = s->base.deciding_side;
  gint16 cells[ACIES_CCA_MAX_CELLS];
  guint n = 0;

  acies_cca_add_action (out, ACIES_CCA_A_STAND, side, -1, -1, -1);
  if (acies_cca_may_evade (s, b->target, b->attacker))
    {
      if (acies_cca_prof (s, b->target)->kind == ACIES_CCA_KIND_WAR_MACHINE)
        acies_cca_add_action (out, ACIES_CCA_A_EVADE, side, -1, -1, -1);
      else
        {
          acies_cca_evade_cells (s, b->target, cells, &n);
          for (guint i = 0; i < n; i++)
            acies_cca_add_action (out, ACIES_CCA_A_EVADE, side, cells[i], -1, -1);
        }
    }
  if (s->st->epic && acies_cca_hand_has (s, side, ACIES_CCA_CARD_COUNTER_ATTACK))
    acies_cca_add_action (out, ACIES_CCA_A_REACT_CARD, side, ACIES_CCA_CARD_COUNTER_ATTACK, -1, -1);
  else if (!s->st->epic && acies_cca_hand_has (s, side, ACIES_CCA_CARD_FIRST_STRIKE))
    acies_cca_add_action (out, ACIES_CCA_A_REACT_CARD, side, ACIES_CCA_CARD_FIRST_STRIKE, -1, -1);
}

/**
 * acies_cca_react:
 * @s: a state in the REACT step
 * @a: one of acies_cca_react_legal()'s actions
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Applies the defender's answer.  An evading war machine is removed and
 * gives no flag (ref 1.5).  A First Strike card is discarded and the
 * defender draws another at once (ruling: it was played out of turn).
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_react (AciesCcaState      *s,
                 const AciesAction  *a,
                 AciesDice          *dice,
                 GPtrArray          *events,
                 GError            **error)
{
  AciesCcaBattle *b = &s->battle;
  gint tside = acies_cca_side_of (s, b->target);

  switch (a->type)
    {
    case ACIES_CCA_A_EVADE:
      if (acies_cca_prof (s, b->target)->kind == ACIES_CCA_KIND_WAR_MACHINE)
        {
          g_autofree char *name = events != NULL ? acies_cca_unit_words (s, b->target) : NULL;

          /* TRANSLATORS: a line of the game log (CCA ref 1.5). Slots in order: %s: a unit's name. */
          acies_events_add (events, "evade", "CCA ref 1.5", tside, _("%s evades and is removed (no flag)"), name);
          acies_cca_remove_unit (s, b->target, ACIES_CCA_GONE, NULL, NULL);
          b->stage = ACIES_CCA_BS_DONE;
          return TRUE;
        }
      b->evading = TRUE;
      b->evade_to = a->args[0];
      if (events != NULL)
        {
          g_autofree char *name = acies_cca_unit_words (s, b->target);

          /* TRANSLATORS: a line of the game log (CCA base game: evade). Slots in order: %s: a unit's
           * name; %s: a hex or square label. */
          acies_events_add (events, "evade", "CCA base game: evade", tside, _("%s evades toward %s"), name,
                            acies_cca_cell_label (s, b->evade_to));
        }
      b->stage = ACIES_CCA_BS_ATTACK;
      return TRUE;

    case ACIES_CCA_A_REACT_CARD:
      acies_cca_hand_remove (s, tside, a->args[0]);
      s->discard[a->args[0]]++;
      b->first_strike = TRUE;
      if (a->args[0] == ACIES_CCA_CARD_COUNTER_ATTACK)
        b->extra_dice = 2;
      acies_events_add (events, "card", a->args[0] == ACIES_CCA_CARD_COUNTER_ATTACK ? "CCA EP-1.17" : "CCA ref 1.11",
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a side's name;
                         * %s: a command card's title. */
                        tside, _("%s plays %s: the defender strikes first"), acies_cca_side_name (s, tside),
                        acies_cca_card_title (s, a->args[0]));
      if (!s->st->epic)
        acies_cca_draw (s, tside, dice, events);
      b->stage = ACIES_CCA_BS_FIRST_STRIKE;
      return TRUE;

    case ACIES_CCA_A_STAND:
    default:
      b->stage = walls_first (s) ? ACIES_CCA_BS_FIRST_STRIKE : ACIES_CCA_BS_ATTACK;
      return TRUE;
    }
  (void) error;
}

/* One roll of @u against @target; returns hits and flags. */
static void
roll_against (AciesCcaState *s,
              gint           u,
              gint           target,
              gint           mode,
              gboolean       back,
              gboolean       evading,
              AciesDice     *dice,
              GPtrArray     *events,
              gint          *hits,
              gint          *flags)
{
  AciesCcaDice d;
  AciesCcaSymbol syms[32];
  guint n;

  acies_cca_battle_dice (s, u, target, mode, back, &d);
  n = acies_cca_roll (s, &d, dice, back ? "battle back" : mode == ACIES_CCA_BM_RANGED ? "ranged combat" : "close combat",
                      syms);
  acies_cca_score (&d, syms, n, evading, hits, flags);
  if (events != NULL)
    {
      g_autofree char *who = acies_cca_unit_words (s, u);
      g_autofree char *whom = acies_cca_thing_words (s, target);

      roll_event (s, events, acies_cca_side_of (s, u), back ? "CCA base game: battle back" : rule_of (mode), who, whom,
                  &d, syms, n, *hits, *flags);
    }
}

/* The flags a unit suffers: it may ignore some (BASE-SUPPORT), the rest
 * make it retreat (BASE-RETREAT). */
static void
flags_on (AciesCcaState *s,
          gint           u,
          gint           roller,
          gint           flags,
          gboolean       attacker,
          AciesDice     *dice,
          GPtrArray     *events)
{
  gint ignorable;

  if (flags <= 0 || !acies_cca_on_board (s, u))
    return;
  ignorable = acies_cca_ignorable_flags (s, u, roller, s->battle.mode);
  acies_cca_suffer_flags (s, u, flags, ignorable, attacker, dice, events);
  /* Ref 1.3: cavalry and chariots battling elephants retreat one hex more per flag. */
  if (s->retreat.unit == u && acies_cca_prof (s, roller)->kind == ACIES_CCA_KIND_ELEPHANT
      && (acies_cca_prof (s, u)->kind == ACIES_CCA_KIND_CAVALRY || acies_cca_prof (s, u)->kind == ACIES_CCA_KIND_CHARIOT))
    {
      s->retreat.per_flag++;
      if (s->retreat.hexes > 0)
        s->retreat.hexes += s->retreat.flags;
    }
}

/* BASE-LEADER, ref 1.9: the check of the leader who was with @u at the
 * declaration, once per battle. */
static void
check_leader (AciesCcaState *s,
              gint           l,
              gint           u,
              gint           blocks_before,
              AciesDice     *dice,
              GPtrArray     *events)
{
  gboolean eliminated;

  if (l < 0 || s->leaders[l].status != ACIES_CCA_ON)
    return;
  eliminated = s->units[u].status == ACIES_CCA_ELIMINATED;
  if (!eliminated && s->units[u].blocks >= blocks_before)
    return;
  /* A leader who left the unit before (he moved on his own) is not checked. */
  if (!eliminated && s->leaders[l].unit != u)
    return;
  acies_cca_leader_check (s, l, eliminated, dice, events);
}

/* The evade's way back: the hexes passed (marsh checks) and the end. */
static void
evade_move (AciesCcaState *s,
            gint           u,
            gint           to,
            AciesDice     *dice,
            GPtrArray     *events)
{
  gint from = s->units[u].cell;
  gint back[2], mid = -1;
  gint edge = s->st->units[u].back_edge;

  if (!acies_cca_adjacent (s, from, to))
    {
      acies_cca_back_cells (s, from, edge, back);
      for (guint i = 0; i < 2 && mid < 0; i++)
        if (back[i] >= 0 && acies_cca_adjacent (s, back[i], to) && s->unit_at[back[i]] < 0
            && s->leader_at[back[i]] < 0 && acies_cca_passable (s, back[i], s->st->units[u].type))
          mid = back[i];
    }
  if (mid >= 0)
    {
      acies_cca_place_unit (s, u, mid);
      if (s->st->terrain[mid] == ACIES_CCA_TER_MARSH && acies_cca_marsh_check (s, u, dice, events))
        return;
    }
  acies_cca_place_unit (s, u, to);
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, u);

      /* TRANSLATORS: a line of the game log (CCA base game: evade). Slots in order: %s: a unit's name. */
      acies_events_add (events, "evade", "CCA base game: evade", acies_cca_side_of (s, u), _("%s has evaded"), name);
    }
  if (s->st->terrain[to] == ACIES_CCA_TER_MARSH)
    acies_cca_marsh_check (s, u, dice, events);
}

/* Ref 1.7, T-FOR-5: whether the attacker may advance after the battle. */
static void
offer_momentum (AciesCcaState *s)
{
  const AciesCcaBattle *b = &s->battle;
  gint u = b->attacker;
  const AciesCcaProfile *p = acies_cca_prof (s, u);

  if (b->mode != ACIES_CCA_BM_CLOSE || b->evading || is_lone_leader (s, b->target))
    return;
  if (!acies_cca_on_board (s, u) || s->units[u].cell != b->from)
    return;
  if (p->momentum == ACIES_CCA_MOM_NONE)
    return;
  if (s->unit_at[b->to] >= 0 || s->leader_at[b->to] >= 0)
    return;
  if (!acies_cca_passable (s, b->to, s->st->units[u].type) || acies_cca_steep_step (s, b->from, b->to))
    return;
  if (p->kind == ACIES_CCA_KIND_WAR_MACHINE)
    return;
  if (s->st->units[u].hold_area >= 0 && !acies_cca_in_area (s, s->st->units[u].hold_area, b->to))
    return;
  s->advance_unit = u;
  s->advance_cell = b->to;
  s->advanced = 0;
}

/* Whether the defender answers the attack with its battle back. */
static gboolean
battles_back (const AciesCcaState *s)
{
  const AciesCcaBattle *b = &s->battle;

  if (b->mode != ACIES_CCA_BM_CLOSE || b->evading || b->first_strike || is_lone_leader (s, b->target))
    return FALSE;
  if (!acies_cca_on_board (s, b->target) || s->units[b->target].cell != b->to)
    return FALSE;
  if (!acies_cca_on_board (s, b->attacker) || s->units[b->attacker].cell != b->from)
    return FALSE;
  return acies_cca_prof (s, b->target)->cc > 0;
}

/**
 * acies_cca_battle_progress:
 * @s: a state with a battle under way
 * @dice: the dice
 * @events: (nullable): events
 *
 * Plays the battle's next stage, unless it waits for the defender's
 * reaction.
 *
 * Returns: %TRUE if something was done, %FALSE if the battle waits
 */
gboolean
acies_cca_battle_progress (AciesCcaState *s,
                           AciesDice     *dice,
                           GPtrArray     *events)
{
  AciesCcaBattle *b = &s->battle;
  gint hits = 0, flags = 0;

  switch (b->stage)
    {
    case ACIES_CCA_BS_REACT:
      return FALSE;

    case ACIES_CCA_BS_FIRST_STRIKE:
      /* T-SCW-7, ref 1.11 First Strike, EP-1.17 Counter Attack: the
       * defender fights first; if the attacker survives in place it
       * attacks, and there is no battle back. */
      b->first_strike = TRUE;
      roll_against (s, b->target, b->attacker, ACIES_CCA_BM_CLOSE, TRUE, FALSE, dice, events, &hits, &flags);
      if (!acies_cca_lose_blocks (s, b->attacker, hits, events, "CCA 7, scalable walls"))
        flags_on (s, b->attacker, b->target, flags, TRUE, dice, events);
      acies_cca_check_win (s, events);
      b->stage = ACIES_CCA_BS_AFTER_FIRST;
      return TRUE;

    case ACIES_CCA_BS_AFTER_FIRST:
      check_leader (s, b->attacker_leader, b->attacker, b->attacker_blocks, dice, events);
      if (!acies_cca_on_board (s, b->attacker) || s->units[b->attacker].cell != b->from)
        b->stage = ACIES_CCA_BS_DONE;
      else
        b->stage = ACIES_CCA_BS_ATTACK;
      return TRUE;

    case ACIES_CCA_BS_ATTACK:
      if (is_lone_leader (s, b->target))
        {
          acies_cca_lone_leader_attacked (s, b->target - (gint) s->st->n_units, b->attacker, b->mode, dice, events);
          b->stage = ACIES_CCA_BS_DONE;
          return TRUE;
        }
      roll_against (s, b->attacker, b->target, b->mode, FALSE, b->evading, dice, events, &hits, &flags);
      if (b->evading)
        {
          /* BASE-EVADE: its own symbol hits; then it goes. */
          if (!acies_cca_lose_blocks (s, b->target, hits, events, "CCA base game: evade"))
            evade_move (s, b->target, b->evade_to, dice, events);
          acies_cca_check_win (s, events);
          b->stage = ACIES_CCA_BS_AFTER_ATTACK;
          return TRUE;
        }
      if (!acies_cca_lose_blocks (s, b->target, hits, events, rule_of (b->mode)))
        flags_on (s, b->target, b->attacker, flags, FALSE, dice, events);
      acies_cca_check_win (s, events);
      b->stage = ACIES_CCA_BS_AFTER_ATTACK;
      return TRUE;

    case ACIES_CCA_BS_AFTER_ATTACK:
      check_leader (s, b->target_leader, b->target, b->target_blocks, dice, events);
      b->stage = ACIES_CCA_BS_RESULT;
      return TRUE;

    case ACIES_CCA_BS_RESULT:
      /* Ref 1.6: a target that stayed battles back; one that is gone
       * leaves its hex to a momentum advance. */
      if (battles_back (s))
        b->stage = ACIES_CCA_BS_BATTLE_BACK;
      else
        {
          if (!acies_cca_on_board (s, b->target) || s->units[b->target].cell != b->to)
            offer_momentum (s);
          b->stage = ACIES_CCA_BS_DONE;
        }
      return TRUE;

    case ACIES_CCA_BS_BATTLE_BACK:
      /* BASE-BB, ref 1.6: the defender that stayed answers with its
       * normal dice, whatever its losses. */
      roll_against (s, b->target, b->attacker, ACIES_CCA_BM_CLOSE, TRUE, FALSE, dice, events, &hits, &flags);
      if (!acies_cca_lose_blocks (s, b->attacker, hits, events, "CCA base game: battle back"))
        flags_on (s, b->attacker, b->target, flags, TRUE, dice, events);
      acies_cca_check_win (s, events);
      b->stage = ACIES_CCA_BS_AFTER_BACK;
      return TRUE;

    case ACIES_CCA_BS_AFTER_BACK:
      check_leader (s, b->attacker_leader, b->attacker, b->attacker_blocks, dice, events);
      b->stage = ACIES_CCA_BS_DONE;
      return TRUE;

    case ACIES_CCA_BS_DONE:
    default:
      b->active = FALSE;
      acies_cca_check_win (s, events);
      return TRUE;
    }
}
