/* acies-sg-command.c
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
 * Leaders and command (SG 4.1–4.4, 11.3, 12.1): the start of a Player
 * Turn, Turn Seizure, activating Formations (several at once, after a
 * seizure), moving the Overall Commander, leaders who return, pursuers
 * coming back (7.63), and who is In Command.
 */

/* SG 4.21, 4.33, 4.46: a leader's MA now. */
gint
sg_leader_ma (const SgState *s,
              gint           l)
{
  if (s->oc_move == l || (s->seize_move == l && s->st->leaders[l].is_oc))
    return 30;
  return s->st->leaders[l].ma;
}

/* SG 4.1: the Formation Commander of @f on the map, -1 (the first one
 * when there are several). */
gint
sg_fc_of (const SgState *s,
          gint           f)
{
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].formation == f && s->leaders[l].status == SG_L_MAP)
      return l;
  return -1;
}

#define SG_FAR G_MAXUINT8

/* SG 4.21, SG-A11: the length of the shortest unobstructed path from
 * leader @l to every hex within @max (the leader's hex not counted, the
 * last hex counted) into @dist (n_cells bytes), SG_FAR beyond.  Enemy
 * units, empty hexes in an enemy ZOC and hexes a leader could not enter
 * obstruct it: a path may end in such a hex of ZOC, not pass it. */
static void
command_reach (const SgState *s,
               gint           l,
               gint           max,
               guint8        *dist)
{
  const SgStatic *st = s->st;
  gint side = st->leaders[l].side, start = s->leaders[l].cell;
  gint frontier[256], next[256], nf = 1, nn;

  memset (dist, SG_FAR, st->n_cells);
  if (start < 0)
    return;
  dist[start] = 0;
  frontier[0] = start;
  for (gint d = 1; d <= MIN (max, SG_FAR - 1) && nf > 0; d++)
    {
      nn = 0;
      for (gint i = 0; i < nf; i++)
        for (gint k = 0; k < 6; k++)
          {
            gint c = sg_nb (st, frontier[i], k), t;

            if (c < 0 || dist[c] != SG_FAR)
              continue;
            t = sg_top (s, c);              /* either half of a two-hex unit */
            if (t >= 0 && sg_def (s, t)->side != side)
              continue;
            if (sg_leader_step_mp (st, frontier[i], k) >= SG_MP_PROHIBITED)
              continue;                     /* perhaps open from another hex */
            dist[c] = (guint8) d;
            if (t < 0 && sg_cell_adjacent_enemy (s, c, side) && sg_in_enemy_zoc (s, c, side))
              continue;
            if (nn < 256)
              next[nn++] = c;
          }
      memcpy (frontier, next, sizeof (gint) * nn);
      nf = nn;
    }
}

/* SG 4.21: the length of an unobstructed path from leader @l to @cell
 * (command_reach()), or -1 beyond @max. */
gint
sg_command_distance (const SgState *s,
                     gint           l,
                     gint           cell,
                     gint           max)
{
  guint8 local[4096];
  g_autofree guint8 *heap = NULL;
  guint8 *dist = local;
  gint start = s->leaders[l].cell;

  if (start < 0 || cell < 0)
    return -1;
  if (start == cell)
    return 0;
  if (sg_dist (s->st, start, cell) > max)
    return -1;
  if (s->st->n_cells > sizeof local)
    dist = heap = g_malloc (s->st->n_cells);
  command_reach (s, l, max, dist);
  return dist[cell] == SG_FAR ? -1 : dist[cell];
}

/**
 * sg_determine_command:
 * @s: a state
 * @f: an activated Formation
 * @fc: its activated Formation Commander, or -1
 *
 * SG 4.11, 4.13: a unit is In Command within its FC's Command Range, or
 * next to an In Command unit of its Formation (chains, through vacant
 * hexes outside enemy ZOCs where the Formation Chart allows); Auxiliaries
 * and artillery always are.
 */
