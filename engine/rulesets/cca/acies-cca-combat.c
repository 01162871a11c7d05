/* acies-cca-combat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-cca-private.h"

/*
 * Who may battle whom, with how many dice, and what the dice score
 * (BASE-CC, BASE-RANGED, BASE-BB, BASE-ELEPHANT, BASE-CHARIOT; ML-, JC-;
 * section 7; ref 1.2, 1.6, 1.8, 1.10), and the exact odds of a battle.
 * The sequence of a battle is in acies-cca-battle.c.
 */

static gboolean
is_lone_leader (const AciesCcaState *s,
                gint                 index)
{
  return (guint) index >= s->st->n_units;
}

static gint
target_cell (const AciesCcaState *s,
             gint                 index)
{
  if (is_lone_leader (s, index))
    return s->leaders[index - (gint) s->st->n_units].cell;
  return s->units[index].cell;
}

/* ML-2, JL-1: a Marian or Julian legion fires at range 2 with 1 die when
 * it stayed or moved one hex; ref 1.2: other units by their profile. */
static gint
fire_dice (const AciesCcaState *s,
           gint                 u,
           gint                *range,
           gboolean            *provisional)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);
  guint rule = s->st->units[u].legion_rule;
  gint side = acies_cca_side_of (s, u);
  gint moved = s->units[u].moved;

  if (p->range == 0 && (rule == 1 || rule == 2))
    {
      *range = s->st->legion_range[side];
      *provisional = FALSE;
      return moved <= 1 ? s->st->legion_dice[side] : 0;
    }
  *range = p->range;
  if (p->range == 0)
    return 0;
  *provisional = (p->provisional & (1u << (moved == 0 ? ACIES_CCA_COL_FIRE : ACIES_CCA_COL_FIRE_MOVED))) != 0;
  return moved == 0 ? p->fire : p->fire_moved;
}

/* S5.2, ref 1.2, BASE-RANGED: acies_cca_can_battle(), inlined in the
 * search of combats(). */
G_ALWAYS_INLINE static inline gboolean
can_battle (const AciesCcaState *s,
            gint                 u,
            gboolean             ranged)
{
  const AciesCcaUnit *unit = &s->units[u];

  if (!acies_cca_on_board (s, u) || !unit->ordered)
    return FALSE;
  if (s->st->epic && unit->seat != s->seat)
    return FALSE;
  if (unit->flags & ACIES_CCA_UF_NO_BATTLE)
    return FALSE;
  if (ranged)
    {
      gint range;
      gboolean prov = FALSE;

      if (unit->fires == 0 && (unit->flags & ACIES_CCA_UF_BATTLED))
        return FALSE;
      if (unit->flags & (ACIES_CCA_UF_NO_FIRE | ACIES_CCA_UF_MUST_CC))
        return FALSE;
      if (acies_cca_adjacent_enemy (s, u))
        return FALSE;
      return fire_dice (s, u, &range, &prov) > 0;
    }
  if (unit->flags & ACIES_CCA_UF_BATTLED)
    return FALSE;
  if (s->play.effect == ACIES_CCA_CARD_MOVE_FIRE_MOVE || s->play.effect == ACIES_CCA_CARD_DARKEN_THE_SKY)
    /* EP-1.16: Move-Fire-Move fires only; Darken the Sky too (provisional). */
    return FALSE;
  return acies_cca_prof (s, u)->cc > 0;
}

/**
 * acies_cca_can_battle:
 * @s: a state
 * @u: a unit
 * @ranged: for ranged combat (else close combat)
 *
 * S5.2, ref 1.2, BASE-RANGED: an ordered unit battles once a turn, unless
 * its move forbids it (JL-2, T-FOR-2, T-BRK-2, ref 1.2), a card forbids
 * that kind of combat (Double Time, Clash of Shields), or, for ranged
 * combat, it has no missiles, moved too far, or stands next to an enemy.
 *
 * Returns: whether @u may start such a battle now
 */
gboolean
acies_cca_can_battle (const AciesCcaState *s,
                      gint                 u,
                      gboolean             ranged)
{
  return can_battle (s, u, ranged);
}

/**
 * acies_cca_close_target_ok:
 * @s: a state
 * @u: the attacker
 * @target: an enemy unit, or n_units + a lone enemy leader
 * @bonus: a bonus close combat
 *
 * BASE-CC: close combat is against an adjacent enemy.  T-FCW-2: none over
 * fortified walls; T-SCW-4: mounted units and war machines attack a unit
 * on scalable walls only if they began the turn next to it; Q14: no close
 * combat between Gergovia's steep hills and the forest.
 *
 * Returns: whether @u may close-combat @target
 */
