/* acies-sg-ruleset.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "model/acies-problem.h"
#include "acies-sg-private.h"

/*
 * The "simple-gboh" AciesRuleset: the interface glue over the rules in
 * the other acies-sg-*.c files: action specs, states, prompts, odds,
 * scores, digests, the views the play window draws, validation.
 */

#define ACIES_TYPE_SG_RULESET (acies_sg_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (AciesSgRuleset, acies_sg_ruleset, ACIES, SG_RULESET, GObject)

struct _AciesSgRuleset
{
  GObject         parent_instance;
  AciesCatalogue *catalogue;
};

static void acies_sg_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesSgRuleset, acies_sg_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET, acies_sg_ruleset_iface_init))

static const char * const wheels[] = { "left", "right", NULL };

const AciesActionSpec acies_sg_action_specs[SG_N_ACTIONS] = {
  [SG_A_ROLL_FIRST] = { "roll-first", N_("Roll for the first Player Turn"), "SG 3.1", 0, { { NULL } },
                        ACIES_ACTION_FLAG_NONE, "o" },
  [SG_A_SEIZE] = { "seize", N_("Seize the Player Turn"), "SG 4.41", 1, {
    { "leader", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_SEIZE_MOVE] = { "seize-move", N_("Seize to move a leader"), "SG 4.46", 1, {
    { "leader", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_NO_SEIZE] = { "no-seizure", N_("No seizure"), "SG 4.41", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "n" },
  [SG_A_ACTIVATE] = { "activate", N_("Activate"), "SG 3.2", 3, {
    { "formation", ACIES_ARG_INT, NULL, FALSE },
    { "commander", ACIES_ARG_INT, NULL, TRUE },
    { "seizure-point", ACIES_ARG_BOOL, NULL, TRUE } }, ACIES_ACTION_FLAG_NONE, "a" },
  [SG_A_ACTIVATE_MULTI] = { "activate-multiple", N_("Activate several Formations"), "SG 4.14", 1, {
    { "entry", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_MOVE_OC] = { "move-oc", N_("Move the Overall Commander"), "SG 4.33", 0, { { NULL } } },
  [SG_A_PASS] = { "pass", N_("Pass"), "SG 3.2", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "p" },
  [SG_A_PLACE_LEADER] = { "place-leader", N_("Place a returning leader"), "SG 4.36", 2, {
    { "leader", ACIES_ARG_INT, NULL, FALSE },
    { "with", ACIES_ARG_UNIT, NULL, FALSE } } },
  [SG_A_RETURN_UNIT] = { "return", N_("Return from pursuit"), "SG 7.63", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [SG_A_STEP] = { "step", N_("Move"), "SG 5.12", 4, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE },
    { "avoid-hit", ACIES_ARG_BOOL, NULL, TRUE },
    { "alone", ACIES_ARG_BOOL, NULL, TRUE } } },
  [SG_A_PIVOT] = { "pivot", N_("Wheel"), "SG 5.23", 3, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE },
    { "wheel", ACIES_ARG_CHOICE, wheels, FALSE } } },
  [SG_A_TURN] = { "turn", N_("Change facing"), "SG 6.12", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "facing", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_SWAP] = { "swap", N_("Change the stack's order"), "SG 5.33", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [SG_A_COLUMN] = { "column", N_("Column"), "SG 11.21", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "facing", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_DOUBLE_DEPTH] = { "double-depth", N_("Form Double Depth"), "SG 10.3", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "rear", ACIES_ARG_UNIT, NULL, FALSE } } },
  [SG_A_FIRE] = { "fire", N_("Missile Fire"), "SG 7.11", 3, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, TRUE },
    { "at", ACIES_ARG_CELL, NULL, TRUE } }, ACIES_ACTION_FLAG_ATTACK },
  [SG_A_HIT_AND_RUN] = { "hit-and-run", N_("Hit and Run"), "SG 7.16", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [SG_A_LEADER_STEP] = { "leader-move", N_("Move a leader"), "SG 4.31", 2, {
    { "leader", ACIES_ARG_INT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [SG_A_END_MOVE] = { "end-movement", N_("End the Movement/Missile Fire Phase"), "SG 3.2", 0, { { NULL } },
                      ACIES_ACTION_FLAG_NONE, "e" },
  [SG_A_REACT_FACE] = { "reaction-facing", N_("Reaction facing"), "SG 6.15", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "facing", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_REACT_FIRE] = { "reaction-fire", N_("Reaction fire"), "SG 7.2", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [SG_A_SIDESTEP] = { "sidestep", N_("Step aside"), "SG 5.36", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [SG_A_LEADER_RETREAT] = { "leader-escape", N_("Leader escapes"), "SG 4.35", 2, {
    { "leader", ACIES_ARG_INT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, TRUE } } },
  [SG_A_NO_REACTION] = { "no-reaction", N_("No reaction"), "SG 6.15, 7.2", 0, { { NULL } },
                         ACIES_ACTION_FLAG_NONE, "n" },
  [SG_A_DESIGNATE] = { "designate", N_("Designate a Shock attack"), "SG 7.3", 2, {
    { "attacker", ACIES_ARG_UNIT, NULL, FALSE },
    { "defender", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [SG_A_END_DESIGNATION] = { "end-designation", N_("Done designating"), "SG 7.3", 0, { { NULL } },
    ACIES_ACTION_FLAG_ATTACK, "e" },
  [SG_A_RBS] = { "retreat-before-shock", N_("Retreat Before Shock"), "SG 7.41", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "retreat", ACIES_ARG_BOOL, NULL, FALSE } } },
  [SG_A_RBS_STEP] = { "fall-back", N_("Fall back"), "SG 7.42", 3, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, TRUE },
    { "off-map-direction", ACIES_ARG_INT, NULL, TRUE } } },
  [SG_A_ADVANCE_STEP] = { "advance-after-retreat", N_("Advance"), "SG 7.44", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [SG_A_STOP] = { "stop", N_("Stop"), "SG 7.44", 0, { { NULL } } },
  [SG_A_RESOLVE] = { "resolve", N_("Resolve"), "SG 7.4", 1, {
    { "defender", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "r" },
  [SG_A_REPRESENTATIVE] = { "representative", N_("Representative"), "SG 7.35", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [SG_A_ASSIGN_HIT] = { "assign-hit", N_("Give a Hit"), "SG 7.53", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [SG_A_RETREAT] = { "retreat", N_("Retreat"), "SG 8.3", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [SG_A_ADVANCE] = { "advance", N_("Advance"), "SG 7.71", 3, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE },
    { "to2", ACIES_ARG_CELL, NULL, TRUE } } },
  [SG_A_ADVANCE_FACE] = { "advance-facing", N_("Facing after the advance"), "SG 7.72", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "facing", ACIES_ARG_INT, NULL, FALSE } } },
  [SG_A_KEEP] = { "keep", N_("Keep a unit"), "SG 8.4", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, TRUE } } },
};

static void
acies_sg_ruleset_finalize (GObject *object)
{
  AciesSgRuleset *self = ACIES_SG_RULESET (object);

  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  G_OBJECT_CLASS (acies_sg_ruleset_parent_class)->finalize (object);
}

static void
acies_sg_ruleset_class_init (AciesSgRulesetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_sg_ruleset_finalize;
}

static void
acies_sg_ruleset_init (AciesSgRuleset *self)
{
  self->catalogue = acies_catalogue_ref (acies_catalogue_get_bundled ("simple-gboh"));
  g_assert (self->catalogue != NULL);
}

static const char *
get_id (AciesRuleset *self)
{
  return "simple-gboh";
}

static AciesCatalogue *
get_catalogue (AciesRuleset *self)
{
  return ACIES_SG_RULESET (self)->catalogue;
}

static const AciesActionSpec *
get_action_specs (AciesRuleset *self,
                  guint        *n_specs)
{
  *n_specs = SG_N_ACTIONS;
  return acies_sg_action_specs;
}

static AciesState *
new_state (AciesRuleset   *self,
           AciesScenario  *scenario,
           JsonObject     *options,
           GError        **error)
{
  SgState *s = sg_state_new (ACIES_SG_RULESET (self)->catalogue, scenario, options, error);

  return s != NULL ? &s->base : NULL;
}

static AciesState *
copy_state (AciesRuleset     *self,
            const AciesState *state)
{
  return &sg_state_copy (CSG (state))->base;
}

static void
free_state (AciesRuleset *self,
            AciesState   *state)
{
  sg_state_free (SG (state));
}

static void
legal_actions (AciesRuleset     *self,
               const AciesState *state,
               GArray           *out)
{
  sg_legal_actions (CSG (state), out);
}

/* The random_action vfunc, a random player who seeks battle: in the
 * Movement/Missile Fire Phase a unit or leader that may act counts once
 * and a unit goes toward the enemy more often than not
 * (sg_move_random()); in the Activation Phase a Formation is activated
 * three times in four when one may be; elsewhere uniform over the legal
 * actions. */
static gboolean
random_action (AciesRuleset     *self,
               const AciesState *state,
               GRand            *rand,
               AciesAction      *out)
{
  const SgState *s = CSG (state);
  GArray *legal;

  if (state->finished)
    return FALSE;
  if (s->step == SG_ST_MOVE)
    return sg_move_random (s, rand, out);
  legal = sg_scratch_actions (1);
  sg_legal_actions (s, legal);
  if (legal->len == 0)
    return FALSE;
  /* A player who seeks battle activates a Formation three times in four
   * when he may, rather than pass or move the Overall Commander alone. */
  if (s->step == SG_ST_ACTIVATE && g_rand_int_range (rand, 0, 4) != 0)
    {
      guint n = 0, pick;

      for (guint i = 0; i < legal->len; i++)
        n += g_array_index (legal, AciesAction, i).type == SG_A_ACTIVATE
             || g_array_index (legal, AciesAction, i).type == SG_A_ACTIVATE_MULTI;
      pick = n > 0 ? (guint) g_rand_int_range (rand, 0, n) : 0;
      for (guint i = 0; i < legal->len && n > 0; i++)
        if ((g_array_index (legal, AciesAction, i).type == SG_A_ACTIVATE
             || g_array_index (legal, AciesAction, i).type == SG_A_ACTIVATE_MULTI) && pick-- == 0)
          {
            *out = g_array_index (legal, AciesAction, i);
            return TRUE;
          }
    }
  *out = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
  return TRUE;
}

static gboolean
apply (AciesRuleset       *self,
       AciesState         *state,
       const AciesAction  *action,
       AciesDice          *dice,
       GPtrArray          *events,
       GError            **error)
{
  return sg_apply (SG (state), action, dice, events, error);
}

static AciesPrompt *
get_prompt (AciesRuleset     *self,
            const AciesState *state)
{
  const SgState *s = CSG (state);
  AciesPrompt *prompt;

  if (state->finished)
    return NULL;
  prompt = g_new0 (AciesPrompt, 1);
  prompt->player = state->deciding_side;
  prompt->text = sg_prompt_text (s, &prompt->rule);
  prompt->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  sg_legal_actions (s, prompt->actions);
  return prompt;
}

static AciesOdds *
get_odds (AciesRuleset      *self,
          const AciesState  *state,
          const AciesAction *action)
{
  return sg_odds (CSG (state), action);
}

/* SG 9.0: the Rout Points each army has suffered against its level. */
static GPtrArray *
get_score (AciesRuleset     *self,
           const AciesState *state,
           gint              side)
{
  const SgState *s = CSG (state);
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);

  if (side == 0 || side == 1)
    {
      g_autofree char *own = g_strdup_printf (_("Own losses: %d Rout Points of the Withdrawal Level %d (no points)"),
                                              s->rp[side], s->st->sides[side].wl);
      g_autofree char *enemy = g_strdup_printf (_("Enemy losses in Rout Points (its Withdrawal Level %d)"),
                                                s->st->sides[1 - side].wl);

      g_ptr_array_add (lines, acies_score_line_new (enemy, s->rp[1 - side], "SG 9.0"));
      g_ptr_array_add (lines, acies_score_line_new (own, 0, "SG 9.0"));
    }
  return lines;
}

static void
digest (AciesRuleset     *self,
        const AciesState *state,
        GChecksum        *checksum)
{
  const SgState *s = CSG (state);
  SgState tmp;

  memcpy (&tmp, s, sizeof tmp);
  tmp.base.scenario = NULL;
  tmp.base.phase = NULL;
  tmp.base.end_reason = NULL;
  tmp.st = NULL;
  tmp.occ = NULL;
  tmp.adj = NULL;
  g_checksum_update (checksum, (const guchar *) &tmp, sizeof tmp);
  g_checksum_update (checksum, (const guchar *) s->occ, sizeof (gint16) * 2 * s->st->n_cells);
}


/* The labels the play window's Status block shows for the members of the
 * state ("victory_points" → "Victory points"), for translators: the play
 * mode translates them with the context "state member"
 * (app/gui/play/acies-play-session-words.c). */
static const char * const state_member_labels[] G_GNUC_UNUSED = {
  /* Translators: labels of Simple GBoH's state in the play window's Status block,
   * each followed by a colon and its value ("Victory points: Rome 3 · Carthage 2"). */
  NC_("state member", "Activated"), NC_("state member", "Attacked"),
  NC_("state member", "Attacking"), NC_("state member", "Cell"),
  NC_("state member", "Group"), NC_("state member", "Hits"),
  NC_("state member", "Leaders"), NC_("state member", "Rout points"),
  NC_("state member", "Seized"), NC_("state member", "Seizures"),
  NC_("state member", "Status"), NC_("state member", "Withdrawal level"),
  /* Translators: Simple GBoH's markers under a counter and in its tooltip: its Hits (SG 7.5),
   * In Column (SG 8.1), Double Depth (SG 10.3). */
  NC_("state member", "1 Hit"), NC_("state member", "2 Hits"), NC_("state member", "3 Hits"),
  NC_("state member", "4 Hits"), NC_("state member", "5 Hits"), NC_("state member", "6 Hits"),
  NC_("state member", "7 Hits"), NC_("state member", "8 Hits"), NC_("state member", "9 Hits"),
  NC_("state member", "10 Hits"), NC_("state member", "In Column"), NC_("state member", "Double Depth"),
};

/* The view's marker words and states of a unit: its Hits, out of
 * command, In Column, Double Depth (2.21, 8.1, 10.3, 11.2). */
static JsonNode *
state_to_json (AciesRuleset     *self,
               const AciesState *state)
{
  const SgState *s = CSG (state);
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, state->turn);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, state->phase);
  json_builder_set_member_name (b, "active_side");
  json_builder_add_int_value (b, state->active_side);
  json_builder_set_member_name (b, "deciding_side");
  json_builder_add_int_value (b, state->deciding_side);
  json_builder_set_member_name (b, "rout_points");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, s->rp[0]);
  json_builder_add_int_value (b, s->rp[1]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "withdrawal_level");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, s->st->sides[0].wl);
  json_builder_add_int_value (b, s->st->sides[1].wl);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "seized");
  if (s->seized_by >= 0)
    json_builder_add_string_value (b, sg_side_name (s, s->seized_by));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "activated");
  {
    GString *f = g_string_new (NULL);

    for (guint k = 0; k < s->st->n_formations; k++)
      if (s->activated & (1u << k))
        g_string_append_printf (f, "%s%s", f->len ? ", " : "", s->st->formations[k].name);
    if (f->len > 0)
      json_builder_add_string_value (b, f->str);
    else
      json_builder_add_null_value (b);
    g_string_free (f, TRUE);
  }
  json_builder_set_member_name (b, "leaders");
  json_builder_begin_array (b);
  for (guint l = 0; l < s->n_leaders; l++)
    {
      /* The play window translates these with the context "state value". */
      static const char *status[] = { NC_("state value", "on the map"), NC_("state value", "otherwise engaged"),
                                      NC_("state value", "killed"), NC_("state value", "pursuing"),
                                      NC_("state value", "lost"), NC_("state value", "in reserve"),
                                      NC_("state value", "not in the battle") };
      const SgLeader *x = &s->leaders[l];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, s->st->leaders[l].name);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, status[x->status]);
      json_builder_set_member_name (b, "seizures");
      json_builder_add_int_value (b, x->seizures);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (guint u = 0; u < s->n_units; u++)
    {
      const SgUnit *x = &s->units[u];

      if (x->status == SG_U_OUT)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, s->st->units[u].id);
      json_builder_set_member_name (b, "cell");
      if (x->cell >= 0)
        json_builder_add_string_value (b, sg_cell_label (s, x->cell));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "hits");
      json_builder_add_int_value (b, x->hits);
      json_builder_set_member_name (b, "out of command");
      json_builder_add_boolean_value (b, (x->f & SG_UF_ACTIVATED) && !(x->f & SG_UF_IN_COMMAND)
                                         && x->status == SG_U_MAP);
      json_builder_set_member_name (b, "attacking");
      json_builder_add_boolean_value (b, (x->f & SG_UF_ATTACKER) && s->phase == SG_PH_SHOCK);
      json_builder_set_member_name (b, "attacked");
      json_builder_add_boolean_value (b, (x->f & SG_UF_DEFENDER) && s->phase == SG_PH_SHOCK);
      json_builder_set_member_name (b, "group");
      json_builder_add_boolean_value (b, s->mover == (gint) u && s->phase == SG_PH_MOVE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static guint
get_n_units (AciesRuleset     *self,
             const AciesState *state)
{
  return CSG (state)->n_units;
}

static const char *
unit_id (AciesRuleset     *self,
         const AciesState *state,
         guint             unit)
{
  return unit < CSG (state)->n_units ? CSG (state)->st->units[unit].id : NULL;
}

/* The attrs a unit's counter shows: its front, and as marker words its
 * Hits, Column and Double Depth.  Shared by every copy of a state: one
 * object per unit and combination, kept for the life of the process. */
G_LOCK_DEFINE_STATIC (view_attrs);

static JsonObject *
view_attrs (const SgState *s,
            guint          u)
{
  static GHashTable *table = NULL;
  const SgUnit *x = &s->units[u];
  AciesUnit *su = g_ptr_array_index (s->base.scenario->units, u);
  guint hits = MIN (x->hits, 31u);
  gboolean column = (x->f & SG_UF_COLUMN) != 0, dd = (x->f & SG_UF_DOUBLE) != 0;
  g_autofree char *key = NULL;
  JsonObject *attrs;

  if (hits == 0 && !column && !dd)
    return su->attrs;
  key = g_strdup_printf ("%p/%u/%d/%d", (void *) su->attrs, hits, column, dd);
  G_LOCK (view_attrs);
  if (table == NULL)
    table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_object_unref);
  attrs = g_hash_table_lookup (table, key);
  if (attrs == NULL)
    {
      g_autoptr(GList) members = su->attrs != NULL ? json_object_get_members (su->attrs) : NULL;

      attrs = json_object_new ();
      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (attrs, l->data, json_node_copy (json_object_get_member (su->attrs, l->data)));
      if (hits > 0)
        {
          g_autofree char *word = g_strdup_printf ("%u Hit%s", hits, hits == 1 ? "" : "s");

          json_object_set_boolean_member (attrs, word, TRUE);
        }
      if (column)
        json_object_set_boolean_member (attrs, "In Column", TRUE);
      if (dd)
        json_object_set_boolean_member (attrs, "Double Depth", TRUE);
      g_hash_table_insert (table, g_steal_pointer (&key), attrs);
    }
  G_UNLOCK (view_attrs);
  return attrs;
}

