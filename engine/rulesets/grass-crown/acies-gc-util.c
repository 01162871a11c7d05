/* acies-gc-util.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "acies-gc-private.h"

/* Directions: N E S W, then NE SE SW NW (rows grow southward). */
const gint acies_gc_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
const gint acies_gc_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

/* GC 8.1: forward is toward the enemy's map edge. */
gint
acies_gc_forward_dir (const AciesGcState *s,
                      gint                side)
{
  const AciesGcSideDef *d = &s->st->sides[side];

  if (d->fwd_dy < 0)
    return 0;
  if (d->fwd_dx > 0)
    return 1;
  if (d->fwd_dy > 0)
    return 2;
  return 3;
}

gint
acies_gc_relative_dir (const AciesGcState *s,
                       gint                side,
                       gint                abs_dir)
{
  return (abs_dir - acies_gc_forward_dir (s, side) + 4) % 4;
}

gint
acies_gc_absolute_dir (const AciesGcState *s,
                       gint                side,
                       gint                rel_dir)
{
  return (acies_gc_forward_dir (s, side) + rel_dir) % 4;
}

gboolean
acies_gc_adjacent (const AciesGcState *s,
                   AciesCell           a,
                   AciesCell           b)
{
  return acies_gc_distance (s, a, b) == 1;
}

gboolean
acies_gc_adjacent8 (const AciesGcState *s,
                    AciesCell           a,
                    AciesCell           b)
{
  gint dc = abs (acies_gc_col (s, a) - acies_gc_col (s, b));
  gint dr = abs (acies_gc_row (s, a) - acies_gc_row (s, b));

  return MAX (dc, dr) == 1;
}

/* GC 9.5: spaces are counted orthogonally. */
guint
acies_gc_distance (const AciesGcState *s,
                   AciesCell           a,
                   AciesCell           b)
{
  return abs (acies_gc_col (s, a) - acies_gc_col (s, b)) + abs (acies_gc_row (s, a) - acies_gc_row (s, b));
}

/* GC 8.5, GC-G29: "within four squares" for cavalry (option cavalry_metric). */
guint
acies_gc_cav_distance (const AciesGcState *s,
                       AciesCell           a,
                       AciesCell           b)
{
  gint dc = abs (acies_gc_col (s, a) - acies_gc_col (s, b));
  gint dr = abs (acies_gc_row (s, a) - acies_gc_row (s, b));

  return s->st->opt.cavalry_chebyshev ? MAX (dc, dr) : dc + dr;
}

AciesGcCc
acies_gc_printed_cc (const AciesGcState *s,
                     guint               u)
{
  const AciesGcCounter *c = acies_gc_counter (s, u);

  if (s->units[u].status == ACIES_GC_UNIT_HERO)
    return ACIES_GC_CC_STAR;
  return c != NULL ? c->cc : ACIES_GC_CC_D;
}

guint
acies_gc_neighbours (const AciesGcState *s,
                     guint               u,
                     gint               *out)
{
  guint n = 0;

  for (guint d = 0; d < 4; d++)
    {
      AciesCell c = acies_gc_neighbour (s, s->units[u].cell, d);
      gint v = acies_gc_unit_at (s, c);

      if (v >= 0)
        out[n++] = v;
    }
  return n;
}

/* GC 6.0, GC-G22: a live zone covers the three squares straight ahead of
 * every unit of the Foot Wing, whatever stands in them. */
gboolean
acies_gc_in_zone_of (const AciesGcState *s,
                     AciesCell           cell,
                     gint                side)
{
  const AciesGcSideDef *d = &s->st->sides[side];
  gint col, row;

  if (s->zone_alive == 0)
    return FALSE;

  col = acies_gc_col (s, cell);
  row = acies_gc_row (s, cell);
  for (gint k = 1; k <= 3; k++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_cell (s, col - k * d->fwd_dx, row - k * d->fwd_dy));

      if (v >= 0 && s->units[v].side == side && (s->zone_alive & (1u << s->units[v].wing)))
        return TRUE;
    }
  return FALSE;
}

/* GC-G23: the enemy wing is "within the zone" if any of its units is. */
gboolean
acies_gc_wing_in_zone (const AciesGcState *s,
                       gint                target_wing,
                       gint                wing)
{
  const AciesGcSideDef *d;
  gint side;

  if (!(s->zone_alive & (1u << wing)))
    return FALSE;
  side = acies_gc_wing (s, wing)->side;
  d = &s->st->sides[side];

  for (guint u = 0; u < s->n_units; u++)
    {
      gint col, row;

      if (s->units[u].wing != target_wing || !acies_gc_on_board (s, u))
        continue;
      col = acies_gc_col (s, s->units[u].cell);
      row = acies_gc_row (s, s->units[u].cell);
      for (gint k = 1; k <= 3; k++)
        {
          gint v = acies_gc_unit_at (s, acies_gc_cell (s, col - k * d->fwd_dx, row - k * d->fwd_dy));

          if (v >= 0 && s->units[v].wing == wing)
            return TRUE;
        }
    }
  return FALSE;
}

