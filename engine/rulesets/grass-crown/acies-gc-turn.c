/* acies-gc-turn.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-gc-turn.h"

/*
 * Set-up (3.1), the turn (4.0): Command (5.0), Skirmish (6.0), Rally (7.0),
 * Victory (13.0), Initiative (14.0), the Line Change (11.2) and Fortuna
 * (12.0).  Movement is in acies-gc-move.c, combat in the combat files.
 */

static const char *phase_names[] = {
  [ACIES_GC_PHASE_SETUP] = N_("Set-up"),
  [ACIES_GC_PHASE_COMMAND] = N_("Command Phase"),
  [ACIES_GC_PHASE_SKIRMISH] = N_("Skirmish Phase"),
  [ACIES_GC_PHASE_RALLY] = N_("Rally Phase"),
  [ACIES_GC_PHASE_MOVE] = N_("Move Phase"),
  [ACIES_GC_PHASE_BONUS_MOVE] = N_("Bonus Move Phase"),
  [ACIES_GC_PHASE_COMBAT] = N_("Combat Phase"),
  [ACIES_GC_PHASE_VICTORY] = N_("Victory Phase"),
  [ACIES_GC_PHASE_INITIATIVE] = N_("Initiative Phase"),
  [ACIES_GC_PHASE_OVER] = N_("Game over"),
};

/* GC 12.0: each roll's purpose as the dice record it (an English id:
 * acies-dice.c names it in the log, saved games keep it), and its names in
 * a player's words, whole noun phrases for translators (never "the %s
 * roll" with a word glued in): the roll, a side's roll, the reader's
 * roll.  Lower case, as the log has always said them ("the combat roll"). */
static const struct
{
  const char *purpose;
  const char *the;
  const char *whose;
  const char *yours;
} rolls[ACIES_GC_N_ROLLS] = {
  /* TRANSLATORS: the names of Grass Crown's die rolls (GC 12.0, Fortuna),
   * whole noun phrases put into sentences such as "Use Fortuna: re-roll
   * %s", "Do not use Fortuna: %s stands", "%s uses Fortuna to re-roll %s
   * (one use left)".  Context "the roll": the roll itself; "a side's
   * roll": %s is the side that rolled ("Pyrrhus's combat roll"); "your
   * roll": the reader's own roll. */
  [ACIES_GC_ROLL_SKIRMISH] = { "skirmish", NC_("the roll", "the skirmish roll"),
                               NC_("a side's roll", "%s's skirmish roll"), NC_("your roll", "your skirmish roll") },
  [ACIES_GC_ROLL_SCREEN] = { "screen", NC_("the roll", "the screen roll"),
                             NC_("a side's roll", "%s's screen roll"), NC_("your roll", "your screen roll") },
  [ACIES_GC_ROLL_RALLY] = { "rally", NC_("the roll", "the rally roll"),
                            NC_("a side's roll", "%s's rally roll"), NC_("your roll", "your rally roll") },
  [ACIES_GC_ROLL_CHARGE] = { "charge", NC_("the roll", "the charge roll"),
                             NC_("a side's roll", "%s's charge roll"), NC_("your roll", "your charge roll") },
  [ACIES_GC_ROLL_TRAMPLE_CHECK] = { "trample check", NC_("the roll", "the trample check"),
                                    NC_("a side's roll", "%s's trample check"), NC_("your roll", "your trample check") },
  [ACIES_GC_ROLL_TRAMPLE_AVOID] = { "trample avoidance", NC_("the roll", "the trample avoidance roll"),
                                    NC_("a side's roll", "%s's trample avoidance roll"),
                                    NC_("your roll", "your trample avoidance roll") },
  [ACIES_GC_ROLL_RAMPAGE_DIRECTION] = { "rampage direction", NC_("the roll", "the rampage direction roll"),
                                        NC_("a side's roll", "%s's rampage direction roll"),
                                        NC_("your roll", "your rampage direction roll") },
  [ACIES_GC_ROLL_RAMPAGE_DISTANCE] = { "rampage distance", NC_("the roll", "the rampage distance roll"),
                                       NC_("a side's roll", "%s's rampage distance roll"),
                                       NC_("your roll", "your rampage distance roll") },
  [ACIES_GC_ROLL_WAGON] = { "wagon attack", NC_("the roll", "the wagon attack roll"),
                            NC_("a side's roll", "%s's wagon attack roll"), NC_("your roll", "your wagon attack roll") },
  [ACIES_GC_ROLL_COMBAT] = { "combat", NC_("the roll", "the combat roll"),
                             NC_("a side's roll", "%s's combat roll"), NC_("your roll", "your combat roll") },
  [ACIES_GC_ROLL_MORALE] = { "morale", NC_("the roll", "the morale roll"),
                             NC_("a side's roll", "%s's morale roll"), NC_("your roll", "your morale roll") },
};

const char *
acies_gc_roll_name (AciesGcRollPurpose purpose)
{
  g_return_val_if_fail ((guint) purpose < ACIES_GC_N_ROLLS, "?");
  return g_dpgettext2 (GETTEXT_PACKAGE, "the roll", rolls[purpose].the);
}

char *
acies_gc_roll_name_of (AciesGcRollPurpose  purpose,
                       const char         *side)
{
  g_return_val_if_fail ((guint) purpose < ACIES_GC_N_ROLLS, g_strdup ("?"));
  return g_strdup_printf (g_dpgettext2 (GETTEXT_PACKAGE, "a side's roll", rolls[purpose].whose), side);
}

const char *
acies_gc_roll_name_yours (AciesGcRollPurpose purpose)
{
  g_return_val_if_fail ((guint) purpose < ACIES_GC_N_ROLLS, "?");
  return g_dpgettext2 (GETTEXT_PACKAGE, "your roll", rolls[purpose].yours);
}

void
acies_gc_sync_base (AciesGcState *s)
{
  s->base.phase = phase_names[s->phase];
  s->base.active_side = s->acting;
  s->base.turn = MAX (1, s->player_turn);

  if (s->base.finished)
    {
      s->base.deciding_side = -1;
      return;
    }
  switch (s->step)
    {
    case ACIES_GC_STEP_PLACE:
    case ACIES_GC_STEP_DRAW:
      s->base.deciding_side = s->setup_side;
      break;
    case ACIES_GC_STEP_ABSORB:
      s->base.deciding_side = s->absorb_side;
      break;
    case ACIES_GC_STEP_INTERCEPT:
      s->base.deciding_side = 1 - s->acting;
      break;
    case ACIES_GC_STEP_FLEE:
      s->base.deciding_side = s->units[s->flee_unit].side;
      break;
    case ACIES_GC_STEP_RETREAT:
      s->base.deciding_side = s->units[s->retreat_unit].side;
      break;
    case ACIES_GC_STEP_FORTUNA:
      s->base.deciding_side = s->fortuna;
      break;
    case ACIES_GC_STEP_COMBAT:
      /* The combat engineer's decisions: the defender answers its losses. */
      s->base.deciding_side = s->combat.step >= 100 ? 1 - s->acting : s->acting;
      break;
    case ACIES_GC_STEP_OVER:
      s->base.deciding_side = -1;
      break;
    default:
      s->base.deciding_side = s->acting;
      break;
    }
}

/* ---- Set-up (3.1) ---- */

static gint
setup_first_side (const AciesGcState *s)
{
  switch (s->st->opt.setup_first)
    {
    case 1: return s->st->sides[0].blue ? 1 : 0;   /* red first (Heraclea) */
    case 2: return s->st->first_side;
    default: return s->st->sides[0].blue ? 0 : 1;  /* GC 3.1: blue sets up first */
    }
}

static gboolean
side_has_pools (const AciesGcState *s,
                gint                side)
{
  for (guint p = 0; p < s->st->pools->len; p++)
    {
      const AciesGcPoolDef *pd = &g_array_index (s->st->pools, AciesGcPoolDef, p);

      if (acies_gc_wing (s, pd->wing)->side == side && pd->slots->len > 0)
        return TRUE;
    }
  return FALSE;
}

static void begin_turn (AciesGcState *s, gint side, GPtrArray *events);

void
acies_gc_start (AciesGcState *s)
{
  gint first;

  for (guint i = 0; i < 2; i++)
    {
      AciesSide *side = g_ptr_array_index (s->base.scenario->sides, i);

      /* GC 3.1: every side begins with a Rally Limit of 4 (the maximum). */
      s->rally_limit[i] = CLAMP (acies_params_get_int (side->params, "rally_limit", 4), 0, 4);
      s->active_wing[i] = -1;
    }
  s->mover = s->flee_unit = s->retreat_unit = s->trample_unit = s->trample_target = -1;
  s->cmd_wing = s->ca_wing = -1;
  s->skirmish_target_wing = s->skirmish_target_unit = -1;

  for (guint w = 0; w < s->st->wings->len; w++)
    {
      const AciesGcWingDef *wd = acies_gc_wing (s, w);
      gboolean triplex = (s->st->sides[wd->side].rules & ACIES_GC_RULE_TRIPLEX) != 0;

      if (wd->mounted)
        continue;
      /* GC 11.2: the hastati are the active wing at the start. */
      if (triplex && wd->ta_role == ACIES_GC_TA_HASTATI)
        s->active_wing[wd->side] = w;
      /* GC 6.0, 11.2-i: every Foot Wing has a zone; under Triplex Acies only
       * the original active wing. */
      if (!triplex || wd->ta_role == ACIES_GC_TA_HASTATI || wd->ta_role == ACIES_GC_TA_NONE)
        s->zone_alive |= 1u << w;
    }
  for (guint i = 0; i < 2; i++)
    if ((s->st->sides[i].rules & ACIES_GC_RULE_TRIPLEX) && s->active_wing[i] < 0)
      for (guint w = 0; w < s->st->wings->len; w++)
        if (acies_gc_wing (s, w)->side == (gint) i && !acies_gc_wing (s, w)->mounted)
          {
            s->active_wing[i] = w;
            break;
          }

  /* GC 3.2: Initiative and Fortuna (two-die side up). */
  s->initiative = s->st->initiative0;
  s->fortuna = s->st->fortuna0;
  s->fortuna_face = 2;

  first = setup_first_side (s);
  if (side_has_pools (s, first) || side_has_pools (s, 1 - first))
    {
      s->phase = ACIES_GC_PHASE_SETUP;
      s->setup_side = side_has_pools (s, first) ? first : 1 - first;
      s->step = ACIES_GC_STEP_DRAW;
      s->acting = s->setup_side;
      acies_gc_sync_base (s);
    }
  else
    begin_turn (s, s->st->first_side, NULL);
}

static gint
kind_order (AciesGcKind k)
{
  /* GC 3.1: Wagons, then Elephantry, then Cavalry; Foot first. */
  switch (k)
    {
    case ACIES_GC_KIND_W: return 1;
    case ACIES_GC_KIND_E: return 2;
    case ACIES_GC_KIND_C: return 3;
    default: return 0;
    }
}

