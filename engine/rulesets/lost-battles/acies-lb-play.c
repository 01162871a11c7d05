/* acies-lb-play.c
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
 * The Lost Battles state machine: turns and player-turns (3, 8.9, 10.3,
 * 10.4), Orders (4.1), activation of groups (4.2–4.4, 8.3), movement (5),
 * attacks and their resolution (6), morale (7), commanders (8), the end of
 * the battle (11).  legal_actions and apply both dispatch on s->phase.
 */

#define BIT(i)      (G_GUINT64_CONSTANT (1) << (i))
#define IN(mask, i) ((((mask) >> (i)) & 1) != 0)

static const char *dir_names[4] = { "north", "east", "south", "west" };

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

const char *
acies_lb_side_name (const AciesLbState *s,
                    gint                side)
{
  const AciesSide *sd = g_ptr_array_index (s->base.scenario->sides, side);

  return sd->name != NULL ? sd->name : sd->id;
}

/* The scenario's name of @unit, or its id without one. */
static const char *
given_name (const AciesLbState *s,
            gint                unit)
{
  const AciesUnit *u = g_ptr_array_index (s->base.scenario->units, unit);

  return u->name != NULL ? u->name : u->id;
}

/**
 * acies_lb_unit_name:
 * @s: a state
 * @unit: a unit index
 *
 * The name of @unit every text uses (actions, prompts, events,
 * describe_unit), one of its own: the scenario's name (or its id without
 * one), numbered 1 and up in scenario order when other units share it,
 * "Numidians (1)", "Numidians (2)".  Text paths only (an O(units) scan):
 * random playouts, which pass no events, never call it.
 *
 * Returns: (transfer none): the name; interned when numbered, so it lives
 *   as long as the process
 */
const char *
acies_lb_unit_name (const AciesLbState *s,
                    gint                unit)
{
  const char *name = given_name (s, unit);
  g_autofree char *numbered = NULL;
  gint before = 0;
  gboolean shared = FALSE;

  for (gint j = 0; j < s->n_units; j++)
    if (j != unit && g_strcmp0 (given_name (s, j), name) == 0)
      {
        shared = TRUE;
        before += j < unit;
      }
  if (!shared)
    return name;
  numbered = g_strdup_printf ("%s (%d)", name, before + 1);
  return g_intern_string (numbered);
}

/**
 * acies_lb_group_names:
 * @s: a state
 * @group: a set of units (bits)
 *
 * The units of @group in a sentence, in scenario order: "Legio 1",
 * "Legio 1 and Legio 2", "Legio 1, Legio 2 and Legio 3"; past four names,
 * "Legio 1, Legio 2, Legio 3, Legio 4 and 2 more".
 *
 * Returns: (transfer full): the names
 */
char *
acies_lb_group_names (const AciesLbState *s,
                      guint64             group)
{
  GString *text = g_string_new (NULL);
  gint n = acies_lb_popcount (group), k = 0, shown = n > 4 ? 4 : n;

  for (gint i = 0; i < s->n_units && k < shown; i++)
    {
      if (!((group >> i) & 1))
        continue;
      if (k > 0)
        g_string_append (text, k == shown - 1 && n == shown ? _(" and ") : ", ");
      g_string_append (text, acies_lb_unit_name (s, i));
      k++;
    }
  if (n > shown)
    g_string_append_printf (text, _(" and %d more"), n - shown);
  return g_string_free (text, FALSE);
}

const char *
acies_lb_zone_name (const AciesLbState *s,
                    gint                zone,
                    gint                side)
{
  if (zone < 0)
    return "off the field";
  return acies_board_cell_label (s->base.scenario->map.board, zone);
}

static const char *
cmdr_name (const AciesLbState *s,
           gint                c)
{
  const AciesLeader *l = g_ptr_array_index (s->base.scenario->leaders, c);

  return l->name != NULL ? l->name : l->id;
}

/* Player texts cite the rule section, not the checklist id: "(LB
 * 6.5-m01)" becomes "(LB 6.5)", in place. */
static void
rule_sections (GString *text)
{
  const char *p;
  gsize from = 0;

  while (text != NULL && (p = strstr (text->str + from, "(LB ")) != NULL)
    {
      gsize start = p - text->str + 4;
      gsize end = start + strcspn (text->str + start, ")");
      gsize dash = start + strcspn (text->str + start, "-)");

      if (dash < end)
        g_string_erase (text, dash, end - dash);
      from = start;
    }
}

static gint pool_orders   (const AciesLbState *s, gint zone, gint with, gint *payers, gint *n_payers);
static gint group_zone    (const AciesLbState *s);
static gint group_facing  (const AciesLbState *s);
static gint hero_of_group (const AciesLbState *s, guint64 group);

/* How activating @group (from @zone, @kind, with the Strategist @with or
 * -1) is paid (LB 8.3.2, LB-T25): the commanders' pools first, in the order
 * pool_orders() lists them, then general Orders.  Fills @pool_take (per
 * commander, LB_MAX_CMDRS) and returns the Orders taken from pools;
 * @from_orders gets the general Orders. */
static gint
pay_plan (const AciesLbState *s,
          guint64             group,
          gint                zone,
          AciesLbActKind      kind,
          gint                with,
          gint               *pool_take,
          gint               *from_orders)
{
  gint payers[LB_MAX_CMDRS], n_payers, hero = hero_of_group (s, group);
  gint cost = acies_lb_activation_cost (s, group, kind), from_pool = 0;

  memset (pool_take, 0, sizeof (gint) * LB_MAX_CMDRS);
  pool_orders (s, zone, hero >= 0 ? hero : with, payers, &n_payers);
  for (gint p = 0; p < n_payers && cost > 0; p++)
    {
      gint take = MIN (cost, s->cmdrs[payers[p]].act_pool);

      pool_take[payers[p]] = take;
      cost -= take;
      from_pool += take;
    }
  *from_orders = cost;
  return from_pool;
}

/* " (1 from Hannibal’s pool, 1 general Order)", " (from Hannibal’s
 * pool)", or "" when no pool pays. */
static void
append_payment (GString            *text,
                const AciesLbState *s,
                const gint         *pool_take,
                gint                from_pool,
                gint                from_orders)
{
  gboolean first = TRUE;

  if (from_pool == 0)
    return;
  g_string_append (text, " (");
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      if (pool_take[c] == 0)
        continue;
      if (!first)
        g_string_append (text, ", ");
      if (from_orders == 0 && from_pool == pool_take[c])
        g_string_append_printf (text, _("from %s’s pool"), cmdr_name (s, c));
      else
        g_string_append_printf (text, _("%d from %s’s pool"), pool_take[c], cmdr_name (s, c));
      first = FALSE;
    }
  if (from_orders > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %d general Order", ", %d general Orders",
                                               from_orders), from_orders);
  g_string_append (text, ")");
}

/**
 * acies_lb_describe_action:
 * @s: the state the action is taken in
 * @a: an action of this ruleset
 *
 * An action in a player's words, with names for units, commanders and
 * zones ("Attack with Legio 3, half size, 1 attack bonus"), for buttons,
 * prompts and the log (the ruleset interface's describe_action).
 *
 * Returns: (transfer full) (nullable): the sentence, or %NULL for the
 *   generic one
 */
char *
acies_lb_describe_action (const AciesLbState *s,
                          const AciesAction  *a)
{
  static const char * const kind_words[] = {
    N_("standard activation"), N_("turn only"), N_("double move"), N_("triple move")
  };
  static const char * const facing_words[] = { N_("north"), N_("east"), N_("south"), N_("west") };
#define UNIT_OK(i) ((i) >= 0 && (i) < s->n_units)
#define CMDR_OK(i) ((i) >= 0 && (i) < s->n_cmdrs)
#define ZONE_OK(i) ((i) >= 0 && (i) < LB_ZONES)

  switch (a->type)
    {
    case LB_A_END_TURN:                                        /* 4.1.2 */
      {
        gint left = s->sides[s->base.active_side].orders;

        if (left <= 0)
          return g_strdup (_("End the player-turn"));
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "End the player-turn: %d Order unspent is lost (LB 4.1.2)",
                                             "End the player-turn: %d Orders unspent are lost (LB 4.1.2)", left),
                                left);
      }
    case LB_A_SWAP:                                            /* 8.9 */
      return g_strdup (a->args[0] ? _("Swap the turn order from now on") : _("Keep the turn order"));
    case LB_A_CHOOSE_CMDR:                                     /* 8.8.3 */
      return CMDR_OK (a->args[0]) ? g_strdup_printf (_("Choose %s"), cmdr_name (s, a->args[0])) : NULL;
    case LB_A_SELECT:                                          /* 4.2 */
      return UNIT_OK (a->args[0]) ? g_strdup_printf (_("Add %s to the group"), acies_lb_unit_name (s, a->args[0])) : NULL;
    case LB_A_ACTIVATE:                                        /* 4.2.4, 4.4 */
      {
        gint kind = a->args[0];
        GString *text;

        if (kind < 0 || kind > LB_ACT_TRIPLE)
          return NULL;
        gint cost = acies_lb_activation_cost (s, s->selection, (AciesLbActKind) kind);
        gint pool_take[LB_MAX_CMDRS], from_orders, from_pool;

        if (s->selection == 0)
          return NULL;
        from_pool = pay_plan (s, s->selection, s->sel_zone, (AciesLbActKind) kind,
                              CMDR_OK (a->args[1]) ? a->args[1] : -1, pool_take, &from_orders);
        text = g_string_new (NULL);
        g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Activate the group: %s, %d Order",
                                            "Activate the group: %s, %d Orders", cost),
                         g_dgettext (GETTEXT_PACKAGE, kind_words[kind]), cost);
        /* LB 8.3.2: the pool pays first, whichever is chosen: say so. */
        append_payment (text, s, pool_take, from_pool, from_orders);
        if (CMDR_OK (a->args[1]))
          g_string_append_printf (text, _("; %s goes with it (LB 8.2)"), cmdr_name (s, a->args[1]));
        return g_string_free (text, FALSE);
      }
    case LB_A_STRATEGIST:                                      /* 8.2 */
      if (!CMDR_OK (a->args[0]))
        return NULL;
      if (ZONE_OK (a->args[1]))
        return g_strdup_printf (_("Move %s to %s"), cmdr_name (s, a->args[0]), acies_lb_zone_name (s, a->args[1], a->player));
      return g_strdup_printf (_("Move %s"), cmdr_name (s, a->args[0]));
    case LB_A_DEPLOY:                                          /* 3.3.2 */
      if (!ZONE_OK (a->args[0]) || a->args[1] < 0 || a->args[1] > 3)
        return NULL;
      return g_strdup_printf (_("Deploy the group in %s, facing %s"), acies_lb_zone_name (s, a->args[0], a->player),
                              g_dgettext (GETTEXT_PACKAGE, facing_words[a->args[1]]));
    case LB_A_MOVE:                                            /* 5.2.2 */
    case LB_A_ATTACK:                                          /* 6.1 */
      {
        gint from = group_zone (s), to = from >= 0 ? acies_lb_neighbour (from, group_facing (s)) : LB_NONE;

        if (s->phase != LB_PH_ACT || !ZONE_OK (to))
          return NULL;
        if (a->type == LB_A_MOVE)
          return g_strdup_printf (_("Move forward to %s"), acies_lb_zone_name (s, to, a->player));
        return g_strdup_printf (_("Attack %s"), acies_lb_zone_name (s, to, a->player));
      }
    case LB_A_TURN:                                            /* 5.2.3 */
      if (a->args[0] < 0 || a->args[0] > 3)
        return NULL;
      return g_strdup_printf (_("Turn to face %s"), g_dgettext (GETTEXT_PACKAGE, facing_words[a->args[0]]));
    case LB_A_ATTACK_WITH:                                     /* 6.4.1, 4.4.4, 6.3 */
      {
        GString *text;

        if (!UNIT_OK (a->args[0]))
          return NULL;
        text = g_string_new (NULL);
        g_string_printf (text, _("Attack with %s"), acies_lb_unit_name (s, a->args[0]));
        if (a->args[1])
          g_string_append (text, _(", half size"));
        if (a->args[2] > 0)
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %d attack bonus", ", %d attack bonuses",
                                                     a->args[2]), a->args[2]);
        if (UNIT_OK (a->args[3]))
          g_string_append_printf (text, _(", supported by %s"), acies_lb_unit_name (s, a->args[3]));
        return g_string_free (text, FALSE);
      }
    case LB_A_DECISIVE:                                        /* 6.7 */
      return g_strdup (a->args[0] ? _("Attack decisively") : _("Do not attack decisively"));
    case LB_A_SECOND_HIT:                                      /* 6.6.2 */
      return UNIT_OK (a->args[0]) ? g_strdup_printf (_("%s takes the second hit"), acies_lb_unit_name (s, a->args[0])) : NULL;
    case LB_A_RECOVER:                                         /* 8.6 */
      if (CMDR_OK (a->args[0]))
        return g_strdup_printf (_("%s tries to remove the hit"), cmdr_name (s, a->args[0]));
      return g_strdup (_("No recovery attempt"));
    case LB_A_LEAD:                                            /* 6.4 */
      return UNIT_OK (a->args[0]) ? g_strdup_printf (_("%s is the lead unit"), acies_lb_unit_name (s, a->args[0])) : NULL;
    case LB_A_PURSUE:                                          /* 6.9 */
      if (!UNIT_OK (a->args[0]))
        return NULL;
      if (s->phase == LB_PH_PURSUIT && ZONE_OK (s->atk.to))
        return g_strdup_printf (_("%s pursues into %s"), acies_lb_unit_name (s, a->args[0]),
                                acies_lb_zone_name (s, s->atk.to, a->player));
      return g_strdup_printf (_("%s pursues"), acies_lb_unit_name (s, a->args[0]));
    case LB_A_BEGIN_TURN:                                      /* 3.1, 10.3, 10.4 */
      return g_strdup_printf (_("Begin turn %u"), s->base.turn);
    default:
      return NULL;
    }
