/* acies-fb-describe.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-four-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-fb-private.h"
#include "acies-text.h"

/*
 * Four Battles in words: pieces and hexes as players name them, every
 * action as a sentence, the prompt that names who must decide, the
 * state's JSON for the play window and the CLI, and the invariants the
 * tests check after every action.
 */

const char *
acies_fb_side_name (const FbState *s,
                    gint           side)
{
  const AciesSide *sd;

  if (side < 0 || (guint) side >= s->base.scenario->sides->len)
    return "?";
  sd = g_ptr_array_index (s->base.scenario->sides, side);
  return sd->name != NULL && *sd->name != '\0' ? sd->name : sd->id;
}

const char *
acies_fb_cell_label (const FbState *s,
                     gint           cell)
{
  if (cell < 0)
    return _("off the map");
  return acies_board_cell_label (s->st->board, cell);
}

static const char *
raw_name (const FbState *s,
          gint           piece)
{
  AciesScenario *sc = s->base.scenario;

  if (piece < s->st->n_combat)
    {
      const AciesUnit *u = g_ptr_array_index (sc->units, piece);

      return u->name != NULL && *u->name != '\0' ? u->name : u->id;
    }
  {
    const AciesLeader *l = g_ptr_array_index (sc->leaders, piece - s->st->n_combat);

    return l->name != NULL && *l->name != '\0' ? l->name : l->id;
  }
}

/**
 * acies_fb_name:
 * @s: the state
 * @piece: a piece
 *
 * Returns: (transfer none): the piece as every text names it (its name
 *   in the scenario, numbered when several share it), owned by the
 *   static data
 */
const char *
acies_fb_name (const FbState *s,
               gint           piece)
{
  if (piece < 0 || piece >= s->st->n_pieces)
    return "?";
  if (s->st->names == NULL)
    {
      FbStatic *st = (FbStatic *) s->st;
      char **names = g_new0 (char *, st->n_pieces + 1);
      g_autoptr(GHashTable) count = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      /* Numbered in scenario order when several pieces share a name. */
      for (gint i = 0; i < st->n_pieces; i++)
        {
          const char *name = raw_name (s, i);

          g_hash_table_insert (count, (gpointer) name,
                               GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (count, name)) + 1));
        }
      for (gint i = 0; i < st->n_pieces; i++)
        {
          const char *name = raw_name (s, i);
          gint index = GPOINTER_TO_INT (g_hash_table_lookup (seen, name)) + 1;

          g_hash_table_insert (seen, (gpointer) name, GINT_TO_POINTER (index));
          names[i] = GPOINTER_TO_INT (g_hash_table_lookup (count, name)) > 1 ? g_strdup_printf ("%s (%d)", name, index)
                                                                             : g_strdup (name);
        }
      if (!g_atomic_pointer_compare_and_exchange (&st->names, NULL, names))
        g_strfreev (names);
    }
  return s->st->names[piece];
}

/**
 * acies_fb_piece_name:
 * @s: the state
 * @piece: a piece
 *
 * The piece as every text names it: its name in the scenario, numbered
 * in scenario order when several pieces share it ("Gallic warband (3)").
 *
 * Returns: (transfer full): the name
 */
char *
acies_fb_piece_name (const FbState *s,
                     gint           piece)
{
  return g_strdup (acies_fb_name (s, piece));
}

static char *
name_at (const FbState *s,
         gint           piece)
{
  const char *name = acies_fb_name (s, piece);

  if (s->p[piece].where == FB_AT_MAP)
    return g_strdup_printf (_("%s at %s"), name, acies_fb_cell_label (s, s->p[piece].cell));
  return g_strdup (name);
}

/**
 * acies_fb_describe_action:
 * @s: the state the action is taken in
 * @a: an action
 *
 * Returns: (transfer full): the action in a player's words
 */
