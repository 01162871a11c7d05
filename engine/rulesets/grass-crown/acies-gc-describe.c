/* acies-gc-describe.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-gc"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "acies-gc-private.h"
#include "geometry/acies-board.h"

/*
 * Grass Crown's actions as a player says them (the ruleset's
 * describe_action): "Command Legio I: Move first (4 squares), then Combat", "Skirmish
 * against the Blue (phalanx) wing", "Take the Exhaustion on Phalanx A at
 * G11".  Units are named by their class, what their counter shows and
 * their square; Wings by their names.
 */

static const char *
cell_label (const AciesGcState *s,
            AciesCell           cell)
{
  const AciesBoard *board = s->base.scenario->map.board;

  if (cell == ACIES_CELL_NONE || board == NULL || !acies_board_contains (board, cell))
    return "?";
  return acies_board_cell_label (board, cell);
}

/* The unit class as the catalogue names it ("Light Infantry"). */
static const char *
class_name (const AciesGcState *s,
            guint               u)
{
  static const char *names[] = { N_("Light Infantry"), N_("Heavy Infantry"), N_("Phalanx"),
                                 N_("Cavalry"), N_("Elephantry"), N_("Wagons") };
  const AciesGcCounter *c = acies_gc_counter (s, u);
  const AciesUnitType *type;

  if (c != NULL && c->type != NULL && s->st->catalogue != NULL
      && (type = acies_catalogue_find_unit_type (s->st->catalogue, c->type)) != NULL
      && type->name != NULL)
    return type->name;
  return (guint) s->units[u].kind < G_N_ELEMENTS (names) ? _(names[s->units[u].kind]) : "?";
}

/**
 * acies_gc_describe_unit:
 * @s: a state
 * @u: a unit index
 *
 * A unit as the board shows it: its class, what its counter shows (the
 * Combat Class of a Fresh Foot unit, "Exhausted", a Revealed Hero's ★,
 * Cavalry's diamonds) and its square: "Light Infantry B at G11",
 * "Exhausted Phalanx at D4", "Cavalry ◆◆ at J8".  A unit off the board is
 * named without a square.
 *
 * Returns: (transfer full): the text
 */
char *
acies_gc_describe_unit (const AciesGcState *s,
                        guint               u)
{
  const AciesGcUnit *unit;
  const AciesGcCounter *c;
  GString *text;

  if (u >= s->n_units)
    return g_strdup ("?");
  unit = &s->units[u];
  c = acies_gc_counter (s, u);
  text = g_string_new (NULL);
  if (acies_gc_is_foot (s, u))
    {
      if (unit->status == ACIES_GC_UNIT_EXHAUSTED)
        g_string_append_printf (text, _("Exhausted %s"), class_name (s, u));
      else if (unit->status == ACIES_GC_UNIT_HERO)
        g_string_append_printf (text, _("%s Hero ★"), class_name (s, u));
      else
        g_string_append_printf (text, "%s %s", class_name (s, u),
                                c != NULL ? acies_gc_cc_name (c->cc) : "?");
    }
  else
    {
      g_string_append (text, class_name (s, u));
      if (c != NULL && unit->kind == ACIES_GC_KIND_C && c->diamonds > 0)
        g_string_append (text, c->diamonds > 1 ? " ◆◆" : " ◆");
    }
  if (unit->cell != ACIES_CELL_NONE)
    {
      g_autofree char *name = g_string_free (text, FALSE);

      /* TRANSLATORS: a unit and its square: "Phalanx A at D4"; the first
       * %s is the unit's name, the second the square's label. */
      return g_strdup_printf (_("%s at %s"), name, cell_label (s, unit->cell));
    }
  return g_string_free (text, FALSE);
}

/**
 * acies_gc_event_unit:
 * @s: a state
 * @u: a unit index
 * @events: (nullable): the events the text is for
 *
 * A unit named for an event of the log, as acies_gc_describe_unit() names
 * it: what the board shows every player (its front, a Revealed Hero's ★,
 * its square), never its counter id nor a back the opponent has not seen
 * (GC 2.2), so the text may be public.  Call it before the change the
 * event tells of (the unit's square and face as they were).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when @events is
 *   %NULL (random playouts format no text)
 */
char *
acies_gc_event_unit (const AciesGcState *s,
                     guint               u,
                     GPtrArray          *events)
{
  return events != NULL ? acies_gc_describe_unit (s, u) : NULL;
}

static const char *
wing_name (const AciesGcState *s,
           gint                w)
{
  const AciesGcWingDef *wd;

  if (w < 0 || (guint) w >= s->st->wings->len)
    return "?";
  wd = acies_gc_wing (s, w);
  return wd->name != NULL ? wd->name : wd->id;
}