#undef UNIT_OK
#undef CMDR_OK
#undef ZONE_OK
}

/* Legal actions are gathered in a buffer and appended to the caller's
 * array in blocks (one g_array_append_vals() rather than one per action). */
#define LB_OUT_BUF 64

typedef struct
{
  GArray     *array;
  guint       n;
  AciesAction buf[LB_OUT_BUF];
} AciesLbOut;

static void
out_flush (AciesLbOut *out)
{
  if (out->n > 0)
    g_array_append_vals (out->array, out->buf, out->n);
  out->n = 0;
}

/* Inlined: a random playout stores tens of thousands of actions a game. */
G_ALWAYS_INLINE static inline void
add (AciesLbOut *out,
     gint        type,
     gint        player,
     gint        a0,
     gint        a1,
     gint        a2,
     gint        a3)
{
  if (out->n == LB_OUT_BUF)
    out_flush (out);
  /* As acies_action_init() and four arguments, in one store: hot. */
  G_STATIC_ASSERT (ACIES_ACTION_MAX_ARGS == 8);
  out->buf[out->n++] = (AciesAction) { .type = type, .player = player,
                                       .args = { a0, a1, a2, a3, -1, -1, -1, -1 } };
}

static gint
roll2 (AciesDice  *dice,
       const char *purpose)
{
  gint a = acies_dice_roll_or_abort (dice, 6, 1, purpose);
  gint b = acies_dice_roll_or_abort (dice, 6, 1, purpose);

  return a + b;
}

/* Groups. */

#define FOR_BITS(i, mask) \
  for (guint64 _m = (mask); _m != 0 && ((i) = __builtin_ctzll (_m), TRUE); _m &= _m - 1)

static gint
group_facing (const AciesLbState *s)
{
  gint i;

  FOR_BITS (i, s->act.group)
    if (acies_lb_present (&s->units[i]))
      return s->units[i].facing;
  return 0;
}

static gint
group_zone (const AciesLbState *s)
{
  gint i;

  FOR_BITS (i, s->act.group)
    if (acies_lb_present (&s->units[i]))
      return s->units[i].zone;
  return LB_NONE;
}

static guint64
live_group (const AciesLbState *s)
{
  guint64 g = 0;
  gint i;

  FOR_BITS (i, s->act.group)
    if (acies_lb_present (&s->units[i]))
      g |= BIT (i);
  return g;
}

static gint
group_load (const AciesLbState *s,
            guint64             group)
{
  gint load = 0, i;

  FOR_BITS (i, group)
    if (acies_lb_present (&s->units[i]))
      load += acies_lb_unit_load (&s->units[i]);
  return load;
}

static gint
cmdr_in_zone (const AciesLbState *s,
              gint                zone,
              gint                side)
{
  for (gint c = 0; c < s->n_cmdrs; c++)
    if (s->cmdrs[c].side == side && acies_lb_cmdr_zone (s, c) == zone && zone >= 0)
      return c;
  return LB_NONE;
}

/* Removal, commanders, the end. */

static void
cmdr_lost (AciesLbState *s,
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
                    "%s is %s (%s)", cmdr_name (s, c), killed ? "killed" : "lost", why);
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
        cmdr_lost (s, c, FALSE, events, "LB 8.2", "no friendly unit is left in his zone");
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
  static const char *what[] = { "fresh", "disordered", "Shattered", "withdrawn", "fled" };

  if (!acies_lb_present (x))
    return;
  x->status = status;
  x->lead = 0;
  x->zone = LB_OFF;
  acies_lb_recount (s);
  if (status == LB_SHATTERED)
    s->sides[x->side].shattered++;
  acies_events_add (events, "removed", rule, x->side, "%s is %s", acies_lb_unit_name (s, u), what[status]);
  if (x->hero >= 0)
    cmdr_lost (s, x->hero, FALSE, events, "LB 8.1", "his bodyguard left the field");
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
    s->base.end_reason = g_strdup_printf ("%s; %d–%d victory points: a draw (LB 11.3)",
                                          reason, s->vp[0], s->vp[1]);
  else
    s->base.end_reason = g_strdup_printf ("%s; %d–%d victory points: %s for %s (LB 11.3)",
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
            cmdr_lost (s, c, FALSE, events, "LB 11.1", "his army has collapsed");
        reason = g_strdup_printf ("%s: fewer than %d units left (LB 11.1)", acies_lb_side_name (s, side), min);
        acies_lb_finish (s, events, reason);
        return;
      }
}

/* LB 3.4.6, 2.3.2: the enemy enters a central rear zone or camp. */
static void
entered_zone (AciesLbState *s,
              gint          side,
              gint          zone,
              GPtrArray    *events)
{
  gint enemy = 1 - side;

  if (s->camp_of[zone] == enemy && !s->sides[enemy].camp_captured)
    {
      s->sides[enemy].camp_captured = 1;
      acies_events_add (events, "camp-captured", "LB 2.3.2", side, "%s: the camp of the %s is captured",
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
          cmdr_lost (s, c, FALSE, events, "LB 3.4.6", "withdrawn with the undeployed units");
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
static void
turn_rolls (AciesLbState *s,
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
      acies_events_add (events, "dust", "LB 10.3", -1, "Dust: rolled %d; first to move this turn: %s", d,
                        acies_lb_side_name (s, s->order[0]));
    }
  if (s->weather != 0 && s->base.turn > 1)
    {
      gint d = acies_dice_roll_or_abort (dice, 6, 1, "weather");

      if (d == 6)
        s->weather = s->weather == 2 ? 1 : 2;
      acies_events_add (events, "weather", "LB 10.4", -1, "Weather: rolled %d, the weather is %s", d,
                        s->weather == 2 ? "wet" : "overcast");
    }
  s->pt_in_turn = 0;
  start_player_turn (s, dice, events);
}

static void
start_turn (AciesLbState *s,
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
  acies_events_add (events, "turn", "LB 3.1", -1, "Turn %u", s->base.turn);
  for (gint side = 0; side < 2; side++)
    s->sides[side].deployed_this_turn = 0;
  swapper = swap_side (s);
  if (swapper >= 0)
    {
      acies_lb_set_phase (s, LB_PH_SWAP);
      s->base.active_side = s->base.deciding_side = swapper;
      return;
    }
  turn_rolls (s, dice, events);
}

static void
await_roll (AciesLbState *s)
{
  acies_lb_set_phase (s, LB_PH_ROLL);
  s->base.deciding_side = s->base.active_side;
}

static void
roll_orders (AciesLbState *s,
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
  die = (s->dust || s->weather == 2) ? g_strdup_printf ("%d halved to %d", d, (d + 1) / 2)
                                     : g_strdup_printf ("%d", d);
  acies_events_add (events, "orders", "LB 4.1.1", side,
                    "%s: Orders roll %s + %d for Fighting Value %d = %d Order%s",
                    acies_lb_side_name (s, side), die,
                    acies_lb_orders_fv (s, side) / 10, acies_lb_orders_fv (s, side), s->sides[side].orders,
                    s->sides[side].orders == 1 ? "" : "s");
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
  acies_events_add (events, "player-turn", "LB 3.2", side, "Player-turn of the %s", acies_lb_side_name (s, side));
  if (cmdrs_adjacent (s, side, &a, &b))
    {
      acies_lb_set_phase (s, LB_PH_CMDR_CHOICE);
      return;
    }
  await_roll (s);
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

/* What LB 6.8.3 and 9.5-e need to know about @side's units in @zone. */
typedef struct
{
  gboolean sch;            /* scythed chariots there (9.5-e) */
  gboolean other;          /* a unit other than Disordered LI */
  gboolean dli;            /* a Disordered LI */
  gboolean enemy_facing[4];/* the enemy in the zone in direction d faces @zone */
} LeadZone;

static void
lead_zone_scan (const AciesLbState *s,
                gint                zone,
                gint                side,
                LeadZone           *lz)
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

static gboolean
lead_ok (const AciesLbState *s,
         gint                unit,
         const LeadZone     *lz)
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
static gboolean
lead_candidate (const AciesLbState *s,
                gint                unit)
{
  LeadZone lz;

  lead_zone_scan (s, s->units[unit].zone, s->units[unit].side, &lz);
  return lead_ok (s, unit, &lz);
}

static gint
lead_candidates (const AciesLbState *s,
                 gint                zone,
                 gint                side,
                 gint               *first)
{
  gint n = 0;
  LeadZone lz;

  *first = LB_NONE;
  lead_zone_scan (s, zone, side, &lz);
  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].zone == zone && s->units[i].side == side && acies_lb_present (&s->units[i])
        && lead_ok (s, i, &lz))
      {
        if (n++ == 0)
          *first = i;
      }
  return n;
}

static void
set_lead (AciesLbState *s,
          gint          unit,
          GPtrArray    *events,
          const char   *rule)
{
  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].zone == s->units[unit].zone && s->units[i].side == s->units[unit].side)
      s->units[i].lead = 0;
  s->units[unit].lead = 1;
  acies_events_add (events, "lead", rule, s->units[unit].side, "%s is the lead unit in %s",
                    acies_lb_unit_name (s, unit), acies_lb_zone_name (s, s->units[unit].zone, s->units[unit].side));
}