char *
acies_fb_describe_action (const FbState     *s,
                          const AciesAction *a)
{
  const FbStatic *st = s->st;
  g_autofree char *unit = NULL;
  g_autofree char *other = NULL;

  for (guint i = 0; i < acies_fb_action_specs[a->type].n_args; i++)
    if (acies_fb_action_specs[a->type].args[i].kind == ACIES_ARG_UNIT
        && (a->args[i] < -1 || a->args[i] >= st->n_pieces))
      return NULL;
  if (acies_fb_action_specs[a->type].n_args > 0 && acies_fb_action_specs[a->type].args[0].kind == ACIES_ARG_UNIT
      && a->args[0] >= 0)
    unit = acies_fb_piece_name (s, a->args[0]);

  switch (a->type)
    {
    case FB_A_PLACE:
      return g_strdup_printf (_("Set up %s at %s"), unit, acies_fb_cell_label (s, a->args[1]));
    case FB_A_SETUP_DONE:
      return g_strdup (_("Finish the set-up"));
    case FB_A_ROLL_FIRST:
      return g_strdup (_("Roll to see who moves first"));
    case FB_A_MOVE:
      {
        g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (gint));
        gint cost = 0;

        if (!acies_fb_move_path (s, a->args[0], a->args[1], a->args[2] == 1, path, &cost))
          cost = 0;
        if (a->args[2] == 1)
          /* TRANSLATORS: an action's words (FB 9.1, the charge; the rule is cited so that the play
           * mode does not add the move's FB 5.0). Slots in order: %s: a unit's name; %s: a hex;
           * %d: a cost. */
          return g_strdup_printf (_("Charge with %s to %s (%d MP, FB 9.1)"), unit, acies_fb_cell_label (s, a->args[1]),
                                  cost);
        return g_strdup_printf (_("Move %s to %s (%d MP)"), unit, acies_fb_cell_label (s, a->args[1]), cost);
      }
    case FB_A_BRUSH:
      other = name_at (s, a->args[1]);
      return g_strdup_printf (_("%s tries to brush aside %s"), unit, other);
    case FB_A_EXIT:
      return g_strdup_printf (_("%s leaves the map from %s"), unit, acies_fb_cell_label (s, s->p[a->args[0]].cell));
    case FB_A_ENTER:
      return g_strdup_printf (_("%s enters the map at %s"), unit, acies_fb_cell_label (s, a->args[1]));
    case FB_A_CHANGE_MOVE:
      return g_strdup_printf (_("Ask %s to let %s change its move"), acies_fb_side_name (s, 1 - s->base.active_side),
                              unit);
    case FB_A_CONSENT:
      if (s->end_short == FB_SHORT_ASKED)
        /* TRANSLATORS: an action's words (CAN 4.11): the answer to ending the movement phase
         * with infantry short of its mandatory advance. */
        return g_strdup (a->args[0] == 1 ? _("Let them end the Movement Phase short of the advance (CAN 4.11)")
                                         : _("Refuse: the infantry must go on advancing (CAN 4.11)"));
      other = s->consent_piece >= 0 ? acies_fb_piece_name (s, s->consent_piece) : g_strdup ("?");
      return a->args[0] == 1 ? g_strdup_printf (_("Let %s change its move"), other)
                             : g_strdup_printf (_("Refuse: the move of %s stands"), other);
    case FB_A_STAND:
      other = s->brush_target >= 0 ? acies_fb_piece_name (s, s->brush_target) : g_strdup ("?");
      return a->args[0] == 1 ? g_strdup_printf (_("%s stands: the brush aside fails"), other)
                             : g_strdup_printf (_("%s falls back two hexes"), other);
    case FB_A_TWO_HEX:
    case FB_A_RETREAT_TWO:
      other = s->two_hex_unit >= 0 ? acies_fb_piece_name (s, s->two_hex_unit) : g_strdup ("?");
      if (s->phase == FB_PH_COMBAT)
        /* TRANSLATORS: an action's words: a retreat before combat ends two hexes away (FB 11.32).
         * Slots in order: %s: a unit's name; %s: a hex. */
        return g_strdup_printf (_("%s retreats before combat to %s (FB 11.32)"), other, acies_fb_cell_label (s, a->args[0]));
      return g_strdup_printf (_("%s falls back to %s"), other, acies_fb_cell_label (s, a->args[0]));
    case FB_A_ESCAPE:
      other = s->escape_leader >= 0 ? acies_fb_piece_name (s, s->escape_leader) : g_strdup ("?");
      return g_strdup_printf (_("%s escapes to %s"), other, acies_fb_cell_label (s, a->args[0]));
    case FB_A_FIRE:
      other = name_at (s, a->args[1]);
      return g_strdup_printf (_("%s fires on %s"), unit, other);
    case FB_A_ATTACK:
      other = name_at (s, a->args[1]);
      return g_strdup_printf (_("%s attacks %s"), unit, other);
    case FB_A_ADD_ATTACKER:
      return g_strdup_printf (_("Add %s to the attack"), unit);
    case FB_A_ADD_DEFENDER:
      other = name_at (s, a->args[0]);
      return g_strdup_printf (_("Attack %s as well"), other);
    case FB_A_ADDITIVE:
      return g_strdup_printf (_("%s adds his strength (+%d SP)"), unit, st->pieces[a->args[0]].additive);
    case FB_A_SHIFT:
      return g_strdup_printf (_("%s shifts the odds one column (%d of %d shifts left)"), unit,
                              st->pieces[a->args[0]].shift_budget - s->p[a->args[0]].shifts_used,
                              st->pieces[a->args[0]].shift_budget);
    case FB_A_WITHDRAWAL:
      return g_strdup (_("Declare a fighting withdrawal: every result but AL becomes AR"));
    case FB_A_CANCEL:
      if (s->c.n_def < 1)
        return g_strdup (_("Call off this attack"));
      other = name_at (s, s->c.def[0]);
      /* TRANSLATORS: an action's words (FB 8.0); %s: the unit attacked and its hex ("Legio I hastati 3 at 1807"). */
      return g_strdup_printf (_("Call off the attack on %s: nothing is rolled"), other);
    case FB_A_RESOLVE:
      {
        FbOdds o = { 0 };
        g_autofree char *level = NULL;

        for (gint i = 0; i < s->c.n_def; i++)
          if (s->c.def[i] >= s->st->n_combat)
            return g_strdup (_("Resolve the attack: the lone leader withdraws (FB 13.6)"));
        acies_fb_compute_odds (s, &s->c, &o);
        level = acies_fb_level_name (o.level);
        if (o.auto_al)
          return g_strdup (_("Resolve the attack (below 1:4: an automatic AL)"));
        return g_strdup_printf (_("Resolve the attack at %s"), level);
      }
    case FB_A_RBC:
      return g_strdup_printf (_("%s retreats before combat"), unit);
    case FB_A_DEFEND:
      return g_strdup (_("Stand and let the attack be rolled"));
    case FB_A_EX_SUB:
      return a->args[0] == 1 ? g_strdup_printf (_("Try for AR instead of the EX (AR on 1-%d)"), st->ex_sub_max)
                             : g_strdup (_("Take the EX"));
    case FB_A_LOSE:
      if (s->step == FB_ST_EARTHQUAKE)
        return g_strdup_printf (_("Remove %s (%d SP)"), unit, acies_fb_sp (s, a->args[0]));
      if (st->pieces[a->args[0]].two_step && !s->p[a->args[0]].reduced)
        return g_strdup_printf (_("Take the loss on %s: it is reduced"), unit);
      return g_strdup_printf (_("Take the loss on %s: it is eliminated"), unit);
    case FB_A_RETREAT:
      if (a->args[1] < 0)
        return g_strdup_printf (_("%s retreats off the map"), unit);
      if (s->occ[a->args[1]] >= 0 && s->occ[a->args[1]] != a->args[0]
          && st->pieces[a->args[0]].cls != FB_BAGGAGE)
        {
          other = acies_fb_piece_name (s, s->occ[a->args[1]]);
          /* TRANSLATORS: an action's words (FB 8.82, cited so that the play mode does not add the retreat's
           * FB 8.7). Slots in order: %s: the retreating unit; %s: a hex; %s: the friendly unit pushed out of
           * it. */
          return g_strdup_printf (_("%s retreats to %s, displacing %s (FB 8.82)"), unit,
                                  acies_fb_cell_label (s, a->args[1]), other);
        }
      return g_strdup_printf (_("%s retreats to %s"), unit, acies_fb_cell_label (s, a->args[1]));
    case FB_A_FLIP:
      return g_strdup_printf (_("Reduce %s instead of retreating"), unit);
    case FB_A_ADVANCE:
      return g_strdup_printf (_("%s advances to %s"), unit, acies_fb_cell_label (s, a->args[1]));
    case FB_A_NO_ADVANCE:
      return g_strdup (_("Do not advance"));
    case FB_A_RALLY:
      return g_strdup_printf (_("Rally with %s (success on %d or less)"), unit, st->rally[st->pieces[a->args[0]].side]);
    case FB_A_PLACE_RALLIED:
      other = s->rally_unit >= 0 ? acies_fb_piece_name (s, s->rally_unit) : g_strdup ("?");
      return g_strdup_printf (_("Place %s at %s"), other, acies_fb_cell_label (s, a->args[0]));
    case FB_A_END_PHASE:
      if (s->phase == FB_PH_RALLY && s->rally_tried)
        /* TRANSLATORS: an action's words (FB 4.0-D): the rally phase, the player turn's last, is over. */
        return g_strdup (_("End the player turn"));
      if (s->phase == FB_PH_RALLY)
        return g_strdup (_("End the player turn without a rally"));
      if (s->phase == FB_PH_MOVE && s->step == FB_ST_NONE)
        {
          gint n = acies_fb_mandatory_short (s, NULL, FB_MAX_PIECES);

          if (n > 0)
            /* TRANSLATORS: an action's words (CAN 4.11): ending the phase needs the opponent's
             * consent. %d: a number of units. */
            return g_strdup_printf (ngettext ("Ask %s to end the phase with %d unit short of its mandatory advance "
                                              "(CAN 4.11)",
                                              "Ask %s to end the phase with %d units short of their mandatory advance "
                                              "(CAN 4.11)",
                                              n),
                                    acies_fb_side_name (s, 1 - s->base.active_side), n);
        }
      return g_strdup_printf (_("End the %s"), _(acies_fb_phase_name (s->phase)));
    default:
      return NULL;
    }
}