gboolean
acies_cca_close_target_ok (const AciesCcaState *s,
                           gint                 u,
                           gint                 target,
                           gboolean             bonus)
{
  gint from = s->units[u].cell, to = target_cell (s, target);
  gint side = acies_cca_side_of (s, u);

  if (from < 0 || to < 0 || !acies_cca_adjacent (s, from, to))
    return FALSE;
  if (acies_cca_enemy_at (s, to, side) != target)
    return FALSE;
  if (s->st->terrain[to] == ACIES_CCA_TER_FORTIFIED || s->st->terrain[from] == ACIES_CCA_TER_FORTIFIED)
    return FALSE;
  if (s->st->terrain[to] == ACIES_CCA_TER_WALLS
      && (acies_cca_is_mounted (s, u) || acies_cca_prof (s, u)->kind == ACIES_CCA_KIND_WAR_MACHINE)
      && (s->units[u].moved > 0 || bonus))
    return FALSE;
  if (s->st->steep_hills
      && ((s->st->terrain[from] == ACIES_CCA_TER_FOREST && s->st->steep[to])
          || (s->st->terrain[to] == ACIES_CCA_TER_FOREST && s->st->steep[from])))
    return FALSE;
  return TRUE;
}

/**
 * acies_cca_fire_target_ok:
 * @s: a state
 * @u: the firing unit
 * @target: an enemy unit, or n_units + a lone enemy leader
 *
 * BASE-RANGED, ref 1.2: within range, never adjacent, with a clear line
 * of sight.
 *
 * Returns: whether @u may fire at @target
 */
gboolean
acies_cca_fire_target_ok (const AciesCcaState *s,
                          gint                 u,
                          gint                 target)
{
  gint from = s->units[u].cell, to = target_cell (s, target);
  gint range = 0;
  gboolean prov = FALSE;
  guint d;

  if (from < 0 || to < 0 || acies_cca_enemy_at (s, to, acies_cca_side_of (s, u)) != target)
    return FALSE;
  if (fire_dice (s, u, &range, &prov) == 0)
    return FALSE;
  d = acies_cca_distance (s, from, to);
  if (d < 2 || d > (guint) range)
    return FALSE;
  return acies_cca_has_los (s, from, to);
}

/* BASE-RANGED: the enemy units and lone enemy leaders (of @side's enemy)
 * within @range hexes of @cell, in index order (the order of the
 * actions), into @out; returns how many.  The hexes around @cell are
 * looked at, not the whole army. */
static guint
targets_near (const AciesCcaState *s,
              gint                 cell,
              gint                 range,
              gint                 side,
              gint                *out)
{
  const AciesCcaStatic *st = s->st;
  gint q0 = st->aq[cell], r0 = st->ar[cell];
  guint n = 0;

  for (gint dr = -range; dr <= range; dr++)
    {
      gint row = r0 + dr;

      if (row < 0 || row >= (gint) st->height)
        continue;
      for (gint dq = MAX (-range, -dr - range); dq <= MIN (range, -dr + range); dq++)
        {
          /* Axial to offset coordinates, odd rows shoved right. */
          gint col = q0 + dq + (row - (row & 1)) / 2;
          gint c, u, l;

          if (col < 0 || col >= (gint) st->width)
            continue;
          c = row * (gint) st->width + col;
          u = s->unit_at[c];
          l = s->leader_at[c];
          if (u >= 0 && acies_cca_on_board (s, u) && acies_cca_side_of (s, u) != side)
            out[n++] = u;
          if (l >= 0 && s->leaders[l].status == ACIES_CCA_ON && s->leaders[l].unit < 0
              && st->leaders[l].side != side)
            out[n++] = (gint) st->n_units + l;
        }
    }
  /* In index order (a few). */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && out[j - 1] > out[j]; j--)
      {
        gint t = out[j];

        out[j] = out[j - 1];
        out[j - 1] = t;
      }
  return n;
}

/* The close and ranged combats the ordered units of the deciding side may
 * make, appended to @out; with @out %NULL, whether there is one (the
 * search stops at the first). */