/* Chooses leads automatically where there is one candidate; returns the
 * zones in @mask still needing a choice by @side. */
static guint32
settle_leads (AciesLbState *s,
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
      n = lead_candidates (s, z, side, &first);
      if (n == 1)
        set_lead (s, first, events, rule);
      else if (n > 1)
        left |= 1u << z;
    }
  return left;
}

static void end_player_turn (AciesLbState *s, AciesDice *dice, GPtrArray *events);

/* LB 3.2.3: leads for the active side's zones without one. */
static void
begin_leads (AciesLbState *s,
             AciesDice    *dice,
             GPtrArray    *events)
{
  gint side = s->base.active_side;
  guint32 mask = 0;

  for (gint i = 0; i < s->n_units; i++)
    if (s->units[i].side == side && acies_lb_on_field (&s->units[i]))
      mask |= 1u << s->units[i].zone;
  s->relead = settle_leads (s, mask, side, TRUE, events, "LB 3.2.3");
  if (s->relead != 0)
    {
      acies_lb_set_phase (s, LB_PH_LEADS);
      return;
    }
  end_player_turn (s, dice, events);
}

static void
end_player_turn (AciesLbState *s,
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
        cmdr_lost (s, c, FALSE, events, "LB 8.2", "he ends the player-turn alone in a zone");
      else if (k->zone < 0 && !undeployed_units)
        cmdr_lost (s, c, FALSE, events, "LB 8.2", "no friendly unit remains undeployed");
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
      start_turn (s, dice, events);
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
  start_turn (s, dice, events);
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
  start_turn (s, NULL, NULL);
}

/* Activation (LB 4.2–4.4, 8.3). */

static gboolean
selectable (const AciesLbState *s,
            gint                i,
            gint                zone,
            gboolean            first)
{
  const AciesLbUnit *u = &s->units[i];

  if (u->side != s->base.active_side || !acies_lb_present (u) || u->activated)
    return FALSE;
  if (!first && u->zone != zone)
    return FALSE;
  return TRUE;
}

/* Orders from commanders' pools usable for a group from @zone with the
 * accompanying commander @with (LB 8.3, 8.8.2, LB-G28). */
static gint
pool_orders (const AciesLbState *s,
             gint                zone,
             gint                with,
             gint               *payers,
             gint               *n_payers)
{
  gint total = 0, n = 0;

  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      const AciesLbCmdr *k = &s->cmdrs[c];

      if (k->side != s->base.active_side || k->act_pool == 0 || !acies_lb_cmdr_can_use (s, c))
        continue;
      if (acies_lb_cmdr_zone (s, c) != zone)
        continue;
      if (zone >= 0 && k->activated && c != with)
        continue;
      if (zone < 0 && k->activated && c != with)
        continue;
      total += k->act_pool;
      if (payers != NULL)
        payers[n++] = c;
    }
  if (n_payers != NULL)
    *n_payers = n;
  return total;
}

static gint
hero_of_group (const AciesLbState *s,
               guint64             group)
{
  gint i;

  FOR_BITS (i, group)
    if (s->units[i].hero >= 0 && s->cmdrs[s->units[i].hero].status == LB_CMDR_PRESENT)
      return s->units[i].hero;
  return LB_NONE;
}

/* LB 10.1: units a surprised army may still deploy this turn. */
static gint
deploy_weight (const AciesLbState *s,
               guint64             group)
{
  gint w = 0, i;

  FOR_BITS (i, group)
      w += (s->base.turn == 1 && (s->units[i].type == LB_HI || s->units[i].type == LB_EL)) ? 2 : 1;
  return w;
}

static gboolean
activation_ok (const AciesLbState *s,
               guint64             group,
               gint                zone,
               AciesLbActKind      kind,
               gint                with)
{
  gint n = acies_lb_popcount (group), first = __builtin_ctzll (group);
  gint cost, hero = hero_of_group (s, group);

  if (kind == LB_ACT_DOUBLE && n != 1)
    return FALSE;
  if (kind == LB_ACT_TRIPLE && (n != 1 || s->units[first].cls != LB_VETERAN || s->units[first].sub != LB_SUB_LE))
    return FALSE;
  if (kind == LB_ACT_TURN_ONLY)
    {
      if (zone < 0 || n < 2)
        return FALSE;
      for (gint i = 0; i < s->n_units; i++)   /* 5.1.2: only whole zones may turn in place */
        if (s->units[i].zone == zone && s->units[i].side == s->base.active_side
            && acies_lb_present (&s->units[i]) && !IN (group, i))
          return FALSE;
    }
  if (with >= 0)
    {
      const AciesLbCmdr *k = &s->cmdrs[with];

      if (k->hero || k->activated || k->status != LB_CMDR_PRESENT || k->side != s->base.active_side
          || k->zone != zone || hero >= 0)
        return FALSE;                          /* 8.2, 8.8.1 */
    }
  if (zone < 0 && s->sides[s->base.active_side].surprised
      && s->sides[s->base.active_side].deployed_this_turn + deploy_weight (s, group) > 4)
    return FALSE;                              /* 10.1 */
  cost = acies_lb_activation_cost (s, group, kind);
  return cost <= s->sides[s->base.active_side].orders
                 + pool_orders (s, zone, with >= 0 ? with : hero, NULL, NULL);
}

static void
do_activate (AciesLbState   *s,
             AciesLbActKind  kind,
             gint            with,
             GPtrArray      *events)
{
  guint64 group = s->selection;
  gint zone = s->sel_zone, cost = acies_lb_activation_cost (s, group, kind);
  gint pool_take[LB_MAX_CMDRS], from_orders, hero = hero_of_group (s, group), from_pool;
  g_autoptr(GString) paid = events != NULL ? g_string_new (NULL) : NULL;
  AciesLbActivation *act = &s->act;
  gint side = s->base.active_side;

  memset (act, 0, sizeof *act);
  act->kind = kind;
  act->zone = zone;
  act->group = group;
  act->cmdr = hero >= 0 ? hero : with;
  act->in_start_zone = TRUE;
  act->attack_cap = kind == LB_ACT_TURN_ONLY ? 1 : 99;

  /* 8.3.2: pools first (the plan reads the state before any change). */
  from_pool = pay_plan (s, group, zone, kind, with, pool_take, &from_orders);
  if (paid != NULL)
    append_payment (paid, s, pool_take, from_pool, from_orders);
  for (gint c = 0; c < s->n_cmdrs; c++)
    s->cmdrs[c].act_pool -= pool_take[c];
  s->sides[side].orders -= from_orders;
  if (act->cmdr >= 0)
    s->cmdrs[act->cmdr].activated = 1;
  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (!IN (group, i))
        {
          if (zone >= 0 && u->zone == zone && u->side == side && acies_lb_present (u))
            act->partial = TRUE;
          continue;
        }
      u->activated = 1;
      if (kind == LB_ACT_DOUBLE || kind == LB_ACT_TRIPLE)
        u->double_moved = 1;
      act->mv[i] = acies_lb_base_movements (u, kind);
      act->free_turns[i] = u->type == LB_LI ? 1 : u->type == LB_LC ? 2 : 0;   /* 5.3 */
      if (kind == LB_ACT_DOUBLE && zone < 0 && u->type == LB_LI && u->cls != LB_VETERAN)
        act->free_turns[i] = 0;                                               /* 4.4.3 */
      act->free180[i] = zone >= 0 && acies_lb_free_180 (s, i);                      /* 5.3-d */
      act->free_attack[i] = zone >= 0 && acies_lb_free_attack_turn (s, i);
    }
  s->selection = 0;
  acies_lb_set_phase (s, LB_PH_ACT);
  if (events == NULL)
    return;
  {
    g_autofree char *names = acies_lb_group_names (s, group);
    g_autofree char *where = zone >= 0 ? g_strdup_printf (_(" in %s"), acies_lb_zone_name (s, zone, side))
                                       : g_strdup (_(", off the field,"));
    static const char * const kind_words[] = { "", " (turn only)", " (double move)", " (triple move)" };

    /* "Romans: Legio 1 and Legio 2 in A1 Centre activated for 1 Order";
     * "Romans: Roman equites, off the field, activated for 2 Orders". */
    acies_events_add (events, "activate", kind == LB_ACT_STD ? "LB 4.2.4" : kind == LB_ACT_TURN_ONLY
                      ? "LB 4.2.5" : kind == LB_ACT_DOUBLE ? "LB 4.4.1" : "LB 9.3", side,
                      "%s: %s%s activated%s for %d Order%s%s%s%s",
                      acies_lb_side_name (s, side), names, where, kind_words[kind],
                      cost, cost == 1 ? "" : "s", paid->str,
                      act->cmdr >= 0 ? " with " : "", act->cmdr >= 0 ? cmdr_name (s, act->cmdr) : "");
  }
}

/* Movement (LB 5). */

static void     do_turn  (AciesLbState *s, gint dir, GPtrArray *events);
static gboolean can_move (const AciesLbState *s);

/* Cost of turning to @dir for unit @i, or -1 (5.2.3, 5.3). */
static gint
turn_cost (const AciesLbState *s,
           gint                i,
           gint                dir,
           gboolean           *used_attack)
{
  const AciesLbUnit *u = &s->units[i];
  gint front = acies_lb_neighbour (u->zone, dir);

  *used_attack = FALSE;
  if (s->act.in_start_zone && s->act.free180[i] && dir == (u->facing + 2) % 4)
    return 0;
  if (s->act.in_start_zone && s->act.free_attack[i] && acies_lb_enemy_in (s, front, u->side))
    {
      *used_attack = TRUE;
      return 0;
    }
  if (s->act.free_turns[i] > 0)
    return 0;
  return 1;
}

/* What do_turn (@dir) then can_move () would answer, without a copy of the
 * state, for a group without scythed chariots (5.1.2: turn, then leave). */
static gboolean
turn_then_move_ok (const AciesLbState *s,
                   gint                dir)
{
  gint side = s->base.active_side, z = group_zone (s), to, zf, i;
  guint64 g = live_group (s);
  gint mv[LB_MAX_UNITS], ft[LB_MAX_UNITS];
  gboolean no_more = s->act.no_move_more;

  FOR_BITS (i, g)
    {
      gboolean ua;
      gint cost = turn_cost (s, i, dir, &ua);

      mv[i] = s->act.mv[i] - cost;
      ft[i] = s->act.free_turns[i];
      if (cost == 0 && !(s->act.in_start_zone && s->act.free180[i] && dir == (s->units[i].facing + 2) % 4)
          && !ua)
        ft[i]--;
      if (ua)
        no_more = TRUE;
    }
  if (z < 0 || s->act.stop || no_more || s->act.kind == LB_ACT_TURN_ONLY || g == 0)
    return FALSE;
  to = acies_lb_neighbour (z, dir);
  if (to < 0 || (s->terrain[to] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, to, side))
    return FALSE;
  if (s->act.deployed && acies_lb_half_of (to) != side)
    return FALSE;
  if (acies_lb_zone_load (s, to, side) + group_load (s, g) > acies_lb_zone_capacity (s, to))
    return FALSE;
  if (s->act.cmdr >= 0)
    {
      gint other = cmdr_in_zone (s, to, side);

      if (other >= 0 && other != s->act.cmdr)
        return FALSE;
    }
  zf = acies_lb_zone_facing (s, to, side, g);
  FOR_BITS (i, g)
    {
      gint cost = acies_lb_enter_cost (s, i, to, FALSE);

      if (zf >= 0 && zf != dir && ft[i] == 0)
        cost++;
      if (cost > mv[i])
        return FALSE;
    }
  return TRUE;
}

