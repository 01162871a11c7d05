/* acies-problem-list.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-problem-list"

#include "config.h"

#include <glib/gi18n.h>

#include "model/acies-check.h"
#include "rulesets/acies-ruleset.h"

#include "acies-editor-words.h"
#include "acies-problem-list.h"

/**
 * AciesProblemList:
 *
 * The editor's live validation of its document: a #GListModel of
 * #AciesProblemItem, validated again a moment after each edit (once edits
 * pause, not on every one of a stroke), with the counts of errors and
 * warnings and a summary sentence.  A new validation changes only the
 * items that differ from the last one.  No widget: it runs without a
 * display.
 */

#define VALIDATE_DELAY_MS 250

struct _AciesProblemList
{
  GObject              parent_instance;

  AciesEditorDocument *document;
  GSignalGroup        *document_signals;
  GPtrArray           *items;      /* AciesProblemItem */
  GPtrArray           *problems;   /* AciesProblem of the last validation */
  guint                n_errors;
  guint                n_warnings;
  char                *summary;
  guint                validate_id;
  gint64               changed_at;  /* the last edit, monotonic µs */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_N_ERRORS,
  PROP_N_WARNINGS,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void acies_problem_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesProblemList, acies_problem_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, acies_problem_list_model_init))

static GType
acies_problem_list_get_item_type (GListModel *model)
{
  return ACIES_TYPE_PROBLEM_ITEM;
}

static guint
acies_problem_list_get_n_items (GListModel *model)
{
  return ACIES_PROBLEM_LIST (model)->items->len;
}