/* GC 3.1: draw the side's pools with the game's dice. */
static void
draw_pools (AciesGcState *s,
            AciesDice    *dice,
            GPtrArray    *events)
{
  gint side = s->setup_side;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint p = 0; p < s->st->pools->len; p++)
    if (acies_gc_wing (s, g_array_index (s->st->pools, AciesGcPoolDef, p).wing)->side == side)
      g_array_append_val (order, p);
  /* Stable sort by the draw order of the pools' kinds. */
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0; j--)
      {
        const AciesGcPoolDef *a = &g_array_index (s->st->pools, AciesGcPoolDef, g_array_index (order, guint, j - 1));
        const AciesGcPoolDef *b = &g_array_index (s->st->pools, AciesGcPoolDef, g_array_index (order, guint, j));
        gint ka = a->counters->len > 0 ? kind_order (((AciesGcCounter *) g_ptr_array_index (s->st->counters, g_array_index (a->counters, gint, 0)))->kind) : 0;
        gint kb = b->counters->len > 0 ? kind_order (((AciesGcCounter *) g_ptr_array_index (s->st->counters, g_array_index (b->counters, gint, 0)))->kind) : 0;

        if (a->wing == b->wing && ka > kb)
          {
            guint t = g_array_index (order, guint, j);
            g_array_index (order, guint, j) = g_array_index (order, guint, j - 1);
            g_array_index (order, guint, j - 1) = t;
          }
      }

  for (guint i = 0; i < order->len; i++)
    {
      const AciesGcPoolDef *pd = &g_array_index (s->st->pools, AciesGcPoolDef, g_array_index (order, guint, i));
      g_autoptr(GArray) cup = g_array_copy (pd->counters);
      g_autoptr(GArray) drawn = g_array_new (FALSE, FALSE, sizeof (gint));
      g_autoptr(GString) look = g_string_new (NULL);
      guint counts[5][3] = { { 0 } };

      /* GC 3.1: draw the needed number of non-Hero counters at random. */
      for (guint k = 0; k < pd->n_draw && cup->len > 0; k++)
        {
          guint pick = acies_dice_random_int (dice, 0, cup->len);

          g_array_append_val (drawn, g_array_index (cup, gint, pick));
          g_array_remove_index (cup, pick);
        }
      /* The Heroes set aside for the zones join them. */
      for (guint k = 0; k < pd->n_heroes; k++)
        g_array_append_val (drawn, g_array_index (pd->heroes, gint, k));
      /* GC 3.1-d: "randomize them before deciding which Unit to place". */
      for (guint k = drawn->len; k > 1; k--)
        {
          guint j = acies_dice_random_int (dice, 0, k);
          gint t = g_array_index (drawn, gint, k - 1);

          g_array_index (drawn, gint, k - 1) = g_array_index (drawn, gint, j);
          g_array_index (drawn, gint, j) = t;
        }
      for (guint k = 0; k < drawn->len && k < pd->slots->len; k++)
        {
          guint u = g_array_index (pd->slots, gint, k);
          const AciesGcCounter *c = g_ptr_array_index (s->st->counters, g_array_index (drawn, gint, k));

          s->units[u].counter = g_array_index (drawn, gint, k);
          s->units[u].kind = c->kind;
          s->units[u].status = ACIES_GC_UNIT_UNPLACED;
          if (c->back != ACIES_GC_BACK_NONE)
            counts[c->cc][c->back]++;
        }

      /* GC 3.1-d: the owner's private look at the backs, by front class. */
      for (gint cc = ACIES_GC_CC_STAR; cc >= ACIES_GC_CC_D; cc--)
        {
          guint n = counts[cc][0] + counts[cc][1] + counts[cc][2];

          if (n == 0)
            continue;
          g_string_append_printf (look, _("%s%u %s (%u Brittle, %u Hero)"), look->len > 0 ? ", " : "",
                                  n, acies_gc_cc_name (cc), counts[cc][ACIES_GC_BACK_BRITTLE],
                                  counts[cc][ACIES_GC_BACK_HERO]);
        }
      /* TRANSLATORS: a line of the game log (GC 3.1). Slots in order: %s: a side's name; %u: a
       * number; %s: a wing's name. */
      acies_events_add (events, "draw", "GC 3.1", side, drawn->len == 1 ? _("%s draws %u counter for the %s") : _(/* TRANSLATORS: a line of the game log (GC 3.1). Slots in order: %s: a side's name; %u: a number; %s: a wing's name. */ "%s draws %u counters for the %s"),
                        acies_gc_side_name (s, side), drawn->len, acies_gc_wing (s, pd->wing)->label);
      if (look->len > 0 && events != NULL)
        {
          /* TRANSLATORS: a line of the game log (GC 3.1) shown only to the side that drew. Slots
           * in order: %s: a side's name; %s: what the counters drawn show ("12 A (1 Brittle)"). */
          AciesEvent *event = acies_event_new ("private-look", "GC 3.1", side, _("Only %s sees: %s"),
                                               acies_gc_side_name (s, side), look->str);

          /* Shown only to the owner (the play window hides it from the other). */
          event->data = json_object_new ();
          json_object_set_boolean_member (event->data, "private", TRUE);
          g_ptr_array_add (events, event);
        }
    }
}

static gint
next_unplaced (const AciesGcState *s)
{
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].status == ACIES_GC_UNIT_UNPLACED && s->units[u].side == s->setup_side)
      return u;
  return -1;
}

static guint
area_used (const AciesGcState *s,
           guint               a)
{
  guint n = 0;

  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].area == (gint) a && acies_gc_on_board (s, u))
      n++;
  return n;
}

static void
place_legal (const AciesGcState *s,
             GArray             *out)
{
  gint u = next_unplaced (s);

  if (u < 0)
    return;
  for (guint a = 0; a < s->st->areas->len; a++)
    {
      const AciesGcAreaDef *ad = &g_array_index (s->st->areas, AciesGcAreaDef, a);

      /* GC 3.1-a: the zone's unit type and count. */
      if (ad->wing != s->units[u].wing || area_used (s, a) >= ad->count
          || (ad->kind >= 0 && ad->kind != s->units[u].kind))
        continue;
      for (guint k = 0; k < ad->cells->len; k++)
        {
          AciesCell c = g_array_index (ad->cells, AciesCell, k);

          if (c >= 0 && (guint) c < s->st->n_cells && s->occ[c] < 0)
            acies_gc_add_action (out, ACIES_GC_ACTION_PLACE, s->setup_side, u, c, -1, -1, -1);
        }
    }
  /* No room left in its zones: it may stand in any free square of them
   * (of its type first, then of the wing). */
  for (guint pass = 0; pass < 2 && out->len == 0; pass++)
    for (guint a = 0; a < s->st->areas->len; a++)
      {
        const AciesGcAreaDef *ad = &g_array_index (s->st->areas, AciesGcAreaDef, a);

        if (ad->wing != s->units[u].wing || (pass == 0 && ad->kind >= 0 && ad->kind != s->units[u].kind))
          continue;
        for (guint k = 0; k < ad->cells->len; k++)
          {
            AciesCell c = g_array_index (ad->cells, AciesCell, k);

            if (c >= 0 && (guint) c < s->st->n_cells && s->occ[c] < 0)
              acies_gc_add_action (out, ACIES_GC_ACTION_PLACE, s->setup_side, u, c, -1, -1, -1);
          }
      }
}

static void
after_placement (AciesGcState *s,
                 GPtrArray    *events)
{
  gint first = setup_first_side (s);

  if (next_unplaced (s) >= 0)
    return;
  /* Counters that found no square go back to the box. */
  if (s->setup_side == first && side_has_pools (s, 1 - first))
    {
      s->setup_side = 1 - first;
      s->acting = s->setup_side;
      s->step = ACIES_GC_STEP_DRAW;
      acies_gc_sync_base (s);
      return;
    }
  begin_turn (s, s->st->first_side, events);
}

/* ---- The turn ---- */

/**
 * acies_gc_side_turn:
 * @s: a state
 *
 * GC 4.0, 14.0 and the Example of Play ("Laevinus Turn 5", "Laevinus
 * Turn 6", "Pyrrhus Turn 5"): each player counts his own turns.  The
 * state keeps only the player turns played (player_turn), so the count is
 * derived, not stored (saved games keep their digest): turns alternate from
 * the First Turn side (3.2), and each Declared Initiative gives its
 * declarer one turn more.  Only the holder declares and the marker then
 * passes, so declarations alternate between the sides, starting with the
 * side that held it at the start: after an even number of them the
 * extra turns cancel out, after an odd number that side has one more.
 * Whether the number is odd is whether the marker has left its first
 * holder.  So the first side's lead during a turn of side A is
 * (A first ? 1 : 0) ± that extra turn, and the two counts add up to
 * player_turn.
 *
 * Returns: the acting side's turns so far, the current one included; 0
 *   before the first player turn (the set-up)
 */
guint
acies_gc_side_turn (const AciesGcState *s)
{
  gint first = s->st->first_side;
  gint lead = s->acting == first ? 1 : 0;
  gint n = (gint) s->player_turn;

  if (s->player_turn == 0 || s->phase == ACIES_GC_PHASE_SETUP)
    return 0;
  /* GC 14.0: an odd number of declarations, the first by the first holder. */
  if (s->initiative != s->st->initiative0 && s->st->initiative0 >= 0)
    lead += s->st->initiative0 == first ? 1 : -1;
  /* n = mine + theirs, and first's lead = first's − other's. */
  if (s->acting == first)
    return (guint) MAX (1, (n + lead) / 2);
  return (guint) MAX (1, (n - lead) / 2);
}

char *
acies_gc_turn_words (const AciesGcState *s)
{
  guint n = acies_gc_side_turn (s);

  if (n == 0)
    return g_strdup (_("Set-up"));
  /* Translators: the side's name and its own turn number, as the rulebook
   * says them ("Pyrrhus Turn 2"). */
  return g_strdup_printf (_("%s Turn %u"), acies_gc_side_name (s, s->acting), n);
}

static void
clear_phase_flags (AciesGcState *s)
{
  for (guint u = 0; u < s->n_units; u++)
    {
      s->units[u].flags = 0;
      s->units[u].moved = 0;
      s->units[u].dir = -1;
    }
  s->mover = -1;
}

static void
begin_turn (AciesGcState *s,
            gint          side,
            GPtrArray    *events)
{
  s->player_turn++;
  s->acting = side;
  s->phase = ACIES_GC_PHASE_COMMAND;
  s->step = ACIES_GC_STEP_COMMAND;
  s->cmds = 0;
  s->cmd_wing = s->ca_wing = -1;
  s->aquila = ACIES_GC_AQUILA_NONE;
  s->n_slots = s->slot = 0;
  s->skirmish_target_wing = s->skirmish_target_unit = -1;
  s->pending_wings = 0;
  s->pending_cmds = 0;
  clear_phase_flags (s);
  acies_gc_sync_base (s);

  /* GC-G02: the rulebook has no turn limit; the max_turns option is a guard
   * (random playouts), the game then ends by VP. */
  if (s->st->opt.max_turns > 0 && s->player_turn > s->st->opt.max_turns)
    {
      g_autofree char *text = NULL;
      gint winner = s->vp[0] > s->vp[1] ? 0 : s->vp[1] > s->vp[0] ? 1 : -1;

      text = g_strdup_printf (_("The turn limit (%u player turns, option max_turns, GC-G02) is reached: %s"),
                              s->st->opt.max_turns,
                              winner < 0 ? "a draw on VP" : winner == 0 ? "side 1 leads on VP" : "side 2 leads on VP");
      acies_gc_finish (s, winner, text, events);
      return;
    }
  /* GC 4.0 and the Example of Play: each player counts his own turns
   * ("Pyrrhus Turn 2"). */
  if (events != NULL)
    {
      g_autofree char *words = acies_gc_turn_words (s);

      acies_events_add (events, "turn", "GC 4.0", side, "%s", words);
    }
}

static gboolean
wing_has_units (const AciesGcState *s,
                gint                w)
{
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].wing == w && acies_gc_on_board (s, u))
      return TRUE;
  return FALSE;
}

static gboolean
wing_has_kind (const AciesGcState *s,
               gint                w,
               gint                group)
{
  for (guint u = 0; u < s->n_units; u++)
    {
      if (s->units[u].wing != w || !acies_gc_on_board (s, u))
        continue;
      if (group == ACIES_GC_GROUP_CAVALRY && s->units[u].kind == ACIES_GC_KIND_C)
        return TRUE;
      if (group == ACIES_GC_GROUP_ELEPHANTRY && (s->units[u].kind == ACIES_GC_KIND_E || s->units[u].kind == ACIES_GC_KIND_W))
        return TRUE;
    }
  return FALSE;
}

/* GC 6.0: a Skirmish Command needs a live zone and a Skirmish Factor ≥ 1. */
static gboolean
can_skirmish (const AciesGcState *s,
              gint                w)
{
  return (s->zone_alive & (1u << w)) && s->st->sides[acies_gc_wing (s, w)->side].skirmish_factor >= 1;
}