static gboolean
can_turn (const AciesLbState *s,
          gint                dir)
{
  gint z = group_zone (s);

  gint i;

  if (dir == group_facing (s) || s->act.must_leave || z < 0)
    return FALSE;
  FOR_BITS (i, live_group (s))
    {
      gboolean ua;

      if (s->units[i].sub != LB_SUB_SCH && turn_cost (s, i, dir, &ua) > s->act.mv[i])
        return FALSE;                            /* 5.6.2 */
    }
  if (acies_lb_zone_load (s, z, s->base.active_side) > group_load (s, live_group (s)) && !s->act.in_start_zone)
    return FALSE;                                /* 5.1.1: one facing per zone */
  if (s->act.partial && s->act.in_start_zone)   /* 5.1.2: turn, then leave at once */
    {
      gint to = acies_lb_neighbour (z, dir);
      AciesLbState *t;

      if (to < 0 || acies_lb_enemy_in (s, to, s->base.active_side) || (s->terrain[to] & LB_T_IMPASSABLE)
          || s->act.kind == LB_ACT_TURN_ONLY)
        return FALSE;
      gint i;

      FOR_BITS (i, live_group (s))
        if (s->units[i].sub == LB_SUB_SCH)       /* it would be removed: simulate */
          {
            AciesLbState copy;                         /* plain data (acies-lb-private.h) */
            gboolean ok;

            t = &copy;
            memcpy (t, s, sizeof copy);
            do_turn (t, dir, NULL);
            ok = can_move (t) && !t->base.finished;
            if (t->base.end_reason != s->base.end_reason)
              g_free (t->base.end_reason);
            return ok;
          }
      return turn_then_move_ok (s, dir);
    }
  return TRUE;
}

static void
do_turn (AciesLbState *s,
         gint          dir,
         GPtrArray    *events)
{
  gint z = group_zone (s);

  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];
      gboolean ua;
      gint cost;

      if (!IN (s->act.group, i) || !acies_lb_present (u))
        continue;
      if (u->sub == LB_SUB_SCH)
        {
          acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 9.5");    /* 9.5-b */
          continue;
        }
      cost = turn_cost (s, i, dir, &ua);
      if (cost == 0 && !(s->act.in_start_zone && s->act.free180[i] && dir == (u->facing + 2) % 4) && !ua)
        s->act.free_turns[i]--;
      if (ua)
        s->act.no_move_more = TRUE;              /* 5.3: the turn is to attack from here */
      s->act.mv[i] -= cost;
      s->act.free180[i] = s->act.free_attack[i] = 0;
      u->facing = dir;
      u->turned = 1;
    }
  s->act.turned = TRUE;
  if (s->act.partial && s->act.in_start_zone)
    s->act.must_leave = TRUE;
  if (events != NULL)
    {
      guint64 g = live_group (s);
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "turn", "LB 5.2.3", s->base.active_side, "%s in %s turn%s to face %s",
                        names, acies_lb_zone_name (s, z, s->base.active_side), acies_lb_popcount (g) == 1 ? "s" : "",
                        dir_names[dir]);
    }
  acies_lb_check_end (s, events);
}

static gboolean
can_move (const AciesLbState *s)
{
  gint side = s->base.active_side, z = group_zone (s), f = group_facing (s), to, zf;
  guint64 g = live_group (s);

  if (z < 0 || s->act.stop || s->act.no_move_more || s->act.kind == LB_ACT_TURN_ONLY || g == 0)
    return FALSE;
  to = acies_lb_neighbour (z, f);
  if (to < 0 || (s->terrain[to] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, to, side))
    return FALSE;                                /* 2.2.4, 5.5.1 */
  if (s->act.deployed && acies_lb_half_of (to) != side)
    return FALSE;                                /* 3.4.4 */
  if (acies_lb_zone_load (s, to, side) + group_load (s, g) > acies_lb_zone_capacity (s, to))
    return FALSE;                                /* 5.5.3 */
  if (s->act.cmdr >= 0)
    {
      gint other = cmdr_in_zone (s, to, side);

      if (other >= 0 && other != s->act.cmdr)
        return FALSE;                            /* 8.8.1 */
    }
  zf = acies_lb_zone_facing (s, to, side, g);
  for (gint i = 0; i < s->n_units; i++)
    {
      gint cost;

      if (!IN (g, i))
        continue;
      cost = acies_lb_enter_cost (s, i, to, FALSE);
      if (zf >= 0 && zf != f && s->units[i].sub != LB_SUB_SCH && s->act.free_turns[i] == 0)
        cost++;                                  /* 5.1.1, 5.5.2: turn to match */
      if (cost > s->act.mv[i])
        return FALSE;                            /* 5.6.2 */
    }
  return TRUE;
}

static void
do_move (AciesLbState *s,
         GPtrArray    *events)
{
  gint side = s->base.active_side, z = group_zone (s), f = group_facing (s);
  gint to = acies_lb_neighbour (z, f);
  guint64 g = live_group (s);
  gint zf = acies_lb_zone_facing (s, to, side, g);

  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (!IN (g, i))
        continue;
      s->act.mv[i] -= acies_lb_enter_cost (s, i, to, FALSE);
      u->zone = to;
      u->entered_pt = s->pt;
      if (zf >= 0)
        {
          u->entered_friendly = 1;
          if (u->sub == LB_SUB_SCH)
            {
              acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 9.5");   /* 9.5-b */
              continue;
            }
          if (zf != f)
            {
              if (s->act.free_turns[i] > 0)
                s->act.free_turns[i]--;
              else
                s->act.mv[i]--;
              u->facing = zf;
              u->turned = 1;
            }
        }
      s->act.free180[i] = s->act.free_attack[i] = 0;
    }
  acies_lb_recount (s);
  if (s->act.cmdr >= 0 && !s->cmdrs[s->act.cmdr].hero)
    s->cmdrs[s->act.cmdr].zone = to;
  s->act.moved = TRUE;
  s->act.in_start_zone = FALSE;
  s->act.must_leave = FALSE;
  if (zf >= 0)
    s->act.stop = TRUE;                          /* 5.5.2 */
  if (s->camp_of[to] >= 0)
    {
      s->act.stop = TRUE;                        /* 5.4.3 */
      s->act.entered_camp = TRUE;
    }
  if (events != NULL)
    {
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "move", "LB 5.2.2", side, "%s move%s from %s to %s", names,
                        acies_lb_popcount (g) == 1 ? "s" : "", acies_lb_zone_name (s, z, side), acies_lb_zone_name (s, to, side));
    }
  entered_zone (s, side, to, events);
  acies_lb_check_end (s, events);
}

/* LB 3.3.2, 3.4.2, 10.1: may the group deploy into @zone facing @dir? */
static gboolean
can_deploy (const AciesLbState *s,
            gint                zone,
            gint                dir)
{
  gint side = s->base.active_side, k = acies_lb_col (zone), zf, i;
  gboolean first_turn_rules = s->base.turn == 1 || s->sides[side].surprised;
  gboolean mounted = TRUE;
  guint64 g;

  if (!acies_lb_is_rear (zone, side))
    return FALSE;
  if (dir != acies_lb_forward (side) && !(k == 1 && dir == 3) && !(k == 3 && dir == 1))
    return FALSE;
  g = live_group (s);
  FOR_BITS (i, g)
    if (!acies_lb_is_mounted (&s->units[i]))
      mounted = FALSE;
  if (first_turn_rules)
    {
      if (dir != acies_lb_forward (side) && !(mounted && ((k == 1 && dir == 3) || (k == 3 && dir == 1))))
        return FALSE;
    }
  else if (zone != acies_lb_central_rear (side) || dir != acies_lb_forward (side))
    return FALSE;
  if ((s->terrain[zone] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, zone, side))
    return FALSE;                                /* 2.2.4, 3.4.3 */
  if (acies_lb_zone_load (s, zone, side) + group_load (s, g) > acies_lb_zone_capacity (s, zone))
    return FALSE;                                /* 3.4.5 */
  zf = acies_lb_zone_facing (s, zone, side, g);
  if (s->act.cmdr >= 0)
    {
      gint other = cmdr_in_zone (s, zone, side);

      if (other >= 0 && other != s->act.cmdr)
        return FALSE;                            /* 8.8.1 */
    }
  for (gint i = 0; i < s->n_units; i++)
    {
      gint cost;

      if (!IN (g, i))
        continue;
      cost = acies_lb_enter_cost (s, i, zone, TRUE);
      /* 5.1.1, 5.5.2: deployed into a friendly zone facing another way, it
       * turns at once to match (a free turn or a movement). */
      if (zf >= 0 && zf != dir && s->units[i].sub != LB_SUB_SCH && s->act.free_turns[i] == 0)
        cost++;
      if (cost > s->act.mv[i])
        return FALSE;
    }
  return TRUE;
}

static void
do_deploy (AciesLbState *s,
           gint          zone,
           gint          dir,
           GPtrArray    *events)
{
  gint side = s->base.active_side;
  guint64 g = live_group (s);
  gboolean friendly = acies_lb_zone_load (s, zone, side) > 0;
  gint zf = acies_lb_zone_facing (s, zone, side, g);

  s->sides[side].deployed_this_turn += deploy_weight (s, g);
  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (!IN (g, i))
        continue;
      s->act.mv[i] -= acies_lb_enter_cost (s, i, zone, TRUE);
      u->zone = zone;
      u->facing = dir;
      if (zf >= 0 && zf != dir && u->sub != LB_SUB_SCH)
        {
          if (s->act.free_turns[i] > 0)          /* 5.5.2: turn to match */
            s->act.free_turns[i]--;
          else
            s->act.mv[i]--;
          u->facing = zf;
          u->turned = 1;
        }
      u->deployed_pt = 1;
      u->entered_pt = s->pt;
      s->act.free180[i] = s->act.free_attack[i] = 0;
      if (friendly && u->sub == LB_SUB_SCH)
        acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 9.5, LB-G33");
    }
  acies_lb_recount (s);
  if (s->act.cmdr >= 0 && !s->cmdrs[s->act.cmdr].hero)
    {
      s->cmdrs[s->act.cmdr].zone = zone;
      s->cmdrs[s->act.cmdr].deployed = 1;
    }
  s->act.deployed = TRUE;
  s->act.in_start_zone = FALSE;
  if (friendly)
    s->act.stop = TRUE;                          /* 3.4.5 */
  if (events != NULL)
    {
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "deploy", "LB 3.3.2", side, "%s enter%s the field in %s facing %s", names,
                        acies_lb_popcount (g) == 1 ? "s" : "", acies_lb_zone_name (s, zone, side), dir_names[dir]);
    }
  acies_lb_check_end (s, events);
}