void
sg_determine_command (SgState *s,
                      gint     f,
                      gint     fc)
{
  const SgStatic *st = s->st;
  const SgFormationDef *fd = &st->formations[f];
  gboolean changed = TRUE;
  g_autofree guint8 *reach = NULL, *range = NULL;

  for (guint u = 0; u < s->n_units; u++)
    {
      SgUnit *x = &s->units[u];

      if (st->units[u].formation != f || !(x->f & SG_UF_ACTIVATED))
        continue;
      x->f &= ~SG_UF_IN_COMMAND;
      if (fd->auxiliaries || st->units[u].type == SG_T_ART)
        x->f |= SG_UF_IN_COMMAND;
      else if (fc >= 0 && s->leaders[fc].status == SG_L_MAP && x->status == SG_U_MAP)
        {
          /* One search from the Commander for the whole Formation. */
          if (range == NULL)
            {
              range = g_malloc (st->n_cells);
              command_reach (s, fc, st->leaders[fc].range, range);
            }
          if (range[x->cell] != SG_FAR || (x->cell2 >= 0 && range[x->cell2] != SG_FAR))
            x->f |= SG_UF_IN_COMMAND;
        }
    }
  if (fd->auxiliaries)
    return;
  /* Chains (4.11, SG-A12: through units of the same Formation). */
  if (fd->chain_vacant)
    reach = g_new0 (guint8, st->n_cells);
  while (changed)
    {
      changed = FALSE;
      if (reach != NULL)
        {
          /* Vacant hexes outside enemy ZOCs carry the chain: a search
           * from the In Command units' hexes (sg_top() sees either half
           * of a two-hex unit). */
          g_autofree gint *queue = g_new (gint, st->n_cells);
          guint head = 0, tail = 0;

          for (guint u = 0; u < s->n_units; u++)
            if (st->units[u].formation == f && (s->units[u].f & SG_UF_IN_COMMAND) && sg_on_map (s, u))
              for (gint k = 0; k < 2; k++)
                {
                  gint c = k == 0 ? s->units[u].cell : s->units[u].cell2;

                  if (c >= 0 && !reach[c])
                    {
                      reach[c] = TRUE;
                      queue[tail++] = c;
                    }
                }
          while (head < tail)
            {
              gint c = queue[head++];

              for (gint d = 0; d < 6; d++)
                {
                  gint n = sg_nb (st, c, d);

                  if (n >= 0 && !reach[n] && sg_top (s, n) < 0 && !st->impassable[st->terrain[n]]
                      && !sg_in_enemy_zoc (s, n, fd->side))
                    {
                      reach[n] = TRUE;
                      queue[tail++] = n;
                    }
                }
            }
        }
      for (guint u = 0; u < s->n_units; u++)
        {
          SgUnit *x = &s->units[u];

          if (st->units[u].formation != f || !(x->f & SG_UF_ACTIVATED) || (x->f & SG_UF_IN_COMMAND)
              || !sg_on_map (s, u))
            continue;
          /* Next to (or stacked with) an In Command unit of the
           * Formation: the units in its hexes and the hexes around. */
          for (gint k = 0; k < 2 && !(x->f & SG_UF_IN_COMMAND); k++)
            {
              gint c = k == 0 ? x->cell : x->cell2;

              for (gint d = -1; c >= 0 && d < 6; d++)
                {
                  gint n = d < 0 ? c : st->nb[c * 6 + d];

                  for (gint i = 0; n >= 0 && i < 2; i++)
                    {
                      gint v = s->occ[2 * n + i];

                      if (v >= 0 && v != (gint) u && st->units[v].formation == f
                          && (s->units[v].f & SG_UF_IN_COMMAND) && sg_on_map (s, v))
                        {
                          x->f |= SG_UF_IN_COMMAND;
                          changed = TRUE;
                          break;
                        }
                    }
                  if (x->f & SG_UF_IN_COMMAND)
                    break;
                }
            }
          if (!(x->f & SG_UF_IN_COMMAND) && reach != NULL)
            for (gint k = 0; k < 2 && !(x->f & SG_UF_IN_COMMAND); k++)
              {
                gint c = k == 0 ? x->cell : x->cell2;

                for (gint d = 0; c >= 0 && d < 6; d++)
                  {
                    gint n = sg_nb (st, c, d);

                    if (n >= 0 && reach[n])
                      {
                        x->f |= SG_UF_IN_COMMAND;
                        changed = TRUE;
                        break;
                      }
                  }
              }
        }
    }
}

/* ---- Triarii (11.3) ---- */

gboolean
sg_triarii_may_activate (const SgState *s,
                         gint           side)
{
  const SgSideDef *sd = &s->st->sides[side];
  gboolean far_from_lg = TRUE, any = FALSE;

  if (!sd->triarii)
    return TRUE;
  for (guint t = 0; t < s->n_units; t++)
    {
      if (!s->st->units[t].triarii || s->st->units[t].side != side || !sg_on_map (s, t))
        continue;
      any = TRUE;
      for (guint e = 0; e < s->n_units; e++)
        {
          if (!sg_on_map (s, e))
            continue;
          if (sg_def (s, e)->side != side && sg_unit_dist (s, t, e) <= sd->triarii_enemy)
            return TRUE;                    /* an enemy within three hexes */
          if (sg_def (s, e)->side == side && sg_def (s, e)->type == SG_T_LG && sg_unit_dist (s, t, e) < sd->triarii_lg)
            far_from_lg = FALSE;
        }
    }
  return !any || far_from_lg;
}

gboolean
sg_triarii_may_close (const SgState *s,
                      gint           side)
{
  return 2 * s->rp[side] >= s->st->sides[side].wl;
}

/* ---- Seizure (4.4) ---- */

/* SG 4.21, 4.22, 4.44: a leader who may make an attempt. */
gboolean
sg_leader_may_seize (const SgState *s,
                     gint           l)
{
  const SgLeader *x = &s->leaders[l];

  return x->status == SG_L_MAP && x->seizures > 0 && s->st->leaders[l].initiative > 0;
}

/* SG 4.41, 4.44, 4.45, SG-A22: whether @side may try to seize the Player
 * Turn now. */
gboolean
sg_may_seize (const SgState *s,
              gint           side)
{
  if (side == s->base.active_side || s->seize_tried || s->seized_by >= 0)
    return FALSE;                           /* one attempt; 4.45 */
  if (s->pt <= 1 || (!s->st->opt.seizure_first_pt_only && s->pt <= 2))
    return FALSE;                           /* the first Player Turn */
  if (s->seized_prev == side)
    return FALSE;                           /* seized the preceding one */
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->st->leaders[l].side == side && sg_leader_may_seize (s, l))
      return TRUE;
  return FALSE;
}