/* GC 11.2: a Triplex Acies side's Foot Wings other than the active one. */
gboolean
acies_gc_wing_inactive (const AciesGcState *s,
                        gint                w)
{
  const AciesGcWingDef *wd = acies_gc_wing (s, w);

  if (wd->mounted || !(s->st->sides[wd->side].rules & ACIES_GC_RULE_TRIPLEX))
    return FALSE;
  return s->active_wing[wd->side] != w;
}

AciesGcResult
acies_gc_crt (const AciesGcState *s,
              AciesGcCc           cc,
              gint                roll,
              gboolean           *provisional)
{
  gint col = CLAMP (roll, -2, 8) + 2;
  gint row = CLAMP ((gint) cc, ACIES_GC_CC_D, ACIES_GC_CC_STAR);

  if (provisional != NULL)
    *provisional = s->st->crt_provisional[row][col];
  return s->st->crt[row][col];
}

gint
acies_gc_utm (const AciesGcState *s,
              AciesGcKind         attacker,
              AciesGcKind         defender,
              gboolean           *known)
{
  if (known != NULL)
    *known = s->st->utm_known[attacker][defender];
  return s->st->utm[attacker][defender];
}

const char *
acies_gc_result_name (AciesGcResult r)
{
  static const char *names[] = { "DE", "DX", "AX", "EX", "AA" };

  return (guint) r < G_N_ELEMENTS (names) ? names[r] : "?";
}

/* GC 9.3: what a CRT result does, in the book's words ("DX" → "the
 * Defender is Exhausted"). */
const char *
acies_gc_result_meaning (AciesGcResult r)
{
  static const char *meanings[] = {
    "the Defender is Eliminated",
    "the Defender is Exhausted",
    "the Attacker is Exhausted",
    "both sides Exhaust a unit, the Attacker first",
    "the Primary and every Supporter are Exhausted",
  };

  return (guint) r < G_N_ELEMENTS (meanings) ? meanings[r] : "?";
}

const char *
acies_gc_cc_name (AciesGcCc cc)
{
  static const char *names[] = { "D", "C", "B", "A", "★" };

  return (guint) cc < G_N_ELEMENTS (names) ? names[cc] : "?";
}

const char *
acies_gc_side_name (const AciesGcState *s,
                    gint                side)
{
  const AciesSide *sd;

  if (side < 0 || (guint) side >= s->base.scenario->sides->len)
    return "?";
  sd = g_ptr_array_index (s->base.scenario->sides, side);
  return sd->name != NULL ? sd->name : sd->id;
}

const char *
acies_gc_unit_name (const AciesGcState *s,
                    guint               u)
{
  return g_ptr_array_index (s->st->unit_ids, u);
}

void
acies_gc_add_action (GArray *out,
                     guint   type,
                     gint    player,
                     gint    a0,
                     gint    a1,
                     gint    a2,
                     gint    a3,
                     gint    a4)
{
  AciesAction a;

  acies_action_init (&a, type, player);
  a.args[0] = a0;
  a.args[1] = a1;
  a.args[2] = a2;
  a.args[3] = a3;
  a.args[4] = a4;
  g_array_append_val (out, a);
}

void
acies_gc_place (AciesGcState *s,
                guint         u,
                AciesCell     to)
{
  AciesGcUnit *unit = &s->units[u];

  if (unit->cell != ACIES_CELL_NONE && s->occ[unit->cell] == (gint16) u)
    s->occ[unit->cell] = -1;
  unit->cell = to;
  if (to != ACIES_CELL_NONE)
    s->occ[to] = u;
}

void
acies_gc_finish (AciesGcState *s,
                 gint          winner,
                 const char   *reason,
                 GPtrArray    *events)
{
  if (s->base.finished)
    return;
  s->base.finished = TRUE;
  s->base.winner = winner;
  g_free (s->base.end_reason);
  s->base.end_reason = g_strdup (reason);
  s->phase = ACIES_GC_PHASE_OVER;
  s->step = ACIES_GC_STEP_OVER;
  s->roll.active = FALSE;
  acies_events_add (events, "game-over", "GC 13.0", winner, "%s", reason);
  acies_gc_sync_base (s);
}