static gboolean
has_mounted_wing (const AciesGcState *s,
                  gint                side)
{
  for (guint w = 0; w < s->st->wings->len; w++)
    if (acies_gc_wing (s, w)->side == side && acies_gc_wing (s, w)->mounted && wing_has_units (s, w))
      return TRUE;
  return FALSE;
}

#define CMD_NONE 4

static const char *
cmd_choices_name (gint c)
{
  /* TRANSLATORS: the Commands of Grass Crown (GC 5.0), named in the game log. */
  static const char *names[] = { N_("Move"), N_("Combat"), N_("Skirmish"), N_("Rally"), N_("nothing") };

  return c >= 0 && c <= CMD_NONE ? g_dgettext (GETTEXT_PACKAGE, names[c]) : "?";
}

/* GC 5.0: the command options of the acting side. */
static void
command_legal (const AciesGcState *s,
               GArray             *out)
{
  gint side = s->acting;
  const AciesGcSideDef *sd = &s->st->sides[side];
  gboolean triplex = (sd->rules & ACIES_GC_RULE_TRIPLEX) != 0;
  static const gint singles[] = { 0, 1, 2, 3 };
  static const gint pairs[][2] = { { 2, 0 }, { 3, 0 }, { 2, 1 }, { 3, 1 } };
  gboolean any_foot_skirmish = FALSE;

  for (guint w = 0; w < s->st->wings->len; w++)
    {
      const AciesGcWingDef *wd = acies_gc_wing (s, w);

      if (wd->side != side || !wing_has_units (s, w))
        continue;
      if (wd->mounted)
        {
          /* GC 8.5: a single Move, Cavalry or Elephantry, no Aquila. */
          for (gint g = ACIES_GC_GROUP_CAVALRY; g <= ACIES_GC_GROUP_ELEPHANTRY; g++)
            if (wing_has_kind (s, w, g))
              acies_gc_add_action (out, ACIES_GC_ACTION_COMMAND, side, w, 0, CMD_NONE, ACIES_GC_AQUILA_NONE, g);
          continue;
        }
      /* GC 5.0, 11.2: a Triplex Acies side commands only its active wing. */
      if (triplex && s->active_wing[side] != (gint) w)
        continue;
      if (can_skirmish (s, w))
        any_foot_skirmish = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (singles); i++)
        if (singles[i] != 2 || can_skirmish (s, w))
          acies_gc_add_action (out, ACIES_GC_ACTION_COMMAND, side, w, singles[i], CMD_NONE, ACIES_GC_AQUILA_NONE, -1);
      /* GC 5.0-b: one face of each marker: {Skirmish|Rally} + {Move|Combat}. */
      for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
        if (pairs[i][0] != 2 || can_skirmish (s, w))
          acies_gc_add_action (out, ACIES_GC_ACTION_COMMAND, side, w, pairs[i][0], pairs[i][1], ACIES_GC_AQUILA_NONE, -1);
      /* GC 5.0: Aquila plus X. */
      for (guint i = 0; i < G_N_ELEMENTS (singles); i++)
        if (singles[i] != 2 || can_skirmish (s, w))
          acies_gc_add_action (out, ACIES_GC_ACTION_COMMAND, side, w, singles[i], CMD_NONE, ACIES_GC_AQUILA_PLUS, -1);
    }

  /* GC 5.0-g: X to all Foot Wings (Rally Limit − 1); under Triplex Acies
   * only Move, as a Line Change (11.2), never from the triarii. */
  if (triplex)
    {
      gint a = s->active_wing[side];

      if (a >= 0 && acies_gc_wing (s, a)->ta_role != ACIES_GC_TA_TRIARII)
        {
          gboolean next = FALSE;

          for (guint w = 0; w < s->st->wings->len; w++)
            if (acies_gc_wing (s, w)->side == side && !acies_gc_wing (s, w)->mounted
                && acies_gc_wing (s, w)->ta_role > acies_gc_wing (s, a)->ta_role)
              next = TRUE;
          if (next)
            acies_gc_add_action (out, ACIES_GC_ACTION_COMMAND, side, -1, 0, CMD_NONE, ACIES_GC_AQUILA_ALL, -1);
        }
    }
  else
    {
      gboolean any_foot = FALSE;

      for (guint w = 0; w < s->st->wings->len; w++)
        if (acies_gc_wing (s, w)->side == side && !acies_gc_wing (s, w)->mounted && wing_has_units (s, w))
          any_foot = TRUE;
      if (any_foot)
        for (guint i = 0; i < G_N_ELEMENTS (singles); i++)
          if (singles[i] != 2 || any_foot_skirmish)
            acies_gc_add_action (out, ACIES_GC_ACTION_COMMAND, side, -1, singles[i], CMD_NONE, ACIES_GC_AQUILA_ALL, -1);
    }

  acies_gc_add_action (out, ACIES_GC_ACTION_PASS, side, -1, -1, -1, -1, -1);
  /* GC 13.0 footnote: concede rather than play out a settled game. */
  acies_gc_add_action (out, ACIES_GC_ACTION_CONCEDE, side, -1, -1, -1, -1, -1);
}

static void
add_slot (AciesGcState *s,
          AciesGcPhase  phase,
          gint          wing,
          guint         allowance,
          guint         group)
{
  AciesGcSlot *slot;

  if (s->n_slots >= ACIES_GC_MAX_SLOTS)
    return;
  slot = &s->slots[s->n_slots++];
  slot->phase = phase;
  slot->wing = wing;
  slot->allowance = allowance;
  slot->group = group;
}

static guint
cmd_bit (gint c)
{
  static const guint bits[] = { ACIES_GC_CMD_MOVE, ACIES_GC_CMD_COMBAT, ACIES_GC_CMD_SKIRMISH, ACIES_GC_CMD_RALLY, 0 };

  return c >= 0 && c <= CMD_NONE ? bits[c] : 0;
}

/* GC 4.0: the action phases of one Foot Wing in the fixed order; a Move is
 * worth 4 as the first action phase and 2 as the second (8.0). */
static void
plan_wing (AciesGcState *s,
           gint          w,
           guint         cmds,
           gboolean      aquila_plus)
{
  gboolean first = TRUE;

  if (cmds & ACIES_GC_CMD_SKIRMISH)
    {
      add_slot (s, ACIES_GC_PHASE_SKIRMISH, w, 0, 0);
      if (aquila_plus)
        add_slot (s, ACIES_GC_PHASE_SKIRMISH, w, 1, 0);   /* GC 5.0-i: a second one */
      first = FALSE;
    }
  if (cmds & ACIES_GC_CMD_RALLY)
    {
      add_slot (s, ACIES_GC_PHASE_RALLY, w, 0, 0);
      first = FALSE;
    }
  if (cmds & ACIES_GC_CMD_MOVE)
    {
      add_slot (s, ACIES_GC_PHASE_MOVE, w, first ? 4 : 2, 0);
      if (aquila_plus)
        add_slot (s, ACIES_GC_PHASE_BONUS_MOVE, w, 2, 0);  /* GC 8.3 */
    }
  if (cmds & ACIES_GC_CMD_COMBAT)
    add_slot (s, ACIES_GC_PHASE_COMBAT, w, 0, 0);
}

static void begin_slot (AciesGcState *s, AciesDice *dice, GPtrArray *events);

/* GC 5.0, GC-G47: whether Foot Wing @w can still take the Aquila-to-all
 * Command @cmds (a Skirmish needs a live zone, 6.0-d). */
static gboolean
wing_may_take (const AciesGcState *s,
               gint                w,
               guint               cmds)
{
  return wing_has_units (s, w) && (!(cmds & ACIES_GC_CMD_SKIRMISH) || can_skirmish (s, w));
}

static const char *
cmd_phase_name (guint cmds)
{
  if (cmds & ACIES_GC_CMD_SKIRMISH)
    return "Skirmish Phase";
  if (cmds & ACIES_GC_CMD_RALLY)
    return "Rally Phase";
  if (cmds & ACIES_GC_CMD_MOVE)
    return "Move Phase";
  return "Combat Phase";
}

/* GC-G47: Foot Wing @w performs the Aquila-to-all Command now: its phases
 * replace the finished plan. */
static void
plan_pending_wing (AciesGcState *s,
                   gint          w,
                   GPtrArray    *events)
{
  s->pending_wings &= ~(1u << w);
  s->n_slots = s->slot = 0;
  plan_wing (s, w, s->pending_cmds, FALSE);
  /* TRANSLATORS: a line of the game log (GC 5.0). Slots in order: %s: a wing's name; %s: a phase's
   * name. */
  acies_events_add (events, "wing-order", "GC 5.0", s->acting, _("The %s performs its %s"),
                    acies_gc_wing (s, w)->label, cmd_phase_name (s->pending_cmds));
}

/* GC 11.2: the Line Change. */
static void
line_change (AciesGcState *s,
             GPtrArray    *events)
{
  gint side = s->acting;
  gint old = s->active_wing[side];
  gint next = -1;

  for (guint w = 0; w < s->st->wings->len; w++)
    {
      const AciesGcWingDef *wd = acies_gc_wing (s, w);

      if (wd->side == side && !wd->mounted && wd->ta_role > acies_gc_wing (s, old)->ta_role
          && (next < 0 || wd->ta_role < acies_gc_wing (s, next)->ta_role))
        next = w;
    }
  /* TRANSLATORS: a line of the game log (GC 11.2). Slots in order: %s: a side's name; %s: a wing's
   * name. */
  acies_events_add (events, "line-change", "GC 11.2", side, _("%s makes a Line Change: the %s withdraws"),
                    acies_gc_side_name (s, side), acies_gc_wing (s, old)->label);
  /* GC 11.2: the active wing is removed; Exhausted units score. */
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].wing == old && acies_gc_on_board (s, u))
      acies_gc_eliminate (s, u, ACIES_GC_CAUSE_LINE_CHANGE, events);
  s->zone_alive &= ~(1u << old);
  s->active_wing[side] = next;
  /* GC 8.4, GC-G45: following is for the first line only, by default. */
  if (!s->st->opt.follow_after_line_change)
    s->ta_follow_lost[side] = TRUE;
  /* TRANSLATORS: a line of the game log (GC 11.2). Slots in order: %s: a wing's name. */
  acies_events_add (events, "active-wing", "GC 11.2", side, _("The %s is now active"),
                    acies_gc_wing (s, next)->label);
}

