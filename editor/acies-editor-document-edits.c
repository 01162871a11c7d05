/* acies-editor-document-edits.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <glib/gi18n.h>

#include "geometry/acies-board.h"
#include "rulesets/acies-table.h"

#include "acies-editor-document-private.h"

/*
 * The scenario edits of the order of battle: sides, formations, units and
 * leaders added, removed, duplicated, moved, reparented, placed and
 * rotated.  Each is one undoable command whose journal keeps only what it
 * changed (acies-editor-document-private.h).  New parts start with the
 * catalogue's defaults (acies_param_specs_fill_defaults()).  Areas, rules,
 * pools, reinforcements and tables are in
 * acies-editor-document-setup.c.
 */

static guint
index_of (GPtrArray     *array,
          gconstpointer  item)
{
  guint index = 0;

  if (!g_ptr_array_find (array, item, &index))
    g_assert_not_reached ();
  return index;
}

/* Queries. */

/**
 * acies_editor_document_kind_of:
 * @self: a document
 * @id: (nullable): an id
 *
 * Returns: (nullable): what @id names: "side", "formation", "unit",
 *   "leader", "area" or "pool"; %NULL when it names nothing
 */
const char *
acies_editor_document_kind_of (AciesEditorDocument *self,
                               const char          *id)
{
  AciesScenario *s;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  if (id == NULL)
    return NULL;
  if (acies_scenario_find_side (s, id))
    return "side";
  if (acies_scenario_find_formation (s, id))
    return "formation";
  if (acies_scenario_find_unit (s, id))
    return "unit";
  if (acies_scenario_find_leader (s, id))
    return "leader";
  if (acies_scenario_find_area (s, id))
    return "area";
  if (acies_scenario_find_pool (s, id))
    return "pool";
  return NULL;
}

/**
 * acies_editor_document_side_of:
 * @self: a document
 * @id: (nullable): the id of a part
 *
 * Returns: (nullable): the side @id belongs to (a set-up zone's, a pool's,
 *   a unit's…; a side's own id), or %NULL for the scenario or a part of no
 *   side
 */
const char *
acies_editor_document_side_of (AciesEditorDocument *self,
                               const char          *id)
{
  AciesScenario *s;
  AciesArea *area;
  AciesPool *pool;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesFormation *formation;
  AciesSide *side;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  if (id == NULL)
    return NULL;
  if ((area = acies_scenario_find_area (s, id)))
    return area->side;
  if ((pool = acies_scenario_find_pool (s, id)))
    return pool->side;
  if ((unit = acies_scenario_find_unit (s, id)))
    return unit->side;
  if ((leader = acies_scenario_find_leader (s, id)))
    return leader->side;
  if ((formation = acies_scenario_find_formation (s, id)))
    return formation->side;
  if ((side = acies_scenario_find_side (s, id)))
    return side->id;
  return NULL;
}

/**
 * acies_editor_document_container_of:
 * @self: a document
 * @id: (nullable): the id of a part
 *
 * Returns: (nullable): where a new part goes when @id is chosen: the
 *   formation (or else the side) of a unit or leader; @id itself for a
 *   side or formation; %NULL for anything else
 */
const char *
acies_editor_document_container_of (AciesEditorDocument *self,
                                    const char          *id)
{
  AciesUnit *unit;
  AciesLeader *leader;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  if (id == NULL)
    return NULL;
  if ((unit = acies_scenario_find_unit (self->scenario, id)))
    return unit->formation ? unit->formation : unit->side;
  if ((leader = acies_scenario_find_leader (self->scenario, id)))
    return leader->formation ? leader->formation : leader->side;
  if (acies_scenario_find_side (self->scenario, id) || acies_scenario_find_formation (self->scenario, id))
    return id;
  return NULL;
}

/**
 * acies_editor_document_part_at:
 * @self: a document
 * @cell: a cell
 *
 * Returns: (nullable): the id of the unit drawn on top at @cell (either
 *   cell of a two-hex unit), else of a leader there
 */
const char *
acies_editor_document_part_at (AciesEditorDocument *self,
                               AciesCell            cell)
{
  AciesScenario *s;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  for (guint i = s->units->len; i-- > 0;)
    {
      AciesUnit *u = g_ptr_array_index (s->units, i);

      if (u->cell == cell || (u->cell2 != ACIES_CELL_NONE && u->cell2 == cell))
        return u->id;
    }
  for (guint i = s->leaders->len; i-- > 0;)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);

      if (l->cell == cell)
        return l->id;
    }
  return NULL;
}

guint
_acies_editor_document_n_facings (AciesEditorDocument *self)
{
  if (self->catalogue == NULL || self->catalogue->facing == ACIES_FACING_NONE)
    return 0;
  if (self->catalogue->facing == ACIES_FACING_VERTEX)
    return 6;
  return acies_board_get_n_directions (self->scenario->map.board);
}

/**
 * acies_editor_document_get_facings:
 * @self: a document
 *
 * The facings a unit may have, in clockwise order: every direction (or
 * hex vertex, GBoH 6.11), or on a square board where units move
 * orthogonally only (GC 2.1) the four sides.  Empty when the rules have
 * no facing.
 *
 * Returns: (transfer full) (element-type gint): direction or vertex indices
 */