static gboolean
may_seize_move (const SgState *s,
                gint           side)
{
  if (s->st->opt.seizure_move_limits)
    return sg_may_seize (s, side);
  return side != s->base.active_side && !s->seize_tried && s->seized_by < 0;
}

/* ---- Activation (3.2-A) ---- */

static gboolean
formation_has_units (const SgState *s,
                     gint           f)
{
  for (guint u = 0; u < s->n_units; u++)
    if (s->st->units[u].formation == f && (sg_on_map (s, u) || s->units[u].status == SG_U_PURSUIT))
      return TRUE;
  return FALSE;
}

/* The leaders who may activate with @f: on the map or due back (4.36),
 * not off the map pursuing. */
static gboolean
fc_candidate (const SgState *s,
              gint           l,
              gint           f)
{
  const SgLeader *x = &s->leaders[l];

  return x->formation == f && (x->status == SG_L_MAP || x->status == SG_L_AWAY);
}

/* SG 4.42, 4.43: the Formations a seized Player Turn allows. */
static gboolean
seizure_allows (const SgState *s,
                gint           f)
{
  gint l = s->seize_leader;
  const SgFormationDef *fd = &s->st->formations[f];

  if (l < 0)
    return TRUE;
  if (s->st->leaders[l].is_oc)
    {
      if (fd->auxiliaries || s->leaders[l].formation == f)
        return TRUE;
      for (guint k = 0; k < s->n_leaders; k++)
        if (s->leaders[k].formation == f && s->leaders[k].status == SG_L_MAP
            && sg_command_distance (s, l, s->leaders[k].cell, s->st->leaders[l].range) >= 0)
          return TRUE;
      return FALSE;
    }
  if (s->leaders[l].formation == f)
    return TRUE;
  for (guint m = 0; m < s->st->n_mfa; m++)
    if (s->st->mfa[m].for_seizure && s->st->mfa[m].leader == l && (s->st->mfa[m].formations & (1u << f)))
      return TRUE;
  return FALSE;
}

/* sg_may_activate(), @has_units telling whether @f still has units
 * (formation_has_units()). */
static gboolean
may_activate (const SgState *s,
              gint           f,
              gint           fc,
              gboolean       has_units)
{
  const SgFormationDef *fd = &s->st->formations[f];
  gboolean any_fc = FALSE;

  if (fd->side != s->base.active_side || (fc >= 0 && !fc_candidate (s, fc, f)))
    return FALSE;
  if (!has_units || !seizure_allows (s, f))
    return FALSE;
  if (fc >= 0)
    return TRUE;
  for (guint l = 0; l < s->n_leaders; l++)
    any_fc |= fc_candidate (s, l, f);
  return !any_fc;                           /* 4.1-note: no Commander left */
}

gboolean
sg_may_activate (const SgState *s,
                 gint           f,
                 gint           fc)
{
  return may_activate (s, f, fc, formation_has_units (s, f));
}

/* SG 4.14: the FCs stand with or next to a unit of their Formation,
 * within the enabling leader's Command Range; no leader returning now. */