/* Whether an action of @type (with first argument @arg0, or any with -2)
 * is legal in @s: the prompt names only the choices there are. */
static gboolean
has_legal (const FbState *s,
           gint           type,
           gint           arg0)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == (guint) type && (arg0 == -2 || a->args[0] == arg0))
        return TRUE;
    }
  return FALSE;
}

/* FB 8.7, 8.82: the retreat step's prompt, naming a displaced unit, or
 * saying that the way out goes through a friend who is pushed out. */
static char *
retreat_prompt (const FbState *s,
                char         **rule)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  gboolean displaces = FALSE;

  for (gint i = 0; i < s->c.n_retreating; i++)
    {
      gint u = s->c.retreating[i];

      if (u >= 0 && s->p[u].where == FB_AT_MAP && !acies_fb_in_combat (&s->c, u))
        {
          *rule = g_strdup ("FB 8.82");
          /* TRANSLATORS: the play panel's prompt (FB 8.82); %s: a unit's name. A friendly unit retreating
           * from a melee took its hex; it now retreats as if from the melee. */
          return g_strdup_printf (_("%s is displaced (pushed out of its hex by a retreating friend): choose the "
                                    "hex it retreats to"), acies_fb_name (s, u));
        }
    }
  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len && !displaces; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      displaces = a->type == FB_A_RETREAT && a->args[1] >= 0 && s->occ[a->args[1]] >= 0
                  && s->occ[a->args[1]] != a->args[0] && s->st->pieces[a->args[0]].cls != FB_BAGGAGE;
    }
  if (displaces)
    {
      *rule = g_strdup ("FB 8.82");
      /* TRANSLATORS: the play panel's prompt (FB 8.82): the only way out of a retreat is through a hex held
       * by a friend, who is pushed out and retreats in turn. */
      return g_strdup (_("Choose where each unit retreats: where no hex is free, it displaces a friend, "
                         "who then retreats in turn"));
    }
  *rule = g_strdup ("FB 8.7");
  return g_strdup (_("Choose where each unit retreats"));
}