GArray *
acies_editor_document_get_facings (AciesEditorDocument *self)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (gint));
  guint n;
  gboolean sides_only;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), values);

  n = _acies_editor_document_n_facings (self);
  sides_only = n == 8 && acies_board_get_kind (self->scenario->map.board) == ACIES_BOARD_SQUARE &&
               self->catalogue->adjacency == ACIES_ADJ_ORTHOGONAL;
  for (guint d = 0; d < n; d += sides_only ? 2 : 1)
    {
      gint value = d;

      g_array_append_val (values, value);
    }
  return values;
}

AciesCell
_acies_editor_document_second_cell (AciesEditorDocument *self,
                                    AciesCell            cell,
                                    gint                 facing)
{
  const AciesBoard *board = self->scenario->map.board;
  guint n = acies_board_get_n_directions (board);

  /* A two-hex unit stands beside its first hex, along its front: to the
   * right of the facing (the direction two steps clockwise of it). */
  return acies_board_neighbour (board, cell, ((facing < 0 ? 0 : facing) + 2) % n);
}

/* New parts. */

static const char *formation_name (gconstpointer item) { return ((const AciesFormation *) item)->name; }
static const char *leader_name (gconstpointer item) { return ((const AciesLeader *) item)->name; }

/**
 * _acies_editor_document_unique_name:
 * @items: parts of one kind
 * @get_name: a part's name
 * @base: the name wanted
 * @numbered: always numbered ("Wing 1")
 *
 * Returns: (transfer full): a name no item of @items has: @base itself
 *   unless @numbered or taken, else "@base N" with the first N from 1 (or
 *   2, after a bare @base) that is free ("Set-up zone 2", "Wing 1"):
 *   drop-downs never show two alike
 */
char *
_acies_editor_document_unique_name (GPtrArray             *items,
                                    AciesEditorNameFunc    get_name,
                                    const char            *base,
                                    gboolean               numbered)
{
  for (guint n = numbered ? 1 : 0;; n++)
    {
      g_autofree char *name = NULL;
      gboolean taken = FALSE;

      if (n == 1 && !numbered)
        continue;
      name = n == 0 ? g_strdup (base) : g_strdup_printf ("%s %u", base, n);
      for (guint i = 0; i < items->len && !taken; i++)
        taken = g_strcmp0 (get_name (g_ptr_array_index (items, i)), name) == 0;
      if (!taken)
        return g_steal_pointer (&name);
    }
}

/* A readable name for a new unit: its type and the next number free
 * among the scenario's unit names ("Heavy Infantry 3"). */
static char *
unit_default_name (AciesScenario       *s,
                   const AciesUnitType *type)
{
  const char *base = type->name != NULL && *type->name != '\0' ? type->name : type->id;
  guint number = 1;

  for (guint i = 0; i < s->units->len; i++)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (s->units, i))->type, type->id) == 0)
      number++;
  for (;;)
    {
      char *name = g_strdup_printf ("%s %u", base, number);
      gboolean taken = FALSE;

      for (guint i = 0; i < s->units->len && !taken; i++)
        taken = g_strcmp0 (((AciesUnit *) g_ptr_array_index (s->units, i))->name, name) == 0;
      if (!taken)
        return name;
      g_free (name);
      number++;
    }
}

/**
 * acies_editor_document_add_side:
 * @self: a document
 * @name: (nullable): its name; %NULL or "" for "Side N"
 *
 * Adds a side at the end, in the catalogue's next side colour, facing the
 * other sides from the south or north edge, with its army parameters'
 * defaults.
 *
 * Returns: (transfer full): the new side's id
 */
char *
acies_editor_document_add_side (AciesEditorDocument *self,
                                const char          *name)
{
  AciesScenario *s;
  AciesCatalogue *cat;
  g_autofree char *id = NULL;
  g_autofree char *numbered = NULL;
  AciesSide *side;
  AciesJournal journal;
  guint n;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  cat = self->catalogue;
  n = s->sides->len;
  id = acies_editor_document_new_id (self, "side");
  numbered = g_strdup_printf (_("Side %u"), n + 1);
  side = acies_side_new (id, name != NULL && *name != '\0' ? name : numbered);
  if (cat && cat->side_colours && n < g_strv_length (cat->side_colours))
    side->colour = g_strdup (cat->side_colours[n]);
  else
    side->colour = g_strdup (n % 2 ? "#c01c28" : "#1c71d8");
  side->home_edge = n % 2 ? ACIES_MAP_EDGE_NORTH : ACIES_MAP_EDGE_SOUTH;
  if (cat)
    acies_param_specs_fill_defaults (side->params, cat->side_params);

  _acies_journal_begin (&journal, self, _("Add Side"), NULL, 0);
  _acies_journal_insert (&journal, s->sides, n, side, FREE_SIDE);
  _acies_journal_commit (&journal);
  return g_steal_pointer (&id);
}

/**
 * acies_editor_document_add_formation:
 * @self: a document
 * @container: a side, or a formation for a sub-formation
 * @kind: (nullable): a formation kind of the catalogue; %NULL or "" for
 *   its first
 *
 * Adds a formation named by its kind in the catalogue's words ("Wing 2").
 *
 * Returns: (transfer full) (nullable): the new formation's id, or %NULL
 *   when @container is neither a side nor a formation
 */