/* LB 5.7 */
static gboolean
can_leave (const AciesLbState *s)
{
  gint z = group_zone (s);

  if (z < 0 || acies_lb_neighbour (z, group_facing (s)) >= 0 || (s->terrain[z] & LB_T_COAST)
      || s->act.kind == LB_ACT_TURN_ONLY || s->act.must_leave)
    return FALSE;
  for (gint i = 0; i < s->n_units; i++)
    if (IN (s->act.group, i) && acies_lb_present (&s->units[i]) && s->act.mv[i] < 1)
      return FALSE;
  return TRUE;
}

static void end_activation (AciesLbState *s, GPtrArray *events);

static void
do_leave (AciesLbState *s,
          GPtrArray    *events)
{
  for (gint i = 0; i < s->n_units; i++)
    if (IN (s->act.group, i) && acies_lb_present (&s->units[i]))
      acies_lb_remove_unit (s, i, s->units[i].status == LB_FRESH ? LB_WITHDRAWN : LB_FLED, events, "LB 5.7");
  if (s->act.cmdr >= 0)
    cmdr_lost (s, s->act.cmdr, FALSE, events, "LB 5.7", "he left the battlefield");
  acies_lb_check_end (s, events);
  if (!s->base.finished)
    end_activation (s, events);
}

/* Attacks (LB 6). */

static gboolean
can_attack (const AciesLbState *s)
{
  gint side = s->base.active_side, z = group_zone (s), f = group_facing (s), to;
  guint64 g = live_group (s);

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

static void
do_attack (AciesLbState *s,
           GPtrArray    *events)
{
  gint side = s->base.active_side, z = group_zone (s), to = acies_lb_neighbour (z, group_facing (s));
  guint64 g = live_group (s);

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

      acies_events_add (events, "attack", "LB 6.1", side, "%s in %s attack%s %s (limit %g units)", names,
                        acies_lb_zone_name (s, z, side), acies_lb_popcount (g) == 1 ? "s" : "", acies_lb_zone_name (s, to, side),
                        s->atk.limit2 / 4.0);
    }
}

/* Size ×4 of @i as the next attacker. */
static gint
size4 (const AciesLbState *s,
       gint                i)
{
  return acies_lb_size2 (s, i, s->atk.n_attacks == 0) * 2;
}

static gboolean
attacker_ok (const AciesLbState *s,
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
  sz = size4 (s, i);
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

static gint
bonus_pool (const AciesLbState *s)
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
         && bonus_pool (s) >= 2 * acies_lb_bonus_cost (s, i, lead);
}

static void
attack_options (const AciesLbState *s,
                AciesLbOut         *out)
{
  gint player = s->base.active_side;
  gint dl = acies_lb_lead_of (s, s->atk.to);

  for (gint i = 0; i < s->n_units; i++)
    {
      gboolean half, lead;
      gint cost, avail, max_bonus;

      if (!attacker_ok (s, i, &half))
        continue;
      lead = attacker_is_lead (s, i);
      cost = acies_lb_bonus_cost (s, i, lead);
      avail = s->sides[player].orders + bonus_pool (s);
      if (forced_double (s, i, lead))
        {
          add (out, LB_A_ATTACK_WITH, player, i, half, 2, -1);
          continue;
        }
      max_bonus = avail >= cost ? 1 : 0;
      for (gint b = 0; b <= max_bonus; b++)
        {
          const AciesLbUnit *u = &s->units[i];

          add (out, LB_A_ATTACK_WITH, player, i, half, b, -1);
          if (!lead && u->cls == LB_AVERAGE && (u->sub == LB_SUB_HO || u->sub == LB_SUB_PH)
              && dl >= 0 && s->units[dl].type == LB_HI)
            for (gint j = 0; j < s->n_units; j++)   /* 6.5-m08 */
              {
                const AciesLbUnit *v = &s->units[j];

                if (j != i && IN (s->act.group, j) && v->zone == s->atk.from && v->status == LB_FRESH
                    && v->cls == LB_AVERAGE && v->sub == u->sub && !v->attacked && !v->supporting)
                  add (out, LB_A_ATTACK_WITH, player, i, half, b, j);
              }
        }
    }
}

static void after_attacker (AciesLbState *s, AciesDice *dice, GPtrArray *events);
static void hits_continue (AciesLbState *s, AciesDice *dice, GPtrArray *events);

static void
begin_hits (AciesLbState *s,
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
                        "%s makes a decisive attack and becomes Disordered", acies_lb_unit_name (s, a));
    }
  acies_events_add (events, "hits", atk->n_hits > 1 ? "LB 6.6.2" : "LB 6.6.1", s->base.active_side,
                    "%d hit%s on %s", atk->n_hits, atk->n_hits == 1 ? "" : "s", acies_lb_zone_name (s, atk->to, 0));
  atk->hit_idx = 0;
  atk->recipient = LB_NONE;
  hits_continue (s, dice, events);
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

  atk->used2 += half ? size4 (s, i) / 2 : size4 (s, i);
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
    set_lead (s, i, events, "LB 6.4.1");
  atk->attacker_lead = lead;

  /* 4.4.4, 8.4: bonuses, commander's bonus pool first. */
  cost = acies_lb_bonus_cost (s, i, lead) * bonus;
  if (bonus > 0 && c >= 0 && bonus_pool (s) > 0)
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

      lead_candidates (s, atk->to, 1 - side, &first);
      dl = first;
      if (dl >= 0)
        s->units[dl].lead = 1;
    }
  atk->lead_unit = dl;
  return dl;
}

static void
do_attack_with (AciesLbState *s,
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
      after_attacker (s, dice, events);
      return;
    }
  if (s->units[dl].sub == LB_SUB_SCH)           /* 9.5-c, LB-G38 */
    {
      acies_events_add (events, "attack-roll", "LB 9.5", side, "%s attacks the scythed chariots, which flee",
                        acies_lb_unit_name (s, i));
      acies_lb_remove_unit (s, dl, LB_FLED, events, "LB 9.5");
      atk->zones_hit |= 1u << atk->to;
      after_attacker (s, dice, events);
      return;
    }
  d = roll2 (dice, "attack");
  mods = acies_lb_modifiers (s, i, atk->from, atk->to, lead, s->act.moved || s->act.turned, half, bonus,
                             supporter, why);
  rule_sections (why);
  atk->need = acies_lb_crt_need (u->type, s->units[dl].type);
  atk->total = d + mods;
  atk->margin = atk->total - atk->need;
  acies_events_add (events, "attack-roll", "LB 6.5", side,
                    "%s attacks %s: rolled %d, modifiers %+d (%s), total %d against %d needed (LB 6.10)",
                    acies_lb_unit_name (s, i), acies_lb_unit_name (s, dl), d, mods,
                    why != NULL && why->len > 0 ? why->str : "none", atk->total, atk->need);
  if (acies_lb_decisive_allowed (s, i, dl, atk->to, atk->margin))
    {
      if (u->sub == LB_SUB_HO)                   /* 9.2-a */
        {
          begin_hits (s, TRUE, dice, events);
          return;
        }
      acies_lb_set_phase (s, LB_PH_DECISIVE);
      return;
    }
  if (atk->margin < 0)
    {
      acies_events_add (events, "miss", "LB 6.6.1", side, "The attack has no effect");
      after_attacker (s, dice, events);
      return;
    }
  begin_hits (s, FALSE, dice, events);
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
      odds->summary = g_strdup_printf ("%s attacks %s, which nobody defends: no roll",
                                       acies_lb_unit_name (s, i), acies_lb_zone_name (s, atk->to, s->base.active_side));
      acies_odds_add_outcome (odds, results[NO_EFFECT], 1.0, FALSE);
      return odds;
    }
  if (s->units[dl].sub == LB_SUB_SCH)            /* 9.5-c, LB-G38 */
    {
      odds->summary = g_strdup_printf ("%s attacks %s: scythed chariots flee when attacked, no roll (LB 9.5)",
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
  odds->summary = g_strdup_printf ("%s attacks %s: 2d6 %+d against %d needed (LB 6.10)%s",
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

    do_attack (&copy, NULL);
    attack_options (&copy, &out);
    out_flush (&out);
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
    summary = g_strdup_printf ("If %s attacks first, without a bonus: %s", acies_lb_unit_name (&copy, first->args[0]),
                               odds->summary);
    g_free (odds->summary);
    odds->summary = summary;
    return odds;
  }
}

/* LB 8.6, 8.7: commanders who may (or must) try to remove the hit on @r. */
static gint
recovery_options (const AciesLbState *s,
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
static gboolean
attempt_recovery (AciesLbState *s,
                  gint          c,
                  gint          r,
                  AciesDice    *dice,
                  GPtrArray    *events)
{
  AciesLbCmdr *k = &s->cmdrs[c];
  gint d = roll2 (dice, "recovery");
  gboolean saved = d >= acies_lb_recovery_need (k->rating);

  if (d <= acies_lb_killed_max (k->rating, k->hero))
    {
      acies_events_add (events, "recovery", k->hero ? "LB 8.6.3" : "LB 8.7", k->side,
                        "%s tries to remove the hit on %s: rolled %d, he is killed", cmdr_name (s, c),
                        acies_lb_unit_name (s, r), d);
      cmdr_lost (s, c, TRUE, events, k->hero ? "LB 8.6.3" : "LB 8.7", "recovery attempt");
      s->atk.killed++;
      return FALSE;
    }
  if (k->hero && d == 3 && k->rating >= LB_RATING_I)
    {
      k->narrow_pt = -2;                         /* narrow escape */
      acies_events_add (events, "recovery", "LB 8.6.3", k->side,
                        "%s rolled 3: a narrow escape; restricted in his next own player-turn",
                        cmdr_name (s, c));
      return FALSE;
    }
  acies_events_add (events, "recovery", k->hero ? "LB 8.6.3" : "LB 8.7", k->side,
                    "%s tries to remove the hit on %s: rolled %d, %s", cmdr_name (s, c), acies_lb_unit_name (s, r), d,
                    saved ? "the hit is removed" : "the hit stands");
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
      acies_events_add (events, "hit", "LB 1.5", u->side, "%s is Disordered", acies_lb_unit_name (s, r));
      return;
    }
  s->atk.shattered++;
  s->atk.shattered_units |= BIT (r);
  s->atk.zones_hit |= 1u << zone;
  acies_lb_remove_unit (s, r, LB_SHATTERED, events, "LB 1.5");   /* it was in atk.to (7.3) */
}

static void morale_check (AciesLbState *s, gint side, gint n_dice, AciesDice *dice, GPtrArray *events);

static void
hits_continue (AciesLbState *s,
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
          gint n = recovery_options (s, atk->recipient, opts, &mandatory);

          atk->recovery_done = TRUE;
          if (mandatory)
            {
              if (attempt_recovery (s, opts[0], atk->recipient, dice, events))
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
            s->relead = settle_leads (s, zbit, def, FALSE, events, "LB 6.4.5");
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
    morale_check (s, def, atk->shattered + atk->killed, dice, events);
  after_attacker (s, dice, events);
}

/* LB 7.1–7.4 */
static void
morale_check (AciesLbState *s,
              gint          side,
              gint          n_dice,
              AciesDice    *dice,
              GPtrArray    *events)
{
  gint lowest = 6, army, morale[LB_MAX_UNITS];
  guint32 trigger_zone = 0;
  gint li_trig[LB_ZONES] = { 0 }, other_trig[LB_ZONES] = { 0 };
  guint64 remove1 = 0;
  g_autoptr(GString) rolled = events != NULL ? g_string_new (NULL) : NULL;
  g_autoptr(GPtrArray) steps = events != NULL ? g_ptr_array_new_with_free_func (g_free) : NULL;

  /* The log shows the check step by step (issue 6, item 5): the dice, the
   * lowest halved, each 7.1 modifier, the army morale, then each unit's
   * modifiers and result. */
  for (gint k = 0; k < n_dice; k++)
    {
      gint d = acies_dice_roll_or_abort (dice, 6, 1, "morale");   /* once: MIN() would roll twice */

      lowest = MIN (lowest, d);
      if (rolled != NULL)
        g_string_append_printf (rolled, "%s%d", k == 0 ? "" : k == n_dice - 1 ? " and " : ", ", d);
    }
  acies_events_add (events, "morale", "LB 7.1", side,
                    "%s: morale check with %d %s, one for each unit Shattered or commander killed by this attack: rolled %s",
                    acies_lb_side_name (s, side), n_dice, n_dice == 1 ? "die" : "dice", rolled->str);
  acies_events_add (events, "morale", "LB 7.1", side,
                    "Lowest die %d, halved and rounded up: %d", lowest, (lowest + 1) / 2);
  army = acies_lb_army_morale_steps (s, side, lowest, steps);
  for (guint k = 0; steps != NULL && k < steps->len; k++)
    {
      g_autoptr(GString) step = g_string_new (g_ptr_array_index (steps, k));

      rule_sections (step);
      acies_events_add (events, "morale", "LB 7.1", side, "%s", step->str);
    }
  acies_events_add (events, "morale", "LB 7.1", side, "Army morale of %s: %d%s", acies_lb_side_name (s, side),
                    army, steps != NULL && steps->len == 0 ? " (no modifier)" : "");

  for (gint i = 0; i < s->n_units; i++)           /* snapshot (7.3.3) */
    {
      const AciesLbUnit *u = &s->units[i];
      g_autoptr(GString) why = events != NULL ? g_string_new (NULL) : NULL;

      morale[i] = G_MAXINT;
      if (u->side != side || !acies_lb_present (u))
        continue;
      morale[i] = u->zone >= 0 ? acies_lb_unit_morale_why (s, i, army, s->atk.to, why)
                               : acies_lb_undeployed_morale_why (s, i, army, why);
      rule_sections (why);
      acies_events_add (events, "unit-morale", u->zone >= 0 ? "LB 7.2" : "LB 7.4", side,
                        "%s%s: army morale %d%s%s = %d: %s", acies_lb_unit_name (s, i),
                        u->zone >= 0 ? "" : " (off the field)", army,
                        why != NULL && why->len > 0 ? ", " : " (no modifier)", why != NULL ? why->str : "",
                        morale[i],
                        morale[i] <= -1 ? (u->zone >= 0 ? "leaves the field (LB 7.3.1)" : "withdrawn (LB 7.4)")
                        : morale[i] >= 1 || u->zone < 0 ? "stays"
                        : "leaves if a unit of its zone is Shattered or leaves (LB 7.3.1)");
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
                            "%s stays: no unit of its zone was Shattered or left", acies_lb_unit_name (s, i));
          continue;
        }
      if (other_trig[z] == 0 && li_trig[z] == 1 && u->type != LB_LI)
        {
          acies_events_add (events, "unit-morale", "LB 7.3.2", side,
                            "%s stays: only one light infantry unit of its zone was Shattered or left",
                            acies_lb_unit_name (s, i));
          continue;                               /* 7.3.2 */
        }
      acies_lb_remove_unit (s, i, u->status == LB_FRESH ? LB_WITHDRAWN : LB_FLED, events, "LB 7.3.1");
      s->atk.zones_hit |= 1u << z;
    }
}