/**
 * acies_fb_prompt_text:
 * @s: the state
 * @rule: (out) (transfer full): the rule that gives the choice
 *
 * The decision pending inside a phase (an interrupt, a melee's steps),
 * naming what is decided; %NULL when the phasing player plays freely.
 *
 * Returns: (transfer full) (nullable): the text
 */
char *
acies_fb_prompt_text (const FbState *s,
                      char         **rule)
{
  const FbStatic *st = s->st;
  const FbCombat *c = &s->c;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  *rule = NULL;
  switch (s->step)
    {
    case FB_ST_CONSENT:
      if (s->end_short == FB_SHORT_ASKED)
        {
          g_autofree char *list = acies_fb_mandatory_short_names (s);

          *rule = g_strdup ("CAN 4.11");
          /* TRANSLATORS: the play panel's prompt (CAN 4.11). Slots in order: %s: a side's name;
           * %s: a list of units' names. */
          return g_strdup_printf (_("Request from %s: end the Movement Phase with units short of their mandatory "
                                    "advance (%s). Agree or refuse"),
                                  acies_fb_side_name (s, s->base.active_side), list);
        }
      a = acies_fb_piece_name (s, s->consent_piece);
      *rule = g_strdup ("FB 5.19");
      return g_strdup_printf (_("Request from %s: change the move of %s. Agree or refuse"),
                              acies_fb_side_name (s, s->base.active_side), a);
    case FB_ST_STAND:
      a = acies_fb_piece_name (s, s->brush_mover);
      b = acies_fb_piece_name (s, s->brush_target);
      if (!has_legal (s, FB_A_STAND, 0))
        {
          /* 11.13: a skirmisher unable to retreat two hexes must stand. */
          *rule = g_strdup ("FB 11.13");
          /* TRANSLATORS: the play panel's prompt (FB 11.13). Slots in order: %s: the moving unit;
           * %s: the skirmisher; %s: the skirmisher again. */
          return g_strdup_printf (_("%s tries to brush %s aside: %s cannot fall back two hexes, so it stands "
                                    "and the mover stops"), a, b, b);
        }
      *rule = g_strdup ("FB 11.12");
      return g_strdup_printf (_("%s tries to brush %s aside: stand (the mover stops) or fall back two hexes"), a, b);
    case FB_ST_TWO_HEX:
      a = acies_fb_piece_name (s, s->two_hex_unit);
      *rule = g_strdup (s->phase == FB_PH_COMBAT ? "FB 11.32" : "FB 11.13");
      if (s->phase == FB_PH_COMBAT)
        /* TRANSLATORS: the play panel's prompt (FB 11.32); %s: a unit's name. */
        return g_strdup_printf (_("Choose the hex two away where %s ends its retreat before combat"), a);
      return g_strdup_printf (_("Choose the hex two away where %s falls back"), a);
    case FB_ST_ESCAPE:
      a = acies_fb_piece_name (s, s->escape_leader);
      *rule = g_strdup ("FB 13.1");
      return g_strdup_printf (_("%s escapes: choose the friendly unit he joins"), a);
    case FB_ST_BUILD:
      b = c->n_def > 0 ? name_at (s, c->def[0]) : g_strdup ("?");
      a = acies_fb_unresolved_why (s, c, rule);
      if (a != NULL)
        /* TRANSLATORS: the play panel's prompt (FB 8.21, 8.52) while the attack cannot be resolved. Slots
         * in order: %s: the unit attacked and its hex; %s: why there is no Resolve ("no Resolve yet: …"). */
        return g_strdup_printf (_("Compose the attack on %s: %s"), b, a);
      *rule = g_strdup ("FB 8.2");
      return g_strdup_printf (_("Compose the attack on %s: add attackers, leaders' strength and shifts, then resolve"), b);
    case FB_ST_DEFEND:
      {
        gboolean leader = has_legal (s, FB_A_ADDITIVE, -2) || has_legal (s, FB_A_SHIFT, -2);
        gboolean rbc = has_legal (s, FB_A_RBC, -2);

        /* Only the answers the rules allow now (13.2, 13.4, 11.3). */
        b = c->n_def > 0 ? name_at (s, c->def[0]) : g_strdup ("?");
        *rule = g_strdup (leader ? "FB 13.4" : rbc ? "FB 11.3" : "FB 8.0");
        if (leader && rbc)
          return g_strdup_printf (_("%s is attacked: answer with a leader's strength or shift, retreat before combat, or let it be rolled"),
                                  b);
        if (leader)
          /* TRANSLATORS: the play panel's prompt (FB 13.2, 13.4); %s: the unit attacked and its hex. */
          return g_strdup_printf (_("%s is attacked: answer with a leader's strength or shift, or let it be rolled"), b);
        if (rbc)
          /* TRANSLATORS: the play panel's prompt (FB 11.3); %s: the unit attacked and its hex. */
          return g_strdup_printf (_("%s is attacked: retreat before combat, or let it be rolled"), b);
        /* TRANSLATORS: the play panel's prompt (FB 8.0); %s: the unit attacked and its hex. */
        return g_strdup_printf (_("%s is attacked: let it be rolled"), b);
      }
    case FB_ST_EX_SUB:
      *rule = g_strdup ("FB 8.6");
      return g_strdup_printf (_("An exchange: take it, or try to make it an AR (1-%d)"), st->ex_sub_max);
    case FB_ST_LOSS:
      *rule = g_strdup ("FB 8.6");
      return g_strdup (c->result == FB_RES_EX ? _("Exchange: choose the unit you lose")
                                              : _("Choose the unit that takes the loss"));
    case FB_ST_RETREAT:
      return retreat_prompt (s, rule);
    case FB_ST_ADVANCE:
      *rule = g_strdup (c->forced_adv >= 0 ? "FB 9.8" : "FB 8.75");
      if (c->forced_adv >= 0)
        {
          a = acies_fb_piece_name (s, c->forced_adv);
          return g_strdup_printf (_("%s is carried forward: choose the hex it advances into"), a);
        }
      return g_strdup (_("Advance after combat into the vacated hex, or hold"));
    case FB_ST_RALLY_PLACE:
      a = acies_fb_piece_name (s, s->rally_unit);
      *rule = g_strdup ("FB 14.0");
      return g_strdup_printf (_("%s rallies: choose its hex"), a);
    case FB_ST_EARTHQUAKE:
      *rule = g_strdup ("TRA 5.2");
      return g_strdup_printf (_("The earthquake: remove units of at least %d SP more"),
                              s->earthquake_loss[s->deciding]);
    default:
      break;
    }
  if (s->must_move >= 0)
    {
      /* 5.32: a unit ended its move on a friend, which must now move
       * off, so no two units share a hex when the phase ends. */
      a = acies_fb_piece_name (s, s->must_move);
      *rule = g_strdup ("FB 5.32");
      /* TRANSLATORS: the play panel's prompt (FB 5.32); %s: a unit's name. Only that unit is offered. */
      return g_strdup_printf (_("%s must move now: a unit ended its move in its hex, and no unit may end a phase "
                                "in the same hex as another unit"), a);
    }
  if (s->phase == FB_PH_MOVE && s->end_short == FB_SHORT_REFUSED && acies_fb_mandatory_short (s, NULL, 0) > 0)
    {
      /* CAN 4.11, ruling A35: the opponent refused to let the phase end
       * short: it ends once these units have made their advance. */
      g_autofree char *list = acies_fb_mandatory_short_names (s);

      *rule = g_strdup ("CAN 4.11");
      /* TRANSLATORS: the play panel's prompt (CAN 4.11) after the opponent refused to let the Movement
       * Phase end short. Slots in order: %s: the other side's name; %s: a list of units' names ("Legion
       * I-1, Legion I-2, Legion I-3 and 45 other units"). */
      return g_strdup_printf (_("%s refused to let the Movement Phase end short: %s must still advance, "
                                "to the end of their move or until blocked, before it can end"),
                              acies_fb_side_name (s, 1 - s->base.active_side), list);
    }
  if (s->phase == FB_PH_RALLY && s->rally_tried)
    {
      /* 14.0, 14.4: one attempt a rally phase; the player sees how it
       * went (the log) and ends his player turn himself. */
      *rule = g_strdup ("FB 14.4");
      /* TRANSLATORS: the play panel's prompt (FB 14.0, 14.4) after the rally die is rolled; %s: a side's
       * name. */
      return g_strdup_printf (_("%s have made their one rally attempt: end the player turn"),
                              acies_fb_side_name (s, s->base.active_side));
    }
  if (s->phase == FB_PH_SETUP)
    {
      *rule = g_strdup ("FB 3.0");
      return g_strdup (_("Set up your units"));
    }
  if (s->phase == FB_PH_FIRST)
    {
      *rule = g_strdup ("PHA 5.2");
      return g_strdup (_("Roll to see which army moves first"));
    }
  return NULL;
}