char *
acies_editor_document_add_formation (AciesEditorDocument *self,
                                     const char          *container,
                                     const char          *kind)
{
  AciesScenario *s;
  AciesCatalogue *cat;
  AciesSide *side;
  AciesFormation *parent;
  AciesFormation *formation;
  const AciesKind *k;
  g_autofree char *id = NULL;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  cat = self->catalogue;
  side = container ? acies_scenario_find_side (s, container) : NULL;
  parent = container ? acies_scenario_find_formation (s, container) : NULL;
  if (side == NULL && parent == NULL)
    return NULL;
  if ((kind == NULL || *kind == '\0') && cat && cat->formation_kinds->len > 0)
    kind = ((AciesKind *) g_ptr_array_index (cat->formation_kinds, 0))->id;
  if (kind == NULL || *kind == '\0')
    kind = "formation";

  id = acies_editor_document_new_id (self, "formation");
  formation = acies_formation_new (id, side ? side->id : parent->side, kind);
  if (parent)
    formation->parent = g_strdup (parent->id);
  /* "Wing 1", by the kind's name in the catalogue's words. */
  k = cat ? acies_catalogue_find_kind (cat->formation_kinds, kind) : NULL;
  formation->name = _acies_editor_document_unique_name (s->formations, formation_name,
                                 k && k->name && *k->name ? k->name : _("Formation"), TRUE);
  if (cat)
    acies_param_specs_fill_defaults (formation->params, cat->formation_params);

  _acies_journal_begin (&journal, self, _("Add Formation"), NULL, 0);
  _acies_journal_insert (&journal, s->formations, s->formations->len, formation, FREE_FORMATION);
  _acies_journal_commit (&journal);
  return g_steal_pointer (&id);
}

static char *
add_unit_or_leader (AciesEditorDocument *self,
                    const char          *container,
                    const char          *type_id,
                    gboolean             leader)
{
  AciesScenario *s = self->scenario;
  AciesCatalogue *cat = self->catalogue;
  AciesSide *side = container ? acies_scenario_find_side (s, container) : NULL;
  AciesFormation *formation = container ? acies_scenario_find_formation (s, container) : NULL;
  GPtrArray *types = cat ? (leader ? cat->leader_kinds : cat->unit_types) : NULL;
  const AciesUnitType *type = NULL;
  const char *side_id;
  g_autofree char *id = NULL;
  AciesJournal journal;

  if (side == NULL && formation == NULL)
    return NULL;
  side_id = side ? side->id : formation->side;

  /* The type asked for, else the catalogue's first. */
  for (guint i = 0; types != NULL && i < types->len; i++)
    {
      AciesUnitType *t = g_ptr_array_index (types, i);

      if (type == NULL || g_strcmp0 (t->id, type_id) == 0)
        type = t;
      if (g_strcmp0 (t->id, type_id) == 0)
        break;
    }
  if (type == NULL)
    return NULL;

  id = acies_editor_document_new_id (self, leader ? "leader" : "unit");
  if (leader)
    {
      AciesLeader *l = acies_leader_new (id, side_id, type->id);

      l->formation = formation ? g_strdup (formation->id) : NULL;
      l->name = _acies_editor_document_unique_name (s->leaders, leader_name, type->name ? type->name : type->id, FALSE);
      acies_param_specs_fill_defaults (l->attrs, type->attributes);
      _acies_journal_begin (&journal, self, _("Add Leader"), NULL, 0);
      _acies_journal_insert (&journal, s->leaders, s->leaders->len, l, FREE_LEADER);
    }
  else
    {
      AciesUnit *u = acies_unit_new (id, side_id, type->id);

      u->formation = formation ? g_strdup (formation->id) : NULL;
      acies_param_specs_fill_defaults (u->attrs, type->attributes);
      if (type->hidden != NULL && type->hidden->len > 0)
        {
          if (u->hidden == NULL)
            u->hidden = json_object_new ();
          acies_param_specs_fill_defaults (u->hidden, type->hidden);
        }
      /* No facing of its own: the rules set it at the start (GC 8.1:
       * Foot face the enemy's edge). */
      u->facing = -1;
      u->name = unit_default_name (s, type);
      _acies_journal_begin (&journal, self, _("Add Unit"), NULL, 0);
      _acies_journal_insert (&journal, s->units, s->units->len, u, FREE_UNIT);
    }
  _acies_journal_commit (&journal);
  return g_steal_pointer (&id);
}

/**
 * acies_editor_document_add_unit:
 * @self: a document
 * @container: the side or formation the unit belongs to
 * @type: (nullable): a unit type of the catalogue; %NULL, "" or an unknown
 *   type for its first
 *
 * Adds a unit off the map, named by its type ("Heavy Infantry 3"), with
 * its type's attributes' defaults and no facing of its own.
 *
 * Returns: (transfer full) (nullable): the new unit's id, or %NULL when
 *   @container is neither a side nor a formation or the catalogue has no
 *   unit types
 */
char *
acies_editor_document_add_unit (AciesEditorDocument *self,
                                const char          *container,
                                const char          *type)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  return add_unit_or_leader (self, container, type, FALSE);
}

