/* acies-sg-describe.c
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
#include "acies-text.h"

/*
 * A player's words for the Simple GBoH state: units named as the board
 * shows them ("Hastati I at 1012"), actions, the prompt of every pending
 * decision (the interrupts name what the inactive player may do), and
 * the Player Turn.
 */

static const char * const type_names[SG_N_TYPES] = {
  "CO", "LG", "HI", "BI", "PH", "HO", "LI", "LP", "SK", "SK*",
  "LN", "LC", "GC", "HC", "RC", "MI", "EL", "CH", "ART",
};

const char *
sg_type_name (SgType t)
{
  return t < SG_N_TYPES ? type_names[t] : "?";
}

const char *
sg_result_text (SgResult r,
                char    *buf,
                gsize    len)
{
  static const char *kinds[] = { "", "Retreat", "DR Rout", "DR(+2) Rout", "Rout" };

  if (r.hits == 0 && r.kind == SG_R_NONE)
    g_strlcpy (buf, "no effect", len);
  else if (r.hits == 0)
    g_strlcpy (buf, kinds[r.kind], len);
  else if (r.kind == SG_R_NONE)
    g_snprintf (buf, len, "%uH", r.hits);
  else
    g_snprintf (buf, len, "%uH %s", r.hits, kinds[r.kind]);
  return buf;
}

/* The words for a facing: a compass point of the board. */
static const char *
vertex_words (const SgState *s,
              gint           v)
{
  static const char *pointy[] = { N_("east-north-east"), N_("east-south-east"), N_("south"), N_("west-south-west"),
                                   N_("west-north-west"), N_("north") };
  static const char *flat[] = { N_("north-north-east"), N_("east"), N_("south-south-east"), N_("south-south-west"),
                                N_("west"), N_("north-north-west") };

  if (v < 0)
    return "—";
  return _(acies_board_get_orientation (s->st->board) == ACIES_HEX_POINTY_TOP ? pointy[v % 6] : flat[v % 6]);
}

static const char *
dir_words (const SgState *s,
           gint           d)
{
  static const char *pointy[] = { N_("north-east"), N_("east"), N_("south-east"), N_("south-west"), N_("west"),
                                   N_("north-west") };
  static const char *flat[] = { N_("north"), N_("north-east"), N_("south-east"), N_("south"), N_("south-west"),
                                N_("north-west") };

  if (d < 0)
    return "—";
  return _(acies_board_get_orientation (s->st->board) == ACIES_HEX_POINTY_TOP ? pointy[d % 6] : flat[d % 6]);
}

/**
 * sg_describe_unit:
 * @s: a state
 * @u: a unit
 *
 * Returns: (transfer full): the unit as the board shows it: "Hastati I
 *   at 1012", "Phalanx A at 1011–1111", "Numidians (pursuing)"
 */
char *
sg_describe_unit (const SgState *s,
                  gint           u)
{
  const SgUnit *x = &s->units[u];
  const char *name = sg_unit_name (s, u);

  switch (x->status)
    {
    case SG_U_MAP:
      if (x->cell2 >= 0)
        return g_strdup_printf (_("%s at %s–%s"), name, sg_cell_label (s, x->cell), sg_cell_label (s, x->cell2));
      return g_strdup_printf (_("%s at %s"), name, sg_cell_label (s, x->cell));
    case SG_U_PURSUIT:
      return g_strdup_printf (_("%s (pursuing off the map)"), name);
    case SG_U_MERGED:
      return g_strdup_printf (_("%s (Double Depth)"), name);
    default:
      return g_strdup (name);
    }
}

char *
sg_ev_unit (const SgState *s,
            gint           u,
            GPtrArray     *events)
{
  if (events == NULL)
    return NULL;
  return sg_describe_unit (s, u);
}

/**
 * sg_describe_action:
 * @s: the state the action is taken in
 * @a: an action
 *
 * Returns: (transfer full) (nullable): @a in a player's words
 */