static gpointer
acies_problem_list_get_item (GListModel *model,
                             guint       position)
{
  AciesProblemList *self = ACIES_PROBLEM_LIST (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
acies_problem_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = acies_problem_list_get_item_type;
  iface->get_n_items = acies_problem_list_get_n_items;
  iface->get_item = acies_problem_list_get_item;
}

/**
 * acies_problem_list_validate:
 * @self: a problem list
 *
 * Validates the document now (acies_scenario_validate()) and updates the
 * items, counts and summary.  #AciesProblemList:n-errors is notified after
 * every validation, so that a listener re-reads the problems even when
 * their number stays.
 */
void
acies_problem_list_validate (AciesProblemList *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  AciesScenario *s;
  guint errors = 0, warnings = 0;

  g_return_if_fail (ACIES_IS_PROBLEM_LIST (self));

  g_clear_handle_id (&self->validate_id, g_source_remove);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  if (self->document != NULL)
    {
      s = acies_editor_document_get_scenario (self->document);
      self->problems = acies_problems_new ();
      if (!acies_scenario_validate (s, self->problems, &error))
        g_ptr_array_add (self->problems, acies_problem_new (ACIES_PROBLEM_ERROR, "$.ruleset", NULL,
                                                            ACIES_CELL_NONE, "%s", error->message));
      for (guint i = 0; i < self->problems->len; i++)
        {
          AciesProblem *p = g_ptr_array_index (self->problems, i);
          g_autofree char *place = acies_editor_describe_problem_path (self->document, p->path);

          if (p->severity == ACIES_PROBLEM_ERROR)
            errors++;
          else
            warnings++;
          g_ptr_array_add (items, acies_problem_item_new (p, place));
        }
    }

  /* Only the run in the middle that differs changes: the items before and
   * after it stay the same objects, and the views are told of the run. */
  {
    GPtrArray *next = g_ptr_array_new_with_free_func (g_object_unref);
    guint old_len = self->items->len, new_len = items->len, prefix = 0, suffix = 0;

    while (prefix < old_len && prefix < new_len &&
           acies_problem_item_equal (g_ptr_array_index (self->items, prefix), g_ptr_array_index (items, prefix)))
      prefix++;
    while (suffix < old_len - prefix && suffix < new_len - prefix &&
           acies_problem_item_equal (g_ptr_array_index (self->items, old_len - 1 - suffix),
                                     g_ptr_array_index (items, new_len - 1 - suffix)))
      suffix++;
    for (guint i = 0; i < new_len; i++)
      {
        gpointer item;

        if (i < prefix)
          item = g_ptr_array_index (self->items, i);
        else if (i >= new_len - suffix)
          item = g_ptr_array_index (self->items, old_len - (new_len - i));
        else
          item = g_ptr_array_index (items, i);
        g_ptr_array_add (next, g_object_ref (item));
      }
    g_ptr_array_unref (self->items);
    self->items = next;
    if (old_len - prefix - suffix > 0 || new_len - prefix - suffix > 0)
      g_list_model_items_changed (G_LIST_MODEL (self), prefix, old_len - prefix - suffix, new_len - prefix - suffix);
  }

  self->n_warnings = warnings;
  self->n_errors = errors;
  g_free (self->summary);
  self->summary = self->document ? acies_editor_describe_problems (self->document, errors, warnings) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WARNINGS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
}

/* Validates once edits have paused for VALIDATE_DELAY_MS: a stroke's
 * edits move the moment on rather than each making a new timer. */
static gboolean
validate_timeout_cb (gpointer data)
{
  AciesProblemList *self = data;
  gint64 since = (g_get_monotonic_time () - self->changed_at) / 1000;

  if (since < VALIDATE_DELAY_MS)
    {
      self->validate_id = g_timeout_add (VALIDATE_DELAY_MS - since, validate_timeout_cb, self);
      return G_SOURCE_REMOVE;
    }
  self->validate_id = 0;
  acies_problem_list_validate (self);
  return G_SOURCE_REMOVE;
}

static void
document_changed_cb (AciesProblemList    *self,
                     guint                flags,
                     AciesEditorDocument *document)
{
  self->changed_at = g_get_monotonic_time ();
  if (self->validate_id == 0)
    self->validate_id = g_timeout_add (VALIDATE_DELAY_MS, validate_timeout_cb, self);
}

static void
acies_problem_list_dispose (GObject *object)
{
  AciesProblemList *self = ACIES_PROBLEM_LIST (object);

  g_clear_handle_id (&self->validate_id, g_source_remove);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (acies_problem_list_parent_class)->dispose (object);
}

static void
acies_problem_list_finalize (GObject *object)
{
  AciesProblemList *self = ACIES_PROBLEM_LIST (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_free (self->summary);

  G_OBJECT_CLASS (acies_problem_list_parent_class)->finalize (object);
}

static void
acies_problem_list_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AciesProblemList *self = ACIES_PROBLEM_LIST (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->n_errors);
      break;
    case PROP_N_WARNINGS:
      g_value_set_uint (value, self->n_warnings);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_problem_list_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AciesProblemList *self = ACIES_PROBLEM_LIST (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      acies_problem_list_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_problem_list_class_init (AciesProblemListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = acies_problem_list_dispose;
  object_class->finalize = acies_problem_list_finalize;
  object_class->get_property = acies_problem_list_get_property;
  object_class->set_property = acies_problem_list_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, ACIES_TYPE_EDITOR_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesProblemList:n-errors:
   *
   * How many errors the last validation found; notified after each
   * validation.
   */
  properties[PROP_N_ERRORS] =
    g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_WARNINGS] =
    g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * AciesProblemList:summary:
   *
   * The sentence over the list (acies_editor_describe_problems()).
   */
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
acies_problem_list_init (AciesProblemList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->document_signals = g_signal_group_new (ACIES_TYPE_EDITOR_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "changed", G_CALLBACK (document_changed_cb), self);
}

/**
 * acies_problem_list_new:
 *
 * Returns: (transfer full): a list without a document
 */
AciesProblemList *
acies_problem_list_new (void)
{
  return g_object_new (ACIES_TYPE_PROBLEM_LIST, NULL);
}

AciesEditorDocument *
acies_problem_list_get_document (AciesProblemList *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_LIST (self), NULL);
  return self->document;
}

/**
 * acies_problem_list_set_document:
 * @self: a problem list
 * @document: (nullable): the document to validate
 *
 * Follows @document, and validates it at once.
 */
void
acies_problem_list_set_document (AciesProblemList    *self,
                                 AciesEditorDocument *document)
{
  g_return_if_fail (ACIES_IS_PROBLEM_LIST (self));
  g_return_if_fail (document == NULL || ACIES_IS_EDITOR_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  g_signal_group_set_target (self->document_signals, document);
  acies_problem_list_validate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

guint
acies_problem_list_get_n_errors (AciesProblemList *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_LIST (self), 0);
  return self->n_errors;
}

guint
acies_problem_list_get_n_warnings (AciesProblemList *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_LIST (self), 0);
  return self->n_warnings;
}

/**
 * acies_problem_list_get_summary:
 * @self: a problem list
 *
 * Returns: (nullable): the sentence over the list
 */
const char *
acies_problem_list_get_summary (AciesProblemList *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_LIST (self), NULL);
  return self->summary;
}

/**
 * acies_problem_list_get_problems:
 * @self: a problem list
 *
 * Returns: (transfer none) (nullable) (element-type AciesProblem): the
 *   problems of the last validation, in the list's order
 */
GPtrArray *
acies_problem_list_get_problems (AciesProblemList *self)
{
  g_return_val_if_fail (ACIES_IS_PROBLEM_LIST (self), NULL);
  return self->problems;
}