/**
 * acies_editor_document_add_leader:
 * @self: a document
 * @container: the side, or the formation the leader commands
 * @kind: (nullable): a leader kind of the catalogue; %NULL or "" for its
 *   first
 *
 * Returns: (transfer full) (nullable): the new leader's id
 */
char *
acies_editor_document_add_leader (AciesEditorDocument *self,
                                  const char          *container,
                                  const char          *kind)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  return add_unit_or_leader (self, container, kind, TRUE);
}

/* Removing. */

/* Removes from @params every value that names the formation @id: a
 * formation parameter of @specs or @more, or (for a parameter the
 * catalogue does not know) any value equal to the id. */
static void
forget_formation_params (AciesJournal *journal,
                         JsonObject   *params,
                         GPtrArray    *specs,
                         GPtrArray    *more,
                         const char   *id)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GList) members = NULL;

  if (params == NULL)
    return;
  names = g_ptr_array_new_with_free_func (g_free);
  members = json_object_get_members (params);
  for (GList *l = members; l != NULL; l = l->next)
    g_ptr_array_add (names, g_strdup (l->data));
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      JsonNode *node = json_object_get_member (params, name);
      const AciesParamSpec *spec = NULL;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
          g_strcmp0 (json_node_get_string (node), id) != 0)
        continue;
      if (specs != NULL)
        spec = acies_catalogue_find_param (specs, name);
      if (spec == NULL && more != NULL)
        spec = acies_catalogue_find_param (more, name);
      if (spec == NULL || spec->type == ACIES_VALUE_FORMATION)
        _acies_journal_set_member (journal, params, name, NULL);
    }
}

/* Clears every reference to the formation @id outside the formation
 * tree itself: set-up zones' and pools' Wing (member and parameter), the
 * parameters of sides, formations, rules and the scenario. */
static void
forget_formation (AciesJournal        *journal,
                  AciesEditorDocument *self,
                  const char          *id)
{
  AciesScenario *s = self->scenario;
  AciesCatalogue *cat = self->catalogue;

  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (s->areas, i);
      const AciesKind *kind = cat ? acies_catalogue_find_kind (cat->area_kinds, a->kind) : NULL;

      if (g_strcmp0 (a->formation, id) == 0)
        _acies_journal_set_string (journal, &a->formation, NULL);
      forget_formation_params (journal, a->params, kind ? kind->params : NULL, NULL, id);
    }
  for (guint i = 0; i < s->pools->len; i++)
    {
      AciesPool *p = g_ptr_array_index (s->pools, i);

      if (g_strcmp0 (p->formation, id) == 0)
        _acies_journal_set_string (journal, &p->formation, NULL);
      forget_formation_params (journal, p->params, cat ? cat->pool_params : NULL, NULL, id);
    }
  for (guint i = 0; i < s->sides->len; i++)
    forget_formation_params (journal, ((AciesSide *) g_ptr_array_index (s->sides, i))->params,
                             cat ? cat->side_params : NULL, NULL, id);
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);
      const AciesKind *kind = cat ? acies_catalogue_find_kind (cat->formation_kinds, f->kind) : NULL;

      forget_formation_params (journal, f->params, kind ? kind->params : NULL,
                               cat ? cat->formation_params : NULL, id);
    }
  for (GPtrArray *lists[] = { s->special_rules, s->victory, NULL }, **l = lists; *l; l++)
    for (guint i = 0; i < (*l)->len; i++)
      {
        AciesRuleEntry *r = g_ptr_array_index (*l, i);
        GPtrArray *kinds = cat ? (*l == s->special_rules ? cat->special_rules : cat->victory_kinds) : NULL;
        const AciesKind *kind = kinds ? acies_catalogue_find_kind (kinds, r->kind) : NULL;

        forget_formation_params (journal, r->params, kind ? kind->params : NULL, NULL, id);
      }
  forget_formation_params (journal, s->params, cat ? cat->scenario_params : NULL, NULL, id);
  for (guint i = 0; i < s->units->len; i++)
    {
      AciesUnit *u = g_ptr_array_index (s->units, i);

      if (g_strcmp0 (u->formation, id) == 0)
        _acies_journal_set_string (journal, &u->formation, NULL);
    }
  for (guint i = 0; i < s->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);

      if (g_strcmp0 (l->formation, id) == 0)
        _acies_journal_set_string (journal, &l->formation, NULL);
    }
}

static void
remove_formation_tree (AciesJournal        *journal,
                       AciesEditorDocument *self,
                       const char          *id)
{
  AciesScenario *s = self->scenario;

  /* Sub-formations first, then the units and leaders it holds. */
  for (guint i = 0; i < s->formations->len;)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);

      if (g_strcmp0 (f->parent, id) == 0)
        {
          g_autofree char *child = g_strdup (f->id);

          remove_formation_tree (journal, self, child);
          i = 0;
          continue;
        }
      i++;
    }
  for (guint i = s->units->len; i-- > 0;)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (s->units, i))->formation, id) == 0)
      _acies_journal_remove (journal, s->units, i, FREE_UNIT);
  for (guint i = s->leaders->len; i-- > 0;)
    if (g_strcmp0 (((AciesLeader *) g_ptr_array_index (s->leaders, i))->formation, id) == 0)
      _acies_journal_remove (journal, s->leaders, i, FREE_LEADER);
  forget_formation (journal, self, id);
  for (guint i = 0; i < s->formations->len; i++)
    if (g_strcmp0 (((AciesFormation *) g_ptr_array_index (s->formations, i))->id, id) == 0)
      {
        _acies_journal_remove (journal, s->formations, i, FREE_FORMATION);
        break;
      }
}