gboolean
sg_mfa_ok (const SgState *s,
           gint           entry)
{
  const SgMfaDef *m = &s->st->mfa[entry];
  gint en = m->leader;

  if (m->for_seizure || m->side != s->base.active_side || s->leaders[en].status != SG_L_MAP
      || (s->leaders[en].f & SG_LF_RETURNED))
    return FALSE;
  if (s->seize_leader >= 0 && s->seize_leader != en)
    return FALSE;                           /* 4.42, 4.43 */
  for (guint f = 0; f < s->st->n_formations; f++)
    {
      gboolean ok = FALSE;

      if (!(m->formations & (1u << f)))
        continue;
      if (!formation_has_units (s, f))
        return FALSE;
      if (s->st->formations[f].auxiliaries)
        continue;
      for (guint l = 0; l < s->n_leaders && !ok; l++)
        {
          const SgLeader *x = &s->leaders[l];

          if (x->formation != (gint) f || x->status != SG_L_MAP || (x->f & SG_LF_RETURNED))
            continue;
          for (guint u = 0; u < s->n_units && !ok; u++)
            if (s->st->units[u].formation == (gint) f && sg_on_map (s, u) && sg_cell_unit_dist (s, x->cell, u) <= 1)
              ok = l == (guint) en || sg_command_distance (s, en, x->cell, s->st->leaders[en].range) >= 0;
        }
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* SG 12.1: does activating @f need the roll now? */
static gboolean
needs_12_1 (const SgState *s,
            guint32        formations)
{
  if (!s->st->opt.formation_activation || s->seized_by >= 0)
    return FALSE;
  for (guint f = 0; f < s->st->n_formations; f++)
    if ((formations & (1u << f)) && (s->last_activated[s->base.active_side] & (1u << f))
        && !s->st->formations[f].auxiliaries)
      return TRUE;
  return FALSE;
}

/**
 * sg_command_legal:
 * @s: a state
 * @out: array of AciesAction to append to
 *
 * The decisions of SG_ST_FIRST, SG_ST_SEIZE, SG_ST_ACTIVATE,
 * SG_ST_PLACE_LEADER and SG_ST_RETURN.
 */
void
sg_command_legal (const SgState *s,
                  GArray        *out)
{
  gint side = s->base.active_side;

  switch (s->step)
    {
    case SG_ST_FIRST:
      sg_add_action (out, SG_A_ROLL_FIRST, 0, -1, -1, -1, -1);
      break;

    case SG_ST_SEIZE:
      {
        gint seizer = 1 - side;

        for (guint l = 0; l < s->n_leaders; l++)
          if (s->st->leaders[l].side == seizer && sg_leader_may_seize (s, l))
            {
              if (sg_may_seize (s, seizer))
                sg_add_action (out, SG_A_SEIZE, seizer, l, -1, -1, -1);
              if (may_seize_move (s, seizer))
                sg_add_action (out, SG_A_SEIZE_MOVE, seizer, l, -1, -1, -1);
            }
        sg_add_action (out, SG_A_NO_SEIZE, seizer, -1, -1, -1, -1);
        break;
      }

    case SG_ST_ACTIVATE:
      for (guint f = 0; f < s->st->n_formations; f++)
        {
          gboolean any = FALSE, has_units;

          if (s->st->formations[f].side != side)
            continue;
          has_units = formation_has_units (s, f);
          for (guint l = 0; l < s->n_leaders; l++)
            if (s->leaders[l].formation == (gint) f && may_activate (s, f, l, has_units))   /* the others never may */
              {
                any = TRUE;
                sg_add_action (out, SG_A_ACTIVATE, side, f, l, -1, -1);
                if (needs_12_1 (s, 1u << f) && s->leaders[l].seizures > 0)
                  sg_add_action (out, SG_A_ACTIVATE, side, f, l, 1, -1);
              }
          if (!any && may_activate (s, f, -1, has_units))
            sg_add_action (out, SG_A_ACTIVATE, side, f, -1, -1, -1);
        }
      for (guint m = 0; m < s->st->n_mfa; m++)
        if (sg_mfa_ok (s, m))
          sg_add_action (out, SG_A_ACTIVATE_MULTI, side, m, -1, -1, -1);
      if (s->seize_leader < 0 && s->st->sides[side].oc >= 0 && s->leaders[s->st->sides[side].oc].status == SG_L_MAP)
        sg_add_action (out, SG_A_MOVE_OC, side, -1, -1, -1, -1);
      sg_add_action (out, SG_A_PASS, side, -1, -1, -1, -1);
      break;

    case SG_ST_PLACE_LEADER:
      {
        gint l = s->pending_leader;
        gint f = s->leaders[l].formation;
        gboolean oc = s->st->leaders[l].is_oc;

        for (guint u = 0; u < s->n_units; u++)
          if (sg_on_map (s, u) && sg_def (s, u)->side == s->st->leaders[l].side
              && (oc || sg_def (s, u)->formation == f) && sg_piece (s, u) == (gint) u)
            sg_add_action (out, SG_A_PLACE_LEADER, side, l, u, -1, -1);
        break;
      }

    case SG_ST_RETURN:
      for (guint u = 0; u < s->n_units; u++)
        if (s->units[u].status == SG_U_PURSUIT && (s->units[u].f & SG_UF_RETURNING))
          {
            gint edge = s->st->sides[1 - side].retreat_edge;

            for (guint c = 0; c < s->st->n_cells; c++)
              if ((s->st->edge_of_map[c] & (1u << edge)) && s->st->terrain[c] == 0 && sg_top (s, c) < 0
                  && !sg_cell_adjacent_enemy (s, c, side))
                sg_add_action (out, SG_A_RETURN_UNIT, side, u, c, -1, -1);
            break;                          /* one at a time */
          }
      break;

    default:
      break;
    }
}

/* ---- The Player Turn begins ---- */

static void
open_seizure_or_activation (SgState   *s,
                            AciesDice *dice,
                            GPtrArray *events);

/* Leaders due back now: the next one to place, or -1. */
static gint
next_returning_leader (const SgState *s)
{
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].status == SG_L_AWAY && (s->leaders[l].f & SG_LF_RETURNING))
      return l;
  return -1;
}

/**
 * sg_start_pt:
 * @s: a state whose base.active_side is the side to play
 * @dice: (nullable): the dice
 * @events: (nullable): events
 *
 * SG 3.2: a Player Turn begins: the flags of the last one go, the
 * Overall Commander returns (4.36), and the opponent may try to seize it
 * (4.41) before the Activation Phase.
 */
void
sg_start_pt (SgState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  gint side = s->base.active_side;

  s->pt++;
  s->seize_tried = FALSE;
  s->seized_by = -1;
  s->seize_leader = s->seize_move = s->oc_move = s->enabler = -1;
  s->activated = 0;
  s->n_attacks = 0;
  s->mover = s->lmover = -1;
  s->phase = SG_PH_ACTIVATION;
  for (guint u = 0; u < s->n_units; u++)
    s->units[u].f &= ~SG_UF_PT_MASK;
  for (guint l = 0; l < s->n_leaders; l++)
    s->leaders[l].f &= ~(SG_LF_ACTIVATED | SG_LF_MOVED | SG_LF_RETURNED | SG_LF_IN_SHOCK | SG_LF_FREE_MOVE);
  /* 4.36: an Overall Commander who was removed returns now. */
  {
    gint oc = s->st->sides[side].oc;

    if (oc >= 0 && s->leaders[oc].status == SG_L_AWAY)
      s->leaders[oc].f |= SG_LF_RETURNING;
  }
  /* The log names the side before the line ("Persians: "): the line
   * names the Player Turn only. */
  /* TRANSLATORS: a line of the game log when a Player Turn begins (SG 3.2), after the side's
   * name ("Persians: Player Turn 2"). %d: the Player Turn. */
  acies_events_add (events, "player-turn", "SG 3.2", side, _("Player Turn %d"), s->pt);
  open_seizure_or_activation (s, dice, events);
}