static gboolean
combats (const AciesCcaState *s,
         GArray              *out)
{
  gint side = s->base.deciding_side;
  gint targets[ACIES_CCA_MAX_UNITS + ACIES_CCA_MAX_LEADERS];
  guint n_targets;
  gboolean found = FALSE;

  /* Only units ordered this turn battle (S5.2). */
  for (guint k = 0; k < s->n_listed; k++)
    {
      gint u = s->listed[k];
      gint cell;

      if ((guint) u >= s->st->n_units || !acies_cca_on_board (s, u) || acies_cca_side_of (s, u) != side
          || !s->units[u].ordered)
        continue;
      /* What forbids both kinds of combat (can_battle()), once. */
      if ((s->st->epic && s->units[u].seat != s->seat) || (s->units[u].flags & ACIES_CCA_UF_NO_BATTLE))
        continue;
      cell = s->units[u].cell;
      if (can_battle (s, u, FALSE))
        for (guint d = 0; d < 6; d++)
          {
            gint c = s->st->nb[cell][d], t;

            if (c < 0 || (t = acies_cca_enemy_at (s, c, side)) < 0)
              continue;
            if (acies_cca_close_target_ok (s, u, t, FALSE))
              {
                if (out == NULL)
                  return TRUE;
                found = TRUE;
                acies_cca_add_action (out, ACIES_CCA_A_CLOSE_COMBAT, side, u, t, -1);
              }
          }
      if (can_battle (s, u, TRUE))
        {
          gint range = 0;
          gboolean prov = FALSE;

          fire_dice (s, u, &range, &prov);
          n_targets = targets_near (s, cell, range, side, targets);
          for (guint i = 0; i < n_targets; i++)
            {
              gint t = targets[i];

              if (acies_cca_fire_target_ok (s, u, t))
                {
                  if (out == NULL)
                    return TRUE;
                  found = TRUE;
                  acies_cca_add_action (out, ACIES_CCA_A_FIRE, side, u, t, -1);
                }
            }
        }
    }
  return found;
}

/**
 * acies_cca_battle_legal:
 * @s: a state in the BATTLE step
 * @out: the legal actions to append to
 *
 * Each close combat and ranged combat an ordered unit may make, the
 * second move of Move-Fire-Move, and the end of the battles.
 */
void
acies_cca_battle_legal (const AciesCcaState *s,
                        GArray              *out)
{
  combats (s, out);
  acies_cca_move_legal (s, out);
  acies_cca_add_action (out, ACIES_CCA_A_BATTLE_DONE, s->base.deciding_side, -1, -1, -1);
}

/**
 * acies_cca_any_battle:
 * @s: a state in the BATTLE step
 *
 * Whether acies_cca_battle_legal() would offer more than the end of the
 * battles: a combat, or a second move of Move-Fire-Move; the search
 * stops at the first.
 *
 * Returns: whether an ordered unit can still battle or move
 */
gboolean
acies_cca_any_battle (const AciesCcaState *s)
{
  return combats (s, NULL) || acies_cca_any_move (s);
}

/* T-HILL-2..4: the hill's cap on close combat from @from to @to. */
static gint
hill_cap (const AciesCcaState *s,
          gint                 u,
          gint                 from,
          gint                 to)
{
  const AciesCcaTerrainDef *hill = &s->st->terr[ACIES_CCA_TER_HILL];
  gint ea = acies_cca_elevation (s, from), et = acies_cca_elevation (s, to);

  if (et > ea)
    return hill->cap_uphill;
  if (!s->st->opt.hill_downhill_cap)
    return 0;
  if (ea > et || (ea > 0 && ea == et))
    return acies_cca_is_mounted (s, u) ? hill->cap_down_mounted : hill->cap_down_foot;
  return 0;
}

static gint
min_cap (gint a,
         gint b)
{
  if (a == 0)
    return b;
  if (b == 0)
    return a;
  return MIN (a, b);
}

/* Ref 1.8: an elephant's close-combat dice: 3 against elephants, camels,
 * warriors and heavy chariots, 1 against a lone leader, else what the
 * target would roll. */
static gint
elephant_dice (const AciesCcaState *s,
               gint                 target)
{
  const AciesCcaProfile *tp;
  guint type;

  if (is_lone_leader (s, target))
    return 1;
  type = s->st->units[target].type;
  if (type == ACIES_CCA_EL || type == ACIES_CCA_CAMEL || type == ACIES_CCA_WAR || type == ACIES_CCA_HCH)
    return 3;
  tp = acies_cca_prof (s, target);
  return tp->cc == ACIES_CCA_DICE_AS_TARGET ? 3 : tp->cc;
}