static gboolean
apply_command (AciesGcState       *s,
               const AciesAction  *a,
               AciesDice          *dice,
               GPtrArray          *events)
{
  gint side = s->acting;
  gint w = a->args[0];
  guint cmds = cmd_bit (a->args[1]) | cmd_bit (a->args[2]);
  gint aquila = a->args[3];

  s->cmds = cmds;
  s->aquila = aquila;
  s->n_slots = s->slot = 0;

  if (w >= 0 && acies_gc_wing (s, w)->mounted)
    {
      /* GC 8.5: one Move to a mounted wing, Cavalry or Elephantry. */
      s->ca_wing = w;
      add_slot (s, ACIES_GC_PHASE_MOVE, w, 4, a->args[4]);
      acies_events_add (events, "command", "GC 5.0", side,
                        a->args[4] == ACIES_GC_GROUP_CAVALRY
                        /* TRANSLATORS: a line of the game log (GC 5.0): a side's name, a wing's label. */
                        ? _("%s: %s: Move (Cavalry)")
                        /* TRANSLATORS: a line of the game log (GC 5.0): a side's name, a wing's label. */
                        : _("%s: %s: Move (Elephantry)"),
                        acies_gc_side_name (s, side), acies_gc_wing (s, w)->label);
    }
  else if (aquila == ACIES_GC_AQUILA_ALL)
    {
      if (s->st->sides[side].rules & ACIES_GC_RULE_TRIPLEX)
        {
          /* GC 5.0-h, 11.2, GC-G44: one Rally Limit point in all. */
          line_change (s, events);
          if (s->base.finished)
            return TRUE;
          acies_gc_lower_rally_limit (s, side, s->st->opt.line_change_rally_cost, "Line Change, GC 11.2", events);
          if (s->base.finished)
            return TRUE;
          s->cmd_wing = s->active_wing[side];
          add_slot (s, ACIES_GC_PHASE_MOVE, s->cmd_wing, 4, 0);   /* GC-G45 */
        }
      else
        {
          acies_gc_lower_rally_limit (s, side, 1, "Aquila to all Foot Wings, GC 5.0", events);
          if (s->base.finished)
            return TRUE;
          /* GC-G47: each Foot Wing in turn, in the order the acting
           * player chooses (ACIES_GC_STEP_WING_ORDER, begin_slot). */
          s->pending_cmds = cmds;
          s->pending_wings = 0;
          for (guint x = 0; x < s->st->wings->len; x++)
            if (acies_gc_wing (s, x)->side == side && !acies_gc_wing (s, x)->mounted)
              s->pending_wings |= 1u << x;
        }
      /* TRANSLATORS: a line of the game log (GC 5.0). Slots in order: %s: a side's name; %s: a
       * command's name. */
      acies_events_add (events, "command", "GC 5.0", side, _("%s: Aquila with %s to all Foot Wings"),
                        acies_gc_side_name (s, side), cmd_choices_name (a->args[1]));
    }
  else
    {
      s->cmd_wing = w;
      plan_wing (s, w, cmds, aquila == ACIES_GC_AQUILA_PLUS);
      if (a->args[2] != CMD_NONE)
        acies_events_add (events, "command", "GC 5.0", side,
                          aquila == ACIES_GC_AQUILA_PLUS
                          /* TRANSLATORS: a line of the game log (GC 5.0): a side's name, a wing's
                           * label, the first and the second Command (Move, Skirmish…). */
                          ? _("%s: %s: Aquila plus %s and %s")
                          /* TRANSLATORS: a line of the game log (GC 5.0): a side's name, a wing's
                           * label, the first and the second Command (Move, Skirmish…). */
                          : _("%s: %s: %s and %s"),
                          acies_gc_side_name (s, side), acies_gc_wing (s, w)->label,
                          cmd_choices_name (a->args[1]), cmd_choices_name (a->args[2]));
      else
        acies_events_add (events, "command", "GC 5.0", side,
                          aquila == ACIES_GC_AQUILA_PLUS
                          /* TRANSLATORS: a line of the game log (GC 5.0): a side's name, a wing's
                           * label, the Command (Move, Skirmish…). */
                          ? _("%s: %s: Aquila plus %s")
                          /* TRANSLATORS: a line of the game log (GC 5.0): a side's name, a wing's
                           * label, the Command (Move, Skirmish…). */
                          : _("%s: %s: %s"),
                          acies_gc_side_name (s, side), acies_gc_wing (s, w)->label,
                          cmd_choices_name (a->args[1]));
      /* GC 5.0-e, 11.4: Combined Arms adds a free Move to a Mounted Wing
       * of the player's choice (ACIES_GC_STEP_CA_WING). */
      if ((s->st->sides[side].rules & ACIES_GC_RULE_COMBINED) && has_mounted_wing (s, side))
        {
          s->step = ACIES_GC_STEP_CA_WING;
          acies_gc_sync_base (s);
          return TRUE;
        }
    }

  begin_slot (s, dice, events);
  return TRUE;
}

static gint
first_slot_of (const AciesGcState *s,
               AciesGcPhase        phase)
{
  for (guint i = 0; i < s->n_slots; i++)
    if (s->slots[i].phase == phase)
      return i;
  return -1;
}

/* GC 5.0-e, 11.4, GC-G46: the Combined Arms Move is a Move Phase of the
 * mounted wing in the Move slot of the turn (after Rally, before Combat);
 * when the Foot Wing moves too, the player chooses whether the mounted
 * wing moves before (@before TRUE) or after its Move Phase(s). */
static void
insert_ca_slot (AciesGcState *s,
                gint          w,
                gboolean      before)
{
  gint move = first_slot_of (s, ACIES_GC_PHASE_MOVE);
  gint combat = first_slot_of (s, ACIES_GC_PHASE_COMBAT);
  guint at = combat >= 0 ? (guint) combat : s->n_slots;

  if (before && move >= 0)
    at = move;
  if (s->n_slots >= ACIES_GC_MAX_SLOTS)
    return;
  memmove (&s->slots[at + 1], &s->slots[at], (s->n_slots - at) * sizeof (AciesGcSlot));
  s->slots[at].phase = ACIES_GC_PHASE_MOVE;
  s->slots[at].wing = w;
  s->slots[at].allowance = 4;
  s->slots[at].group = ACIES_GC_GROUP_BOTH;
  s->n_slots++;
  s->ca_wing = w;
}

/* ---- Skirmish (6.0) ---- */

/* GC 6.0-e, GC-G61: the first unit straight ahead of each unit of @w. */
static void
skirmish_targets (const AciesGcState *s,
                  gint                w,
                  GArray             *out)
{
  gint side = acies_gc_wing (s, w)->side;
  const AciesGcSideDef *sd = &s->st->sides[side];
  gint enemy = 1 - side;
  gint forced_wing = s->slots[s->slot].allowance == 1 ? s->skirmish_target_wing : -1;
  guint32 seen_wing = 0;
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint));

  for (guint u = 0; u < s->n_units; u++)
    {
      gint col, row, v = -1;

      if (s->units[u].wing != w || !acies_gc_on_board (s, u))
        continue;
      col = acies_gc_col (s, s->units[u].cell);
      row = acies_gc_row (s, s->units[u].cell);
      for (gint k = 1;; k++)
        {
          AciesCell c = acies_gc_cell (s, col + k * sd->fwd_dx, row + k * sd->fwd_dy);

          if (c == ACIES_CELL_NONE)
            break;
          if (s->occ[c] >= 0)
            {
              v = s->occ[c];
              break;
            }
        }
      if (v < 0 || s->units[v].side != enemy)
        continue;
      /* GC 6.0-g, 11.2-j, GC-G27: only a Triplex Acies side's active wing. */
      if (acies_gc_wing_inactive (s, s->units[v].wing))
        continue;
      if ((s->st->sides[enemy].rules & ACIES_GC_RULE_TRIPLEX) && acies_gc_wing (s, s->units[v].wing)->mounted
          && s->st->opt.ta_protects_mounted)
        continue;
      if (forced_wing >= 0 && s->units[v].wing != forced_wing)
        continue;
      seen_wing |= 1u << s->units[v].wing;
      if (acies_gc_is_mounted (s, v))
        g_array_append_val (units, v);
    }

  for (guint x = 0; x < s->st->wings->len; x++)
    {
      gboolean elephants = wing_has_kind (s, x, ACIES_GC_GROUP_ELEPHANTRY)
                           && ({ gboolean e = FALSE;
                                 for (guint u = 0; u < s->n_units; u++)
                                   if (s->units[u].wing == (gint) x && acies_gc_on_board (s, u) && s->units[u].kind == ACIES_GC_KIND_E)
                                     e = TRUE;
                                 e; });

      if (!(seen_wing & (1u << x)))
        continue;
      if (!elephants)
        {
          acies_gc_add_action (out, ACIES_GC_ACTION_SKIRMISH, side, x, -1, -1, -1, -1);
          continue;
        }
      /* GC 6.0-k: a wing with Elephantry is fired at unit by unit. */
      for (guint i = 0; i < units->len; i++)
        {
          gint v = g_array_index (units, gint, i);
          gboolean dup = FALSE;

          for (guint j = 0; j < i; j++)
            dup |= g_array_index (units, gint, j) == v;
          if (!dup && s->units[v].wing == (gint) x)
            acies_gc_add_action (out, ACIES_GC_ACTION_SKIRMISH, side, x, v, -1, -1, -1);
        }
    }
}

static void
apply_skirmish (AciesGcState      *s,
                const AciesAction *a,
                AciesDice         *dice,
                GPtrArray         *events)
{
  gint ctx[6] = { a->args[0], a->args[1], 0, 0, 0, 0 };
  gint bonus = a->args[1] >= 0 && s->units[a->args[1]].kind == ACIES_GC_KIND_E ? 1 : 0;

  s->skirmish_target_wing = a->args[0];
  s->skirmish_target_unit = a->args[1];
  ctx[2] = s->st->sides[s->acting].skirmish_factor + bonus;
  {
    g_autofree char *target = a->args[1] >= 0 ? acies_gc_event_unit (s, a->args[1], events) : NULL;

    acies_events_add (events, "skirmish", "GC 6.0", s->acting,
                      a->args[1] >= 0
                      /* TRANSLATORS: a line of the game log (GC 6.0): a wing's label, the
                       * target unit's name. */
                      ? _("The %s skirmishes against %s")
                      /* TRANSLATORS: a line of the game log (GC 6.0): a wing's label, the
                       * target wing's label. */
                      : _("The %s skirmishes against the %s"),
                      acies_gc_wing (s, s->slots[s->slot].wing)->label,
                      a->args[1] >= 0 ? target : acies_gc_wing (s, a->args[0])->label);
  }
  acies_gc_roll (s, ACIES_GC_ROLL_SKIRMISH, s->acting, 1, ctx, dice, events);
}

static gboolean
absorb_candidates (const AciesGcState *s,
                   GArray             *out)
{
  guint before = out != NULL ? out->len : 0;
  gboolean any = FALSE;

  for (guint u = 0; u < s->n_units; u++)
    {
      if (s->units[u].wing != s->absorb_wing || !acies_gc_on_board (s, u))
        continue;
      /* GC-G26(c): an Exhausted unit may take it (and is eliminated). */
      if (!acies_gc_is_fresh_like (s, u) && !s->st->opt.skirmish_may_pick_exhausted)
        continue;
      any = TRUE;
      if (out != NULL)
        acies_gc_add_action (out, ACIES_GC_ACTION_ABSORB, s->absorb_side, u, -1, -1, -1, -1);
    }
  if (!any)
    for (guint u = 0; u < s->n_units; u++)
      if (s->units[u].wing == s->absorb_wing && acies_gc_on_board (s, u))
        {
          any = TRUE;
          if (out != NULL)
            acies_gc_add_action (out, ACIES_GC_ACTION_ABSORB, s->absorb_side, u, -1, -1, -1, -1);
        }
  return out != NULL ? out->len > before : any;
}