/**
 * _acies_editor_document_forget_unit:
 * @journal: an open journal
 * @s: the document's scenario
 * @id: a unit
 *
 * Takes a unit off the reinforcement schedule, and the leaders attached
 * to it are no longer.
 */
void
_acies_editor_document_forget_unit (AciesJournal  *journal,
                                    AciesScenario *s,
                                    const char    *id)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      for (guint j = r->units->len; j-- > 0;)
        if (g_str_equal (g_ptr_array_index (r->units, j), id))
          _acies_journal_remove (journal, r->units, j, g_free);
    }
  for (guint i = 0; i < s->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (s->leaders, i);

      if (g_strcmp0 (l->attached_to, id) == 0)
        _acies_journal_set_string (journal, &l->attached_to, NULL);
    }
}

static void
remove_side (AciesJournal        *journal,
             AciesEditorDocument *self,
             const char          *id)
{
  AciesScenario *s = self->scenario;

  for (guint i = s->formations->len; i-- > 0;)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);

      if (g_strcmp0 (f->side, id) == 0 && f->parent == NULL)
        {
          g_autofree char *fid = g_strdup (f->id);

          remove_formation_tree (journal, self, fid);
          i = s->formations->len;
        }
    }
  for (guint i = s->units->len; i-- > 0;)
    {
      AciesUnit *u = g_ptr_array_index (s->units, i);

      if (g_strcmp0 (u->side, id) == 0)
        {
          _acies_editor_document_forget_unit (journal, s, u->id);
          _acies_journal_remove (journal, s->units, i, FREE_UNIT);
        }
    }
  for (guint i = s->leaders->len; i-- > 0;)
    if (g_strcmp0 (((AciesLeader *) g_ptr_array_index (s->leaders, i))->side, id) == 0)
      _acies_journal_remove (journal, s->leaders, i, FREE_LEADER);
  for (guint i = s->pools->len; i-- > 0;)
    if (g_strcmp0 (((AciesPool *) g_ptr_array_index (s->pools, i))->side, id) == 0)
      _acies_journal_remove (journal, s->pools, i, FREE_POOL);
  for (guint i = s->reinforcements->len; i-- > 0;)
    if (g_strcmp0 (((AciesReinforcement *) g_ptr_array_index (s->reinforcements, i))->side, id) == 0)
      _acies_journal_remove (journal, s->reinforcements, i, FREE_REINFORCEMENT);
  for (guint i = 0; i < s->areas->len; i++)
    {
      AciesArea *a = g_ptr_array_index (s->areas, i);

      if (g_strcmp0 (a->side, id) == 0)
        _acies_journal_set_string (journal, &a->side, NULL);
    }
  for (GPtrArray *lists[] = { s->special_rules, s->victory, NULL }, **l = lists; *l; l++)
    for (guint i = 0; i < (*l)->len; i++)
      {
        AciesRuleEntry *r = g_ptr_array_index (*l, i);

        if (g_strcmp0 (r->side, id) == 0)
          _acies_journal_set_string (journal, &r->side, NULL);
      }
  if (g_strcmp0 (s->first_side, id) == 0)
    _acies_journal_set_string (journal, &s->first_side, NULL);
  _acies_journal_remove (journal, s->sides, index_of (s->sides, acies_scenario_find_side (s, id)), FREE_SIDE);
}

/**
 * acies_editor_document_remove:
 * @self: a document
 * @id: a side, formation, unit, leader, area or pool
 *
 * Removes a part and every reference to it: a side takes its formations,
 * units, leaders, pools and reinforcements along; a formation its
 * sub-formations, units and leaders (set-up zones, pools and parameters
 * that named it forget it); a unit leaves the reinforcement schedule; an
 * area is no longer a pool's or reinforcement's.
 *
 * Returns: %TRUE if @id named a part
 */
gboolean
acies_editor_document_remove (AciesEditorDocument *self,
                              const char          *id)
{
  AciesScenario *s;
  const char *kind;
  g_autofree char *copy = NULL;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  kind = acies_editor_document_kind_of (self, id);
  if (kind == NULL)
    return FALSE;
  copy = g_strdup (id);

  _acies_journal_begin (&journal, self, _("Remove"), NULL, 0);
  if (g_str_equal (kind, "unit"))
    {
      _acies_editor_document_forget_unit (&journal, s, copy);
      _acies_journal_remove (&journal, s->units, index_of (s->units, acies_scenario_find_unit (s, copy)), FREE_UNIT);
    }
  else if (g_str_equal (kind, "leader"))
    _acies_journal_remove (&journal, s->leaders, index_of (s->leaders, acies_scenario_find_leader (s, copy)),
                           FREE_LEADER);
  else if (g_str_equal (kind, "formation"))
    remove_formation_tree (&journal, self, copy);
  else if (g_str_equal (kind, "area"))
    {
      for (guint i = 0; i < s->pools->len; i++)
        {
          AciesPool *p = g_ptr_array_index (s->pools, i);

          if (g_strcmp0 (p->area, copy) == 0)
            _acies_journal_set_string (&journal, &p->area, NULL);
        }
      for (guint i = 0; i < s->reinforcements->len; i++)
        {
          AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

          if (g_strcmp0 (r->area, copy) == 0)
            _acies_journal_set_string (&journal, &r->area, NULL);
        }
      _acies_journal_remove (&journal, s->areas, index_of (s->areas, acies_scenario_find_area (s, copy)), FREE_AREA);
    }
  else if (g_str_equal (kind, "pool"))
    _acies_journal_remove (&journal, s->pools, index_of (s->pools, acies_scenario_find_pool (s, copy)), FREE_POOL);
  else
    remove_side (&journal, self, copy);

  return _acies_journal_commit (&journal);
}