static gboolean
pursuer_ok (const AciesLbState *s,
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

static gboolean
any_pursuer (const AciesLbState *s)
{
  for (gint i = 0; i < s->n_units; i++)
    if (pursuer_ok (s, i))
      return TRUE;
  return FALSE;
}

static gboolean
any_attacker (const AciesLbState *s)
{
  for (gint i = 0; i < s->n_units; i++)
    {
      gboolean half;

      if (attacker_ok (s, i, &half))
        return TRUE;
    }
  return FALSE;
}

static void
after_attacker (AciesLbState *s,
                AciesDice    *dice,
                GPtrArray    *events)
{
  gint def = 1 - s->base.active_side;

  acies_lb_check_end (s, events);
  if (s->base.finished)
    return;
  s->relead = settle_leads (s, s->atk.zones_hit, def, FALSE, events, "LB 6.4.5");
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
      if (any_pursuer (s))
        {
          acies_lb_set_phase (s, LB_PH_PURSUIT);
          return;
        }
      end_activation (s, events);
      return;
    }
  if (any_attacker (s))
    {
      acies_lb_set_phase (s, LB_PH_ATTACK);
      return;
    }
  end_activation (s, events);
}

static void
do_pursue (AciesLbState *s,
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
    set_lead (s, i, events, "LB 6.9.5");
  acies_events_add (events, "pursue", "LB 6.9.1", u->side, "%s advances into %s", acies_lb_unit_name (s, i),
                    acies_lb_zone_name (s, s->atk.to, u->side));
  entered_zone (s, u->side, s->atk.to, events);
  acies_lb_check_end (s, events);
}

/* LB 8.2: the Strategist who went with the attacking group "may advance
 * after combat with the group": offered once a unit has advanced. */
static gboolean
strategist_may_advance (const AciesLbState *s)
{
  gint c = s->act.cmdr, side = s->base.active_side, other;

  if (c < 0 || s->cmdrs[c].hero || s->cmdrs[c].status != LB_CMDR_PRESENT || s->cmdrs[c].zone != s->atk.from
      || acies_lb_zone_load (s, s->atk.to, side) == 0)
    return FALSE;
  other = cmdr_in_zone (s, s->atk.to, side);
  return other < 0 || other == c;                /* 8.8.1 */
}

static void
end_activation (AciesLbState *s,
                GPtrArray    *events)
{
  memset (&s->act, 0, sizeof s->act);
  s->act.cmdr = LB_NONE;
  s->act.zone = LB_NONE;
  acies_lb_set_phase (s, LB_PH_MAIN);
  s->base.deciding_side = s->base.active_side;
}

/* Strategists (LB 8.2). */

static gboolean
strategist_dest_ok (const AciesLbState *s,
                    gint                c,
                    gint                zone)
{
  gint other;

  if (zone < 0)
    return TRUE;
  if ((s->terrain[zone] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, zone, s->cmdrs[c].side) || zone == s->cmdrs[c].zone)
    return FALSE;
  other = cmdr_in_zone (s, zone, s->cmdrs[c].side);
  return other < 0 || other == c;                /* 8.8.1 */
}

/* The movements the group spends to enter @to (LB 5.4.1, 6.1.4, 3.3.2):
 * the most any of its units spends, with the turn to match a friendly
 * zone's facing @dir (5.5.2) unless @dir is -1. */
static gint
group_enter_cost (const AciesLbState *s,
                  guint64             g,
                  gint                to,
                  gboolean            entry,
                  gint                dir)
{
  gint most = 0, zf = dir >= 0 ? acies_lb_zone_facing (s, to, s->base.active_side, g) : -1, i;

  FOR_BITS (i, g)
    {
      gint cost = acies_lb_enter_cost (s, i, to, entry);

      if (zf >= 0 && zf != dir && s->units[i].sub != LB_SUB_SCH && s->act.free_turns[i] == 0)
        cost++;
      most = MAX (most, cost);
    }
  return most;
}

/**
 * acies_lb_action_path:
 * @s: the state the action is taken in
 * @a: an action of this ruleset
 * @cells: (out caller-allocates): #AciesCell zones appended, from where
 *   the units stand to where the action takes them (or strikes)
 * @cost: (out) (optional): the movements it spends (LB 5.4.1), the most
 *   any unit of the group spends
 *
 * The zones of a move, an attack, a deployment, a pursuit or a
 * Strategist's move (the ruleset interface's get_action_path): "Move
 * forward" from the group's zone to the zone it faces (LB 5.2.2),
 * "Attack" from the group's zone to the zone attacked (6.1), "Deploy"
 * the rear zone entered from off the field (3.3.2, one zone), "Pursue"
 * from the pursuer's zone to the emptied zone (6.9), a Strategist from
 * his zone (if any) to the new one (8.2).  The last zone is always the
 * destination or target.
 *
 * Returns: %TRUE if @a moves or attacks and @cells holds its zones
 */
gboolean
acies_lb_action_path (const AciesLbState *s,
                      const AciesAction  *a,
                      GArray             *cells,
                      gint               *cost)
{
  gint from = LB_NONE, to = LB_NONE, c = 0;
  guint64 g;

  if (cost != NULL)
    *cost = 0;
  if (s->base.finished)
    return FALSE;
  switch (a->type)
    {
    case LB_A_MOVE:
    case LB_A_ATTACK:
      g = live_group (s);
      if (s->phase != LB_PH_ACT || g == 0 || (from = group_zone (s)) < 0
          || (to = acies_lb_neighbour (from, group_facing (s))) < 0)
        return FALSE;
      c = group_enter_cost (s, g, to, FALSE, a->type == LB_A_MOVE ? group_facing (s) : -1);
      break;
    case LB_A_DEPLOY:
      g = live_group (s);
      if (s->phase != LB_PH_ACT || g == 0 || a->args[0] < 0 || a->args[0] >= LB_ZONES
          || a->args[1] < 0 || a->args[1] > 3)
        return FALSE;
      to = a->args[0];
      c = group_enter_cost (s, g, to, TRUE, a->args[1]);
      break;
    case LB_A_PURSUE:
      if (s->phase != LB_PH_PURSUIT || a->args[0] < 0 || a->args[0] >= s->n_units)
        return FALSE;
      from = s->units[a->args[0]].zone;
      to = s->atk.to;
      break;
    case LB_A_STRATEGIST:
      if (a->args[0] < 0 || a->args[0] >= s->n_cmdrs || a->args[1] < 0 || a->args[1] >= LB_ZONES)
        return FALSE;
      from = acies_lb_cmdr_zone (s, a->args[0]);
      to = a->args[1];
      c = from >= 0 ? acies_lb_distance (from, to) : 0;
      break;
    default:
      return FALSE;
    }
  if (to < 0)
    return FALSE;
  if (from >= 0 && from != to)
    {
      AciesCell cell = from;

      g_array_append_val (cells, cell);
    }
  {
    AciesCell cell = to;

    g_array_append_val (cells, cell);
  }
  if (cost != NULL)
    *cost = c;
  return TRUE;
}

/* Legal actions. */

#define WANT(t) (filter < 0 || filter == (t))

