/* acies-fb-ruleset.c
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

/*
 * The AciesRuleset glue of Four Battles of the Ancient World: the action
 * specs, states, prompts, odds, views and words the play mode, the editor
 * and the CLI read through the interface.
 */

#define ACIES_TYPE_FB_RULESET (acies_fb_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (AciesFbRuleset, acies_fb_ruleset, ACIES, FB_RULESET, GObject)

struct _AciesFbRuleset
{
  GObject         parent_instance;
  AciesCatalogue *catalogue;
  FbStaticCache  *statics;   /* the last game's static data, shared */
};

static void acies_fb_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesFbRuleset, acies_fb_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET, acies_fb_ruleset_iface_init))

/* The keys (Alt+letter, issue 17.6) stay with one kind of action in every
 * phase: the frequent ones of the movement, fire and combat phases. */
const AciesActionSpec acies_fb_action_specs[FB_N_ACTIONS] = {
  [FB_A_PLACE] = { "place", N_("Set up"), "FB 3.0", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [FB_A_SETUP_DONE] = { "setup-done", N_("Finish the set-up"), "FB 3.0", 0, { { NULL } } },
  [FB_A_ROLL_FIRST] = { "roll-first", N_("Roll for the first player"), "PHA 5.2", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "o" },
  [FB_A_MOVE] = { "move", N_("Move"), "FB 5.0", 3, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE },
    { "charge", ACIES_ARG_BOOL, NULL, FALSE } } },
  [FB_A_BRUSH] = { "brush-aside", N_("Brush aside"), "FB 11.1", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } } },
  [FB_A_EXIT] = { "exit", N_("Leave the map"), "FB 5.26", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [FB_A_ENTER] = { "enter", N_("Enter the map"), "FB 10.0", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [FB_A_CHANGE_MOVE] = { "change-move", N_("Ask to change a move"), "FB 5.19", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [FB_A_CONSENT] = { "consent", N_("Answer the request"), "FB 5.19", 1, {
    { "agree", ACIES_ARG_BOOL, NULL, FALSE } } },
  [FB_A_STAND] = { "stand", N_("Stand or fall back"), "FB 11.12", 1, {
    { "stand", ACIES_ARG_BOOL, NULL, FALSE } } },
  [FB_A_TWO_HEX] = { "fall-back", N_("Fall back two hexes"), "FB 11.13", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [FB_A_ESCAPE] = { "escape", N_("Leader escapes"), "FB 13.1", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [FB_A_FIRE] = { "fire", N_("Fire"), "FB 7.1", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "f" },
  [FB_A_ATTACK] = { "attack", N_("Attack"), "FB 8.0", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "a" },
  [FB_A_ADD_ATTACKER] = { "add-attacker", N_("Add an attacker"), "FB 8.22", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "j" },
  [FB_A_ADD_DEFENDER] = { "add-defender", N_("Attack another unit too"), "FB 8.21", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [FB_A_ADDITIVE] = { "additive", N_("Add a leader's strength"), "FB 13.2", 1, {
    { "leader", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "s" },
  [FB_A_SHIFT] = { "leader-shift", N_("Leader shift"), "FB 13.4", 1, {
    { "leader", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "l" },
  [FB_A_WITHDRAWAL] = { "fighting-withdrawal", N_("Fighting withdrawal"), "TEU 4.3", 0, { { NULL } }, ACIES_ACTION_FLAG_ATTACK },
  [FB_A_RESOLVE] = { "resolve", N_("Resolve the attack"), "FB 8.0", 0, { { NULL } }, ACIES_ACTION_FLAG_ATTACK, "r" },
  [FB_A_CANCEL] = { "cancel-attack", N_("Call off the attack"), "FB 8.0", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "x" },
  [FB_A_RBC] = { "retreat-before-combat", N_("Retreat before combat"), "FB 11.3", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK, "b" },
  [FB_A_DEFEND] = { "defend", N_("Let the attack be rolled"), "FB 8.0", 0, { { NULL } }, ACIES_ACTION_FLAG_ATTACK, "d" },
  [FB_A_EX_SUB] = { "exchange", N_("Exchange or AR"), "FB 8.6", 1, {
    { "try_ar", ACIES_ARG_BOOL, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [FB_A_LOSE] = { "lose", N_("Take the loss"), "FB 8.6", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_NONE, "t" },
  [FB_A_RETREAT] = { "retreat", N_("Retreat"), "FB 8.7", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, TRUE } } },
  [FB_A_FLIP] = { "reduce", N_("Reduce instead of retreating"), "GRA 3.2", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [FB_A_ADVANCE] = { "advance", N_("Advance after combat"), "FB 8.75", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [FB_A_NO_ADVANCE] = { "hold", N_("Do not advance"), "FB 8.75", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "h" },
  [FB_A_RALLY] = { "rally", N_("Rally"), "FB 14.0", 1, {
    { "leader", ACIES_ARG_UNIT, NULL, FALSE } } },
  [FB_A_PLACE_RALLIED] = { "place-rallied", N_("Place the rallied unit"), "FB 14.0", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [FB_A_END_PHASE] = { "end-phase", N_("End the phase"), "FB 4.0", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "e" },
  [FB_A_RETREAT_TWO] = { "retreat-two-hexes", N_("Retreat two hexes"), "FB 11.32", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
};

static void
acies_fb_ruleset_finalize (GObject *object)
{
  AciesFbRuleset *self = ACIES_FB_RULESET (object);

  g_clear_pointer (&self->statics, acies_fb_static_cache_free);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  G_OBJECT_CLASS (acies_fb_ruleset_parent_class)->finalize (object);
}

static void
acies_fb_ruleset_class_init (AciesFbRulesetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_fb_ruleset_finalize;
}

static void
acies_fb_ruleset_init (AciesFbRuleset *self)
{
  self->catalogue = acies_catalogue_ref (acies_catalogue_get_bundled ("four-battles"));
  g_assert (self->catalogue != NULL);
  self->statics = acies_fb_static_cache_new ();
}

static const char *
get_id (AciesRuleset *self)
{
  return "four-battles";
}

static AciesCatalogue *
get_catalogue (AciesRuleset *self)
{
  return ACIES_FB_RULESET (self)->catalogue;
}

static const AciesActionSpec *
get_action_specs (AciesRuleset *self,
                  guint        *n_specs)
{
  *n_specs = FB_N_ACTIONS;
  return acies_fb_action_specs;
}

static void
validate (AciesRuleset        *self,
          const AciesScenario *scenario,
          GPtrArray           *problems)
{
  acies_fb_validate (ACIES_FB_RULESET (self)->catalogue, scenario, problems);
}

static AciesState *
new_state (AciesRuleset   *self,
           AciesScenario  *scenario,
           JsonObject     *options,
           GError        **error)
{
  AciesFbRuleset *fb = ACIES_FB_RULESET (self);
  FbStatic *st = acies_fb_static_get (fb->statics, scenario, fb->catalogue, options, error);
  FbState *s;

  if (st == NULL)
    return NULL;
  s = acies_fb_state_new (st);
  acies_fb_static_unref (st);
  acies_fb_start (s, NULL);
  return &s->base;
}

static AciesState *
copy_state (AciesRuleset     *self,
            const AciesState *state)
{
  return &acies_fb_state_copy (CFB (state))->base;
}

static void
free_state (AciesRuleset *self,
            AciesState   *state)
{
  acies_fb_state_free (FB (state));
}

static void
legal_actions (AciesRuleset     *self,
               const AciesState *state,
               GArray           *out)
{
  acies_fb_legal_actions (CFB (state), out);
}

static gboolean
apply (AciesRuleset      *self,
       AciesState        *state,
       const AciesAction *action,
       AciesDice         *dice,
       GPtrArray         *events,
       GError           **error)
{
  if (action->type >= FB_N_ACTIONS)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION, _("Unknown action %u"), action->type);
      return FALSE;
    }
  return acies_fb_apply (FB (state), action, dice, events, error);
}

static AciesPrompt *
get_prompt (AciesRuleset     *self,
            const AciesState *state)
{
  const FbState *s = CFB (state);
  char *rule = NULL;
  g_autofree char *text = NULL;
  AciesPrompt *prompt;

  if (state->finished)
    return NULL;
  text = acies_fb_prompt_text (s, &rule);
  if (text == NULL)
    return NULL;
  prompt = g_new0 (AciesPrompt, 1);
  prompt->player = state->deciding_side;
  prompt->text = g_strdup_printf ("%s: %s", acies_fb_side_name (s, state->deciding_side), text);
  prompt->rule = rule;
  prompt->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_fb_legal_actions (s, prompt->actions);
  return prompt;
}

/* The get_odds vfunc: the preview of every attack (8.0): a declaration,
 * an attacker, defender, leader's strength or shift added, the roll, the
 * defender's answer; a retreat before combat (11.32), the try for AR
 * after an EX (8.6); and of every shot (7.1).  Every action marked
 * ACIES_ACTION_FLAG_ATTACK in acies_fb_action_specs. */
static AciesOdds *
get_odds (AciesRuleset      *self,
          const AciesState  *state,
          const AciesAction *action)
{
  const FbState *s = CFB (state);
  FbCombat c;

  switch (action->type)
    {
    case FB_A_FIRE:
      if (action->args[0] < 0 || action->args[1] < 0 || action->args[0] >= s->st->n_pieces
          || action->args[1] >= s->st->n_pieces)
        return NULL;
      return acies_fb_missile_odds (s, action->args[0], action->args[1]);
    case FB_A_ATTACK:
      if (action->args[0] < 0 || action->args[1] < 0 || action->args[0] >= s->st->n_pieces
          || action->args[1] >= s->st->n_pieces)
        return NULL;
      memset (&c, 0, sizeof c);
      c.active = TRUE;
      c.att[c.n_att++] = (gint16) action->args[0];
      c.def[c.n_def++] = (gint16) action->args[1];
      c.fw = s->st->pieces[action->args[0]].cls == FB_BAGGAGE;
      return acies_fb_combat_odds (s, &c);
    case FB_A_ADD_ATTACKER:
    case FB_A_ADD_DEFENDER:
    case FB_A_ADDITIVE:
    case FB_A_SHIFT:
    case FB_A_WITHDRAWAL:
      if (!s->c.active || (s->step != FB_ST_BUILD && s->step != FB_ST_DEFEND))
        return NULL;
      c = s->c;
      if (action->type == FB_A_ADD_ATTACKER && c.n_att < FB_MAX_IN_COMBAT)
        c.att[c.n_att++] = (gint16) action->args[0];
      else if (action->type == FB_A_ADD_DEFENDER && c.n_def < FB_MAX_IN_COMBAT)
        c.def[c.n_def++] = (gint16) action->args[0];
      else if (action->type == FB_A_ADDITIVE && s->step == FB_ST_BUILD && c.n_add_att < 4)
        c.add_att[c.n_add_att++] = (gint16) action->args[0];
      else if (action->type == FB_A_ADDITIVE && c.n_add_def < 4)
        c.add_def[c.n_add_def++] = (gint16) action->args[0];
      else if (action->type == FB_A_SHIFT && s->step == FB_ST_BUILD && c.n_shift_att < 2)
        c.shift_att[c.n_shift_att++] = (gint16) action->args[0];
      else if (action->type == FB_A_SHIFT && c.n_shift_def < 2)
        c.shift_def[c.n_shift_def++] = (gint16) action->args[0];
      else if (action->type == FB_A_WITHDRAWAL)
        c.fw = TRUE;
      return acies_fb_combat_odds (s, &c);
    case FB_A_RESOLVE:
    case FB_A_DEFEND:
      if (!s->c.active || s->c.rolled)
        return NULL;
      return acies_fb_combat_odds (s, &s->c);
    case FB_A_RBC:
      if (!s->c.active || s->step != FB_ST_DEFEND || action->args[0] < 0 || action->args[0] >= s->st->n_pieces)
        return NULL;
      return acies_fb_rbc_odds (s, action->args[0]);
    case FB_A_EX_SUB:
      if (!s->c.active || s->step != FB_ST_EX_SUB)
        return NULL;
      return acies_fb_ex_sub_odds (s, action->args[0] == 1);
    default:
      return NULL;
    }
}

static GPtrArray *
get_score (AciesRuleset     *self,
           const AciesState *state,
           gint              side)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);

  if (side == 0 || side == 1)
    acies_fb_vp_h (CFB (state), side, lines);
  return lines;
}

/* Everything from the phase to the movement cache (which is a pure
 * function of the rest). */
static void
digest (AciesRuleset     *self,
        const AciesState *state,
        GChecksum        *checksum)
{
  const FbState *s = CFB (state);
  gsize n_cells = s->st->n_cells;

  /* The state's plain data, the tables only as far as the pieces and the
   * map go (the rest of them is never written). */
#define SPAN(from, to) g_checksum_update (checksum, (const guchar *) &s->from, \
                                          (const guchar *) &s->to - (const guchar *) &s->from)
  SPAN (phase, p);
  g_checksum_update (checksum, (const guchar *) s->p, s->st->n_pieces * sizeof s->p[0]);
  g_checksum_update (checksum, (const guchar *) s->occ, n_cells * sizeof s->occ[0]);
  g_checksum_update (checksum, (const guchar *) s->bag, n_cells * sizeof s->bag[0]);
  g_checksum_update (checksum, s->ucnt, n_cells);
  for (gint side = 0; side < 2; side++)
    {
      g_checksum_update (checksum, s->ldr[side], n_cells);
      g_checksum_update (checksum, s->zoc[side][0], n_cells);
      g_checksum_update (checksum, s->zoc[side][1], n_cells);
    }
  SPAN (mover, visited);
  g_checksum_update (checksum, s->visited, n_cells);
  SPAN (quota_used, cache);
  /* CAN 4.11: only where the rule is (the other scenarios' digests stay). */
  if (acies_fb_has_rule (s->st, FB_R_MANDATORY_MOVEMENT))
    g_checksum_update (checksum, (const guchar *) &s->end_short, sizeof s->end_short);
#undef SPAN
}


/* The labels the play window's Status block shows for the members of the
 * state ("victory_points" → "Victory points"), for translators: the play
 * mode translates them with the context "state member"
 * (app/gui/play/acies-play-session-words.c). */
static const char * const state_member_labels[] G_GNUC_UNUSED = {
  /* Translators: labels of Four Battles's state in the play window's Status block,
   * each followed by a colon and its value ("Victory points: Rome 3 · Carthage 2"). */
  NC_("state member", "Attacking"), NC_("state member", "Cell"),
  NC_("state member", "Charging"), NC_("state member", "Defending"),
  NC_("state member", "Demoralized"), NC_("state member", "Disordered"),
  NC_("state member", "Disrupted"), NC_("state member", "Lost for morale"),
  NC_("state member", "Ma"), NC_("state member", "Melee"),
  NC_("state member", "Missile"), NC_("state member", "Reduced"),
  NC_("state member", "Reverse"), NC_("state member", "Sp"),
  NC_("state member", "Stood"), NC_("state member", "Stripes"),
  NC_("state member", "Victory points"), NC_("state member", "Where"),
  /* Translators: Four Battles's markers under a counter and in its tooltip ("must attack"). */
  NC_("state member", "Pila thrown"), NC_("state member", "Must attack"),
  NC_("state member", "Held back"), NC_("state member", "Shifts left"),
};

/* Where a piece is (the "where" of the state's units), as the play
 * window shows it: it translates them with the context "state value". */
static const char * const state_where_values[] G_GNUC_UNUSED = {
  /* Translators: where a Four Battles piece is: on the map, eliminated, off the map, waiting to
   * enter, gone (exited), still to set up. */
  NC_("state value", "map"), NC_("state value", "eliminated"), NC_("state value", "off-map"),
  NC_("state value", "waiting"), NC_("state value", "gone"), NC_("state value", "set-up"),
};

static JsonNode *
state_to_json (AciesRuleset     *self,
               const AciesState *state)
{
  return acies_fb_state_to_json (CFB (state));
}

static guint
get_n_units (AciesRuleset     *self,
             const AciesState *state)
{
  return CFB (state)->st->n_pieces;
}

static const char *
unit_id (AciesRuleset     *self,
         const AciesState *state,
         guint             unit)
{
  const FbStatic *st = CFB (state)->st;

  if (unit >= (guint) st->n_pieces)
    return NULL;
  if ((gint) unit < st->n_combat)
    return ((AciesUnit *) g_ptr_array_index (state->scenario->units, unit))->id;
  return ((AciesLeader *) g_ptr_array_index (state->scenario->leaders, unit - st->n_combat))->id;
}

/* The values a counter shows now, as its "reverse" object (the renderer
 * prints a reverse's values in the unit type's order): the SP showing
 * (in parentheses when printed so, 2.3; reduced, GRA 3.2), the MA with
 * the skirmisher dot (2.3), the missile weapon until it is thrown (7.0);
 * one white stripe for a flipped counter.  Shared by every state, kept
 * for the life of the process. */
G_LOCK_DEFINE_STATIC (view_attrs);

static JsonObject *
view_attrs (JsonObject *front,
            gint        sp,
            gboolean    paren,
            gint        ma,
            gboolean    dot,
            const char *missile,
            gint        stripes)
{
  static GHashTable *table = NULL;
  g_autofree char *key = NULL;
  g_autofree char *front_text = NULL;
  JsonObject *attrs;

  if (front != NULL)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_node_set_object (node, front);
      front_text = json_to_string (node, FALSE);
    }
  key = g_strdup_printf ("%s|%d|%d|%d|%d|%s|%d", front_text != NULL ? front_text : "", sp, paren, ma, dot,
                         missile != NULL ? missile : "", stripes);
  G_LOCK (view_attrs);
  if (table == NULL)
    table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_object_unref);
  attrs = g_hash_table_lookup (table, key);
  if (attrs == NULL)
    {
      JsonObject *reverse = json_object_new ();
      g_autoptr(GList) members = front != NULL ? json_object_get_members (front) : NULL;

      attrs = json_object_new ();
      /* The counter draws true booleans as markers: the dot, parentheses
       * and the like are on its face already (2.3). */
      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *node = json_object_get_member (front, l->data);

          if (!(JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN))
            json_object_set_member (attrs, l->data, json_node_copy (node));
        }
      if (sp < 0)
        {
          /* A leader: his own counter, nothing on the reverse. */
          json_object_unref (reverse);
          g_hash_table_insert (table, g_steal_pointer (&key), attrs);
          G_UNLOCK (view_attrs);
          return attrs;
        }
      if (paren)
        {
          g_autofree char *text = g_strdup_printf ("(%d)", sp);

          json_object_set_string_member (reverse, "sp", text);
        }
      else
        json_object_set_int_member (reverse, "sp", sp);
      if (dot)
        {
          g_autofree char *text = g_strdup_printf ("%d\u2022", ma);

          json_object_set_string_member (reverse, "ma", text);
        }
      else
        json_object_set_int_member (reverse, "ma", ma);
      if (missile != NULL && g_strcmp0 (missile, "none") != 0)
        json_object_set_string_member (reverse, "missile", missile);
      json_object_set_int_member (reverse, "stripes", stripes);
      json_object_set_object_member (attrs, "reverse", reverse);
      g_hash_table_insert (table, g_steal_pointer (&key), attrs);
    }
  G_UNLOCK (view_attrs);
  return attrs;
}

/* The unit_view vfunc: combat units and leaders (as counters of their
 * leader kind) where they stand; pieces waiting to arrive or off the map
 * for a while in the off-map box; eliminated and departed pieces not at
 * all. */
static gboolean
unit_view (AciesRuleset     *self,
           const AciesState *state,
           guint             unit,
           gint              viewer,
           AciesUnit        *view)
{
  const FbState *s = CFB (state);
  const FbStatic *st = s->st;
  const FbPiece *p;

  if (unit >= (guint) st->n_pieces)
    return FALSE;
  p = &s->p[unit];
  if (p->where == FB_AT_ELIMINATED || p->where == FB_AT_ESCAPED)
    return FALSE;
  if ((gint) unit < st->n_combat)
    {
      const FbPieceDef *d = &st->pieces[unit];
      static const char *weapons[] = { "none", "bow", "sling", "javelin", "pila" };

      *view = *(AciesUnit *) g_ptr_array_index (state->scenario->units, unit);
      view->attrs = view_attrs (view->attrs, acies_fb_sp (s, unit), d->paren, d->ma, d->dot,
                                p->missile_spent ? NULL : weapons[d->missile],
                                p->reduced || (p->missile_spent && d->one_shot) ? 1 : 0);
    }
  else
    {
      const AciesLeader *l = g_ptr_array_index (state->scenario->leaders, unit - st->n_combat);

      memset (view, 0, sizeof *view);
      view->id = l->id;
      view->side = l->side;
      view->formation = l->formation;
      view->type = l->kind;
      view->name = l->name;
      view->attrs = view_attrs (l->attrs, -1, FALSE, 0, FALSE, NULL, 0);
      view->facing = -1;
    }
  view->cell = p->where == FB_AT_MAP ? p->cell : ACIES_CELL_NONE;
  view->cell2 = ACIES_CELL_NONE;
  view->facing = -1;
  return TRUE;
}

/* Leaders are drawn as units (unit_view), so that they are selected and
 * moved like any piece: no separate leader views. */
static gboolean
leader_view (AciesRuleset     *self,
             const AciesState *state,
             guint             leader,
             gint              viewer,
             AciesLeader      *view)
{
  return FALSE;
}

static gboolean
check_invariants (AciesRuleset      *self,
                  const AciesState  *state,
                  GError           **error)
{
  return acies_fb_check_invariants (CFB (state), error);
}

static char *
describe_action (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action)
{
  if (action->type >= FB_N_ACTIONS)
    return NULL;
  return acies_fb_describe_action (CFB (state), action);
}

static char *
describe_unit (AciesRuleset     *self,
               const AciesState *state,
               guint             unit,
               gint              viewer)
{
  if (unit >= (guint) CFB (state)->st->n_pieces)
    return NULL;
  return acies_fb_piece_name (CFB (state), unit);
}

/* FB 4.0: "Game Turn 3 of 10: Carthaginian player turn". */
static char *
describe_turn (AciesRuleset     *self,
               const AciesState *state)
{
  const FbState *s = CFB (state);

  if (s->phase == FB_PH_SETUP)
    return g_strdup (_("Set-up"));
  if (acies_fb_has_rule (s->st, FB_V_OPEN_ENDED))
    return g_strdup_printf (_("Game Turn %u: %s"), state->turn, acies_fb_side_name (s, state->active_side));
  return g_strdup_printf (_("Game Turn %u of %d: %s"), state->turn, s->st->turn_limit,
                          acies_fb_side_name (s, state->active_side));
}

/* The get_action_path vfunc: a move's cheapest path (5.0) and its MP; an
 * entry's hex; a retreat, advance or two-hex fall back from the unit's
 * hex, without a cost (-1: they spend no MP). */
static gboolean
get_action_path (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action,
                 GArray            *cells,
                 gint              *cost)
{
  const FbState *s = CFB (state);
  guint len = cells->len;

  switch (action->type)
    {
    case FB_A_MOVE:
      if (action->args[0] < 0 || action->args[0] >= s->st->n_pieces || s->p[action->args[0]].where != FB_AT_MAP)
        return FALSE;
      if (!acies_fb_move_path (s, action->args[0], action->args[1], action->args[2] == 1, cells, cost))
        {
          g_array_set_size (cells, len);
          return FALSE;
        }
      return TRUE;
    case FB_A_RETREAT:
    case FB_A_ADVANCE:
      if (action->args[0] < 0 || action->args[1] < 0 || s->p[action->args[0]].where != FB_AT_MAP)
        return FALSE;
      {
        gint from = s->p[action->args[0]].cell;

        g_array_append_val (cells, from);
        g_array_append_val (cells, action->args[1]);
        if (cost != NULL)
          *cost = -1;                           /* 8.7, 8.75: no MP spent */
        return TRUE;
      }
    case FB_A_TWO_HEX:
    case FB_A_RETREAT_TWO:
      if (s->two_hex_unit < 0 || s->p[s->two_hex_unit].where != FB_AT_MAP)
        return FALSE;
      {
        gint from = s->p[s->two_hex_unit].cell;

        g_array_append_val (cells, from);
        g_array_append_val (cells, action->args[0]);
        if (cost != NULL)
          *cost = -1;                           /* 11.13, 11.32: no MP spent */
        return TRUE;
      }
    default:
      return FALSE;
    }
}

/* The random_action vfunc: in the movement phase a unit that may move
 * counts once (acies_fb_move_random()), elsewhere uniform over the legal
 * actions. */
static gboolean
random_action (AciesRuleset     *self,
               const AciesState *state,
               GRand            *rand,
               AciesAction      *out)
{
  /* One list per thread, kept from one action to the next: a random game
   * allocates none per action. */
  static GPrivate legal_key = G_PRIVATE_INIT ((GDestroyNotify) g_array_unref);
  static __thread GArray *legal = NULL;   /* legal_key frees it when the thread ends */
  const FbState *s = CFB (state);

  if (state->finished)
    return FALSE;
  if (s->phase == FB_PH_MOVE && s->step != FB_ST_EARTHQUAKE)
    return acies_fb_move_random (s, rand, out);
  if (G_UNLIKELY (legal == NULL))
    {
      legal = g_array_sized_new (FALSE, FALSE, sizeof (AciesAction), 256);
      g_private_set (&legal_key, legal);
    }
  acies_fb_array_empty (legal);
  acies_fb_legal_actions (s, legal);
  if (legal->len == 0)
    return FALSE;
  *out = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
  return TRUE;
}

static void
acies_fb_ruleset_iface_init (AciesRulesetInterface *iface)
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
  iface->check_invariants = check_invariants;
  iface->describe_action = describe_action;
  iface->describe_unit = describe_unit;
  iface->describe_turn = describe_turn;
  iface->get_action_path = get_action_path;
  iface->random_action = random_action;
}

/**
 * acies_four_battles_ruleset_new:
 *
 * Returns: (transfer full): the Four Battles ruleset
 */
AciesRuleset *
acies_four_battles_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_FB_RULESET, NULL);
}

/**
 * acies_four_battles_register:
 *
 * Registers "four-battles" with acies_ruleset_register().
 */
void
acies_four_battles_register (void)
{
  acies_ruleset_register ("four-battles", acies_four_battles_ruleset_new);
}