/* Adds @id and the formations below it to @tree. */
static void
formation_tree (AciesScenario *s,
                const char    *id,
                GHashTable    *tree)
{
  g_hash_table_add (tree, (gpointer) id);
  for (guint i = 0; i < s->formations->len; i++)
    {
      AciesFormation *f = g_ptr_array_index (s->formations, i);

      if (g_strcmp0 (f->parent, id) == 0 && !g_hash_table_contains (tree, f->id))
        formation_tree (s, f->id, tree);
    }
}

/**
 * acies_editor_document_count_removal:
 * @self: a document
 * @id: a part
 * @n_units: (out) (optional): units acies_editor_document_remove() would
 *   remove with it
 * @n_leaders: (out) (optional): leaders it would remove with it
 *
 * Counts the units and leaders a side or formation takes along when it is
 * removed (the editor asks first when there are any).
 *
 * Returns: @n_units + @n_leaders
 */
guint
acies_editor_document_count_removal (AciesEditorDocument *self,
                                     const char          *id,
                                     guint               *n_units,
                                     guint               *n_leaders)
{
  AciesScenario *s;
  const char *kind;
  g_autoptr(GHashTable) tree = g_hash_table_new (g_str_hash, g_str_equal);
  guint units = 0, leaders = 0;
  gboolean side;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);

  s = self->scenario;
  kind = acies_editor_document_kind_of (self, id);
  side = g_strcmp0 (kind, "side") == 0;
  if (side)
    {
      for (guint i = 0; i < s->formations->len; i++)
        {
          AciesFormation *f = g_ptr_array_index (s->formations, i);

          if (g_strcmp0 (f->side, id) == 0 && f->parent == NULL)
            formation_tree (s, f->id, tree);
        }
    }
  else if (g_strcmp0 (kind, "formation") == 0)
    formation_tree (s, id, tree);

  if (side || g_hash_table_size (tree) > 0)
    {
      for (guint i = 0; i < s->units->len; i++)
        {
          AciesUnit *u = g_ptr_array_index (s->units, i);

          units += (u->formation != NULL && g_hash_table_contains (tree, u->formation)) ||
                   (side && g_strcmp0 (u->side, id) == 0);
        }
      for (guint i = 0; i < s->leaders->len; i++)
        {
          AciesLeader *l = g_ptr_array_index (s->leaders, i);

          leaders += (l->formation != NULL && g_hash_table_contains (tree, l->formation)) ||
                     (side && g_strcmp0 (l->side, id) == 0);
        }
    }

  if (n_units != NULL)
    *n_units = units;
  if (n_leaders != NULL)
    *n_leaders = leaders;
  return units + leaders;
}

/* Duplicating, moving, reparenting. */

static JsonObject *
object_copy (JsonObject *object)
{
  return object ? acies_json_object_copy (object) : NULL;
}

/**
 * acies_editor_document_duplicate:
 * @self: a document
 * @id: a unit, leader or formation
 *
 * Adds a copy after it: a unit's or leader's copy is off the map; a
 * formation's copy is named "NAME (2)" and holds no units.
 *
 * Returns: (transfer full) (nullable): the copy's id, or %NULL for any
 *   other part
 */
char *
acies_editor_document_duplicate (AciesEditorDocument *self,
                                 const char          *id)
{
  AciesScenario *s;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesFormation *formation;
  g_autofree char *new_id = NULL;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  s = self->scenario;
  unit = id ? acies_scenario_find_unit (s, id) : NULL;
  leader = id ? acies_scenario_find_leader (s, id) : NULL;
  formation = id ? acies_scenario_find_formation (s, id) : NULL;
  if (unit == NULL && leader == NULL && formation == NULL)
    return NULL;

  new_id = acies_editor_document_new_id (self, acies_editor_document_kind_of (self, id));
  _acies_journal_begin (&journal, self, _("Duplicate"), NULL, 0);
  if (unit != NULL)
    {
      AciesUnit *copy = acies_unit_new (new_id, unit->side, unit->type);

      copy->formation = g_strdup (unit->formation);
      copy->name = g_strdup (unit->name);
      g_clear_pointer (&copy->attrs, json_object_unref);
      copy->attrs = object_copy (unit->attrs);
      g_clear_pointer (&copy->hidden, json_object_unref);
      copy->hidden = object_copy (unit->hidden);
      copy->facing = unit->facing;
      _acies_journal_insert (&journal, s->units, index_of (s->units, unit) + 1, copy, FREE_UNIT);
    }
  else if (leader != NULL)
    {
      AciesLeader *copy = acies_leader_new (new_id, leader->side, leader->kind);

      copy->formation = g_strdup (leader->formation);
      copy->name = g_strdup (leader->name);
      g_clear_pointer (&copy->attrs, json_object_unref);
      copy->attrs = object_copy (leader->attrs);
      _acies_journal_insert (&journal, s->leaders, index_of (s->leaders, leader) + 1, copy, FREE_LEADER);
    }
  else
    {
      AciesFormation *copy = acies_formation_new (new_id, formation->side, formation->kind);

      copy->parent = g_strdup (formation->parent);
      copy->name = g_strdup_printf ("%s (2)", formation->name ? formation->name : formation->id);
      copy->colour = g_strdup (formation->colour);
      g_clear_pointer (&copy->params, json_object_unref);
      copy->params = object_copy (formation->params);
      _acies_journal_insert (&journal, s->formations, index_of (s->formations, formation) + 1, copy,
                             FREE_FORMATION);
    }
  _acies_journal_commit (&journal);
  return g_steal_pointer (&new_id);
}