static void
legal_into (const AciesLbState *s,
            AciesLbOut         *out,
            gint                filter)
{
  gint side = s->base.active_side, def = 1 - side;

  if (s->base.finished)
    return;
  switch (s->phase)
    {
    case LB_PH_SWAP:
      add (out, LB_A_SWAP, side, 0, -1, -1, -1);
      add (out, LB_A_SWAP, side, 1, -1, -1, -1);
      break;

    case LB_PH_ROLL:
      add (out, LB_A_ROLL, side, -1, -1, -1, -1);
      break;

    case LB_PH_TURN_START:
      add (out, LB_A_BEGIN_TURN, side, -1, -1, -1, -1);
      break;

    case LB_PH_CMDR_CHOICE:
      for (gint c = 0; c < s->n_cmdrs; c++)
        if (s->cmdrs[c].side == side && acies_lb_cmdr_zone (s, c) >= 0)
          add (out, LB_A_CHOOSE_CMDR, side, c, -1, -1, -1);
      break;

    case LB_PH_MAIN:
      for (gint i = 0; i < s->n_units && WANT (LB_A_SELECT); i++)
        if (selectable (s, i, 0, TRUE) && (s->sides[side].orders >= 1
            || pool_orders (s, s->units[i].zone, s->units[i].hero, NULL, NULL) >= 1))
          add (out, LB_A_SELECT, side, i, -1, -1, -1);
      for (gint c = 0; c < s->n_cmdrs && WANT (LB_A_STRATEGIST); c++)
        {
          const AciesLbCmdr *k = &s->cmdrs[c];

          if (k->side != side || k->hero || k->status != LB_CMDR_PRESENT || k->activated)
            continue;
          for (gint z = 0; z < LB_ZONES; z++)
            if (strategist_dest_ok (s, c, z))
              add (out, LB_A_STRATEGIST, side, c, z, -1, -1);
          if (k->zone >= 0)
            add (out, LB_A_STRATEGIST, side, c, -1, -1, -1);
        }
      add (out, LB_A_END_TURN, side, -1, -1, -1, -1);
      break;

    case LB_PH_SELECT:
      for (gint i = 0; i < s->n_units && WANT (LB_A_SELECT); i++)
        if (!IN (s->selection, i) && selectable (s, i, s->sel_zone, FALSE))
          add (out, LB_A_SELECT, side, i, -1, -1, -1);
      for (gint kind = LB_ACT_STD; kind <= LB_ACT_TRIPLE && WANT (LB_A_ACTIVATE); kind++)
        {
          gint n = acies_lb_popcount (s->selection);

          if ((kind == LB_ACT_DOUBLE || kind == LB_ACT_TRIPLE) && n != 1)
            continue;
          if (kind == LB_ACT_TURN_ONLY && (n < 2 || s->sel_zone < 0))
            continue;
          if (activation_ok (s, s->selection, s->sel_zone, kind, -1))
            add (out, LB_A_ACTIVATE, side, kind, -1, -1, -1);
          for (gint c = 0; c < s->n_cmdrs; c++)
            if (!s->cmdrs[c].hero && s->cmdrs[c].side == side && s->cmdrs[c].zone == s->sel_zone
                && s->cmdrs[c].status == LB_CMDR_PRESENT && !s->cmdrs[c].activated
                && activation_ok (s, s->selection, s->sel_zone, kind, c))
              add (out, LB_A_ACTIVATE, side, kind, c, -1, -1);
        }
      add (out, LB_A_CANCEL, side, -1, -1, -1, -1);
      break;

    case LB_PH_ACT:
      if (group_zone (s) < 0 && !s->act.deployed)
        {
          gint row = side == 0 ? 0 : LB_ROWS - 1;

          /* 3.3.2: only the three rear zones (can_deploy() refuses others). */
          for (gint z = row * LB_COLS + 1; z <= row * LB_COLS + 3 && WANT (LB_A_DEPLOY); z++)
            for (gint d = 0; d < 4; d++)
              if (can_deploy (s, z, d))
                add (out, LB_A_DEPLOY, side, z, d, -1, -1);
        }
      else
        {
          if (s->act.must_leave)
            {
              if (can_move (s))
                add (out, LB_A_MOVE, side, -1, -1, -1, -1);
              break;
            }
          for (gint d = 0; d < 4 && WANT (LB_A_TURN); d++)
            if (can_turn (s, d))
              add (out, LB_A_TURN, side, d, -1, -1, -1);
          if (WANT (LB_A_MOVE) && can_move (s))
            add (out, LB_A_MOVE, side, -1, -1, -1, -1);
          if (WANT (LB_A_LEAVE) && can_leave (s))
            add (out, LB_A_LEAVE, side, -1, -1, -1, -1);
          if (WANT (LB_A_ATTACK) && can_attack (s))
            add (out, LB_A_ATTACK, side, -1, -1, -1, -1);
        }
      add (out, LB_A_END_ACTIVATION, side, -1, -1, -1, -1);
      break;

    case LB_PH_ATTACK:
      attack_options (s, out);
      break;

    case LB_PH_DECISIVE:
      add (out, LB_A_DECISIVE, side, 1, -1, -1, -1);
      add (out, LB_A_DECISIVE, side, 0, -1, -1, -1);
      break;

    case LB_PH_SECOND_HIT:
      for (gint i = 0; i < s->n_units; i++)
        if (s->units[i].zone == s->atk.to && s->units[i].side == def && acies_lb_present (&s->units[i]))
          add (out, LB_A_SECOND_HIT, def, i, -1, -1, -1);
      break;

    case LB_PH_RECOVERY:
      {
        gint opts[LB_MAX_CMDRS];
        gboolean mandatory;
        gint n = recovery_options (s, s->atk.recipient, opts, &mandatory);

        for (gint k = 0; k < n; k++)
          add (out, LB_A_RECOVER, def, opts[k], -1, -1, -1);
        add (out, LB_A_RECOVER, def, -1, -1, -1, -1);
      }
      break;

    case LB_PH_NEW_LEAD:
    case LB_PH_LEADS:
      {
        gint who = s->phase == LB_PH_NEW_LEAD ? def : side;
        gint z = __builtin_ctz (s->relead);
        LeadZone lz;

        lead_zone_scan (s, z, who, &lz);
        for (gint i = 0; i < s->n_units; i++)
          if (s->units[i].zone == z && s->units[i].side == who && acies_lb_present (&s->units[i])
              && lead_ok (s, i, &lz))
            add (out, LB_A_LEAD, who, i, -1, -1, -1);
      }
      break;

    case LB_PH_PURSUIT:
      for (gint i = 0; i < s->n_units; i++)
        if (pursuer_ok (s, i))
          add (out, LB_A_PURSUE, side, i, -1, -1, -1);
      if (strategist_may_advance (s))
        add (out, LB_A_STRATEGIST, side, s->act.cmdr, s->atk.to, -1, -1);
      add (out, LB_A_PURSUE_DONE, side, -1, -1, -1, -1);
      break;

    default:
      break;
    }
}

static void
legal_filtered (const AciesLbState *s,
                GArray             *array,
                gint                filter)
{
  AciesLbOut out;

  out.array = array;
  out.n = 0;
  legal_into (s, &out, filter);
  out_flush (&out);
}

void
acies_lb_legal_actions (const AciesLbState *s,
                        GArray             *out)
{
  legal_filtered (s, out, -1);
}

static gboolean
legal_by_generation (const AciesLbState *s,
                     const AciesAction  *a)
{
  g_autoptr(GArray) legal = g_array_sized_new (FALSE, FALSE, sizeof (AciesAction), 64);

  legal_filtered (s, legal, a->type);
  for (guint i = 0; i < legal->len; i++)
    if (acies_action_equal (&g_array_index (legal, AciesAction, i), a))
      return TRUE;
  return FALSE;
}

/* @a is by @player with exactly these arguments (the rest -1). */
static gboolean
args_are (const AciesAction *a,
          gint               player,
          gint               a0,
          gint               a1,
          gint               a2,
          gint               a3)
{
  if (a->player != player || a->args[0] != a0 || a->args[1] != a1 || a->args[2] != a2 || a->args[3] != a3)
    return FALSE;
  for (guint i = 4; i < ACIES_ACTION_MAX_ARGS; i++)
    if (a->args[i] != -1)
      return FALSE;
  return TRUE;
}

#define UNIT_ARG(a, s) ((a)->args[0] >= 0 && (a)->args[0] < (s)->n_units)

/* The same answer as searching legal_filtered()'s list, without building
 * it for the frequent actions (random playouts call this at every step). */
static gboolean
is_legal (const AciesLbState *s,
          const AciesAction  *a)
{
  gint side = s->base.active_side, def = 1 - side, i = a->args[0];
  gboolean deploying;

  if (s->base.finished)
    return FALSE;
  deploying = s->phase == LB_PH_ACT && group_zone (s) < 0 && !s->act.deployed;
  switch (a->type)
    {
    case LB_A_SWAP:
      return s->phase == LB_PH_SWAP && (i == 0 || i == 1) && args_are (a, side, i, -1, -1, -1);
    case LB_A_ROLL:
      return s->phase == LB_PH_ROLL && args_are (a, side, -1, -1, -1, -1);
    case LB_A_BEGIN_TURN:
      return s->phase == LB_PH_TURN_START && args_are (a, side, -1, -1, -1, -1);
    case LB_A_END_TURN:
      return s->phase == LB_PH_MAIN && args_are (a, side, -1, -1, -1, -1);
    case LB_A_CANCEL:
      return s->phase == LB_PH_SELECT && args_are (a, side, -1, -1, -1, -1);
    case LB_A_END_ACTIVATION:
      return s->phase == LB_PH_ACT && args_are (a, side, -1, -1, -1, -1);
    case LB_A_PURSUE_DONE:
      return s->phase == LB_PH_PURSUIT && args_are (a, side, -1, -1, -1, -1);
    case LB_A_DECISIVE:
      return s->phase == LB_PH_DECISIVE && (i == 0 || i == 1) && args_are (a, side, i, -1, -1, -1);
    case LB_A_SELECT:
      if (!UNIT_ARG (a, s) || !args_are (a, side, i, -1, -1, -1))
        return FALSE;
      if (s->phase == LB_PH_MAIN)
        return selectable (s, i, 0, TRUE) && (s->sides[side].orders >= 1
               || pool_orders (s, s->units[i].zone, s->units[i].hero, NULL, NULL) >= 1);
      return s->phase == LB_PH_SELECT && !IN (s->selection, i) && selectable (s, i, s->sel_zone, FALSE);
    case LB_A_ACTIVATE:
      {
        gint n = acies_lb_popcount (s->selection), c = a->args[1];

        if (s->phase != LB_PH_SELECT || i < LB_ACT_STD || i > LB_ACT_TRIPLE
            || !args_are (a, side, i, c, -1, -1))
          return FALSE;
        if ((i == LB_ACT_DOUBLE || i == LB_ACT_TRIPLE) && n != 1)
          return FALSE;
        if (i == LB_ACT_TURN_ONLY && (n < 2 || s->sel_zone < 0))
          return FALSE;
        if (c == -1)
          return activation_ok (s, s->selection, s->sel_zone, i, -1);
        return c >= 0 && c < s->n_cmdrs && !s->cmdrs[c].hero && s->cmdrs[c].side == side
               && s->cmdrs[c].zone == s->sel_zone && s->cmdrs[c].status == LB_CMDR_PRESENT
               && !s->cmdrs[c].activated && activation_ok (s, s->selection, s->sel_zone, i, c);
      }
    case LB_A_DEPLOY:
      return deploying && i >= 0 && i < LB_ZONES && a->args[1] >= 0 && a->args[1] < 4
             && args_are (a, side, i, a->args[1], -1, -1) && can_deploy (s, i, a->args[1]);
    case LB_A_TURN:
      return s->phase == LB_PH_ACT && !deploying && !s->act.must_leave && i >= 0 && i < 4
             && args_are (a, side, i, -1, -1, -1) && can_turn (s, i);
    case LB_A_MOVE:
      return s->phase == LB_PH_ACT && !deploying && args_are (a, side, -1, -1, -1, -1) && can_move (s);
    case LB_A_LEAVE:
      return s->phase == LB_PH_ACT && !deploying && !s->act.must_leave && args_are (a, side, -1, -1, -1, -1)
             && can_leave (s);
    case LB_A_ATTACK:
      return s->phase == LB_PH_ACT && !deploying && !s->act.must_leave && args_are (a, side, -1, -1, -1, -1)
             && can_attack (s);
    case LB_A_SECOND_HIT:
      return s->phase == LB_PH_SECOND_HIT && UNIT_ARG (a, s) && args_are (a, def, i, -1, -1, -1)
             && s->units[i].zone == s->atk.to && s->units[i].side == def && acies_lb_present (&s->units[i]);
    case LB_A_LEAD:
      {
        gint who = s->phase == LB_PH_NEW_LEAD ? def : side;

        return (s->phase == LB_PH_NEW_LEAD || s->phase == LB_PH_LEADS) && UNIT_ARG (a, s)
               && args_are (a, who, i, -1, -1, -1) && s->relead != 0
               && s->units[i].zone == (gint) __builtin_ctz (s->relead) && s->units[i].side == who
               && acies_lb_present (&s->units[i]) && lead_candidate (s, i);
      }
    case LB_A_PURSUE:
      return s->phase == LB_PH_PURSUIT && UNIT_ARG (a, s) && args_are (a, side, i, -1, -1, -1)
             && pursuer_ok (s, i);
    default:
      return legal_by_generation (s, a);
    }
}