/* BASE-BASTION and section 7: swords the target ignores in close combat
 * (or flags, in @flags) for its terrain; mounted units get nothing from a
 * bastion or a camp (T-BAST-6, T-CAMP-3). */
static void
terrain_protection (const AciesCcaState *s,
                    gint                 target,
                    gint                 attacker_cell,
                    gint                 mode,
                    gint                *swords,
                    gint                *flags)
{
  gint cell = target_cell (s, target);
  const AciesCcaTerrainDef *t = acies_cca_terrain (s, cell);
  gboolean mounted = acies_cca_is_mounted (s, target);

  *swords = 0;
  *flags = 0;
  if (mounted && !t->mounted_benefit)
    ;
  else if (mode == ACIES_CCA_BM_CLOSE)
    {
      *swords += t->ignore_swords;
      *flags += t->ignore_flags;
    }
  else
    *flags += t->ranged_ignore_flags;
  /* T-BAST-3..6: through a bastion hexside only. */
  if (!mounted && acies_cca_bastion_between (s, cell, attacker_cell))
    {
      if (mode == ACIES_CCA_BM_CLOSE)
        {
          *swords += 1;
          *flags += 1;
        }
      else
        *flags += 1;
    }
}

/**
 * acies_cca_battle_dice:
 * @s: a state
 * @u: the unit that rolls
 * @target: the unit (or n_units + lone leader) it rolls against
 * @mode: ACIES_CCA_BM_CLOSE or ACIES_CCA_BM_RANGED
 * @back: the roll answers an attack (battle back or a first strike: no
 *   card dice, ref 1.6)
 * @d: (out): the dice and what scores
 *
 * The dice: the type's close-combat dice (warriors and barbarian chariots
 * fewer after their first loss; heavy chariots 3 battling back; an
 * elephant as its target, ref 1.8) or ranged dice (ML-2); one fewer in a
 * camp (T-CAMP-5, Q9, at least one); capped by the terrain of either hex
 * (T-MARSH-8/10, T-BRK-3, T-FOR-3/4, T-HILL-2..4, T-FORD-3, T-SCW-5);
 * card dice added, raising the cap (Q10); Caesar's die last, above any
 * cap (JC-1; Q4 battling back).  What scores (ref 1.2, 1.8, 1.9, B3): the
 * target's symbol; helmets in close combat with a friendly leader in or
 * next to the hex (not elephants); swords in close combat for the types
 * whose swords score, never against elephants; a lone leader is hit by
 * helmets only; an evading unit by its own symbol only (ref 1.5).
 */