/* The unit_view vfunc: both hexes of a two-hex unit and the faced vertex
 * (6.11); a unit In Column faces a hexside, given as 6 + the direction
 * (11.23); pursuers off the map are in play off the board (7.62). */
static gboolean
unit_view (AciesRuleset     *self,
           const AciesState *state,
           guint             unit,
           gint              viewer,
           AciesUnit        *view)
{
  const SgState *s = CSG (state);
  const SgUnit *x;

  if (unit >= s->n_units)
    return FALSE;
  x = &s->units[unit];
  if (x->status != SG_U_MAP && x->status != SG_U_PURSUIT)
    return FALSE;
  *view = *(AciesUnit *) g_ptr_array_index (state->scenario->units, unit);
  view->attrs = view_attrs (s, unit);
  view->cell = x->status == SG_U_MAP ? x->cell : ACIES_CELL_NONE;
  view->cell2 = x->status == SG_U_MAP ? x->cell2 : ACIES_CELL_NONE;
  view->facing = x->status != SG_U_MAP || x->facing < 0 ? -1 : (x->f & SG_UF_COLUMN) ? 6 + x->facing : x->facing;
  return TRUE;
}

/* The leader_view vfunc: on the map with his unit or alone; off the map
 * while otherwise engaged, pursuing or a Replacement not yet in play;
 * not at all once killed or lost. */