/* SG 7.41, SG-A20: who is in, or exerts, an enemy ZOC as the Player Turn
 * actually played begins. */
static void
snapshot_zoc (SgState *s)
{
  for (guint u = 0; u < s->n_units; u++)
    {
      SgUnit *x = &s->units[u];

      x->f &= ~SG_UF_ZOC_START;
      /* Both need an enemy next to it (the cheap test first). */
      if (x->status == SG_U_MAP && sg_adjacent_enemy (s, u)
          && (sg_unit_in_enemy_zoc (s, u) || sg_enemy_in_zoc (s, u)))
        x->f |= SG_UF_ZOC_START;
    }
}

static void
open_seizure_or_activation (SgState   *s,
                            AciesDice *dice,
                            GPtrArray *events)
{
  gint l = next_returning_leader (s);

  if (l >= 0 && s->st->leaders[l].is_oc)
    {
      /* 4.36: the OC joins any friendly unit; with none he waits. */
      gboolean any = FALSE;

      for (guint u = 0; u < s->n_units && !any; u++)
        any = sg_on_map (s, u) && sg_def (s, u)->side == s->st->leaders[l].side;
      if (any)
        {
          s->pending_leader = l;
          s->step = SG_ST_PLACE_LEADER;
          sg_sync (s);
          return;
        }
      s->leaders[l].f &= ~SG_LF_RETURNING;
    }
  snapshot_zoc (s);
  if (sg_may_seize (s, 1 - s->base.active_side) || may_seize_move (s, 1 - s->base.active_side))
    {
      gboolean any = FALSE;

      for (guint k = 0; k < s->n_leaders && !any; k++)
        any = s->st->leaders[k].side != s->base.active_side && sg_leader_may_seize (s, k);
      if (any)
        {
          s->step = SG_ST_SEIZE;
          sg_sync (s);
          return;
        }
    }
  sg_begin_activation (s, dice, events);
}

/* SG 3.2-A: the active player chooses. */
void
sg_begin_activation (SgState   *s,
                     AciesDice *dice,
                     GPtrArray *events)
{
  s->phase = SG_PH_ACTIVATION;
  s->step = SG_ST_ACTIVATE;
  sg_sync (s);
}

/* Activates the units of Formation @f (11.3: Triarii wait). */
static void
activate_formation (SgState   *s,
                    gint       f,
                    gint       fc,
                    GPtrArray *events)
{
  gint side = s->st->formations[f].side;
  gboolean triarii_ok = TRUE;

  /* The test matters only to a Formation with Triarii. */
  for (guint u = 0; u < s->n_units; u++)
    if (s->st->units[u].formation == f && s->st->units[u].triarii)
      {
        triarii_ok = sg_triarii_may_activate (s, side);
        break;
      }

  s->activated |= 1u << f;
  for (guint u = 0; u < s->n_units; u++)
    if (s->st->units[u].formation == f && (sg_on_map (s, u) || s->units[u].status == SG_U_PURSUIT))
      {
        if (s->st->units[u].triarii && !triarii_ok)
          continue;
        s->units[u].f |= SG_UF_ACTIVATED;
      }
  if (!triarii_ok)
    for (guint u = 0; u < s->n_units; u++)
      if (s->st->units[u].formation == f && s->st->units[u].triarii && sg_on_map (s, u))
        {
          acies_events_add (events, "triarii", "SG 11.3", side,
                            /* TRANSLATORS: a line of the game log (SG 11.3). Slots in order: %s: a
                             * formation's name. */
                            _("The Triarii of %s may not activate yet"), s->st->formations[f].name);
          break;
        }
  if (fc >= 0)
    {
      s->leaders[fc].f |= SG_LF_ACTIVATED;
      if (s->leaders[fc].status == SG_L_AWAY)
        s->leaders[fc].f |= SG_LF_RETURNING;
    }
  /* 4.36, 4.37: other leaders of the Formation away come back too. */
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].formation == f && s->leaders[l].status == SG_L_AWAY)
      s->leaders[l].f |= SG_LF_RETURNING | SG_LF_ACTIVATED;
  if (fc >= 0)
    /* TRANSLATORS: a line of the game log (SG 3.2). Slots in order: %s: a formation's name; %s:
     * its commander's name. */
    acies_events_add (events, "activate", "SG 3.2", side, _("%s activates under %s"), s->st->formations[f].name,
                      s->st->leaders[fc].name);
  else
    /* TRANSLATORS: a line of the game log (SG 3.2). %s: a formation's name. */
    acies_events_add (events, "activate", "SG 3.2", side, _("%s activates"), s->st->formations[f].name);
}