/* "Pink (hastati) wing", "Roman Wing" (the name says "wing" already). */
static const char *
wing_label (const AciesGcState *s,
            gint                w)
{
  if (w < 0 || (guint) w >= s->st->wings->len)
    return "?";
  return acies_gc_wing (s, w)->label;
}

/* The Commands, as they are played (5.0); the phases run Skirmish, Rally,
 * Move, Combat (4.0), whatever the markers' order. */
static const char *
command_word (gint c)
{
  static const char *words[] = { N_("Move"), N_("Combat"), N_("Skirmish"), N_("Rally") };

  return c >= 0 && c < (gint) G_N_ELEMENTS (words) ? _(words[c]) : NULL;
}

static gint
command_rank (gint c)
{
  static const gint rank[] = { 2, 3, 0, 1 };

  return c >= 0 && c < (gint) G_N_ELEMENTS (rank) ? rank[c] : 9;
}

/* GC 9.0: whether a Fresh unit of wing @w stands next to an enemy unit
 * now (a Combat Phase before any Move has an Attack to make). */
static gboolean
wing_in_contact (const AciesGcState *s,
                 gint                w)
{
  for (guint u = 0; u < s->n_units; u++)
    {
      if (s->units[u].wing != w || s->units[u].status != ACIES_GC_UNIT_FRESH || !acies_gc_on_board (s, u))
        continue;
      for (guint v = 0; v < s->n_units; v++)
        if (s->units[v].side != s->units[u].side && acies_gc_on_board (s, v)
            && acies_gc_adjacent (s, s->units[u].cell, s->units[v].cell))
          return TRUE;
    }
  return FALSE;
}

/* GC 7.0: whether wing @w has an Exhausted unit to rally. */
static gboolean
wing_has_exhausted (const AciesGcState *s,
                    gint                w)
{
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].wing == w && s->units[u].status == ACIES_GC_UNIT_EXHAUSTED)
      return TRUE;
  return FALSE;
}

/* What a Foot wing's Commands cannot carry out now, said with them: a
 * Combat with no unit in contact (GC 9.0) unless a Move comes first, a
 * Rally with no Exhausted unit (GC 7.0). */
static char *
command_warning (const AciesGcState *s,
                 gint                w,
                 gint                first,
                 gint                second)
{
  gboolean combat = first == 1 || (second == 1 && first != 0);
  gboolean rally = first == 3 || second == 3;

  if (w < 0 || (guint) w >= s->st->wings->len)
    return NULL;
  if (combat && !wing_in_contact (s, w))
    return g_strdup (_("no unit of the wing is in contact: its Combat Phase will have no Attack (GC 9.0)"));
  if (rally && !wing_has_exhausted (s, w))
    return g_strdup (_("no unit of the wing is Exhausted: its Rally Phase will have nothing to rally (GC 7.0)"));
  return NULL;
}

/* @text, with @warning after it ("…: Skirmish first, then Combat; beware: no
 * unit of the wing is in contact…"). */
static char *
with_warning (char *text,
              char *warning)
{
  char *both;

  if (warning == NULL)
    return text;
  /* Translators: a Command, then what it cannot carry out now. */
  both = g_strdup_printf (_("%s; beware: %s"), text, warning);
  g_free (text);
  g_free (warning);
  return both;
}