static gboolean
leader_view (AciesRuleset     *self,
             const AciesState *state,
             guint             leader,
             gint              viewer,
             AciesLeader      *view)
{
  const SgState *s = CSG (state);
  const SgLeader *x;

  if (leader >= s->n_leaders)
    return FALSE;
  x = &s->leaders[leader];
  if (x->status == SG_L_DEAD || x->status == SG_L_LOST || x->status == SG_L_OUT)
    return FALSE;
  *view = *(AciesLeader *) g_ptr_array_index (state->scenario->leaders, leader);
  view->cell = x->status == SG_L_MAP ? x->cell : ACIES_CELL_NONE;
  view->attached_to = x->status == SG_L_MAP && x->unit >= 0 ? (char *) s->st->units[x->unit].id : NULL;
  return TRUE;
}

/* The list_stack vfunc (SG 5.33, 4.31): the top combat unit of the hex,
 * then the bottom one, then the leaders there; a click on the hex reaches
 * them in that order.  Not a hot path (the play mode's clicks). */
static void
list_stack (AciesRuleset     *self,
            const AciesState *state,
            gint              viewer,
            AciesCell         cell,
            GArray           *out)
{
  const SgState *s = CSG (state);

  if (cell < 0 || cell >= (AciesCell) s->st->n_cells)
    return;
  for (gint k = 0; k < 2; k++)
    {
      AciesPiece piece = { FALSE, k == 0 ? sg_top (s, cell) : sg_bottom (s, cell) };

      if (piece.index >= 0)
        g_array_append_val (out, piece);
    }
  for (guint l = 0; l < s->n_leaders; l++)
    {
      AciesPiece piece = { TRUE, (gint) l };

      if (s->leaders[l].status == SG_L_MAP && s->leaders[l].cell == cell)
        g_array_append_val (out, piece);
    }
}