/* SG 7.63: the pursuers of the activated Formations try to return. */
static void
pursuit_returns (SgState   *s,
                 AciesDice *dice,
                 GPtrArray *events)
{
  for (guint f = 0; f < s->st->n_formations; f++)
    {
      gboolean any = FALSE, fc_with = FALSE;
      guint dr;
      gint mod;

      if (!(s->activated & (1u << f)))
        continue;
      for (guint u = 0; u < s->n_units; u++)
        any |= s->st->units[u].formation == (gint) f && s->units[u].status == SG_U_PURSUIT;
      if (!any)
        continue;
      for (guint l = 0; l < s->n_leaders; l++)
        fc_with |= s->leaders[l].formation == (gint) f && s->leaders[l].status == SG_L_PURSUIT;
      dr = sg_roll (dice, "Return");
      mod = (gint) dr + (fc_with ? s->st->return_fc_drm : 0);
      if (fc_with)
        acies_events_add (events, "return-roll", "SG 7.63", s->st->formations[f].side,
                          /* TRANSLATORS: a line of the game log (SG 7.63). Slots in order: %s: a
                           * formation's name; %u: a die roll; %d: the roll modified. */
                          _("The pursuers of %s: %u − 2 (their Commander is with them) = %d"),
                          s->st->formations[f].name, dr, mod);
      else
        acies_events_add (events, "return-roll", "SG 7.63", s->st->formations[f].side,
                          /* TRANSLATORS: a line of the game log (SG 7.63). Slots in order: %s: a
                           * formation's name; %u: a die roll; %d: the roll (no modifier). */
                          _("The pursuers of %s: %u = %d"), s->st->formations[f].name, dr, mod);
      if (mod <= 1)
        {
          for (guint u = 0; u < s->n_units; u++)
            if (s->st->units[u].formation == (gint) f && s->units[u].status == SG_U_PURSUIT)
              s->units[u].f |= SG_UF_RETURNING | SG_UF_ACTIVATED;
        }
      else if ((s->st->opt.pursuit_natural_nine && dr == 9) || (!s->st->opt.pursuit_natural_nine && mod >= 9))
        {
          for (guint u = 0; u < s->n_units; u++)
            if (s->st->units[u].formation == (gint) f && s->units[u].status == SG_U_PURSUIT)
              s->units[u].status = SG_U_LOST;
          for (guint l = 0; l < s->n_leaders; l++)
            if (s->leaders[l].status == SG_L_PURSUIT)
              {
                gint u = s->leaders[l].unit;

                if (u >= 0 && s->units[u].status == SG_U_LOST)
                  s->leaders[l].status = SG_L_LOST;
              }
          acies_events_add (events, "pursuit-lost", "SG 7.63", s->st->formations[f].side,
                            /* TRANSLATORS: a line of the game log (SG 7.63). Slots in order: %s: a
                             * formation's name. */
                            _("The pursuers of %s never return"), s->st->formations[f].name);
        }
    }
}

/**
 * sg_after_activation:
 * @s: a state whose Formations are activated (s->activated)
 * @dice: the dice
 * @events: (nullable): events
 *
 * SG 4.36, 4.37, 7.63, 4.11: returning leaders and pursuers are placed
 * (the player chooses where), then the command status of each activated
 * Formation is determined and the Movement/Missile Fire Phase begins.
 */
void
sg_after_activation (SgState   *s,
                     AciesDice *dice,
                     GPtrArray *events)
{
  gint l = next_returning_leader (s);

  if (l >= 0)
    {
      gboolean any = FALSE;
      gint f = s->leaders[l].formation;

      for (guint u = 0; u < s->n_units && !any; u++)
        any = sg_on_map (s, u) && sg_def (s, u)->side == s->st->leaders[l].side
              && (f < 0 || s->st->leaders[l].is_oc || sg_def (s, u)->formation == f);
      if (any)
        {
          s->pending_leader = l;
          s->step = SG_ST_PLACE_LEADER;
          sg_sync (s);
          return;
        }
      s->leaders[l].f &= ~SG_LF_RETURNING;  /* nobody to join: he waits */
      sg_after_activation (s, dice, events);
      return;
    }
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].status == SG_U_PURSUIT && (s->units[u].f & SG_UF_RETURNING))
      {
        g_autoptr(GArray) options = g_array_new (FALSE, FALSE, sizeof (AciesAction));

        s->step = SG_ST_RETURN;
        sg_command_legal (s, options);
        if (options->len > 0)
          {
            sg_sync (s);
            return;
          }
        s->units[u].f &= ~(SG_UF_RETURNING | SG_UF_ACTIVATED);   /* no room: stays off */
      }

  /* 4.11: command status, Formation by Formation. */
  for (guint f = 0; f < s->st->n_formations; f++)
    if (s->activated & (1u << f))
      {
        gint fc = -1;

        for (guint k = 0; k < s->n_leaders; k++)
          if (s->leaders[k].formation == (gint) f && (s->leaders[k].f & SG_LF_ACTIVATED)
              && s->leaders[k].status == SG_L_MAP && fc < 0)
            fc = k;
        sg_determine_command (s, f, fc);
      }
  /* 10.23, 10.55: activated cavalry and chariots next to an enemy elephant. */
  for (guint u = 0; u < s->n_units; u++)
    {
      SgType t = sg_def (s, u)->type;

      if ((s->units[u].f & SG_UF_ACTIVATED) && sg_on_map (s, u) && (sg_is_cavalry (t) || t == SG_T_CH))
        for (guint e = 0; e < s->n_units; e++)
          if (sg_on_map (s, e) && sg_def (s, e)->type == SG_T_EL && sg_def (s, e)->side != sg_def (s, u)->side
              && sg_unit_dist (s, u, e) == 1)
            s->units[u].f |= SG_UF_NEAR_EL;
    }
  s->phase = SG_PH_MOVE;
  s->step = SG_ST_MOVE;
  sg_start_move_phase (s);
  sg_sync (s);
}