/* GC 3.1 (limit 4), 13.0: a Rally Limit of zero loses at once; if both
 * reach zero together, the inactive player wins. */
void
acies_gc_lower_rally_limit (AciesGcState *s,
                            gint          side,
                            gint          n,
                            const char   *why,
                            GPtrArray    *events)
{
  s->rally_limit[side] = MAX (0, s->rally_limit[side] - n);
  /* TRANSLATORS: a line of the game log (GC 13.0). Slots in order: %s: a side's name; %d: a number;
   * %s: a sentence saying why. */
  acies_events_add (events, "rally-limit", "GC 13.0", side, _("%s: Rally Limit %d (%s)"),
                    acies_gc_side_name (s, side), s->rally_limit[side], why);

  if (s->base.finished)
    return;
  if (s->rally_limit[0] == 0 && s->rally_limit[1] == 0)
    {
      gint inactive = 1 - s->acting;
      g_autofree char *text = g_strdup_printf (_("Both Rally Limits reached zero: %s, the inactive player, wins (GC 13.0)"),
                                               acies_gc_side_name (s, inactive));
      acies_gc_finish (s, inactive, text, events);
    }
  else if (s->rally_limit[side] == 0)
    {
      g_autofree char *text = g_strdup_printf (_("%s's Rally Limit reached zero: %s wins (GC 13.0)"),
                                               acies_gc_side_name (s, side), acies_gc_side_name (s, 1 - side));
      acies_gc_finish (s, 1 - side, text, events);
    }
}

/* GC 13.0: the whole-wing bonus, once per wing (GC-G51 for euthanised). */
static void
check_wing_wiped (AciesGcState *s,
                  gint          wing,
                  GPtrArray    *events)
{
  gint side = acies_gc_wing (s, wing)->side;
  gint bonus = s->st->sides[1 - side].wing_bonus;

  if (s->wing_wiped & (1u << wing))
    return;
  for (guint v = 0; v < s->n_units; v++)
    {
      if (s->units[v].wing != wing)
        continue;
      if (s->units[v].status == ACIES_GC_UNIT_OUT || s->units[v].status == ACIES_GC_UNIT_BOX)
        continue;
      if (s->units[v].status != ACIES_GC_UNIT_ELIMINATED)
        return;
      if (s->units[v].cause == ACIES_GC_CAUSE_EUTHANISED && !s->st->opt.euthanised_counts_for_wing_bonus)
        return;
    }
  s->wing_wiped |= 1u << wing;
  s->vp[1 - side] += bonus;
  acies_events_add (events, "wing-eliminated", "GC 13.0", 1 - side,
                    /* TRANSLATORS: a line of the game log (GC 13.0). Slots in order: %s: a side's
                     * name; %s: a wing's name; %s: a side's name; %d: victory points. */
                    _("Every unit of %s's %s is gone: %s scores %d bonus VP"),
                    acies_gc_side_name (s, side), acies_gc_wing (s, wing)->label,
                    acies_gc_side_name (s, 1 - side), bonus);
}