/**
 * acies_fb_state_to_json:
 * @s: the state
 *
 * The state as the play window and the CLI read it: the phase, VP and
 * army morale per side, the melee being fought, and a record per piece
 * whose true flags are the markers its counter shows.
 *
 * Returns: (transfer full): the JSON
 */
JsonNode *
acies_fb_state_to_json (const FbState *s)
{
  const FbStatic *st = s->st;
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, s->base.turn);
  json_builder_set_member_name (b, "active_side");
  json_builder_add_int_value (b, s->base.active_side);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, s->base.phase);
  json_builder_set_member_name (b, "victory_points");
  json_builder_begin_array (b);
  for (gint side = 0; side < 2; side++)
    json_builder_add_double_value (b, acies_fb_vp_h (s, side, NULL) / 2.0);
  json_builder_end_array (b);
  /* 15.1-15.3: VP lost against the levels ("Lost for morale"). */
  json_builder_set_member_name (b, "lost_for_morale");
  json_builder_begin_array (b);
  for (gint side = 0; side < 2; side++)
    {
      g_autofree char *text = acies_fb_has_rule (st, FB_R_NO_MORALE)
                              ? g_strdup_printf ("%g", s->lost_h[side] / 2.0)
                              : g_strdup_printf (_("%g (demoralized at %d, disintegrates at %d)"), s->lost_h[side] / 2.0,
                                                 st->demoralization[side], st->disintegration[side]);

      json_builder_add_string_value (b, text);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "demoralized");
  if (s->demoralized[0] || s->demoralized[1])
    {
      json_builder_begin_array (b);
      json_builder_add_boolean_value (b, s->demoralized[0]);
      json_builder_add_boolean_value (b, s->demoralized[1]);
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "melee");
  if (s->c.active)
    {
      FbOdds o = { 0 };
      g_autofree char *level = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GString) att = g_string_new (NULL);
      g_autoptr(GString) def = g_string_new (NULL);

      acies_fb_compute_odds (s, &s->c, &o);
      level = acies_fb_level_name (o.level);
      for (gint i = 0; i < s->c.n_att; i++)
        /* TRANSLATORS: between two units' names in the Status block's melee ("Gauls 2, Gauls 3"). */
        g_string_append_printf (att, "%s%s", i > 0 ? C_("melee", ", ") : "", acies_fb_name (s, s->c.att[i]));
      for (gint i = 0; i < s->c.n_def; i++)
        g_string_append_printf (def, "%s%s", i > 0 ? C_("melee", ", ") : "", acies_fb_name (s, s->c.def[i]));
      if (s->c.rolled)
        /* TRANSLATORS: the Status block's melee once rolled (FB 8.0). Slots in order: %s: the attackers'
         * names; %s: the defenders' names; %g: the attack's SP; %g: the defence's SP; %s: the odds
         * ("1:2") or "automatic AL"; %s: the result ("AR"). */
        text = g_strdup_printf (_("%s against %s: %g to %g SP, %s, result %s"), att->str, def->str, o.att_q / 4.0,
                                o.def_q / 4.0, o.auto_al ? _("automatic AL") : level,
                                acies_fb_result_name (s->c.result));
      else
        /* TRANSLATORS: the Status block's melee being composed (FB 8.0). Slots in order: %s: the
         * attackers' names; %s: the defenders' names; %g: the attack's SP; %g: the defence's SP; %s: the
         * odds ("1:2") or "automatic AL". */
        text = g_strdup_printf (_("%s against %s: %g to %g SP, %s"), att->str, def->str, o.att_q / 4.0,
                                o.def_q / 4.0, o.auto_al ? _("automatic AL") : level);
      json_builder_add_string_value (b, text);
    }
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (gint i = 0; i < st->n_pieces; i++)
    {
      const FbPiece *p = &s->p[i];
      const char *id = i < st->n_combat
                       ? ((AciesUnit *) g_ptr_array_index (st->scenario->units, i))->id
                       : ((AciesLeader *) g_ptr_array_index (st->scenario->leaders, i - st->n_combat))->id;
      static const char *where[] = { "map", "eliminated", "off-map", "waiting", "gone", "set-up" };
      gboolean in_att = FALSE, in_def = FALSE;

      for (gint k = 0; s->c.active && k < s->c.n_att; k++)
        in_att |= s->c.att[k] == i;
      for (gint k = 0; s->c.active && k < s->c.n_def; k++)
        in_def |= s->c.def[k] == i;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "cell");
      if (p->where == FB_AT_MAP)
        json_builder_add_string_value (b, acies_fb_cell_label (s, p->cell));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "where");
      json_builder_add_string_value (b, where[MIN (p->where, 5)]);
      if (i < st->n_combat)
        {
          json_builder_set_member_name (b, "reduced");
          json_builder_add_boolean_value (b, p->reduced);
          json_builder_set_member_name (b, "disrupted");
          json_builder_add_boolean_value (b, p->disrupted);
          json_builder_set_member_name (b, "disordered");
          json_builder_add_boolean_value (b, p->disordered);
          json_builder_set_member_name (b, "charging");
          json_builder_add_boolean_value (b, p->charging && p->where == FB_AT_MAP);
          json_builder_set_member_name (b, "pila thrown");
          json_builder_add_boolean_value (b, p->missile_spent && st->pieces[i].one_shot);
          json_builder_set_member_name (b, "stood");
          /* 11.17: stands count against retreats before combat in the
           * enemy's player turn; in its own they mean nothing. */
          json_builder_add_boolean_value (b, p->stands > 0 && st->pieces[i].side != s->base.active_side);
          json_builder_set_member_name (b, "must attack");
          /* FB 8.12: not once the enemy next to it is gone (11.3: trial 6a finding 13). */
          json_builder_add_boolean_value (b, s->phase == FB_PH_COMBAT && acies_fb_obliged_open (s, i));
          json_builder_set_member_name (b, "attacking");
          json_builder_add_boolean_value (b, in_att);
          json_builder_set_member_name (b, "defending");
          json_builder_add_boolean_value (b, in_def);
          json_builder_set_member_name (b, "held back");
          json_builder_add_boolean_value (b, p->where == FB_AT_MAP && st->pieces[i].side == s->base.active_side
                                             && s->phase == FB_PH_MOVE && acies_fb_locked (s, i));
        }
      else
        {
          json_builder_set_member_name (b, "shifts left");
          json_builder_add_int_value (b, st->pieces[i].shift_budget - p->shifts_used);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The VP a piece has cost its side so far (16.11, 16.12, GRA 3.2). */
static gint
given_h (const FbState *s,
         gint           i)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[i];
  const FbPiece *p = &s->p[i];
  gint h = 0;

  if (i < st->n_combat && p->reduced)
    h += 2 * (d->sp - d->sp_reduced);
  if (p->where == FB_AT_ELIMINATED)
    {
      gint v;

      if (i >= st->n_combat)
        v = 10 * d->additive;
      else
        {
          v = 2 * (p->reduced ? d->sp_reduced : d->sp);
          if (d->cls == FB_ELEPHANT && (acies_fb_find_rule (st, FB_R_UNTRAINED_ELEPHANTS, d->side) != NULL
                                        || (p->amok && st->opt.amok_half_vp)))
            v /= 2;
        }
      h += v;
    }
  return h;
}