/**
 * acies_lb_apply:
 * @s: the state
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %FALSE with ACIES_ENGINE_ERROR_ILLEGAL_ACTION if @a is not legal now
 */
gboolean
acies_lb_apply (AciesLbState       *s,
                const AciesAction  *a,
                AciesDice          *dice,
                GPtrArray          *events,
                GError            **error)
{
  gint side = s->base.active_side;

  if (!is_legal (s, a))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   "Lost Battles: action %u (%d, %d, %d, %d) is not legal in the phase “%s”",
                   a->type, a->args[0], a->args[1], a->args[2], a->args[3], s->base.phase);
      return FALSE;
    }

  switch (a->type)
    {
    case LB_A_SWAP:                               /* 8.9 */
      if (a->args[0])
        {
          s->base_first = side;
          s->sides[side].swapped = 1;
          acies_events_add (events, "swap", "LB 8.9.1", side, "%s: the turn order is swapped from now on",
                            acies_lb_side_name (s, side));
        }
      else
        s->sides[side].swapped = 0;
      turn_rolls (s, dice, events);
      break;

    case LB_A_CHOOSE_CMDR:                        /* 8.8.3 */
      for (gint c = 0; c < s->n_cmdrs; c++)
        if (s->cmdrs[c].side == side && c != a->args[0])
          s->cmdrs[c].blocked = 1;
      acies_events_add (events, "commander", "LB 8.8.3", side, "Only %s may use his Orders this player-turn",
                        cmdr_name (s, a->args[0]));
      await_roll (s);
      break;

    case LB_A_SELECT:                             /* 4.2 */
      if (s->phase == LB_PH_MAIN)
        {
          s->selection = 0;
          s->sel_zone = s->units[a->args[0]].zone;
          acies_lb_set_phase (s, LB_PH_SELECT);
        }
      s->selection |= BIT (a->args[0]);
      break;

    case LB_A_ACTIVATE:
      do_activate (s, a->args[0], a->args[1], events);
      break;

    case LB_A_CANCEL:
      s->selection = 0;
      acies_lb_set_phase (s, LB_PH_MAIN);
      break;

    case LB_A_STRATEGIST:                         /* 8.2 */
      {
        AciesLbCmdr *k = &s->cmdrs[a->args[0]];

        k->activated = 1;
        if (a->args[1] < 0)
          cmdr_lost (s, a->args[0], FALSE, events, "LB 8.2", "withdrawn from the field");
        else
          {
            k->zone = a->args[1];
            k->deployed = 1;
            acies_events_add (events, "strategist", "LB 8.2", side, "%s moves to %s", cmdr_name (s, a->args[0]),
                              acies_lb_zone_name (s, k->zone, side));
          }
        if (s->phase == LB_PH_PURSUIT && !any_pursuer (s))   /* he advanced with the group */
          end_activation (s, events);
      }
      break;

    case LB_A_END_TURN:
      s->sides[side].orders = 0;                  /* 4.1.2: unspent Orders are lost */
      begin_leads (s, dice, events);
      break;

    case LB_A_DEPLOY:
      do_deploy (s, a->args[0], a->args[1], events);
      break;

    case LB_A_TURN:
      do_turn (s, a->args[0], events);
      break;

    case LB_A_MOVE:
      do_move (s, events);
      break;

    case LB_A_LEAVE:
      do_leave (s, events);
      break;

    case LB_A_ATTACK:
      do_attack (s, events);
      break;

    case LB_A_END_ACTIVATION:
      end_activation (s, events);
      break;

    case LB_A_ATTACK_WITH:
      do_attack_with (s, a->args[0], a->args[1], a->args[2], a->args[3], dice, events);
      break;

    case LB_A_DECISIVE:
      acies_lb_set_phase (s, LB_PH_ATTACK);
      if (a->args[0])
        begin_hits (s, TRUE, dice, events);
      else if (s->atk.margin >= 0)
        begin_hits (s, FALSE, dice, events);
      else
        after_attacker (s, dice, events);
      break;

    case LB_A_SECOND_HIT:
      s->atk.recipient = a->args[0];
      s->atk.recovery_done = FALSE;
      acies_lb_set_phase (s, LB_PH_ATTACK);
      hits_continue (s, dice, events);
      break;

    case LB_A_RECOVER:
      s->atk.recovery_done = TRUE;
      acies_lb_set_phase (s, LB_PH_ATTACK);
      if (a->args[0] >= 0 && attempt_recovery (s, a->args[0], s->atk.recipient, dice, events))
        {
          if (s->atk.recipient == s->atk.lead_unit)
            s->atk.lead_saved = TRUE;            /* 8.6.4 */
          s->atk.hit_idx++;
          s->atk.recipient = LB_NONE;
        }
      hits_continue (s, dice, events);
      break;

    case LB_A_LEAD:
      {
        gint z = s->units[a->args[0]].zone;

        set_lead (s, a->args[0], events, s->phase == LB_PH_LEADS ? "LB 3.2.3" : "LB 6.4.5");
        s->relead &= ~(1u << z);
        if (s->relead == 0)
          {
            if (s->phase == LB_PH_LEADS)
              end_player_turn (s, dice, events);
            else if (s->atk.relead_mid)
              {
                s->atk.relead_mid = FALSE;       /* 6.4.5: back to the next hit */
                acies_lb_set_phase (s, LB_PH_ATTACK);
                hits_continue (s, dice, events);
              }
            else
              {
                s->atk.zones_hit = 0;
                acies_lb_set_phase (s, LB_PH_ATTACK);
                after_attacker (s, dice, events);
              }
          }
      }
      break;

    case LB_A_PURSUE:
      do_pursue (s, a->args[0], events);
      if (!s->base.finished && !any_pursuer (s) && !strategist_may_advance (s))
        end_activation (s, events);
      break;

    case LB_A_PURSUE_DONE:
      end_activation (s, events);
      break;

    case LB_A_ROLL:
      roll_orders (s, dice, events);
      break;

    case LB_A_BEGIN_TURN:
      start_turn (s, dice, events);
      break;

    default:
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   "Lost Battles: unknown action type %u", a->type);
      return FALSE;
    }
  return TRUE;
}

/**
 * acies_lb_prompt_text:
 * @s: the state
 * @rule: (out): the rule giving the choice
 *
 * The question of the pending choice, naming the zone it concerns ("designate
 * the lead unit in A1 Rear"); get_prompt() puts the deciding army's name
 * before it.
 *
 * Returns: (transfer full) (nullable): the question, or %NULL without one
 */
char *
acies_lb_prompt_text (const AciesLbState  *s,
                      char               **rule)
{
  gint who = s->phase == LB_PH_NEW_LEAD || s->phase == LB_PH_SECOND_HIT || s->phase == LB_PH_RECOVERY
             ? 1 - s->base.active_side : s->base.active_side;
  gint z = s->relead != 0 ? (gint) __builtin_ctz (s->relead) : LB_NONE;

  *rule = NULL;
  switch (s->phase)
    {
    case LB_PH_SWAP:        *rule = g_strdup ("LB 8.9"); return g_strdup ("swap the turn order for this turn and every later turn?");
    case LB_PH_TURN_START:  *rule = g_strdup ("LB 3.1"); return g_strdup_printf ("begin turn %u: roll for the dust and the weather", s->base.turn);
    case LB_PH_CMDR_CHOICE: *rule = g_strdup ("LB 8.8.3"); return g_strdup ("choose the commander who may use his Orders this player-turn");
    case LB_PH_SELECT:      *rule = g_strdup ("LB 4.2"); return g_strdup ("add units to the group (same zone or all undeployed), then activate it");
    case LB_PH_ATTACK:
      *rule = g_strdup ("LB 6.4.1");
      return g_strdup_printf ("choose the next unit to attack %s from %s (the first becomes the lead unit), "
                              "its bonus and size", acies_lb_zone_name (s, s->atk.to, who),
                              acies_lb_zone_name (s, s->atk.from, who));
    case LB_PH_DECISIVE:    *rule = g_strdup ("LB 6.7"); return g_strdup ("make a decisive attack (the attacker becomes Disordered, one more hit)?");
    case LB_PH_SECOND_HIT:
      *rule = g_strdup ("LB 6.6.2");
      return g_strdup_printf ("choose the unit in %s that takes the second hit", acies_lb_zone_name (s, s->atk.to, who));
    case LB_PH_RECOVERY:    *rule = g_strdup ("LB 8.6"); return g_strdup ("attempt to remove the hit with a commander?");
    case LB_PH_NEW_LEAD:
      *rule = g_strdup ("LB 6.4.5");
      return g_strdup_printf ("choose the new lead unit in %s, the attacked zone", acies_lb_zone_name (s, z, who));
    case LB_PH_PURSUIT:
      *rule = g_strdup ("LB 6.9");
      return g_strdup_printf ("advance units into %s, the emptied zone?", acies_lb_zone_name (s, s->atk.to, who));
    case LB_PH_LEADS:
      *rule = g_strdup ("LB 3.2.3");
      return g_strdup_printf ("designate the lead unit in %s", acies_lb_zone_name (s, z, who));
    default:
      return NULL;
    }
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
      if (s->phase == LB_PH_ACT && s->act.must_leave && z == group_zone (s))
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