char *
sg_describe_action (const SgState     *s,
                    const AciesAction *a)
{
  g_autofree char *u = NULL, *t = NULL;
  gint a0 = a->args[0], a1 = a->args[1];

  if (a0 >= 0 && (guint) a0 < s->n_units)
    u = sg_describe_unit (s, a0);
  if (a1 >= 0 && (guint) a1 < s->n_units)
    t = sg_describe_unit (s, a1);

  switch (a->type)
    {
    case SG_A_ROLL_FIRST:
      return g_strdup (_("Roll for the first Player Turn"));
    case SG_A_SEIZE:
      {
        /* 4.41: a roll at or under the leader's Initiative seizes. */
        guint ini = s->st->leaders[a0].initiative, left = s->leaders[a0].seizures;

        return g_strdup_printf (ngettext ("Seize the Player Turn with %s: a roll of %u or less, %u %% (%u attempt left)",
                                          "Seize the Player Turn with %s: a roll of %u or less, %u %% (%u attempts left)",
                                          left),
                                sg_leader_name (s, a0), ini, MIN (ini + 1, 10) * 10, left);
      }
    case SG_A_SEIZE_MOVE:
      return g_strdup_printf (_("Spend a Seizure to move %s"), sg_leader_name (s, a0));
    case SG_A_NO_SEIZE:
      return g_strdup (_("Let the Player Turn go on"));
    case SG_A_ACTIVATE:
      {
        const char *f = s->st->formations[a0].name;

        if (a1 < 0)
          return g_strdup_printf (_("Activate %s"), f);
        if (a->args[2] == 1)
          return g_strdup_printf (_("Activate %s under %s, spending a Seizure point"), f, sg_leader_name (s, a1));
        if (s->leaders[a1].status == SG_L_AWAY)
          return g_strdup_printf (_("Activate %s (%s returns)"), f, sg_leader_name (s, a1));
        return g_strdup_printf (_("Activate %s under %s"), f, sg_leader_name (s, a1));
      }
    case SG_A_ACTIVATE_MULTI:
      {
        g_autoptr(GPtrArray) names = g_ptr_array_new ();
        const SgMfaDef *m = &s->st->mfa[a0];
        g_autofree char *list = NULL;

        for (guint f = 0; f < s->st->n_formations; f++)
          if (m->formations & (1u << f))
            g_ptr_array_add (names, (gpointer) s->st->formations[f].name);
        list = acies_text_join_list ((const char * const *) names->pdata, names->len);
        /* TRANSLATORS: a command: a multi-formation activation. Slots in order: %s: a leader's name; %s: the
         * formations he activates ("Hastati and Principes"). */
        return g_strdup_printf (_("%s activates %s"), sg_leader_name (s, m->leader), list);
      }
    case SG_A_MOVE_OC:
      return g_strdup_printf (_("Move %s alone (MA 30)"), sg_leader_name (s, s->st->sides[s->base.active_side].oc));
    case SG_A_PASS:
      return g_strdup (_("Pass"));
    case SG_A_PLACE_LEADER:
      return g_strdup_printf (_("%s returns with %s"), sg_leader_name (s, a0), t);
    case SG_A_RETURN_UNIT:
      return g_strdup_printf (_("%s returns at %s"), sg_unit_name (s, a0), sg_cell_label (s, a1));
    case SG_A_STEP:
      if (a->args[3] == 1)
        return g_strdup_printf (a->args[2] == 1 ? _("%s leaves its stack and moves to %s, paying 1 MP to avoid a Hit")
                                                : _("%s leaves its stack and moves to %s"), u, sg_cell_label (s, a1));
      return g_strdup_printf (a->args[2] == 1 ? _("%s moves to %s, paying 1 MP to avoid a Hit") : _("%s moves to %s"), u,
                              sg_cell_label (s, a1));
    case SG_A_PIVOT:
      return g_strdup_printf (a->args[2] == 0 ? _("%s wheels left into %s") : _("%s wheels right into %s"), u,
                              sg_cell_label (s, a1));
    case SG_A_TURN:
      if (s->units[a0].cell2 >= 0)
        return g_strdup_printf (_("%s faces about (3 MP)"), u);
      if (s->units[a0].f & SG_UF_COLUMN)
        return g_strdup_printf (_("%s turns to march %s"), u, dir_words (s, a1));
      return g_strdup_printf (_("%s faces %s"), u, vertex_words (s, a1));
    case SG_A_SWAP:
      return g_strdup_printf (_("%s goes under its stack partner"), u);
    case SG_A_COLUMN:
      if (s->units[a0].f & SG_UF_COLUMN)
        return g_strdup_printf (_("%s leaves Column, facing %s"), u, vertex_words (s, a1));
      return g_strdup_printf (_("%s forms Column, marching %s"), u, dir_words (s, a1));
    case SG_A_DOUBLE_DEPTH:
      return g_strdup_printf (_("%s forms Double Depth with %s"), u, t);
    case SG_A_FIRE:
      if (a1 < 0)
        return g_strdup_printf (_("%s fires at the leader at %s"), u, sg_cell_label (s, a->args[2]));
      return g_strdup_printf (_("%s fires at %s"), u, t);
    case SG_A_HIT_AND_RUN:
      return g_strdup_printf (_("%s: Hit and Run against %s"), u, t);
    case SG_A_LEADER_STEP:
      return g_strdup_printf (_("%s moves to %s"), sg_leader_name (s, a0), sg_cell_label (s, a1));
    case SG_A_END_MOVE:
      return g_strdup (_("End the Movement/Missile Fire Phase"));
    case SG_A_REACT_FACE:
      if (s->units[a0].cell2 >= 0)
        return g_strdup_printf (_("Reaction: %s tries to reverse face"), u);
      if (s->units[a0].f & SG_UF_COLUMN)
        return g_strdup_printf (_("Reaction: %s tries to leave Column, facing %s"), u, vertex_words (s, a1));
      return g_strdup_printf (_("Reaction: %s tries to face %s"), u, vertex_words (s, a1));
    case SG_A_REACT_FIRE:
      return g_strdup_printf (_("Reaction fire: %s fires at %s"), u, t);
    case SG_A_SIDESTEP:
      return g_strdup_printf (_("%s steps aside into %s"), u, sg_cell_label (s, a1));
    case SG_A_LEADER_RETREAT:
      if (a1 < 0)
        return g_strdup_printf (_("%s stands his ground and is lost"), sg_leader_name (s, a0));
      return g_strdup_printf (_("%s escapes to %s"), sg_leader_name (s, a0), sg_cell_label (s, a1));
    case SG_A_NO_REACTION:
      return g_strdup (_("No (more) reaction"));
    case SG_A_DESIGNATE:
      return g_strdup_printf (_("%s will attack %s"), u, t);
    case SG_A_END_DESIGNATION:
      return g_strdup (_("Done designating attacks"));
    case SG_A_RBS:
      return g_strdup_printf (a1 == 1 ? "%s retreats before shock" : "%s stands", u);
    case SG_A_RBS_STEP:
      if (a1 < 0)
        return g_strdup_printf (_("%s falls back off the map and is lost"), u);
      return g_strdup_printf (_("%s falls back to %s"), u, sg_cell_label (s, a1));
    case SG_A_ADVANCE_STEP:
      return g_strdup_printf (_("%s advances to %s"), u, sg_cell_label (s, a1));
    case SG_A_STOP:
      return g_strdup (_("No (further) advance"));
    case SG_A_RESOLVE:
      return g_strdup_printf (_("Resolve the attack on %s"), u);
    case SG_A_REPRESENTATIVE:
      return g_strdup_printf (_("%s represents its side"), u);
    case SG_A_ASSIGN_HIT:
      return g_strdup_printf (_("A Hit to %s"), u);
    case SG_A_RETREAT:
      return g_strdup_printf (_("%s retreats to %s"), u, sg_cell_label (s, a1));
    case SG_A_ADVANCE:
      return g_strdup_printf (_("%s advances to %s"), u,
                              sg_cell_label (s, a->args[2] >= 0 && a1 == s->units[a0].cell ? a->args[2] : a1));
    case SG_A_ADVANCE_FACE:
      if (a1 == s->units[a0].facing)
        return g_strdup_printf (_("%s keeps its facing"), u);
      return g_strdup_printf (_("%s turns to face %s"), u, vertex_words (s, a1));
    case SG_A_KEEP:
      if (a0 < 0)
        return g_strdup (_("Keep no unit"));
      return g_strdup_printf (_("Keep %s in play"), sg_unit_name (s, a0));
    default:
      return NULL;
    }
}