/**
 * acies_editor_document_move:
 * @self: a document
 * @id: a side, formation, unit, leader or area
 * @step: -1 (up) or 1 (down)
 *
 * Exchanges the part with its previous or next sibling of the same kind
 * (the same side and formation), in the order the tree and the file show.
 *
 * Returns: %TRUE if it moved
 */
gboolean
acies_editor_document_move (AciesEditorDocument *self,
                            const char          *id,
                            gint                 step)
{
  AciesScenario *s;
  const char *kind;
  GPtrArray *array;
  gint index;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  kind = acies_editor_document_kind_of (self, id);
  step = step < 0 ? -1 : 1;
  if (kind == NULL)
    return FALSE;
  if (g_str_equal (kind, "side"))
    array = s->sides;
  else if (g_str_equal (kind, "formation"))
    array = s->formations;
  else if (g_str_equal (kind, "unit"))
    array = s->units;
  else if (g_str_equal (kind, "leader"))
    array = s->leaders;
  else if (g_str_equal (kind, "area"))
    array = s->areas;
  else
    return FALSE;

  /* Every part struct starts with its id. */
  for (index = 0; index < (gint) array->len; index++)
    if (g_strcmp0 (*(char **) g_ptr_array_index (array, index), id) == 0)
      break;

  for (gint j = index + step; j >= 0 && j < (gint) array->len; j += step)
    {
      gpointer a = g_ptr_array_index (array, index);
      gpointer b = g_ptr_array_index (array, j);
      gboolean sibling = TRUE;

      if (g_str_equal (kind, "unit"))
        sibling = g_strcmp0 (((AciesUnit *) a)->side, ((AciesUnit *) b)->side) == 0 &&
                  g_strcmp0 (((AciesUnit *) a)->formation, ((AciesUnit *) b)->formation) == 0;
      else if (g_str_equal (kind, "leader"))
        sibling = g_strcmp0 (((AciesLeader *) a)->side, ((AciesLeader *) b)->side) == 0 &&
                  g_strcmp0 (((AciesLeader *) a)->formation, ((AciesLeader *) b)->formation) == 0;
      else if (g_str_equal (kind, "formation"))
        sibling = g_strcmp0 (((AciesFormation *) a)->side, ((AciesFormation *) b)->side) == 0 &&
                  g_strcmp0 (((AciesFormation *) a)->parent, ((AciesFormation *) b)->parent) == 0;
      if (!sibling)
        continue;

      _acies_journal_begin (&journal, self, step < 0 ? _("Move Up") : _("Move Down"), NULL, 0);
      _acies_journal_swap (&journal, array, index, j);
      return _acies_journal_commit (&journal);
    }

  return FALSE;
}

static gboolean
formation_is_below (AciesScenario *s,
                    const char    *id,
                    const char    *ancestor)
{
  for (guint guard = 0; id != NULL && guard < 1000; guard++)
    {
      AciesFormation *f;

      if (g_strcmp0 (id, ancestor) == 0)
        return TRUE;
      f = acies_scenario_find_formation (s, id);
      id = f ? f->parent : NULL;
    }
  return FALSE;
}

/**
 * acies_editor_document_reparent:
 * @self: a document
 * @id: a unit, leader or formation
 * @to: a side, or a formation
 *
 * Moves a part under a side or formation.  A formation moved to another
 * side takes its sub-formations, units and leaders along; it cannot move
 * under itself or one of its own sub-formations.
 *
 * Returns: %TRUE if it moved
 */