static void
skirmish_resolved (AciesGcState *s,
                   AciesDice    *dice,
                   GPtrArray    *events)
{
  const AciesGcRoll *r = &s->roll;
  gint total = r->values[0] + r->ctx[2];
  gint target_unit = r->ctx[1];
  gint enemy = 1 - s->acting;

  if (r->purpose == ACIES_GC_ROLL_SCREEN)
    {
      /* GC 6.0-l: the elephant's screen: natural 1 Rampage, ≤7 eliminated. */
      gint eu = r->ctx[0];
      g_autofree char *name = acies_gc_event_unit (s, eu, events);
      g_autofree char *sum = NULL;
      g_autofree char *said = acies_gc_roll_said (s, events, &sum);

      if (r->values[0] == 1)
        {
          acies_events_add (events, "rampage", "GC 6.0, 8.8", s->units[eu].side,
                            /* TRANSLATORS: a line of the game log (GC 6.0, 8.8). Slots in order:
                             * %s: a unit's name. */
                            _("%s's screen roll: a natural 1: it goes on a Rampage!"), name);
          acies_gc_rampage_begin (s, eu, ACIES_GC_STEP_SKIRMISH_TARGET, dice, events);
          return;
        }
      /* The roll and what it did in one event; the elimination follows. */
      acies_events_add (events, (gint) r->values[0] + s->rally_limit[s->units[eu].side] <= 7 ? "screen-failed" : "screened",
                        /* TRANSLATORS: a line of the game log (GC 6.0). Slots in order: %s: a
                         * unit's name; %s: a total; %s: the dice rolled. */
                        "GC 6.0", s->units[eu].side, _("%s's screen roll: %s, 8 or more needed: %s"), name, sum, said);
      if ((gint) r->values[0] + s->rally_limit[s->units[eu].side] <= 7)
        acies_gc_eliminate (s, eu, ACIES_GC_CAUSE_SKIRMISH, events);
      acies_gc_next_slot (s, dice, events);
      return;
    }

  /* GC 6.0-h, 6.0-l: the roll, its factor, the target and what the hit
   * does, in one event. */
  {
    gint bonus = target_unit >= 0 && s->units[target_unit].kind == ACIES_GC_KIND_E ? 1 : 0;
    g_autofree char *sum = NULL;
    g_autofree char *target = NULL;

    if (events != NULL)
      {
        sum = bonus > 0
          ? g_strdup_printf (_("rolled %u + Skirmish Factor %d + 1 against Elephantry = %d"), r->values[0],
                             r->ctx[2] - bonus, total)
          : g_strdup_printf (_("rolled %u + Skirmish Factor %d = %d"), r->values[0], r->ctx[2], total);
        target = target_unit >= 0 ? acies_gc_describe_unit (s, target_unit)
                                  : g_strdup_printf (_("the %s"), acies_gc_wing (s, r->ctx[0])->label);
      }
    if (total < 8)
      {
        acies_events_add (events, "miss", "GC 6.0", s->acting,
                          /* TRANSLATORS: a line of the game log (GC 6.0). Slots in order: %s: the
                           * other unit's name; %s: a side's name; %s: a total. */
                          _("Skirmish against %s: %s %s, 8 or more needed: a miss"),
                          target, acies_gc_side_name (s, s->acting), sum);
        acies_gc_next_slot (s, dice, events);
        return;
      }
    if (target_unit >= 0)
      {
        /* GC 6.0-l: an elephant's owner rolls to shrug it off; GC-G26(a):
         * Cavalry and Wagons singled out are eliminated. */
        acies_events_add (events, "hit", "GC 6.0", s->acting,
                          s->units[target_unit].kind == ACIES_GC_KIND_E
                          /* TRANSLATORS: a line of the game log (GC 6.0): the target's name, the
                           * rolling side's name, the dice rolled. */
                          ? _("Skirmish against %s: %s %s, 8 or more needed: a hit; the elephant's owner rolls for its screen")
                          /* TRANSLATORS: a line of the game log (GC 6.0): the target's name, the
                           * rolling side's name, the dice rolled. */
                          : _("Skirmish against %s: %s %s, 8 or more needed: a hit"),
                          target, acies_gc_side_name (s, s->acting), sum);
      }
    else
      {
        gint n = acies_gc_wing_in_zone (s, r->ctx[0], s->slots[s->slot].wing) ? 2 : 1;

        acies_events_add (events, "hit", "GC 6.0", s->acting,
                          n > 1
                          /* TRANSLATORS: a line of the game log (GC 6.0): the target wing, the
                           * rolling side's name, the dice rolled, the target side's name, the
                           * number of units to Exhaust (2). */
                          ? _("Skirmish against %s: %s %s, 8 or more needed: a hit; %s must Exhaust %d units of that wing (it stands in the Skirmish Zone)")
                          /* TRANSLATORS: a line of the game log (GC 6.0): the target wing, the
                           * rolling side's name, the dice rolled, the target side's name, the
                           * number of units to Exhaust (1). */
                          : _("Skirmish against %s: %s %s, 8 or more needed: a hit; %s must Exhaust %d unit of that wing"),
                          target, acies_gc_side_name (s, s->acting), sum, acies_gc_side_name (s, enemy), n);
      }
  }

  if (target_unit >= 0)
    {
      if (!acies_gc_on_board (s, target_unit))
        {
          acies_gc_next_slot (s, dice, events);
          return;
        }
      if (s->units[target_unit].kind == ACIES_GC_KIND_E)
        {
          /* GC 6.0-l, GC-G63: the owner rolls and adds its Rally Limit. */
          gint ctx[6] = { target_unit, 0, 0, 0, 0, 0 };

          acies_gc_roll (s, ACIES_GC_ROLL_SCREEN, enemy, 1, ctx, dice, events);
          return;
        }
      /* GC-G26(a): a singled-out Cavalry or Wagon is eliminated. */
      acies_gc_exhaust (s, target_unit, ACIES_GC_CAUSE_SKIRMISH, events);
      acies_gc_next_slot (s, dice, events);
      return;
    }

  /* GC 6.0-h: one Exhaustion, two if the wing is in the zone; owner's choice. */
  s->absorb_side = enemy;
  s->absorb_wing = r->ctx[0];
  s->absorb_left = acies_gc_wing_in_zone (s, r->ctx[0], s->slots[s->slot].wing) ? 2 : 1;
  if (!absorb_candidates (s, NULL))
    {
      acies_gc_next_slot (s, dice, events);
      return;
    }
  s->step = ACIES_GC_STEP_ABSORB;
  acies_gc_sync_base (s);
}

static void
apply_absorb (AciesGcState      *s,
              const AciesAction *a,
              AciesDice         *dice,
              GPtrArray         *events)
{
  /* GC 6.0-i: no Rout Check for Skirmish losses. */
  acies_gc_exhaust (s, a->args[0], ACIES_GC_CAUSE_SKIRMISH, events);
  s->absorb_left--;
  if (s->base.finished)
    return;
  if (s->absorb_left > 0 && absorb_candidates (s, NULL))
    return;
  acies_gc_next_slot (s, dice, events);
}

/* ---- Rally (7.0) ---- */

static gint
rally_modifier (const AciesGcState *s,
                guint               u)
{
  gint n = 0;
  gint nb[4];
  guint k = acies_gc_neighbours (s, u, nb);

  /* GC 7.0-b: +1 per adjacent Fresh unit or Hero of the wing. */
  for (guint i = 0; i < k; i++)
    if (s->units[nb[i]].wing == s->units[u].wing && acies_gc_is_fresh_like (s, nb[i]))
      n++;
  if (s->st->sides[s->units[u].side].rules & ACIES_GC_RULE_VETERAN)
    n++;   /* GC 11.1 */
  if (s->aquila == ACIES_GC_AQUILA_PLUS)
    n++;   /* GC 5.0-j */
  return n;
}

static void
rally_legal (const AciesGcState *s,
             GArray             *out)
{
  gint w = s->slots[s->slot].wing;
  gboolean marian = (s->st->sides[s->acting].rules & ACIES_GC_RULE_MARIAN) != 0;

  if (s->slots[s->slot].allowance > 0)
    for (guint u = 0; u < s->n_units; u++)
      {
        if (s->units[u].wing != w || s->units[u].status != ACIES_GC_UNIT_EXHAUSTED
            || (s->units[u].flags & ACIES_GC_UF_RALLIED))
          continue;
        acies_gc_add_action (out, ACIES_GC_ACTION_RALLY, s->acting, u, -1, -1, -1, -1);
        if (marian)
          {
            gint nb[4];
            guint k = acies_gc_neighbours (s, u, nb);

            /* GC 7.0-d, 11.3: swap with an adjacent Fresh wing-mate first. */
            for (guint i = 0; i < k; i++)
              if (s->units[nb[i]].wing == w && s->units[nb[i]].status == ACIES_GC_UNIT_FRESH)
                acies_gc_add_action (out, ACIES_GC_ACTION_RALLY, s->acting, u, nb[i], -1, -1, -1);
          }
      }
  acies_gc_add_action (out, ACIES_GC_ACTION_END_PHASE, s->acting, -1, -1, -1, -1, -1);
}

static void
apply_rally (AciesGcState      *s,
             const AciesAction *a,
             AciesDice         *dice,
             GPtrArray         *events)
{
  guint u = a->args[0];
  gint ctx[6] = { u, 0, 0, 0, 0, 0 };

  if (a->args[1] >= 0)
    {
      AciesCell c1 = s->units[u].cell, c2 = s->units[a->args[1]].cell;
      g_autofree char *name = acies_gc_event_unit (s, u, events);
      g_autofree char *other = acies_gc_event_unit (s, a->args[1], events);

      /* GC 11.3, GC-G56: a swap, not a move. */
      s->occ[c1] = a->args[1];
      s->occ[c2] = u;
      s->units[u].cell = c2;
      s->units[a->args[1]].cell = c1;
      /* TRANSLATORS: a line of the game log (GC 11.3). Slots in order: %s: a unit's name; %s: the
       * other unit's name. */
      acies_events_add (events, "swap", "GC 11.3", s->acting, _("%s swaps places with %s"), name, other);
      if (s->st->opt.marian_swap_is_movement)
        {
          acies_gc_contact_check (s, u, events);
          acies_gc_contact_check (s, a->args[1], events);
        }
    }
  s->units[u].flags |= ACIES_GC_UF_RALLIED;
  s->slots[s->slot].allowance--;
  ctx[1] = rally_modifier (s, u);
  acies_gc_roll (s, ACIES_GC_ROLL_RALLY, s->acting, 1, ctx, dice, events);
}

static gboolean
rally_more (const AciesGcState *s)
{
  gint w = s->slots[s->slot].wing;

  if (s->slots[s->slot].allowance == 0)
    return FALSE;
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].wing == w && s->units[u].status == ACIES_GC_UNIT_EXHAUSTED
        && !(s->units[u].flags & ACIES_GC_UF_RALLIED))
      return TRUE;
  return FALSE;
}

static void
rally_resolved (AciesGcState *s,
                AciesDice    *dice,
                GPtrArray    *events)
{
  guint u = s->roll.ctx[0];
  gint total = s->roll.values[0] + s->roll.ctx[1];
  /* The roll, its modifiers and what it did, in one event (GC 7.0-b). */
  g_autofree char *name = acies_gc_event_unit (s, u, events);
  g_autofree char *sum = NULL;
  g_autofree char *said = acies_gc_roll_said (s, events, &sum);

  if (s->roll.values[0] == 1)
    {
      /* GC 7.0-f: a natural 1 eliminates, no Rout Check. */
      /* TRANSLATORS: a line of the game log (GC 7.0). Slots in order: %s: a unit's name. */
      acies_events_add (events, "botch", "GC 7.0", s->units[u].side, _("Rally of %s: a natural 1: it is eliminated"),
                        name);
      acies_gc_eliminate (s, u, ACIES_GC_CAUSE_RALLY, events);
    }
  else
    {
      /* GC 7.0-e: 8 or more flips it back to Fresh. */
      if (total >= 8)
        s->units[u].status = ACIES_GC_UNIT_FRESH;
      acies_events_add (events, total >= 8 ? "rallied" : "not-rallied", "GC 7.0", s->units[u].side,
                        /* TRANSLATORS: a line of the game log (GC 7.0). Slots in order: %s: a
                         * unit's name; %s: a total; %s: the dice rolled. */
                        _("Rally of %s: %s, 8 or more needed: %s"), name, sum, said);
    }
  if (s->base.finished)
    return;
  if (rally_more (s))
    {
      s->step = ACIES_GC_STEP_RALLY;
      acies_gc_sync_base (s);
    }
  else
    acies_gc_next_slot (s, dice, events);
}

/* ---- Slots, Victory, Initiative ---- */