/* SG 3.2-A, 4.33, 4.46: a leader moves alone this Player Turn. */
static void
free_leader_move (SgState   *s,
                  gint       l,
                  GPtrArray *events)
{
  s->leaders[l].f |= SG_LF_ACTIVATED | SG_LF_FREE_MOVE;
  s->phase = SG_PH_MOVE;
  s->step = SG_ST_MOVE;
  sg_start_move_phase (s);
  sg_sync (s);
}

/* SG 12.1: the roll for re-activating last Player Turn's Formation(s);
 * FALSE when it fails (the Player Turn ends). */
static gboolean
roll_12_1 (SgState    *s,
           guint32     formations,
           gint        fc,
           gboolean    seizure_point,
           AciesDice  *dice,
           GPtrArray  *events)
{
  if (!needs_12_1 (s, formations))
    return TRUE;
  if (seizure_point && fc >= 0 && s->leaders[fc].seizures > 0)
    {
      s->leaders[fc].seizures--;
      acies_events_add (events, "activation-point", "SG 12.1", s->base.active_side,
                        /* TRANSLATORS: a line of the game log (SG 12.1). Slots in order: %s: a
                         * leader's name. */
                        _("%s spends a Seizure point to activate again"), sg_leader_name (s, fc));
      return TRUE;
    }
  for (guint f = 0; f < s->st->n_formations; f++)
    {
      gint k;
      guint dr;
      gint init;

      if (!(formations & (1u << f)) || !(s->last_activated[s->base.active_side] & (1u << f))
          || s->st->formations[f].auxiliaries)
        continue;
      k = fc >= 0 && s->leaders[fc].formation == (gint) f ? fc : sg_fc_of (s, f);
      init = k >= 0 ? s->st->leaders[k].initiative : 0;
      dr = sg_roll (dice, "Activation");
      acies_events_add (events, "activation-roll", "SG 12.1", s->base.active_side,
                        /* TRANSLATORS: a line of the game log (SG 12.1). Slots in order: %s: a
                         * formation's name; %u: a die roll; %d: a number; %s: (gint) dr <= init ?
                         * "it activates" : "it does not, the Player Turn ends". */
                        _("%s again: %u against Initiative %d — %s"), s->st->formations[f].name, dr, init,
                        (gint) dr <= init ? _("it activates") : _("it does not, the Player Turn ends"));
      if ((gint) dr > init)
        return FALSE;                       /* SG-A24: any failure ends it */
    }
  return TRUE;
}