static char *
describe_command (const AciesGcState *s,
                  const AciesAction  *a)
{
  gint w = a->args[0], first = a->args[1], second = a->args[2], aquila = a->args[3], group = a->args[4];

  if (command_word (second) != NULL && command_rank (second) < command_rank (first))
    {
      gint t = first;

      first = second;
      second = t;
    }

  if (aquila == ACIES_GC_AQUILA_ALL)
    {
      if (s->st->sides[a->player >= 0 ? a->player : s->acting].rules & ACIES_GC_RULE_TRIPLEX)
        {
          gint side = a->player >= 0 ? a->player : s->acting;
          gint old = s->active_wing[side];

          return old >= 0
            ? g_strdup_printf (_("Aquila to all wings: Line Change (GC 11.2); the %s withdraws and the next line moves; Rally Limit −%d"),
                               wing_label (s, old), s->st->opt.line_change_rally_cost)
            : g_strdup_printf (_("Aquila to all wings: Line Change (GC 11.2); Rally Limit −%d"),
                               s->st->opt.line_change_rally_cost);
        }
      return g_strdup_printf (_("Aquila to all Foot Wings: %s for each, in the order you choose (Rally Limit −1, GC 5.0)"),
                              command_word (first) != NULL ? command_word (first) : "?");
    }

  if (w >= 0 && (guint) w < s->st->wings->len && acies_gc_wing (s, w)->mounted)
    {
      const char *what = group == ACIES_GC_GROUP_ELEPHANTRY ? _("Move its Elephantry")
                         : group == ACIES_GC_GROUP_BOTH ? _("Move all its units")
                         : _("Move its Cavalry");

      return g_strdup_printf (_("Command %s: %s"), wing_name (s, w), what);
    }

  if (aquila == ACIES_GC_AQUILA_PLUS)
    {
      const char *effect;

      switch (first)
        {
        case 0: effect = _("a Move of 4, then a Bonus Move of 2"); break;
        case 1: effect = _("−1 on each Combat roll"); break;
        case 2: effect = _("two Skirmish Phases"); break;
        case 3: effect = _("+1 on each Rally Attempt"); break;
        default: effect = "?"; break;
        }
      return with_warning (g_strdup_printf (_("Command %s: Aquila plus %s (%s)"), wing_name (s, w),
                                            command_word (first) != NULL ? command_word (first) : "?", effect),
                           command_warning (s, w, first, -1));
    }

  if (command_word (second) == NULL)
    {
      if (first == 0)
        return g_strdup_printf (_("Command %s: Move (4 squares)"), wing_name (s, w));
      return with_warning (g_strdup_printf (_("Command %s: %s"), wing_name (s, w),
                                            command_word (first) != NULL ? command_word (first) : "?"),
                           command_warning (s, w, first, -1));
    }
  if (first == 0)
    return with_warning (g_strdup_printf (_("Command %s: Move first (4 squares), then %s"), wing_name (s, w),
                                          command_word (second)),
                         command_warning (s, w, first, second));
  if (second == 0)
    return with_warning (g_strdup_printf (_("Command %s: %s first, then Move (2 squares)"), wing_name (s, w),
                                          command_word (first)),
                         command_warning (s, w, first, second));
  return with_warning (g_strdup_printf (_("Command %s: %s first, then %s"), wing_name (s, w), command_word (first),
                                        command_word (second)),
                       command_warning (s, w, first, second));
}

/* What taking an Exhaustion does to @u (9.4, 6.0): a Fresh Foot unit
 * flips, anything else is Eliminated. */
static char *
describe_absorb (const AciesGcState *s,
                 guint               u)
{
  g_autofree char *unit = acies_gc_describe_unit (s, u);

  if (acies_gc_is_foot (s, u) && s->units[u].status == ACIES_GC_UNIT_FRESH)
    return g_strdup_printf (_("Take the Exhaustion on %s (it flips)"), unit);
  return g_strdup_printf (_("Take the Exhaustion on %s (it is Eliminated)"), unit);
}

/**
 * acies_gc_describe_action:
 * @s: the state @a is taken in
 * @a: a Grass Crown action
 *
 * The ruleset's describe_action: the action in a player's words.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for the generic
 *   sentence
 */