static char *
describe_unit (AciesRuleset     *self,
               const AciesState *state,
               guint             unit,
               gint              viewer)
{
  if (unit >= CSG (state)->n_units)
    return NULL;
  return sg_describe_unit (CSG (state), unit);
}

static char *
describe_action (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action)
{
  return sg_describe_action (CSG (state), action);
}

static char *
describe_turn (AciesRuleset     *self,
               const AciesState *state)
{
  return sg_turn_words (CSG (state));
}

/* The get_action_path vfunc: from where the unit (or leader) stands to
 * where the action takes it, and the MP a step costs. */
static gboolean
get_action_path (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *a,
                 GArray            *cells,
                 gint              *cost)
{
  const SgState *s = CSG (state);
  gint from = SG_NONE, to = SG_NONE, u = a->args[0];

  switch (a->type)
    {
    case SG_A_STEP:
    case SG_A_PIVOT:
      return sg_step_path (s, a, cells, cost);
    case SG_A_SIDESTEP:
    case SG_A_RBS_STEP:
    case SG_A_ADVANCE_STEP:
    case SG_A_RETREAT:
      if (u < 0 || (guint) u >= s->n_units || s->units[u].cell < 0)
        return FALSE;
      from = s->units[u].cell;
      to = a->args[1];
      break;
    case SG_A_ADVANCE:
      if (u < 0 || (guint) u >= s->n_units || s->units[u].cell < 0)
        return FALSE;
      from = s->units[u].cell;
      to = a->args[2] >= 0 && a->args[1] == from ? a->args[2] : a->args[1];
      break;
    case SG_A_LEADER_STEP:
      return sg_leader_path (s, a, cells, cost);
    case SG_A_LEADER_RETREAT:
      if (u < 0 || (guint) u >= s->n_leaders || a->args[1] < 0)
        return FALSE;
      from = s->leaders[u].cell;
      to = a->args[1];
      break;
    case SG_A_RETURN_UNIT:
      to = a->args[1];
      break;
    default:
      return FALSE;
    }
  if (to < 0)
    return FALSE;
  if (from >= 0)
    g_array_append_val (cells, from);
  g_array_append_val (cells, to);
  return TRUE;
}