/**
 * sg_command_apply:
 * @s: a state
 * @a: one of sg_command_legal()'s actions
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
sg_command_apply (SgState           *s,
                  const AciesAction *a,
                  AciesDice         *dice,
                  GPtrArray         *events,
                  GError           **error)
{
  gint side = s->base.active_side;

  switch (a->type)
    {
    case SG_A_ROLL_FIRST:
      {
        /* 3.1: high roll goes first; ties roll again. */
        guint r0, r1;

        do
          {
            r0 = sg_roll (dice, "First player");
            r1 = sg_roll (dice, "First player");
            g_autofree char *first = sg_side_people (s, 0, TRUE), *second = sg_side_people (s, 1, FALSE);

            acies_events_add (events, "first-roll", "SG 3.1", -1,
                              /* TRANSLATORS: a line of the game log (SG 3.1). Slots in order: %s: a side's
                               * people, capitalised ("The Macedonians"); %u: a die roll; %s: the other side's
                               * people ("the Romans"); %u: a die roll. */
                              _("%s roll %u, %s roll %u"), first, r0, second, r1);
          }
        while (r0 == r1 && !acies_dice_failed (dice));
        s->first_side = r0 > r1 ? 0 : 1;
        s->base.active_side = s->first_side;
        sg_start_pt (s, dice, events);
        return TRUE;
      }

    case SG_A_NO_SEIZE:
      sg_begin_activation (s, dice, events);
      return TRUE;

    case SG_A_SEIZE:
    case SG_A_SEIZE_MOVE:
      {
        gint l = a->args[0], seizer = 1 - side;
        gboolean ok = TRUE;

        s->seize_tried = TRUE;
        s->leaders[l].seizures--;
        if (a->type == SG_A_SEIZE)
          {
            guint dr = sg_roll (dice, "Seizure");

            ok = (gint) dr <= s->st->leaders[l].initiative;       /* 4.41 */
            /* TRANSLATORS: a line of the game log (SG 4.41): the leader's name, the die
             * roll, his Initiative, the outcome ("seized" or "fails"). */
            acies_events_add (events, "seizure", "SG 4.41", seizer, _("%s tries to seize the Player Turn: %u, needing "
                                                                      "his Initiative %d or less — %s"),
                              sg_leader_name (s, l), dr, s->st->leaders[l].initiative,
                              ok ? _("seized") : _("fails"));
          }
        else
          /* TRANSLATORS: a line of the game log (SG 4.46). Slots in order: %s: a leader's name. */
          acies_events_add (events, "seizure", "SG 4.46", seizer, _("%s seizes the Player Turn to move"),
                            sg_leader_name (s, l));
        if (!ok)
          {
            sg_begin_activation (s, dice, events);
            return TRUE;
          }
        /* The active player's Player Turn is cancelled. */
        s->base.active_side = seizer;
        s->seized_by = seizer;
        s->seize_leader = l;
        for (guint u = 0; u < s->n_units; u++)
          s->units[u].f &= ~SG_UF_PT_MASK;
        snapshot_zoc (s);
        if (a->type == SG_A_SEIZE_MOVE)
          {
            s->seize_move = l;
            free_leader_move (s, l, events);
          }
        else
          sg_begin_activation (s, dice, events);
        return TRUE;
      }

    case SG_A_ACTIVATE:
      {
        gint f = a->args[0], fc = a->args[1];

        if (!roll_12_1 (s, 1u << f, fc, a->args[2] == 1, dice, events))
          {
            sg_end_pt (s, dice, events);
            return TRUE;
          }
        activate_formation (s, f, fc, events);
        pursuit_returns (s, dice, events);
        sg_after_activation (s, dice, events);
        return TRUE;
      }

    case SG_A_ACTIVATE_MULTI:
      {
        const SgMfaDef *m = &s->st->mfa[a->args[0]];

        if (!roll_12_1 (s, m->formations, -1, FALSE, dice, events))
          {
            sg_end_pt (s, dice, events);
            return TRUE;
          }
        s->enabler = m->leader;
        s->leaders[m->leader].f |= SG_LF_ACTIVATED;
        /* TRANSLATORS: a line of the game log (SG 4.14). Slots in order: %s: a leader's name. */
        acies_events_add (events, "activate-multiple", "SG 4.14", side, _("%s activates several Formations"),
                          sg_leader_name (s, m->leader));
        for (guint f = 0; f < s->st->n_formations; f++)
          if (m->formations & (1u << f))
            activate_formation (s, f, sg_fc_of (s, f), events);
        pursuit_returns (s, dice, events);
        sg_after_activation (s, dice, events);
        return TRUE;
      }

    case SG_A_MOVE_OC:
      s->oc_move = s->st->sides[side].oc;
      /* TRANSLATORS: a line of the game log (SG 4.33). Slots in order: %s: a leader's name. */
      acies_events_add (events, "move-oc", "SG 4.33", side, _("%s moves alone (MA 30)"), sg_leader_name (s, s->oc_move));
      free_leader_move (s, s->oc_move, events);
      return TRUE;

    case SG_A_PASS:
      {
        g_autofree char *who = sg_side_people (s, side, TRUE);

        acies_events_add (events, "pass", "SG 3.2", side,
                          /* TRANSLATORS: a line of the game log (SG 3.2). Slots in order: %s: a side's
                           * people, capitalised ("The Macedonians"). */
                          _("%s pass: no Formation activates"), who);
      }
      sg_end_pt (s, dice, events);
      return TRUE;

    case SG_A_PLACE_LEADER:
      {
        gint l = a->args[0], u = a->args[1];

        s->leaders[l].status = SG_L_MAP;
        s->leaders[l].cell = s->units[u].cell;
        s->leaders[l].unit = u;
        s->leaders[l].f &= ~SG_LF_RETURNING;
        s->leaders[l].f |= SG_LF_RETURNED;
        acies_events_add (events, "leader-returns", s->st->leaders[l].replacement ? "SG 4.37" : "SG 4.36",
                          /* TRANSLATORS: a line of the game log. Slots in order: %s: a leader's
                           * name; %s: a unit's name. */
                          s->st->leaders[l].side, _("%s returns with %s"), sg_leader_name (s, l), sg_unit_name (s, u));
        if (s->phase == SG_PH_ACTIVATION && s->step == SG_ST_PLACE_LEADER && s->activated == 0 && s->oc_move < 0)
          open_seizure_or_activation (s, dice, events);
        else
          sg_after_activation (s, dice, events);
        return TRUE;
      }

    case SG_A_RETURN_UNIT:
      {
        gint u = a->args[0], c = a->args[1];
        SgUnit *x = &s->units[u];
        gint centre = acies_board_cell_at (s->st->board, s->st->width / 2, s->st->height / 2);
        gint f = acies_board_facing_toward (s->st->board, c, centre, ACIES_FACING_VERTEX);

        x->status = SG_U_MAP;
        x->f &= ~SG_UF_RETURNING;
        x->facing = sg_def (s, u)->type == SG_T_ART ? SG_NONE : MAX (f, 0);
        sg_place (s, u, c, SG_NONE, FALSE);
        for (guint l = 0; l < s->n_leaders; l++)
          if (s->leaders[l].status == SG_L_PURSUIT && s->leaders[l].unit == u)
            {
              s->leaders[l].status = SG_L_MAP;
              s->leaders[l].cell = c;
              s->leaders[l].f |= SG_LF_RETURNED;
            }
        /* TRANSLATORS: a line of the game log (SG 7.63). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "pursuit-return", "SG 7.63", side, _("%s returns at %s"), sg_unit_name (s, u),
                          sg_cell_label (s, c));
        sg_after_activation (s, dice, events);
        return TRUE;
      }

    default:
      return sg_fail (error, "SG 3.2: not an activation action");
    }
}