void
acies_cca_battle_dice (const AciesCcaState *s,
                       gint                 u,
                       gint                 target,
                       gint                 mode,
                       gboolean             back,
                       AciesCcaDice        *d)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);
  gint from = s->units[u].cell, to = target_cell (s, target);
  gint leader = acies_cca_leader_with (s, u);
  gboolean lone = is_lone_leader (s, target);
  gint n, cap = 0;

  memset (d, 0, sizeof *d);
  if (mode == ACIES_CCA_BM_RANGED)
    {
      gint range = 0;

      n = fire_dice (s, u, &range, &d->provisional);
      cap = min_cap (acies_cca_terrain (s, to)->ranged_cap_vs, acies_cca_terrain (s, from)->ranged_cap_from);
    }
  else
    {
      if (p->cc == ACIES_CCA_DICE_AS_TARGET)
        n = elephant_dice (s, target);
      else if (back)
        n = s->units[u].lost_any ? MIN (p->cc_back, p->cc_weak) : p->cc_back;
      else
        n = s->units[u].lost_any ? p->cc_weak : p->cc;
      d->provisional = (p->provisional & (1u << ACIES_CCA_COL_CC)) != 0;
      cap = min_cap (acies_cca_terrain (s, to)->cc_cap_vs, acies_cca_terrain (s, from)->cc_cap_from);
      cap = min_cap (cap, hill_cap (s, u, from, to));
    }
  d->base = n;
  if (acies_cca_terrain (s, from)->dice_delta < 0
      && (mode == ACIES_CCA_BM_CLOSE || !s->st->opt.camp_close_only))
    {
      d->camp = -acies_cca_terrain (s, from)->dice_delta;
      n = MAX (MIN (n, 1), n - d->camp);
    }
  if (!back)
    {
      d->card = s->units[u].bonus_dice;
      if (mode == ACIES_CCA_BM_RANGED && (s->play.effect == ACIES_CCA_CARD_MOUNTED_CHARGE
                                          || (s->play.effect == ACIES_CCA_CARD_SPARTACUS
                                              && s->st->opt.spartacus_close_only)))
        d->card = 0;
    }
  else if (s->battle.active && s->battle.extra_dice > 0 && u == s->battle.target)
    d->card = s->battle.extra_dice;
  d->cap = cap;
  if (cap > 0 && n > cap)
    n = cap;
  if (d->card > 0)
    {
      if (s->st->opt.card_raises_cap || cap == 0)
        n += d->card;
      else
        n = MIN (n + d->card, cap);
    }
  if (mode == ACIES_CCA_BM_CLOSE && leader >= 0 && s->st->leaders[leader].caesar
      && (!back || s->st->opt.caesar_battle_back))
    d->caesar = 1;
  n += d->caesar;
  d->dice = n;

  d->target_class = lone ? -1 : acies_cca_prof (s, target)->cls;
  if (lone)
    {
      d->helmets = TRUE;
      return;
    }
  if (mode == ACIES_CCA_BM_CLOSE)
    {
      const AciesCcaProfile *tp = acies_cca_prof (s, target);
      gint fl = 0;

      d->helmets = p->kind != ACIES_CCA_KIND_ELEPHANT && acies_cca_leader_near (s, u);
      d->swords = p->swords && tp->ignore_swords != ACIES_CCA_ALL;
      d->ignore_swords = tp->ignore_swords == ACIES_CCA_ALL ? 0 : tp->ignore_swords;
      if (!back)
        {
          gint ts = 0;

          /* The terrain protects the unit attacked, not an attacker hit
           * back (ruling: section 7 speaks of the defending unit). */
          terrain_protection (s, target, from, mode, &ts, &fl);
          d->ignore_swords += ts;
          d->ignore_heavy = s->st->units[target].type == ACIES_CCA_EL && acies_cca_is_mounted (s, u)
                            && p->kind != ACIES_CCA_KIND_ELEPHANT;
        }
      d->elephant_reroll = p->kind == ACIES_CCA_KIND_ELEPHANT;
    }
}

/**
 * acies_cca_score:
 * @d: the dice and what scores
 * @syms: the symbols rolled (re-rolls included)
 * @n: how many
 * @evading: the target evades (its own symbol only)
 * @hits: (out): hits
 * @flags: (out): flags
 *
 * B3, ref 1.8: counts the hits and flags of a roll, after the swords the
 * target ignores and an elephant's ignored red square.
 */
void
acies_cca_score (const AciesCcaDice   *d,
                 const AciesCcaSymbol *syms,
                 guint                 n,
                 gboolean              evading,
                 gint                 *hits,
                 gint                 *flags)
{
  gint cls = 0, helmet = 0, swords = 0, flag = 0;

  for (guint i = 0; i < n; i++)
    {
      switch (syms[i])
        {
        case ACIES_CCA_SYM_LIGHT: case ACIES_CCA_SYM_MEDIUM: case ACIES_CCA_SYM_HEAVY:
          cls += (gint) syms[i] == d->target_class;
          break;
        case ACIES_CCA_SYM_HELMET:
          helmet += d->helmets;
          break;
        case ACIES_CCA_SYM_SWORDS:
          swords += d->swords;
          break;
        case ACIES_CCA_SYM_FLAG:
          flag++;
          break;
        case ACIES_CCA_N_SYMBOLS:
        default:
          break;
        }
    }
  if (d->target_class < 0)
    {
      /* A lone leader: helmets only. */
      *hits = helmet;
      *flags = 0;
      return;
    }
  if (evading)
    {
      *hits = cls;
      *flags = 0;
      return;
    }
  if (d->ignore_heavy && cls > 0 && d->target_class == ACIES_CCA_HEAVY)
    cls--;
  *hits = cls + helmet + MAX (0, swords - d->ignore_swords);
  *flags = flag;
}

/**
 * acies_cca_roll:
 * @s: a state
 * @d: the dice
 * @dice: the game's dice
 * @purpose: the roll's purpose
 * @syms: (out): the symbols rolled (room for 32)
 *
 * Rolls @d's dice; an elephant rolls each sword again, and the new die
 * scores as well (Example C; ref 1.8; a sword on the new die is rolled
 * again only with the option).
 *
 * Returns: the number of symbols
 */