/**
 * acies_fb_check_invariants:
 * @s: the state
 * @error: return location for an error
 *
 * What must hold after every action: one combat unit a hex outside the
 * movement phase (5.32), no hex held by both sides (5.14), the occupancy
 * and ZOC maps as the pieces stand, a unit that began its move in an
 * enemy ZOC left it only by disengaging or brushing aside (5.15, 11.2),
 * VP equal to the eliminations (16.1) and objectives.
 *
 * Returns: %TRUE if they hold
 */
gboolean
acies_fb_check_invariants (const FbState *s,
                           GError       **error)
{
  const FbStatic *st = s->st;
  g_autofree gint16 *occ = g_new (gint16, st->n_cells);
  g_autofree guint8 *zoc = g_new0 (guint8, 4 * st->n_cells);
  g_autofree guint8 *units = g_new0 (guint8, st->n_cells);
  g_autofree guint8 *bags = g_new0 (guint8, st->n_cells);
  g_autofree guint8 *ldr = g_new0 (guint8, 2 * st->n_cells);
  g_autofree gint8 *owner = g_new (gint8, st->n_cells);
  gint given[2] = { 0, 0 };

  memset (owner, -1, st->n_cells);
  for (gint c = 0; c < st->n_cells; c++)
    occ[c] = FB_NONE;
  for (gint i = 0; i < st->n_pieces; i++)
    {
      const FbPiece *p = &s->p[i];
      const FbPieceDef *d = &st->pieces[i];

      given[d->side] += given_h (s, i);
      if (p->where != FB_AT_MAP)
        {
          if (p->cell != FB_NONE)
            return acies_fb_invalid (error, "piece %d is off the map but has a cell", i);
          continue;
        }
      if (p->cell < 0 || p->cell >= st->n_cells)
        return acies_fb_invalid (error, "piece %d has no cell", i);
      if (i >= st->n_combat)
        ldr[d->side * st->n_cells + p->cell]++;
      else if (d->cls == FB_BAGGAGE)
        bags[p->cell]++;
      else
        units[p->cell]++;
      if (i < st->n_combat)
        {
          if (owner[p->cell] >= 0 && owner[p->cell] != d->side)
            return acies_fb_invalid (error, "FB 5.14: both sides in %s", acies_fb_cell_label (s, p->cell));
          owner[p->cell] = d->side;
        }
      if (acies_fb_exerts_zoc (s, i))
        for (gint k = 0; k < 6; k++)
          {
            gint n = st->nbr[p->cell * 6 + k];

            if (n < 0 || acies_fb_cell_prohibited (s, i, n))
              continue;
            zoc[(d->side * 2) * st->n_cells + n]++;
            if (!d->dot)
              zoc[(d->side * 2 + 1) * st->n_cells + n]++;
          }
      /* 5.15: a unit that began its move in an enemy ZOC left it only by
       * disengaging (11.2) or brushing aside (11.1). */
      if (s->phase == FB_PH_MOVE && d->side == s->base.active_side && p->move_start >= 0
          && p->started_in_zoc && p->cell != p->move_start && !p->disengaging && !p->brushed && !p->entered)
        return acies_fb_invalid (error, "FB 5.15: %s left an enemy ZOC by moving", raw_name (s, i));
    }
  for (gint c = 0; c < st->n_cells; c++)
    {
      if (bags[c] > 1)
        return acies_fb_invalid (error, "TEU 4.4: two baggage units in %s", acies_fb_cell_label (s, c));
      if (units[c] > 1 && (s->phase != FB_PH_MOVE || !st->opt.stack_until_phase_end)
          && !(s->phase == FB_PH_COMBAT && s->c.active))
        return acies_fb_invalid (error, "FB 5.32: %u units in %s", units[c], acies_fb_cell_label (s, c));
      if (units[c] > 2)
        return acies_fb_invalid (error, "FB 5.32: %u units in %s", units[c], acies_fb_cell_label (s, c));
      if ((units[c] > 0) != (s->occ[c] >= 0) || units[c] != s->ucnt[c])
        return acies_fb_invalid (error, "the occupancy of %s is wrong", acies_fb_cell_label (s, c));
      if ((bags[c] > 0) != (s->bag[c] >= 0))
        return acies_fb_invalid (error, "the baggage in %s is wrong", acies_fb_cell_label (s, c));
      for (gint side = 0; side < 2; side++)
        {
          if (ldr[side * st->n_cells + c] != s->ldr[side][c])
            return acies_fb_invalid (error, "the leaders in %s are wrong", acies_fb_cell_label (s, c));
          if (ldr[side * st->n_cells + c] > 1 && acies_fb_find_rule (st, FB_R_EAGLES, side) == NULL)
            return acies_fb_invalid (error, "FB 13.2: two leaders in %s", acies_fb_cell_label (s, c));
          for (gint k = 0; k < 2; k++)
            if (zoc[(side * 2 + k) * st->n_cells + c] != s->zoc[side][k][c])
              return acies_fb_invalid (error, "FB 6.0: the ZOC map of %s is wrong in %s", acies_fb_side_name (s, side),
                           acies_fb_cell_label (s, c));
        }
    }
  /* 16.11, 16.12, 14.7: VP earned equal the enemy's losses; lost VP equal
   * the own (TRA 5.2 panic losses count for morale only). */
  for (gint side = 0; side < 2; side++)
    {
      if (s->elim_h[side] != given[1 - side] + s->quake_vp_h[side])
        return acies_fb_invalid (error, "FB 16.1: %s have %g VP for eliminations, the losses are worth %g",
                     acies_fb_side_name (s, side), s->elim_h[side] / 2.0, given[1 - side] / 2.0);
      if (s->lost_h[side] != given[side] + s->quake_h[side])
        return acies_fb_invalid (error, "FB 15.1: %s count %g VP lost, their losses are %g",
                     acies_fb_side_name (s, side), s->lost_h[side] / 2.0, (given[side] + s->quake_h[side]) / 2.0);
      if (s->objective_h[side] < 0)
        return acies_fb_invalid (error, "negative objective VP");
    }
  return TRUE;
}