/* The kinds of reaction open now, in words for the prompt. */
static char *
react_words (const SgState *s,
             char         **rule)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  gboolean face = FALSE, rear = FALSE, fire = FALSE, side = FALSE, lead = FALSE, art = FALSE, ret = FALSE;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) rules = g_string_new (NULL);
  g_autofree char *mover = NULL;
  gint m = s->react.mover;

  sg_react_legal (s, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      switch (a->type)
        {
        case SG_A_REACT_FACE:
          if (s->units[a->args[0]].cell2 >= 0)
            rear = TRUE;
          else
            face = TRUE;
          break;
        case SG_A_REACT_FIRE:
          if (s->react.kind == SG_RX_RETURN)
            ret = TRUE;
          else if (sg_def (s, a->args[0])->type == SG_T_ART && s->react.kind == SG_RX_POST_STEP)
            art = TRUE;
          else
            fire = TRUE;
          break;
        case SG_A_SIDESTEP:
          side = TRUE;
          break;
        case SG_A_LEADER_RETREAT:
          lead = TRUE;
          break;
        default:
          break;
        }
    }
  if (m >= 0 && (guint) m < s->n_units)
    mover = sg_describe_unit (s, m);
  switch (s->react.kind)
    {
    case SG_RX_PRE_STEP:
      /* The hex it enters next: what a reaction facing must face. */
      if (!s->react.leader_move && s->react.to >= 0)
        g_string_append_printf (text, _("%s is about to move into %s"), mover, sg_cell_label (s, s->react.to));
      else
        g_string_append_printf (text, _("%s is about to move"), mover);
      break;
    case SG_RX_POST_STEP:
      g_string_append_printf (text, _("%s has moved"), mover);
      break;
    case SG_RX_RETURN:
      g_string_append_printf (text, _("%s fires"), mover);
      break;
    case SG_RX_ADVANCE:
      g_string_append_printf (text, _("%s advances"), mover);
      break;
    case SG_RX_LEADERS:
      g_string_append (text, _("after the shock, a leader stands alone next to the enemy"));
      break;
    default:
      break;
    }
  {
    g_autoptr(GPtrArray) items = g_ptr_array_new ();
    g_autofree char *list = NULL, *head = g_strdup (text->str);

    if (face)
      {
        g_ptr_array_add (items, (gpointer) _("reaction facing"));
        g_string_append (rules, "SG 6.15");
      }
    if (rear)
      {
        g_ptr_array_add (items, (gpointer) _("reverse facing"));
        g_string_append_printf (rules, "%sSG 6.16", rules->len ? ", " : "");
      }
    if (fire)
      {
        const char *r = s->react.kind == SG_RX_PRE_STEP ? "7.21" : s->react.kind == SG_RX_ADVANCE ? "7.74" : "7.22";

        g_ptr_array_add (items, (gpointer) (s->react.kind == SG_RX_PRE_STEP
                                            ? _("reaction fire (it is leaving a missile unit's zone of control)")
                                            : _("reaction fire (it entered a missile unit's zone of control)")));
        g_string_append_printf (rules, "%sSG %s", rules->len ? ", " : "", r);
      }
    if (art)
      {
        g_ptr_array_add (items, (gpointer) _("artillery fire"));
        g_string_append_printf (rules, "%sSG 7.24", rules->len ? ", " : "");
      }
    if (ret)
      {
        g_ptr_array_add (items, (gpointer) _("return fire"));
        g_string_append_printf (rules, "%sSG 7.23", rules->len ? ", " : "");
      }
    if (side)
      {
        g_ptr_array_add (items, (gpointer) _("a Roman stack may step aside"));
        g_string_append_printf (rules, "%sSG 5.36", rules->len ? ", " : "");
      }
    if (lead)
      {
        g_ptr_array_add (items, (gpointer) _("a lone leader must escape or be lost"));
        g_string_append_printf (rules, "%sSG 4.35", rules->len ? ", " : "");
      }
    g_ptr_array_add (items, NULL);
    list = g_strjoinv (", ", (char **) items->pdata);
    /* TRANSLATORS: what happened, then the reactions open: "Hastati I at
     * 1012 is about to move: reaction facing, artillery fire" */
    g_string_printf (text, _("%s: %s"), head, list);
  }
  *rule = g_strdup (rules->str);
  return g_strdup (text->str);
}