static void
begin_slot (AciesGcState *s,
            AciesDice    *dice,
            GPtrArray    *events)
{
  AciesGcSlot *slot;

  if (s->base.finished)
    return;
  while (s->slot < s->n_slots && !wing_has_units (s, s->slots[s->slot].wing))
    s->slot++;
  if (s->slot >= s->n_slots && s->pending_wings != 0)
    {
      /* GC-G47: the next Foot Wing of an Aquila-to-all command. */
      gint only = -1;
      guint n = 0;

      for (guint w = 0; w < s->st->wings->len; w++)
        if (s->pending_wings & (1u << w))
          {
            if (wing_may_take (s, w, s->pending_cmds))
              {
                only = w;
                n++;
              }
            else
              s->pending_wings &= ~(1u << w);
          }
      if (n > 1)
        {
          s->step = ACIES_GC_STEP_WING_ORDER;
          acies_gc_sync_base (s);
          return;
        }
      if (n == 1)
        {
          plan_pending_wing (s, only, events);
          begin_slot (s, dice, events);
          return;
        }
    }
  if (s->slot >= s->n_slots)
    {
      /* GC 13.0: the Victory Phase, checked by the non-acting player. */
      gint n = 1 - s->acting;
      const AciesGcSideDef *sd = &s->st->sides[n];
      g_autofree char *text = NULL;

      s->phase = ACIES_GC_PHASE_VICTORY;
      if (sd->final_vp >= 0 && s->vp[n] >= sd->final_vp)
        text = g_strdup_printf (_("%s has %d VP, the Final VP of %d (GC 13.0)"),
                                acies_gc_side_name (s, n), s->vp[n], sd->final_vp);
      else if (sd->vp_plus5 >= 0 && s->vp[n] >= sd->vp_plus5 && s->vp[n] - s->vp[s->acting] >= sd->vp_plus5_margin)
        text = g_strdup_printf (_("%s has %d VP (at least %d) and leads by %d (GC 13.0, VP + 5)"),
                                acies_gc_side_name (s, n), s->vp[n], sd->vp_plus5, s->vp[n] - s->vp[s->acting]);
      if (text != NULL)
        {
          acies_gc_finish (s, n, text, events);
          return;
        }
      /* GC 14.0: the holder may Declare Initiative. */
      s->phase = ACIES_GC_PHASE_INITIATIVE;
      if (s->initiative == s->acting)
        {
          s->step = ACIES_GC_STEP_INITIATIVE;
          acies_gc_sync_base (s);
          return;
        }
      begin_turn (s, 1 - s->acting, events);
      return;
    }

  slot = &s->slots[s->slot];
  s->phase = slot->phase;
  clear_phase_flags (s);
  switch (slot->phase)
    {
    case ACIES_GC_PHASE_SKIRMISH:
      s->step = ACIES_GC_STEP_SKIRMISH_TARGET;
      break;
    case ACIES_GC_PHASE_RALLY:
      /* GC 7.0-a: attempts up to the Rally Limit. */
      slot->allowance = s->rally_limit[s->acting];
      s->step = ACIES_GC_STEP_RALLY;
      if (!rally_more (s))
        {
          s->slot++;
          begin_slot (s, dice, events);
          return;
        }
      break;
    case ACIES_GC_PHASE_MOVE:
    case ACIES_GC_PHASE_BONUS_MOVE:
      s->step = ACIES_GC_STEP_MOVE;
      acies_gc_sync_base (s);
      acies_gc_move_begin (s, dice, events);
      return;
    case ACIES_GC_PHASE_COMBAT:
      s->step = ACIES_GC_STEP_COMBAT;
      acies_gc_sync_base (s);
      acies_gc_combat_begin (s, dice, events);
      acies_gc_sync_base (s);
      return;
    default:
      break;
    }
  acies_gc_sync_base (s);
}

void
acies_gc_next_slot (AciesGcState *s,
                    AciesDice    *dice,
                    GPtrArray    *events)
{
  if (s->base.finished)
    return;
  s->slot++;
  begin_slot (s, dice, events);
}

void
acies_gc_resume (AciesGcState *s,
                 AciesDice    *dice,
                 GPtrArray    *events)
{
  if (s->base.finished)
    return;
  if (s->resume_step == ACIES_GC_STEP_SKIRMISH_TARGET)
    acies_gc_next_slot (s, dice, events);
  else
    {
      s->step = s->resume_step;
      acies_gc_sync_base (s);
    }
}

/* ---- Rolls and Fortuna (12.0) ---- */

static void
roll_resolve (AciesGcState *s,
              AciesDice    *dice,
              GPtrArray    *events)
{
  s->roll.active = FALSE;
  switch (s->roll.purpose)
    {
    case ACIES_GC_ROLL_SKIRMISH:
    case ACIES_GC_ROLL_SCREEN:
      skirmish_resolved (s, dice, events);
      break;
    case ACIES_GC_ROLL_RALLY:
      rally_resolved (s, dice, events);
      break;
    case ACIES_GC_ROLL_COMBAT:
    case ACIES_GC_ROLL_MORALE:
      acies_gc_combat_roll_resolved (s, dice, events);
      break;
    default:
      acies_gc_move_roll_resolved (s, dice, events);
      break;
    }
  acies_gc_sync_base (s);
}

static char *roll_result (const AciesGcState *s, const guint *v, char **sum);

static void
roll_offer (AciesGcState *s,
            AciesDice    *dice,
            GPtrArray    *events)
{
  /* GC 12.0: the holder may re-roll any roll, unless the marker was just
   * handed over on this very result. */
  if (s->fortuna != s->roll.locked && !s->base.finished)
    {
      /* The roll stands in the log until the holder decides: its number
       * and what it would do. */
      if (events != NULL)
        {
          g_autofree char *sum = NULL;
          g_autofree char *now = roll_result (s, s->roll.values, &sum);
          g_autofree char *roll = acies_gc_roll_name_of (s->roll.purpose, acies_gc_side_name (s, s->roll.roller));

          acies_events_add (events, "fortuna-offer", "GC 12.0", s->roll.roller,
                            /* TRANSLATORS: a line of the game log (GC 12.0): "Pyrrhus's Combat
                             * roll: 5 on the B row: DX, unless Laevinus re-rolls it with Fortuna".
                             * Slots in order: %s: the roll, whose it is ("Pyrrhus's combat roll",
                             * translated whole with the context "a side's roll"); %s: its
                             * arithmetic; %s: what it gives; %s: the side holding Fortuna. */
                            _("%s: %s: %s, unless %s re-rolls it with Fortuna"),
                            roll, sum, now, acies_gc_side_name (s, s->fortuna));
        }
      s->step = ACIES_GC_STEP_FORTUNA;
      acies_gc_sync_base (s);
      return;
    }
  roll_resolve (s, dice, events);
}

static void
roll_dice (AciesGcState *s,
           AciesDice    *dice,
           GPtrArray    *events)
{
  /* No event of its own: the dice record the roll, and the event the roll
   * decides says its number and what it did (the resolved callbacks), or,
   * while Fortuna may re-roll it, the offer does (roll_offer()). */
  for (guint i = 0; i < s->roll.n_dice; i++)
    s->roll.values[i] = acies_dice_roll_or_abort (dice, 8, 1, rolls[s->roll.purpose].purpose);
}

void
acies_gc_roll (AciesGcState       *s,
               AciesGcRollPurpose  purpose,
               gint                roller,
               guint               n_dice,
               const gint         *ctx,
               AciesDice          *dice,
               GPtrArray          *events)
{
  gint saved[6] = { 0, };

  /* @ctx may point into s->roll itself (a roll that leads to the next). */
  if (ctx != NULL)
    memcpy (saved, ctx, sizeof saved);
  memset (&s->roll, 0, sizeof s->roll);
  s->roll.active = TRUE;
  s->roll.purpose = purpose;
  s->roll.roller = roller;
  s->roll.n_dice = CLAMP (n_dice, 1, 2);
  s->roll.locked = -1;
  memcpy (s->roll.ctx, saved, sizeof s->roll.ctx);
  roll_dice (s, dice, events);
  roll_offer (s, dice, events);
}

static void
apply_fortuna (AciesGcState      *s,
               const AciesAction *a,
               AciesDice         *dice,
               GPtrArray         *events)
{
  gint holder = s->fortuna;
  g_autofree char *was = NULL;

  if (!a->args[0])
    {
      roll_resolve (s, dice, events);
      return;
    }
  if (events != NULL)
    was = s->roll.n_dice == 2
      /* TRANSLATORS: a roll re-rolled with Fortuna and its two dice, in "%s uses
       * Fortuna to re-roll %s…": "the charge roll of 3 and 5"; %s: the roll's
       * name (context "the roll"); %u, %u: the dice. */
      ? g_strdup_printf (_("%s of %u and %u"), acies_gc_roll_name (s->roll.purpose),
                         s->roll.values[0], s->roll.values[1])
      /* TRANSLATORS: a roll re-rolled with Fortuna and its die, in "%s uses
       * Fortuna to re-roll %s…": "the combat roll of 3"; %s: the roll's name
       * (context "the roll"); %u: the die. */
      : g_strdup_printf (_("%s of %u"), acies_gc_roll_name (s->roll.purpose), s->roll.values[0]);
  /* GC 12.0-b: first use flips it to one die; the second hands it over. */
  if (s->fortuna_face == 2)
    {
      s->fortuna_face = 1;
      /* TRANSLATORS: a line of the game log (GC 12.0). Slots in order: %s: a side's name; %s: the
       * roll and its dice ("the rally roll of 5"). */
      acies_events_add (events, "fortuna", "GC 12.0", holder, _("%s uses Fortuna to re-roll %s (one use left)"),
                        acies_gc_side_name (s, holder), was);
    }
  else
    {
      s->fortuna = 1 - holder;
      s->fortuna_face = 2;
      s->roll.locked = s->fortuna;   /* GC 12.0-e */
      /* TRANSLATORS: a line of the game log (GC 12.0). Slots in order: %s: a side's name; %s: the
       * roll and its dice ("the rally roll of 5"); %s: a side's name. */
      acies_events_add (events, "fortuna", "GC 12.0", holder, _("%s uses Fortuna to re-roll %s and hands it to %s"),
                        acies_gc_side_name (s, holder), was, acies_gc_side_name (s, s->fortuna));
    }
  /* GC 12.0-d/f: the latest result stands; a two-die charge re-rolls both. */
  roll_dice (s, dice, events);
  roll_offer (s, dice, events);
}

/* ---- What a roll gives, for the Fortuna prompt (12.0) ---- */

/* The result natural roll(s) @v would give for the roll in s->roll (the
 * procedure's own thresholds), and in @sum (nullable) the arithmetic. */