char *
acies_gc_describe_action (const AciesGcState *s,
                          const AciesAction  *a)
{
  g_autofree char *unit = NULL;
  g_autofree char *other = NULL;

  if (a->type >= ACIES_GC_N_ACTIONS)
    return NULL;
  /* Unit arguments must name units of this state. */
  for (guint i = 0; i < acies_gc_action_specs[a->type].n_args && i < ACIES_ACTION_MAX_ARGS; i++)
    if (acies_gc_action_specs[a->type].args[i].kind == ACIES_ARG_UNIT
        && a->args[i] >= (gint) s->n_units)
      return NULL;

  switch ((AciesGcActionType) a->type)
    {
    case ACIES_GC_ACTION_PLACE:
      unit = acies_gc_describe_unit (s, a->args[0]);
      return g_strdup_printf (_("Place %s at %s"), unit, cell_label (s, a->args[1]));
    case ACIES_GC_ACTION_COMMAND:
      return describe_command (s, a);
    case ACIES_GC_ACTION_CA_WING:
      if (a->args[1] == 1)
        return g_strdup_printf (_("Combined Arms: the %s moves before the Foot Wing"), wing_label (s, a->args[0]));
      if (a->args[1] == 0)
        return g_strdup_printf (_("Combined Arms: the %s moves after the Foot Wing"), wing_label (s, a->args[0]));
      return g_strdup_printf (_("Combined Arms: the %s moves"), wing_label (s, a->args[0]));
    case ACIES_GC_ACTION_PASS:
      return g_strdup (_("Play no Command this turn"));
    case ACIES_GC_ACTION_SKIRMISH:
      if (a->args[1] >= 0)
        {
          unit = acies_gc_describe_unit (s, a->args[1]);
          return g_strdup_printf (_("Skirmish against %s of the %s"), unit, wing_label (s, a->args[0]));
        }
      return g_strdup_printf (_("Skirmish against the %s"), wing_label (s, a->args[0]));
    case ACIES_GC_ACTION_ABSORB:
      return describe_absorb (s, a->args[0]);
    case ACIES_GC_ACTION_RALLY:
      unit = acies_gc_describe_unit (s, a->args[0]);
      if (a->args[1] >= 0)
        {
          other = acies_gc_describe_unit (s, a->args[1]);
          return g_strdup_printf (_("Rally %s after it swaps places with %s (GC 11.3)"), unit, other);
        }
      return g_strdup_printf (_("Rally %s"), unit);
    case ACIES_GC_ACTION_STEP:
      unit = acies_gc_describe_unit (s, a->args[0]);
      if (acies_gc_is_follower (s, a->args[0]))
        /* TRANSLATORS: a choice (GC 8.4): a unit of another Triplex Acies
         * line follows the commanded line's Move; %s: the unit; %s: a square. */
        return g_strdup_printf (_("Move %s to %s, following the first line (Triplex Acies, GC 8.4)"), unit,
                                cell_label (s, a->args[1]));
      return g_strdup_printf (_("Move %s to %s"), unit, cell_label (s, a->args[1]));
    case ACIES_GC_ACTION_END_PHASE:
      /* "End the phase" first: what the phase is follows. */
      return g_strdup_printf (_("End the phase (%s)"), s->base.phase != NULL ? _(s->base.phase) : "?");
    case ACIES_GC_ACTION_INTERCEPT:
      unit = acies_gc_describe_unit (s, a->args[0]);
      return g_strdup_printf (_("Intercept with %s, moving to %s"), unit, cell_label (s, a->args[1]));
    case ACIES_GC_ACTION_NO_INTERCEPT:
      return g_strdup (_("Do not intercept"));
    case ACIES_GC_ACTION_FLEE:
      return g_strdup_printf (_("Flee to %s"), cell_label (s, a->args[0]));
    case ACIES_GC_ACTION_CHARGE:
      unit = acies_gc_describe_unit (s, a->args[0]);
      other = acies_gc_describe_unit (s, a->args[1]);
      if (s->units[a->args[0]].kind == ACIES_GC_KIND_W)
        return g_strdup_printf (_("%s attack %s"), unit, other);
      return g_strdup_printf (_("Charge %s with %s"), other, unit);
    case ACIES_GC_ACTION_RETREAT:
      return g_strdup_printf (_("Retreat to %s"), cell_label (s, a->args[0]));
    case ACIES_GC_ACTION_TRAMPLE:
      unit = acies_gc_describe_unit (s, a->args[0]);
      return g_strdup_printf (_("Trample %s"), unit);
    case ACIES_GC_ACTION_FORTUNA:
      if (a->args[0])
        return s->roll.active
          /* TRANSLATORS: a choice (GC 12.0); %s: the roll, a whole phrase
           * translated with the context "the roll" ("the combat roll"). */
          ? g_strdup_printf (_("Use Fortuna: re-roll %s"), acies_gc_roll_name (s->roll.purpose))
          : g_strdup (_("Use Fortuna"));
      return s->roll.active
        /* TRANSLATORS: a choice (GC 12.0); %s: the roll, a whole phrase
         * translated with the context "the roll" ("the combat roll"). */
        ? g_strdup_printf (_("Do not use Fortuna: %s stands"), acies_gc_roll_name (s->roll.purpose))
        : g_strdup (_("Do not use Fortuna"));
    case ACIES_GC_ACTION_INITIATIVE:
      return g_strdup (a->args[0] ? _("Declare Initiative and take another turn") : _("Do not declare Initiative"));
    case ACIES_GC_ACTION_ATTACK:
      unit = acies_gc_describe_unit (s, a->args[0]);
      other = acies_gc_describe_unit (s, a->args[1]);
      return g_strdup_printf (_("Attack %s with %s"), other, unit);
    case ACIES_GC_ACTION_SUPPORT:
      unit = acies_gc_describe_unit (s, a->args[0]);
      return g_strdup_printf (_("Support the attack with %s"), unit);
    case ACIES_GC_ACTION_RESOLVE:
      return g_strdup (_("Roll the attack"));
    case ACIES_GC_ACTION_DX_TO_EX:
      return g_strdup (a->args[0] ? _("Broken Ground: change the DX into an EX")
                                  : _("Broken Ground: keep the DX"));
    case ACIES_GC_ACTION_DRAW:
      return g_strdup (_("Draw your wings' counters from their pools"));
    case ACIES_GC_ACTION_NEXT_WING:
      return g_strdup_printf (_("The %s acts next"), wing_label (s, a->args[0]));
    case ACIES_GC_ACTION_CONCEDE:
      return g_strdup (_("Concede the battle"));
    case ACIES_GC_N_ACTIONS:
    default:
      break;
    }
  return NULL;
}