void
acies_gc_eliminate (AciesGcState *s,
                    guint         u,
                    AciesGcCause  cause,
                    GPtrArray    *events)
{
  AciesGcUnit *unit = &s->units[u];
  const AciesGcCounter *c = acies_gc_counter (s, u);
  gboolean was_hero = unit->status == ACIES_GC_UNIT_HERO || (c != NULL && c->back == ACIES_GC_BACK_HERO);
  gboolean was_exhausted = unit->status == ACIES_GC_UNIT_EXHAUSTED;
  gint side = unit->side;
  gint vp = c != NULL ? c->vp : 0;
  g_autofree char *name = NULL;

  if (!acies_gc_on_board (s, u))
    return;
  /* Named as it stood, before it leaves its square. */
  name = acies_gc_event_unit (s, u, events);

  /* GC 11.2, 13.0: a Line Change scores only the Exhausted units, Heroes
   * score nothing; euthanised elephants (8.8) and wagons (15.0) neither. */
  if (cause == ACIES_GC_CAUSE_EUTHANISED || cause == ACIES_GC_CAUSE_WAGON)
    vp = 0;
  else if (cause == ACIES_GC_CAUSE_LINE_CHANGE)
    vp = was_exhausted ? vp : 0;
  else if (acies_gc_wing_inactive (s, unit->wing))
    vp *= 2;   /* GC 11.2, 13.0: non-active Triplex Acies wing, double */

  acies_gc_place (s, u, ACIES_CELL_NONE);
  unit->status = ACIES_GC_UNIT_ELIMINATED;
  unit->revealed = TRUE;
  unit->cause = cause;
  unit->vp_scored = vp;
  s->vp[1 - side] += vp;
  s->last_activity = s->player_turn;

  if (vp > 0)
    acies_events_add (events, cause == ACIES_GC_CAUSE_EUTHANISED ? "euthanised" : "eliminated", "GC 9.5", side,
                      was_hero
                      /* TRANSLATORS: a line of the game log (GC 9.5): a unit's name, the
                       * scoring side's name, the victory points. */
                      ? _("%s is eliminated (a Hero): %s scores %d VP")
                      /* TRANSLATORS: a line of the game log (GC 9.5): a unit's name, the
                       * scoring side's name, the victory points. */
                      : _("%s is eliminated: %s scores %d VP"),
                      name, acies_gc_side_name (s, 1 - side), vp);
  else
    /* GC 13.0: a unit worth nothing scores nothing; no "scores 0 VP". */
    acies_events_add (events, cause == ACIES_GC_CAUSE_EUTHANISED ? "euthanised" : "eliminated", "GC 9.5", side,
                      was_hero
                      /* TRANSLATORS: a line of the game log (GC 9.5): %s is a unit's name. */
                      ? _("%s is eliminated (a Hero) (worth no victory points)")
                      /* TRANSLATORS: a line of the game log (GC 9.5): %s is a unit's name. */
                      : _("%s is eliminated (worth no victory points)"),
                      name);

  check_wing_wiped (s, unit->wing, events);

  /* GC 9.5, 10.0, GC-G48: a Hero's loss costs a Rally Limit point. */
  if (was_hero && cause != ACIES_GC_CAUSE_LINE_CHANGE)
    acies_gc_hero_lost (s, u, cause, events);
}

/* What @u's counter shows now, without its square: "Exhausted Light
 * Infantry", "Light Infantry Hero ★" (NULL without @events). */
static char *
face_now (const AciesGcState *s,
          guint               u,
          GPtrArray          *events)
{
  char *text = acies_gc_event_unit (s, u, events);
  char *at;

  if (text != NULL && s->units[u].cell != ACIES_CELL_NONE && (at = g_strrstr (text, " at ")) != NULL)
    *at = '\0';
  return text;
}

gboolean
acies_gc_exhaust (AciesGcState *s,
                  guint         u,
                  AciesGcCause  cause,
                  GPtrArray    *events)
{
  AciesGcUnit *unit = &s->units[u];
  const AciesGcCounter *c = acies_gc_counter (s, u);
  g_autofree char *name = NULL;

  /* GC 2.2, 9.4: Mounted, Exhausted and Revealed Heroes are eliminated. */
  if (acies_gc_is_mounted (s, u) || unit->status != ACIES_GC_UNIT_FRESH)
    {
      acies_gc_eliminate (s, u, cause, events);
      return TRUE;
    }

  /* Named by the face it showed before the flip. */
  name = acies_gc_event_unit (s, u, events);
  unit->revealed = TRUE;
  s->last_activity = s->player_turn;
  switch (c->back)
    {
    case ACIES_GC_BACK_BRITTLE:
      /* GC 9.4: Brittle, eliminated on the spot. */
      /* TRANSLATORS: a line of the game log (GC 9.4). Slots in order: %s: a unit's name. */
      acies_events_add (events, "flipped", "GC 9.4", unit->side, _("%s is flipped: Brittle!"), name);
      acies_gc_eliminate (s, u, cause, events);
      return TRUE;
    case ACIES_GC_BACK_HERO:
      /* GC 10.0: a Hero is revealed and fights as a Fresh unit. */
      unit->status = ACIES_GC_UNIT_HERO;
      {
        /* The old name and the one the board shows from now on. */
        g_autofree char *now = face_now (s, u, events);

        /* TRANSLATORS: a line of the game log (GC 10.0). Slots in order: %s: a unit's name; %s: the
         * unit's name after the flip. */
        acies_events_add (events, "hero", "GC 10.0", unit->side, _("%s is flipped: a Hero! It is now %s"), name, now);
      }
      return FALSE;
    default:
      unit->status = ACIES_GC_UNIT_EXHAUSTED;
      {
        g_autofree char *now = face_now (s, u, events);

        /* TRANSLATORS: a line of the game log (GC 9.4). Slots in order: %s: a unit's name; %s: the
         * unit's name after the flip. */
        acies_events_add (events, "exhausted", "GC 9.4", unit->side, _("%s is flipped: it is now %s"), name, now);
      }
      return FALSE;
    }
}