static char *
roll_result (const AciesGcState *s,
             const guint        *v,
             char              **sum)
{
  const AciesGcRoll *r = &s->roll;
  gint t = r->ctx[1];
  char *result = NULL;
  g_autofree char *arith = NULL;

  switch (r->purpose)
    {
    case ACIES_GC_ROLL_SKIRMISH:
      arith = g_strdup_printf ("%u + %d = %d", v[0], r->ctx[2], (gint) v[0] + r->ctx[2]);
      result = g_strdup ((gint) v[0] + r->ctx[2] >= 8 ? "a hit" : "a miss");
      break;
    case ACIES_GC_ROLL_SCREEN:
      {
        gint rl = s->rally_limit[s->units[r->ctx[0]].side];

        arith = g_strdup_printf (_("%u + Rally Limit %d = %d"), v[0], rl, (gint) v[0] + rl);
        result = g_strdup (v[0] == 1 ? "a natural 1: the elephant rampages"
                           : (gint) v[0] + rl <= 7 ? "the elephant is eliminated" : "the screen holds");
      }
      break;
    case ACIES_GC_ROLL_RALLY:
      arith = g_strdup_printf ("%u + %d = %d", v[0], r->ctx[1], (gint) v[0] + r->ctx[1]);
      result = g_strdup (v[0] == 1 ? "a natural 1: the unit is eliminated"
                         : (gint) v[0] + r->ctx[1] >= 8 ? "it rallies" : "it does not rally");
      break;
    case ACIES_GC_ROLL_CHARGE:
      {
        guint hits = 0;
        gboolean botch = FALSE;

        for (guint i = 0; i < r->n_dice; i++)
          {
            hits += (gint) v[i] + r->ctx[2] >= 8;
            botch |= v[i] == 1;
          }
        arith = r->n_dice == 2
          ? g_strdup_printf (_("%u and %u, %+d each"), v[0], v[1], r->ctx[2])
          : g_strdup_printf ("%u %+d = %d", v[0], r->ctx[2], (gint) v[0] + r->ctx[2]);
        result = g_strdup_printf ("%s%s", hits == 0 ? "no effect" : hits == 1 ? "one hit" : "two hits",
                                  botch ? ", and a 1 eliminates the Cavalry" : "");
      }
      break;
    case ACIES_GC_ROLL_TRAMPLE_CHECK:
      arith = g_strdup_printf ("%u", v[0]);
      if (v[0] == 1)
        result = g_strdup (r->ctx[2] ? "a natural 1: the rampaging elephant is eliminated"
                                     : "a natural 1: the elephant goes on a Rampage");
      else if (t >= 0 && (s->units[t].status == ACIES_GC_UNIT_EXHAUSTED || s->units[t].kind == ACIES_GC_KIND_P))
        result = g_strdup (_("the target is trampled"));
      else
        result = g_strdup (_("the target rolls to avoid it"));
      break;
    case ACIES_GC_ROLL_TRAMPLE_AVOID:
      {
        gint rl = t >= 0 ? s->rally_limit[s->units[t].side] : 0;

        arith = g_strdup_printf (_("%u + Rally Limit %d = %d"), v[0], rl, (gint) v[0] + rl);
        result = g_strdup ((gint) v[0] + rl >= 8 ? "it avoids being trampled" : "it is trampled");
      }
      break;
    case ACIES_GC_ROLL_RAMPAGE_DIRECTION:
      {
        static const char *dirs[] = { "backward", "to its left", "forward", "to its right", "its rider puts it down" };
        gint d = v[0] >= 1 && v[0] <= 8 ? s->st->rampage[v[0] - 1] : -1;

        arith = g_strdup_printf ("%u", v[0]);
        result = g_strdup (d >= 0 && d <= 4 ? dirs[d] : "?");
      }
      break;
    case ACIES_GC_ROLL_RAMPAGE_DISTANCE:
      arith = g_strdup_printf ("%u", v[0]);
      result = g_strdup_printf (_("%u square%s"), v[0], v[0] == 1 ? "" : "s");
      break;
    case ACIES_GC_ROLL_WAGON:
      arith = g_strdup_printf ("%u + %d = %d", v[0], r->ctx[2], (gint) v[0] + r->ctx[2]);
      result = g_strdup ((gint) v[0] + r->ctx[2] >= 8 ? "the elephant is eliminated" : "no effect");
      break;
    case ACIES_GC_ROLL_COMBAT:
    case ACIES_GC_ROLL_MORALE:
      result = acies_gc_combat_roll_text (s, v[0], &arith);
      break;
    default:
      arith = g_strdup_printf ("%u", v[0]);
      result = g_strdup ("?");
      break;
    }
  if (sum != NULL)
    *sum = g_steal_pointer (&arith);
  return result;
}

char *
acies_gc_roll_said (const AciesGcState *s,
                    GPtrArray          *events,
                    char              **sum)
{
  if (events == NULL)
    {
      *sum = NULL;
      return NULL;
    }
  return roll_result (s, s->roll.values, sum);
}

/* GC 12.0: what a re-roll of s->roll could give: "DE on 1–2, DX on 3–5,
 * EX on 6–8" (one die, by ranges), "no effect 36 in 64, one hit 24 in
 * 64…" (a two-die charge), or that it cannot change the result. */
static char *
reroll_chances (const AciesGcState *s,
                const char         *now)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) counts = g_array_new (FALSE, TRUE, sizeof (guint));
  GString *text = g_string_new (NULL);
  guint n = s->roll.n_dice == 2 ? 64 : 8;

  for (guint i = 0; i < n; i++)
    {
      guint v[2] = { s->roll.n_dice == 2 ? i / 8 + 1 : i + 1, i % 8 + 1 };

      g_ptr_array_add (results, roll_result (s, v, NULL));
    }
  {
    gboolean same = TRUE;

    for (guint i = 0; i < n; i++)
      same &= g_str_equal (results->pdata[i], now);
    if (same)
      {
        g_string_printf (text, _("A re-roll cannot change it: every roll gives %s."), now);
        return g_string_free (text, FALSE);
      }
  }
  g_string_append (text, _("A re-roll gives "));
  if (n == 8)
    {
      for (guint i = 0; i < n;)
        {
          guint j = i;

          while (j + 1 < n && g_str_equal (results->pdata[j + 1], results->pdata[i]))
            j++;
          if (i > 0)
            g_string_append (text, ", ");
          /* Die faces, said as such: the totals are in the roll's sum. */
          if (j > i)
            g_string_append_printf (text, _("%s on a die roll of %u–%u"), (char *) results->pdata[i], i + 1, j + 1);
          else
            g_string_append_printf (text, _("%s on a die roll of %u"), (char *) results->pdata[i], i + 1);
          i = j + 1;
        }
    }
  else
    {
      g_autoptr(GPtrArray) seen = g_ptr_array_new ();

      for (guint i = 0; i < n; i++)
        {
          guint index;

          if (!g_ptr_array_find_with_equal_func (seen, results->pdata[i], g_str_equal, &index))
            {
              g_ptr_array_add (seen, results->pdata[i]);
              index = seen->len - 1;
              g_array_set_size (counts, seen->len);
            }
          g_array_index (counts, guint, index)++;
        }
      for (guint k = 0; k < seen->len; k++)
        g_string_append_printf (text, "%s%s %u in 64", k > 0 ? ", " : "", (char *) seen->pdata[k],
                                g_array_index (counts, guint, k));
    }
  g_string_append_c (text, '.');
  return g_string_free (text, FALSE);
}

/* GC 12.0: the Fortuna question with what the roll gives now and what a
 * re-roll could give.  The holder is asked after every roll (the book:
 * any roll, GC-G53), even one a re-roll cannot change: the text says so. */
static char *
fortuna_text (const AciesGcState *s,
              const char         *who)
{
  g_autofree char *sum = NULL;
  g_autofree char *now = roll_result (s, s->roll.values, &sum);
  g_autofree char *chances = reroll_chances (s, now);
  g_autofree char *roller = s->roll.roller == s->fortuna
    ? g_strdup (acies_gc_roll_name_yours (s->roll.purpose))
    : acies_gc_roll_name_of (s->roll.purpose, acies_gc_side_name (s, s->roll.roller));
  g_autofree char *cost = s->fortuna_face >= 2
    ? g_strdup (_("it turns the marker to its one-die side"))
    : g_strdup_printf (_("it hands the marker to %s"), acies_gc_side_name (s, 1 - s->fortuna));

  g_autofree char *meaning = NULL;

  /* GC 9.3: the result the roll gets now, said in words too. */
  if (s->roll.purpose == ACIES_GC_ROLL_COMBAT)
    for (AciesGcResult r = 0; r <= ACIES_GC_RESULT_AA && meaning == NULL; r++)
      if (g_str_equal (now, acies_gc_result_name (r)))
        meaning = g_strdup_printf (" (%s)", acies_gc_result_meaning (r));

  return g_strdup_printf (_("%s: %s is %s: %s%s. %s Re-roll it with Fortuna (%s)?"), who, roller, sum, now,
                          meaning != NULL ? meaning : "", chances, cost);
}

/* ---- Legal actions, apply, prompts ---- */

void
acies_gc_legal_actions (const AciesGcState *s,
                        GArray             *out)
{
  if (s->base.finished)
    return;
  switch (s->step)
    {
    case ACIES_GC_STEP_DRAW:
      acies_gc_add_action (out, ACIES_GC_ACTION_DRAW, s->setup_side, -1, -1, -1, -1, -1);
      break;
    case ACIES_GC_STEP_PLACE:
      place_legal (s, out);
      break;
    case ACIES_GC_STEP_COMMAND:
      command_legal (s, out);
      break;
    case ACIES_GC_STEP_CA_WING:
      for (guint w = 0; w < s->st->wings->len; w++)
        if (acies_gc_wing (s, w)->side == s->acting && acies_gc_wing (s, w)->mounted && wing_has_units (s, w))
          {
            /* GC-G46: before or after the Foot Wing's Move, if it moves. */
            if (first_slot_of (s, ACIES_GC_PHASE_MOVE) >= 0)
              {
                acies_gc_add_action (out, ACIES_GC_ACTION_CA_WING, s->acting, w, FALSE, -1, -1, -1);
                acies_gc_add_action (out, ACIES_GC_ACTION_CA_WING, s->acting, w, TRUE, -1, -1, -1);
              }
            else
              acies_gc_add_action (out, ACIES_GC_ACTION_CA_WING, s->acting, w, -1, -1, -1, -1);
          }
      break;
    case ACIES_GC_STEP_WING_ORDER:
      for (guint w = 0; w < s->st->wings->len; w++)
        if ((s->pending_wings & (1u << w)) && wing_may_take (s, w, s->pending_cmds))
          acies_gc_add_action (out, ACIES_GC_ACTION_NEXT_WING, s->acting, w, -1, -1, -1, -1);
      break;
    case ACIES_GC_STEP_SKIRMISH_TARGET:
      skirmish_targets (s, s->slots[s->slot].wing, out);
      if (out->len == 0)
        acies_gc_add_action (out, ACIES_GC_ACTION_END_PHASE, s->acting, -1, -1, -1, -1, -1);
      break;
    case ACIES_GC_STEP_ABSORB:
      absorb_candidates (s, out);
      break;
    case ACIES_GC_STEP_RALLY:
      rally_legal (s, out);
      break;
    case ACIES_GC_STEP_FORTUNA:
      acies_gc_add_action (out, ACIES_GC_ACTION_FORTUNA, s->fortuna, FALSE, -1, -1, -1, -1);
      acies_gc_add_action (out, ACIES_GC_ACTION_FORTUNA, s->fortuna, TRUE, -1, -1, -1, -1);
      break;
    case ACIES_GC_STEP_INITIATIVE:
      acies_gc_add_action (out, ACIES_GC_ACTION_INITIATIVE, s->acting, FALSE, -1, -1, -1, -1);
      acies_gc_add_action (out, ACIES_GC_ACTION_INITIATIVE, s->acting, TRUE, -1, -1, -1, -1);
      break;
    case ACIES_GC_STEP_COMBAT:
      acies_gc_combat_legal_actions (s, out);
      break;
    case ACIES_GC_STEP_OVER:
      break;
    default:
      acies_gc_move_legal (s, out);
      break;
    }
}