/**
 * sg_prompt_text:
 * @s: a state
 * @rule: (out): the rule that gives the choice
 *
 * Returns: (transfer full): what the deciding player is asked, his side
 *   named first ("Carthage: reaction fire — …")
 */
char *
sg_prompt_text (const SgState *s,
                char         **rule)
{
  const char *who = sg_side_name (s, s->base.deciding_side);
  g_autofree char *what = NULL;
  const char *r = NULL;

  switch (s->step)
    {
    case SG_ST_FIRST:
      what = g_strdup (_("both players roll; the higher goes first"));
      r = "SG 3.1";
      break;
    case SG_ST_SEIZE:
      what = g_strdup_printf (_("Turn Seizure — a leader may try to take the Player Turn from %s, or let it go on"),
                              sg_side_name (s, s->base.active_side));
      r = "SG 4.41";
      break;
    case SG_ST_ACTIVATE:
      if (s->seize_leader >= 0)
        {
          /* The rule that says which Formations: the OC's (4.42) or an
           * FC's own (4.43), cited once, as the prompt's rule. */
          gboolean oc = s->st->leaders[s->seize_leader].is_oc;

          what = g_strdup_printf (oc ? _("%s seized the Player Turn as Overall Commander: activate any Formation "
                                         "the Overall Commander may, or pass")
                                     : _("%s seized the Player Turn: activate a Formation he commands, or pass"),
                                  sg_leader_name (s, s->seize_leader));
          if (s->seized_by >= 0)
            {
              /* SG 4.45: say why the other side is offered no seizure. */
              char *full;

              /* Translators: the first %s is the seizure prompt, the second the side that lost its turn. */
              full = g_strdup_printf (_("%s. %s may not seize this Player Turn back"), what,
                                      sg_side_name (s, s->seized_by == 0 ? 1 : 0));
              g_free (what);
              what = full;
            }
          r = oc ? "SG 4.42" : "SG 4.43";
        }
      else
        {
          what = g_strdup (_("activate Formations, move the Overall Commander, or pass"));
          r = "SG 3.2";
        }
      break;
    case SG_ST_PLACE_LEADER:
      what = g_strdup_printf (_("%s returns: choose the unit he joins"), sg_leader_name (s, s->pending_leader));
      r = s->st->leaders[s->pending_leader].replacement ? "SG 4.37" : "SG 4.36";
      break;
    case SG_ST_RETURN:
      what = g_strdup (_("the pursuing cavalry return: choose where, beside the enemy's Retreat Edge"));
      r = "SG 7.63";
      break;
    case SG_ST_MOVE:
      if (s->oc_move >= 0 || s->seize_move >= 0)
        what = g_strdup_printf (_("move %s, then end the phase"),
                                sg_leader_name (s, s->oc_move >= 0 ? s->oc_move : s->seize_move));
      else
        what = g_strdup (_("move and fire with the activated units, one unit at a time, then end the phase"));
      r = "SG 3.2";
      break;
    case SG_ST_REACT:
      {
        char *rr = NULL;

        what = react_words (s, &rr);
        *rule = rr;
        return g_strdup_printf ("%s: %s", who, what);
      }
    case SG_ST_DESIGNATE:
      what = g_strdup (_("designate every Shock attack: units with an enemy in their zone of control must attack, "
                       "and every such enemy must be attacked"));
      r = "SG 7.31";
      break;
    case SG_ST_RBS:
      {
        const SgAttack *a = &s->attacks[s->sh.rbs_k];
        gint d = -1;

        for (guint i = 0; i < a->n_def && d < 0; i++)
          if (!sg_bit (s->sh.asked, a->def[i]))
            d = a->def[i];
        what = g_strdup_printf (_("Retreat Before Shock with %s, or stand"), d >= 0 ? sg_unit_name (s, d) : "?");
        r = "SG 7.41";
        break;
      }
    case SG_ST_RBS_MOVE:
      what = g_strdup_printf (_("%s retreats before shock: the next hex, farther from the attackers (%u MP left)"),
                              sg_unit_name (s, s->sh.rbs_unit), s->sh.rbs_mp);
      r = "SG 7.42";
      break;
    case SG_ST_RBS_ADVANCE:
      what = g_strdup (_("the defenders fell back: advance one attacker, or stop"));
      r = "SG 7.44";
      break;
    case SG_ST_RESOLVE:
      what = g_strdup (_("choose the next attack to resolve"));
      r = "SG 7.4";
      break;
    case SG_ST_REP_ATT:
      what = g_strdup (_("choose the attacking unit that gives the Weapons System and TQ modifiers"));
      r = "SG 7.35";
      break;
    case SG_ST_REP_DEF:
      what = g_strdup (_("choose the defending unit that gives the Weapons System and TQ modifiers"));
      r = "SG 7.35";
      break;
    case SG_ST_ASSIGN:
      what = g_strdup_printf (_("give the next Hit (%u left): no unit a second one until each has one"),
                              s->sh.assign_left);
      r = "SG 7.53";
      break;
    case SG_ST_RETREAT:
      what = g_strdup (_("choose the retreat hex, away from the enemy"));
      r = "SG 8.3";
      break;
    case SG_ST_ADVANCE:
      what = g_strdup_printf (_("%s must advance into the vacated hex: choose how"), sg_unit_name (s, s->sh.advancer));
      r = "SG 7.71";
      break;
    case SG_ST_ADVANCE_FACE:
      what = g_strdup_printf (_("%s may turn one vertex after its advance"), sg_unit_name (s, s->sh.face_unit));
      r = "SG 7.72";
      break;
    case SG_ST_KEEP:
      what = g_strdup (_("every unit of the combat routed: keep one of them in play with TQ − 1 Hits?"));
      r = "SG 8.4";
      break;
    default:
      what = g_strdup (_("the battle is over"));
      r = "SG 9.0";
      break;
    }
  *rule = g_strdup (r);
  return g_strdup_printf ("%s: %s", who, what);
}

/**
 * sg_turn_words:
 * @s: a state
 *
 * Returns: (transfer full): "Player Turn 7 — Rome", "… (seized)"
 */
char *
sg_turn_words (const SgState *s)
{
  if (s->pt <= 0)
    return g_strdup (_("Before the battle"));
  if (s->seized_by >= 0)
    return g_strdup_printf (_("Player Turn %d — %s (seized)"), s->pt, sg_side_name (s, s->base.active_side));
  return g_strdup_printf (_("Player Turn %d — %s"), s->pt, sg_side_name (s, s->base.active_side));
}