guint
acies_cca_roll (const AciesCcaState *s,
                const AciesCcaDice  *d,
                AciesDice           *dice,
                const char          *purpose,
                AciesCcaSymbol      *syms)
{
  guint n = 0;

  for (gint i = 0; i < d->dice && n < 32; i++)
    acies_cca_roll_symbol (s, dice, purpose, &syms[n++]);
  if (d->elephant_reroll)
    {
      /* The swords of the roll are rolled again once it is made; a sword
       * on a new die again only with the option. */
      guint first = 0, end = n;

      for (guint round = 0; round < 8 && first < end; round++)
        {
          for (guint i = first; i < end && n < 32; i++)
            if (syms[i] == ACIES_CCA_SYM_SWORDS)
              acies_cca_roll_symbol (s, dice, "elephant re-roll", &syms[n++]);
          if (!s->st->opt.reroll_swords_again)
            break;
          first = end;
          end = n;
        }
    }
  return n;
}

/**
 * acies_cca_ignorable_flags:
 * @s: a state
 * @u: the unit that suffers flags
 * @attacker: the unit that rolled them
 * @mode: the battle's mode
 *
 * BASE-SUPPORT, B5, ref 1.4: one flag for being supported (two friendly
 * units next to it; not chariots), one for an attached leader, one more
 * for warriors and barbarian chariots at full strength; the terrain of
 * the unit attacked: a bastion, walls, a camp (any flag in close combat,
 * K6); an elephant attacked by mounted units one (ref 1.8).
 *
 * Returns: the flags @u may ignore (ACIES_CCA_ALL: any)
 */
gint
acies_cca_ignorable_flags (const AciesCcaState *s,
                           gint                 u,
                           gint                 attacker,
                           gint                 mode)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);
  gint n = 0;

  if (p->supported && acies_cca_adjacent_friends (s, u) >= 2)
    n++;
  if (acies_cca_leader_with (s, u) >= 0)
    n++;
  if (p->extra_flag && !s->units[u].lost_any)
    n++;
  if (s->battle.active && u == s->battle.target)
    {
      gint sw = 0, fl = 0;

      terrain_protection (s, u, s->units[attacker].cell, mode, &sw, &fl);
      if (fl >= ACIES_CCA_ALL)
        return ACIES_CCA_ALL;
      n += fl;
      if (s->st->units[u].type == ACIES_CCA_EL && acies_cca_is_mounted (s, attacker)
          && acies_cca_prof (s, attacker)->kind != ACIES_CCA_KIND_ELEPHANT)
        n++;
    }
  return n;
}

/* Odds ------------------------------------------------------------------ */

#define OD_MAX 12

/* One result of a die: how many of the target's class symbol, helmets,
 * swords and flags it shows (with an elephant's re-rolls, several). */
typedef struct
{
  gint   n[4];  /* class, helmet, swords, flags */
  double p;
} DieResult;

/* The distribution of one die (with an elephant's re-rolls), as a list:
 * each path of re-rolls is a distinct result (its swords count differs). */
static void
die_outcomes (const AciesCcaDice *d,
              gboolean            again,
              gint                depth,
              double              weight,
              gint                c,
              gint                h,
              gint                w,
              gint                f,
              DieResult          *out,
              guint              *n_out)
{
  for (gint face = 0; face < ACIES_CCA_N_SYMBOLS; face++)
    {
      gint nc = c, nh = h, nw = w, nf = f;
      double pw = weight / 6.0;

      if (face == d->target_class)
        nc++;
      else if (face == ACIES_CCA_SYM_HELMET)
        nh++;
      else if (face == ACIES_CCA_SYM_FLAG)
        nf++;
      else if (face == ACIES_CCA_SYM_SWORDS)
        {
          nw++;
          if (d->elephant_reroll && depth < 6 && (depth == 0 || again))
            {
              die_outcomes (d, again, depth + 1, pw, nc, nh, nw, nf, out, n_out);
              continue;
            }
        }
      if (*n_out < 64)
        out[(*n_out)++] = (DieResult) { { MIN (nc, OD_MAX - 1), MIN (nh, OD_MAX - 1),
                                          MIN (nw, OD_MAX - 1), MIN (nf, OD_MAX - 1) }, pw };
    }
}

/**
 * acies_cca_odds:
 * @s: a state
 * @a: a close-combat or fire action
 *
 * The exact distribution of the battle's hits and flags on the target (a
 * lone leader: the chance that he falls), from the dice of
 * acies_cca_battle_dice(): each die shows each of the six symbols with
 * one chance in six (B1).  The modifiers say how the dice were counted
 * and which symbols score.
 *
 * Returns: (transfer full) (nullable): the odds, or %NULL for another action
 */