static gboolean
check_invariants (AciesRuleset      *self,
                  const AciesState  *state,
                  GError           **error)
{
  return sg_check_invariants (CSG (state), error);
}

/* Everything new_state() refuses is an error here, so the editor blocks
 * Play; a few more things a designer should hear about are warnings. */
static void
validate (AciesRuleset        *self,
          const AciesScenario *scenario,
          GPtrArray           *problems)
{
  g_autoptr(GError) error = NULL;
  SgState *s = sg_state_new (ACIES_SG_RULESET (self)->catalogue, (AciesScenario *) scenario, NULL, &error);

  if (s == NULL)
    {
      g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, "$", NULL, ACIES_CELL_NONE, "%s",
                                                    error->message));
      return;
    }
  for (gint side = 0; side < 2; side++)
    {
      AciesSide *sd = g_ptr_array_index (scenario->sides, side);

      if (s->st->sides[side].oc < 0)
        g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_WARNING, "$.sides", sd->id, ACIES_CELL_NONE,
                                                      "SG 4.22: army %s has no Overall Commander: it can neither "
                                                      "move him nor seize with him", sd->id));
    }
  for (guint f = 0; f < s->st->n_formations; f++)
    if (!s->st->formations[f].auxiliaries && s->st->formations[f].n_fc == 0)
      g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_WARNING, "$.formations", s->st->formations[f].id,
                                                    ACIES_CELL_NONE,
                                                    "SG 4.1: Formation %s has no Formation Commander and is not "
                                                    "Auxiliaries: its units will never be In Command",
                                                    s->st->formations[f].id));
  sg_state_free (s);
}