gboolean
acies_editor_document_reparent (AciesEditorDocument *self,
                                const char          *id,
                                const char          *to)
{
  AciesScenario *s;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesFormation *formation;
  AciesSide *to_side;
  AciesFormation *to_formation;
  const char *side_id;
  const char *formation_id;
  char **side_slot, **formation_slot;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  if (id == NULL || to == NULL)
    return FALSE;
  unit = acies_scenario_find_unit (s, id);
  leader = acies_scenario_find_leader (s, id);
  formation = acies_scenario_find_formation (s, id);
  to_side = acies_scenario_find_side (s, to);
  to_formation = acies_scenario_find_formation (s, to);
  if (to_side == NULL && to_formation == NULL)
    return FALSE;
  side_id = to_side ? to_side->id : to_formation->side;
  formation_id = to_formation ? to_formation->id : NULL;

  if (unit != NULL)
    {
      side_slot = &unit->side;
      formation_slot = &unit->formation;
    }
  else if (leader != NULL)
    {
      side_slot = &leader->side;
      formation_slot = &leader->formation;
    }
  else if (formation != NULL)
    {
      if (formation_id != NULL && formation_is_below (s, formation_id, formation->id))
        return FALSE;
      side_slot = &formation->side;
      formation_slot = &formation->parent;
    }
  else
    return FALSE;

  if (g_strcmp0 (*side_slot, side_id) == 0 && g_strcmp0 (*formation_slot, formation_id) == 0)
    return FALSE;

  _acies_journal_begin (&journal, self, _("Move to Formation"), NULL, 0);

  /* A formation moved to another side takes its units along. */
  if (formation != NULL && g_strcmp0 (formation->side, side_id) != 0)
    {
      for (guint i = 0; i < s->units->len; i++)
        {
          AciesUnit *u = g_ptr_array_index (s->units, i);

          if (u->formation && formation_is_below (s, u->formation, formation->id))
            _acies_journal_set_string (&journal, &u->side, side_id);
        }
      for (guint i = 0; i < s->leaders->len; i++)
        {
          AciesLeader *l = g_ptr_array_index (s->leaders, i);

          if (l->formation && formation_is_below (s, l->formation, formation->id))
            _acies_journal_set_string (&journal, &l->side, side_id);
        }
      for (guint i = 0; i < s->formations->len; i++)
        {
          AciesFormation *f = g_ptr_array_index (s->formations, i);

          if (f != formation && formation_is_below (s, f->id, formation->id))
            _acies_journal_set_string (&journal, &f->side, side_id);
        }
    }

  _acies_journal_set_string (&journal, side_slot, side_id);
  _acies_journal_set_string (&journal, formation_slot, formation_id);
  return _acies_journal_commit (&journal);
}

/* On the map. */

/**
 * acies_editor_document_place:
 * @self: a document
 * @id: a unit or leader
 * @cell: its set-up cell, or %ACIES_CELL_NONE to take it off the map
 *
 * Places a unit or leader; a two-hex unit takes the cell beside it along
 * its front too.
 *
 * Returns: %TRUE if it moved
 */
gboolean
acies_editor_document_place (AciesEditorDocument *self,
                             const char          *id,
                             AciesCell            cell)
{
  AciesScenario *s;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesCell *slot;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  if (id == NULL || (cell != ACIES_CELL_NONE && !acies_board_contains (s->map.board, cell)))
    return FALSE;
  unit = acies_scenario_find_unit (s, id);
  leader = unit ? NULL : acies_scenario_find_leader (s, id);
  if (unit == NULL && leader == NULL)
    return FALSE;
  slot = unit ? &unit->cell : &leader->cell;

  _acies_journal_begin (&journal, self,
                        *slot != ACIES_CELL_NONE && cell != ACIES_CELL_NONE ? _("Move Unit") : _("Place Unit"),
                        NULL, 0);
  if (unit != NULL)
    {
      const AciesUnitType *type = self->catalogue ? acies_catalogue_find_unit_type (self->catalogue, unit->type) : NULL;
      AciesCell cell2 = ACIES_CELL_NONE;

      if (type != NULL && type->two_hex && cell != ACIES_CELL_NONE)
        cell2 = _acies_editor_document_second_cell (self, cell, unit->facing);
      _acies_journal_set_int (&journal, &unit->cell, cell);
      _acies_journal_set_int (&journal, &unit->cell2, cell2);
    }
  else
    _acies_journal_set_int (&journal, &leader->cell, cell);
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_rotate:
 * @self: a document
 * @id: a unit
 * @facing: a direction or vertex index; negative for one step clockwise
 *   among the facings the rules allow (acies_editor_document_get_facings())
 *
 * Turns a unit; a two-hex unit's second hex follows its front.
 *
 * Returns: %TRUE if it turned
 */
gboolean
acies_editor_document_rotate (AciesEditorDocument *self,
                              const char          *id,
                              gint                 facing)
{
  AciesUnit *unit;
  guint n;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  unit = id ? acies_scenario_find_unit (self->scenario, id) : NULL;
  n = _acies_editor_document_n_facings (self);
  if (unit == NULL || n == 0)
    return FALSE;
  if (facing < 0)
    {
      g_autoptr(GArray) values = acies_editor_document_get_facings (self);

      facing = values->len > 0 ? g_array_index (values, gint, 0) : 0;
      for (guint i = 0; i < values->len; i++)
        if (g_array_index (values, gint, i) > unit->facing)
          {
            facing = g_array_index (values, gint, i);
            break;
          }
    }
  facing = (gint) (((facing % (gint) n) + n) % n);

  _acies_journal_begin (&journal, self, _("Rotate Unit"), NULL, 0);
  _acies_journal_set_int (&journal, &unit->facing, facing);
  if (unit->cell2 != ACIES_CELL_NONE)
    _acies_journal_set_int (&journal, &unit->cell2, _acies_editor_document_second_cell (self, unit->cell, facing));
  return _acies_journal_commit (&journal);
}