gboolean
acies_gc_apply (AciesGcState       *s,
                const AciesAction  *a,
                AciesDice          *dice,
                GPtrArray          *events,
                GError            **error)
{
  gboolean ok = TRUE;

  switch (s->step)
    {
    case ACIES_GC_STEP_DRAW:
      draw_pools (s, dice, events);
      s->step = ACIES_GC_STEP_PLACE;
      acies_gc_sync_base (s);
      after_placement (s, events);
      break;
    case ACIES_GC_STEP_PLACE:
      s->units[a->args[0]].status = ACIES_GC_UNIT_FRESH;
      acies_gc_place (s, a->args[0], a->args[1]);
      for (guint ar = 0; ar < s->st->areas->len; ar++)
        {
          const AciesGcAreaDef *ad = &g_array_index (s->st->areas, AciesGcAreaDef, ar);

          if (ad->wing == s->units[a->args[0]].wing)
            for (guint k = 0; k < ad->cells->len; k++)
              if (g_array_index (ad->cells, AciesCell, k) == a->args[1])
                s->units[a->args[0]].area = ar;
        }
      after_placement (s, events);
      break;
    case ACIES_GC_STEP_COMMAND:
      if (a->type == ACIES_GC_ACTION_CONCEDE)
        {
          /* GC 13.0 footnote: a settled game may be conceded. */
          g_autofree char *text = g_strdup_printf (_("%s concedes: %s wins (GC 13.0)"),
                                                   acies_gc_side_name (s, s->acting),
                                                   acies_gc_side_name (s, 1 - s->acting));
          acies_gc_finish (s, 1 - s->acting, text, events);
        }
      else if (a->type == ACIES_GC_ACTION_PASS)
        {
          /* TRANSLATORS: a line of the game log (GC 5.0). Slots in order: %s: a side's name. */
          acies_events_add (events, "pass", "GC 5.0", s->acting, _("%s plays no Command"), acies_gc_side_name (s, s->acting));
          s->n_slots = s->slot = 0;
          begin_slot (s, dice, events);
        }
      else
        ok = apply_command (s, a, dice, events);
      break;
    case ACIES_GC_STEP_CA_WING:
      insert_ca_slot (s, a->args[0], a->args[1] == TRUE);
      acies_events_add (events, "command", "GC 11.4", s->acting,
                        a->args[1] == TRUE
                        /* TRANSLATORS: a line of the game log (GC 11.4): %s is a wing's label. */
                        ? _("Combined Arms: %s: a free Move, before the Foot Wing moves")
                        : a->args[1] == FALSE
                        /* TRANSLATORS: a line of the game log (GC 11.4): %s is a wing's label. */
                        ? _("Combined Arms: %s: a free Move, after the Foot Wing moves")
                        /* TRANSLATORS: a line of the game log (GC 11.4): %s is a wing's label. */
                        : _("Combined Arms: %s: a free Move"),
                        acies_gc_wing (s, a->args[0])->label);
      begin_slot (s, dice, events);
      break;
    case ACIES_GC_STEP_WING_ORDER:
      plan_pending_wing (s, a->args[0], events);
      begin_slot (s, dice, events);
      break;
    case ACIES_GC_STEP_SKIRMISH_TARGET:
      if (a->type == ACIES_GC_ACTION_END_PHASE)
        acies_gc_next_slot (s, dice, events);
      else
        apply_skirmish (s, a, dice, events);
      break;
    case ACIES_GC_STEP_ABSORB:
      apply_absorb (s, a, dice, events);
      break;
    case ACIES_GC_STEP_RALLY:
      if (a->type == ACIES_GC_ACTION_END_PHASE)
        acies_gc_next_slot (s, dice, events);
      else
        apply_rally (s, a, dice, events);
      break;
    case ACIES_GC_STEP_FORTUNA:
      apply_fortuna (s, a, dice, events);
      break;
    case ACIES_GC_STEP_INITIATIVE:
      if (a->args[0])
        {
          /* GC 14.0: hand the marker over and take another full turn. */
          s->initiative = 1 - s->acting;
          /* TRANSLATORS: a line of the game log (GC 14.0). Slots in order: %s: a side's name. */
          acies_events_add (events, "initiative", "GC 14.0", s->acting, _("%s declares Initiative"),
                            acies_gc_side_name (s, s->acting));
          begin_turn (s, s->acting, events);
        }
      else
        begin_turn (s, 1 - s->acting, events);
      break;
    case ACIES_GC_STEP_COMBAT:
      ok = acies_gc_combat_apply (s, a, dice, events, error);
      break;
    default:
      ok = acies_gc_move_apply (s, a, dice, events, error);
      break;
    }
  acies_gc_sync_base (s);
  return ok;
}

char *
acies_gc_prompt_text (const AciesGcState *s,
                      char              **rule)
{
  const char *who = acies_gc_side_name (s, s->base.deciding_side);
  const char *r = NULL;
  char *text = NULL;
  g_autofree char *unit = NULL;   /* a unit in the players' words */

  switch (s->step)
    {
    case ACIES_GC_STEP_DRAW:
      r = "GC 3.1"; text = g_strdup_printf (_("%s: draw your wings' counters from their pools"), who); break;
    case ACIES_GC_STEP_PLACE:
      {
        gint u = next_unplaced (s);

        r = "GC 3.1";
        g_autofree char *name = u >= 0 ? acies_gc_describe_unit (s, u) : g_strdup ("?");

        /* The counter by its front (GC 3.1-d): "Light Infantry B". */
        text = g_strdup_printf (_("%s: place %s in its wing's set-up zone"), who, name);
      }
      break;
    case ACIES_GC_STEP_COMMAND:
      r = "GC 5.0"; text = g_strdup_printf (_("%s: choose the Commands for this turn"), who); break;
    case ACIES_GC_STEP_CA_WING:
      r = "GC 11.4"; text = g_strdup_printf (_("%s: choose the Mounted Wing that gets the free Move, and whether it moves before or after the Foot Wing"), who); break;
    case ACIES_GC_STEP_WING_ORDER:
      r = "GC 5.0"; text = g_strdup_printf (_("%s: choose the Foot Wing that performs its %s next"), who,
                                            cmd_phase_name (s->pending_cmds)); break;
    case ACIES_GC_STEP_SKIRMISH_TARGET:
      r = "GC 6.0"; text = g_strdup_printf (_("%s: choose the enemy wing (or mounted unit) to skirmish against"), who); break;
    case ACIES_GC_STEP_ABSORB:
      r = "GC 6.0"; text = g_strdup_printf (_("%s: choose the unit of the %s that absorbs the Exhaustion (%d left)"),
                                            who, acies_gc_wing (s, s->absorb_wing)->label, s->absorb_left); break;
    case ACIES_GC_STEP_RALLY:
      r = "GC 7.0"; text = g_strdup_printf (_("%s: choose an Exhausted unit to rally (%u attempts left), or end the phase"),
                                            who, s->slots[s->slot].allowance); break;
    case ACIES_GC_STEP_MOVE:
      r = "GC 8.0"; text = g_strdup_printf (_("%s: move a unit one square, or end the phase"), who); break;
    case ACIES_GC_STEP_INTERCEPT:
      r = "GC 8.5"; unit = s->mover >= 0 ? acies_gc_describe_unit (s, s->mover) : g_strdup ("");
      text = g_strdup_printf (_("%s: intercept the moving %s with one of your cavalry?"), who, unit); break;
    case ACIES_GC_STEP_FLEE:
      r = "GC 8.5"; unit = acies_gc_describe_unit (s, s->flee_unit);
      text = g_strdup_printf (_("%s: %s must flee from the elephant: choose the square"), who, unit); break;
    case ACIES_GC_STEP_CHARGE:
      r = "GC 8.6"; text = g_strdup_printf (_("%s: choose the next Cavalry Charge and its target"), who); break;
    case ACIES_GC_STEP_RETREAT:
      r = "GC 8.6"; unit = acies_gc_describe_unit (s, s->retreat_unit);
      text = g_strdup_printf (_("%s: %s retreats: choose the square"), who, unit); break;
    case ACIES_GC_STEP_TRAMPLE_TARGET:
      r = "GC 8.7"; unit = acies_gc_describe_unit (s, s->trample_unit);
      text = g_strdup_printf (_("%s: choose the enemy Foot unit %s tramples"), who, unit); break;
    case ACIES_GC_STEP_WAGON_TARGET:
      r = "GC 15.0"; text = g_strdup_printf (_("%s: choose the enemy Elephantry your Wagon attacks"), who); break;
    case ACIES_GC_STEP_FORTUNA:
      r = "GC 12.0";
      text = fortuna_text (s, who);
      break;
    case ACIES_GC_STEP_INITIATIVE:
      r = "GC 14.0"; text = g_strdup_printf (_("%s: declare Initiative and take another turn?"), who); break;
    case ACIES_GC_STEP_COMBAT:
      r = "GC 9.0"; text = acies_gc_combat_prompt_text (s); break;
    default:
      break;
    }
  if (rule != NULL)
    *rule = g_strdup (r);
  return text != NULL ? text : g_strdup (who);
}

JsonNode *
acies_gc_state_to_json (const AciesGcState *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, s->player_turn);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, s->base.phase);
  json_builder_set_member_name (b, "acting");
  json_builder_add_string_value (b, acies_gc_side_name (s, s->acting));
  json_builder_set_member_name (b, "finished");
  json_builder_add_boolean_value (b, s->base.finished);
  if (s->base.finished)
    {
      json_builder_set_member_name (b, "winner");
      json_builder_add_string_value (b, s->base.winner >= 0 ? acies_gc_side_name (s, s->base.winner) : "draw");
      json_builder_set_member_name (b, "end_reason");
      json_builder_add_string_value (b, s->base.end_reason);
    }
  json_builder_set_member_name (b, "sides");
  json_builder_begin_array (b);
  for (gint i = 0; i < 2; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, acies_gc_side_name (s, i));
      json_builder_set_member_name (b, "vp");
      json_builder_add_int_value (b, s->vp[i]);
      json_builder_set_member_name (b, "rally_limit");
      json_builder_add_int_value (b, s->rally_limit[i]);
      json_builder_set_member_name (b, "initiative");
      json_builder_add_boolean_value (b, s->initiative == i);
      json_builder_set_member_name (b, "fortuna");
      json_builder_add_int_value (b, s->fortuna == i ? s->fortuna_face : 0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (guint u = 0; u < s->n_units; u++)
    {
      static const char *status[] = { "box", "unplaced", "fresh", "exhausted", "hero", "eliminated", "out" };

      if (s->units[u].status == ACIES_GC_UNIT_BOX || s->units[u].status == ACIES_GC_UNIT_OUT)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, acies_gc_unit_name (s, u));
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, status[s->units[u].status]);
      if (s->units[u].cell != ACIES_CELL_NONE)
        {
          json_builder_set_member_name (b, "cell");
          json_builder_add_string_value (b, acies_board_cell_label (s->base.scenario->map.board, s->units[u].cell));
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The checks of the random playouts: one unit per square, units on the
 * board, the occupancy index, VP equal to the eliminated units' VP plus
 * the wing bonuses, Rally Limits within 0 … 4. */
gboolean
acies_gc_check_invariants (const AciesGcState  *s,
                           GError             **error)
{
  gint vp[2] = { 0, 0 };

  for (guint u = 0; u < s->n_units; u++)
    {
      const AciesGcUnit *unit = &s->units[u];

      if (acies_gc_on_board (s, u))
        {
          if (unit->cell < 0 || (guint) unit->cell >= s->st->n_cells)
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                           "%s is in play but off the board", acies_gc_unit_name (s, u));
              return FALSE;
            }
          if (s->occ[unit->cell] != (gint) u)
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                           "%s and %s share %s", acies_gc_unit_name (s, u),
                           s->occ[unit->cell] >= 0 ? acies_gc_unit_name (s, s->occ[unit->cell]) : "nothing",
                           acies_board_cell_label (s->base.scenario->map.board, unit->cell));
              return FALSE;
            }
          if (unit->status == ACIES_GC_UNIT_EXHAUSTED && (unit->flags & ACIES_GC_UF_MOVED))
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                           "%s moved while Exhausted (GC 8.0)", acies_gc_unit_name (s, u));
              return FALSE;
            }
        }
      else if (unit->cell != ACIES_CELL_NONE)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "%s is out of play but still on a square", acies_gc_unit_name (s, u));
          return FALSE;
        }
      if (unit->status == ACIES_GC_UNIT_ELIMINATED)
        vp[1 - unit->side] += unit->vp_scored;
      else if (unit->vp_scored != 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "%s scored VP but is not eliminated", acies_gc_unit_name (s, u));
          return FALSE;
        }
    }
  for (guint c = 0; c < s->st->n_cells; c++)
    if (s->occ[c] >= 0 && (s->units[s->occ[c]].cell != (gint) c || !acies_gc_on_board (s, s->occ[c])))
      {
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                     "square %s holds a stale unit", acies_board_cell_label (s->base.scenario->map.board, c));
        return FALSE;
      }
  for (guint w = 0; w < s->st->wings->len; w++)
    if (s->wing_wiped & (1u << w))
      vp[1 - acies_gc_wing (s, w)->side] += s->st->sides[1 - acies_gc_wing (s, w)->side].wing_bonus;
  for (gint i = 0; i < 2; i++)
    {
      if (vp[i] != s->vp[i])
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "%s has %d VP but its eliminated enemies are worth %d (GC 13.0)",
                       acies_gc_side_name (s, i), s->vp[i], vp[i]);
          return FALSE;
        }
      if (s->rally_limit[i] < 0 || s->rally_limit[i] > 4)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "%s has a Rally Limit of %d (GC 3.1: 0 to 4)", acies_gc_side_name (s, i), s->rally_limit[i]);
          return FALSE;
        }
    }
  return TRUE;
}