static void
acies_sg_ruleset_iface_init (AciesRulesetInterface *iface)
{
  iface->get_id = get_id;
  iface->get_catalogue = get_catalogue;
  iface->get_action_specs = get_action_specs;
  iface->validate = validate;
  iface->new_state = new_state;
  iface->copy_state = copy_state;
  iface->free_state = free_state;
  iface->legal_actions = legal_actions;
  iface->apply = apply;
  iface->get_prompt = get_prompt;
  iface->get_odds = get_odds;
  iface->get_score = get_score;
  iface->digest = digest;
  iface->state_to_json = state_to_json;
  iface->get_n_units = get_n_units;
  iface->unit_id = unit_id;
  iface->unit_view = unit_view;
  iface->leader_view = leader_view;
  iface->list_stack = list_stack;
  iface->check_invariants = check_invariants;
  iface->describe_action = describe_action;
  iface->describe_unit = describe_unit;
  iface->describe_turn = describe_turn;
  iface->get_action_path = get_action_path;
  iface->random_action = random_action;
}

/**
 * acies_simple_gboh_ruleset_new:
 *
 * Returns: (transfer full): the Simple GBoH ruleset
 */
AciesRuleset *
acies_simple_gboh_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_SG_RULESET, NULL);
}

/**
 * acies_simple_gboh_register:
 *
 * Registers "simple-gboh" with acies_ruleset_register().
 */
void
acies_simple_gboh_register (void)
{
  acies_ruleset_register ("simple-gboh", acies_simple_gboh_ruleset_new);
}