AciesOdds *
acies_cca_odds (const AciesCcaState *s,
                const AciesAction   *a)
{
  AciesCcaDice d;
  gint u = a->args[0], target = a->args[1], mode, blocks;
  AciesOdds *odds;
  DieResult one[64];
  guint n_one = 0;
  gint len[4] = { 0, 0, 0, 0 };
  gsize size;
  double *all, *next, *tmp;
  g_autofree char *attacker = NULL, *victim = NULL;
  g_autoptr(GString) scores = g_string_new (NULL);
  gboolean prov;
  double dist[OD_MAX * 4][OD_MAX];

  if (a->type != ACIES_CCA_A_CLOSE_COMBAT && a->type != ACIES_CCA_A_FIRE)
    return NULL;
  if (u < 0 || (guint) u >= s->st->n_units || target < 0)
    return NULL;
  mode = a->type == ACIES_CCA_A_FIRE ? ACIES_CCA_BM_RANGED : ACIES_CCA_BM_CLOSE;
  acies_cca_battle_dice (s, u, target, mode, FALSE, &d);
  prov = d.provisional || s->st->face_provisional;

  odds = acies_odds_new ();
  attacker = acies_cca_unit_words (s, u);
  victim = acies_cca_thing_words (s, target);
  odds->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s %s %s with %d die",
                                                "%s %s %s with %d dice", d.dice),
                                   attacker, mode == ACIES_CCA_BM_RANGED ? _("fires at") : _("attacks"),
                                   victim, d.dice);

  /* The dice, as counted. */
  acies_odds_add_modifier (odds, mode == ACIES_CCA_BM_RANGED ? _("Ranged dice of the unit")
                                                               : _("Close-combat dice of the unit"),
                           d.base, d.provisional ? "CCA ref 1.2 (provisional)" : "CCA ref 1.2");
  if (d.camp > 0)
    acies_odds_add_modifier (odds, _("In a fortified camp: one die fewer"), -d.camp, "CCA 7, fortified camp");
  if (d.cap > 0 && d.base - d.camp > d.cap)
    {
      /* Shown as the dice the terrain takes away, so that the values add
       * up to the dice rolled. */
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Terrain: at most %d die",
                                                             "Terrain: at most %d dice", d.cap), d.cap);

      acies_odds_add_modifier (odds, label, d.cap - (d.base - d.camp), "CCA section 7");
    }
  if (d.card > 0)
    acies_odds_add_modifier (odds, _("Card: extra dice (they raise the terrain's limit)"), d.card, "CCA ruling: card dice and terrain");
  if (d.caesar > 0)
    acies_odds_add_modifier (odds, _("Caesar: one die more"), d.caesar, "CCA 6, Caesar");

  /* What scores. */
  if (d.target_class < 0)
    g_string_append (scores, _("helmet (the leader falls)"));
  else
    {
      g_string_append (scores, acies_cca_symbol_name (d.target_class));
      if (d.helmets)
        g_string_append_printf (scores, ", %s", acies_cca_symbol_name (ACIES_CCA_SYM_HELMET));
      if (d.swords)
        g_string_append_printf (scores, ", %s", acies_cca_symbol_name (ACIES_CCA_SYM_SWORDS));
    }
  /* BASE-RETREAT, ref 1.2: the hexes per flag are the target's own
   * (MI 1, MC 3…); the value 0, for no die is added. */
  if ((guint) target < s->st->n_units)
    {
      gint hexes = acies_cca_prof (s, target)->retreat;
      g_autofree char *type = g_utf8_strdown (acies_cca_type_name (s, target), -1);
      /* TRANSLATORS: the attack preview (CCA BASE-RETREAT). Slots: the symbols that hit; the target's unit type
       * ("medium infantry"); the hexes per flag. */
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Hits on: %s; each flag makes the %s retreat %d hex",
                                                             "Hits on: %s; each flag makes the %s retreat %d hexes",
                                                             hexes),
                                                scores->str, type, hexes);

      acies_odds_add_modifier (odds, label, 0, "CCA base game: hits, retreat");
    }
  else
    {
      g_autofree char *label = g_strdup_printf (_("Hits on: %s"), scores->str);

      acies_odds_add_modifier (odds, label, 0, "CCA base game: hits");
    }
  if (d.ignore_swords > 0)
    acies_odds_add_modifier (odds, _("Crossed swords it ignores"), d.ignore_swords, "CCA section 7, ref 1.2");
  if (d.ignore_heavy)
    acies_odds_add_modifier (odds, _("An elephant ignores one red square from mounted units"), 1, "CCA ref 1.8");
  if (d.elephant_reroll)
    acies_odds_add_modifier (odds, _("An elephant rolls each crossed swords again"), 0, "CCA Example C");

  /* The dice one after the other, on a table of counts only as large as
   * the dice can fill (a few thousand cells, not OD_MAX^4). */
  die_outcomes (&d, s->st->opt.reroll_swords_again, 0, 1.0, 0, 0, 0, 0, one, &n_one);
  for (guint i = 0; i < n_one; i++)
    for (gint k = 0; k < 4; k++)
      len[k] = MAX (len[k], one[i].n[k]);
  for (gint k = 0; k < 4; k++)
    len[k] = MIN (OD_MAX - 1, len[k] * MAX (d.dice, 0)) + 1;
  size = (gsize) len[0] * len[1] * len[2] * len[3];
  all = g_new0 (double, size);
  next = g_new (double, size);
  all[0] = 1.0;
  for (gint k = 0; k < d.dice; k++)
    {
      memset (next, 0, size * sizeof *next);
      for (gsize cell = 0; cell < size; cell++)
        {
          gint n[4];
          gsize rest = cell;

          if (all[cell] == 0)
            continue;
          for (gint m = 3; m >= 0; m--)
            {
              n[m] = (gint) (rest % (gsize) len[m]);
              rest /= (gsize) len[m];
            }
          for (guint i = 0; i < n_one; i++)
            {
              gsize to = 0;

              for (gint m = 0; m < 4; m++)
                to = to * (gsize) len[m] + (gsize) MIN (n[m] + one[i].n[m], len[m] - 1);
              next[to] += all[cell] * one[i].p;
            }
        }
      tmp = all;
      all = next;
      next = tmp;
    }

  /* Hits and flags, after what the target ignores. */
  memset (dist, 0, sizeof dist);
  for (gsize cell = 0; cell < size; cell++)
    {
      gint n[4], hits, flags;
      gsize rest = cell;
      double p = all[cell];

      if (p == 0)
        continue;
      for (gint m = 3; m >= 0; m--)
        {
          n[m] = (gint) (rest % (gsize) len[m]);
          rest /= (gsize) len[m];
        }
      if (d.target_class < 0)
        {
          hits = d.helmets ? n[1] : 0;
          flags = 0;
        }
      else
        {
          gint cc = n[0];

          if (d.ignore_heavy && cc > 0 && d.target_class == ACIES_CCA_HEAVY)
            cc--;
          hits = cc + (d.helmets ? n[1] : 0) + (d.swords ? MAX (0, n[2] - d.ignore_swords) : 0);
          flags = n[3];
        }
      dist[MIN (hits, OD_MAX * 4 - 1)][MIN (flags, OD_MAX - 1)] += p;
    }
  g_free (all);
  g_free (next);

  if (d.target_class < 0)
    {
      double fall = 0;

      for (gint k = 1; k < OD_MAX * 4; k++)
        for (gint f = 0; f < OD_MAX; f++)
          fall += dist[k][f];
      acies_odds_add_outcome (odds, _("The leader falls"), CLAMP (fall, 0, 1), prov);
      acies_odds_add_outcome (odds, _("The leader escapes"), CLAMP (1 - fall, 0, 1), prov);
      return odds;
    }

  blocks = s->units[target].blocks;
  for (gint k = 0; k < blocks; k++)
    for (gint f = 0; f < 3; f++)
      {
        double p = 0;
        g_autofree char *label = NULL;
        g_autofree char *hits = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit", "%d hits", k), k);

        if (f < 2)
          p = dist[k][f];
        else
          for (gint ff = 2; ff < OD_MAX; ff++)
            p += dist[k][ff];
        if (p <= 0)
          continue;
        label = f == 0 ? g_strdup_printf (_("%s, no flag"), hits)
              : f == 1 ? g_strdup_printf (_("%s, 1 flag"), hits)
              : g_strdup_printf (_("%s, 2 or more flags"), hits);
        acies_odds_add_outcome (odds, label, CLAMP (p, 0, 1), prov);
      }
  {
    double p = 0;

    for (gint k = blocks; k < OD_MAX * 4; k++)
      for (gint f = 0; f < OD_MAX; f++)
        p += dist[k][f];
    if (p > 0)
      acies_odds_add_outcome (odds, _("Eliminated"), CLAMP (p, 0, 1), prov);
  }
  return odds;
}
