/* acies-text.c — translatable text built from parts
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "acies-text.h"

/**
 * acies_text_join_list:
 * @items: (array length=n): the names to join, already translated
 * @n: how many
 *
 * Joins names into one phrase of the user's language: "A", "A and B",
 * "A, B and C".  The conjunction and the separators are translated as
 * whole patterns (two names; the start, middle and end of a longer list),
 * never as glued words, so that a language may order or punctuate them
 * its own way.
 *
 * Returns: (transfer full): the phrase ("" for none); free with g_free().
 */
char *
acies_text_join_list (const char * const *items,
                      gsize               n)
{
  char *text;

  if (n == 0)
    return g_strdup ("");
  if (n == 1)
    return g_strdup (items[0]);
  if (n == 2)
    /* TRANSLATORS: a list of exactly two names (units, formations…).
     * Slots: %1$s: the first; %2$s: the second. */
    return g_strdup_printf (C_("list of two", "%1$s and %2$s"), items[0], items[1]);
  /* Built from the end: "B and C", then "A, (B and C)"… */
  /* TRANSLATORS: the end of a list of three names or more. Slots: %1$s: the
   * last but one name; %2$s: the last name. */
  text = g_strdup_printf (C_("list end", "%1$s and %2$s"), items[n - 2], items[n - 1]);
  for (gsize i = n - 2; i-- > 0;)
    {
      char *longer = i == 0
        /* TRANSLATORS: the start of a list of three names or more. Slots:
         * %1$s: the first name; %2$s: the rest of the list. */
        ? g_strdup_printf (C_("list start", "%1$s, %2$s"), items[i], text)
        /* TRANSLATORS: the middle of a list of four names or more. Slots:
         * %1$s: a name; %2$s: the rest of the list. */
        : g_strdup_printf (C_("list middle", "%1$s, %2$s"), items[i], text);

      g_free (text);
      text = longer;
    }
  return text;
}

/**
 * acies_text_join_units:
 * @items: (array length=n): the units' names, already translated
 * @n: how many
 * @max_named: how many to name at most in a long list
 *
 * Joins units' names like acies_text_join_list(), but a list longer than
 * @max_named + 1 names only its first @max_named and counts the rest:
 * "Legion I-1, Legion I-2, Legion I-3 and 45 other units", so that a
 * prompt or a log line stays readable when a rule concerns a whole army.
 *
 * Returns: (transfer full): the phrase ("" for none); free with g_free().
 */
char *
acies_text_join_units (const char * const *items,
                       gsize               n,
                       gsize               max_named)
{
  g_autofree const char **shown = NULL;
  g_autofree char *rest = NULL;

  if (n <= max_named + 1 || max_named == 0)
    return acies_text_join_list (items, n);
  shown = g_new (const char *, max_named + 1);
  for (gsize i = 0; i < max_named; i++)
    shown[i] = items[i];
  /* TRANSLATORS: the end of a long list of units' names that names only
   * the first few ("Legion I-1, Legion I-2, Legion I-3 and 45 other
   * units"); %u: how many are not named (always two or more). */
  rest = g_strdup_printf (ngettext ("%u other unit", "%u other units", (gulong) (n - max_named)),
                          (guint) (n - max_named));
  shown[max_named] = rest;
  return acies_text_join_list (shown, max_named + 1);
}

/**
 * acies_text_phase_name:
 * @phase: (nullable): a phase as a ruleset names it in its state
 *   (AciesState.phase: "Movement", or an id such as "orders_phase")
 *
 * The phase in a reader's words: a name with capitals or spaces is the
 * ruleset's own, translated; an id-like name ("orders_phase") is shown as
 * words ("Orders phase").
 *
 * Returns: (transfer full) (nullable): the words; %NULL for no phase
 */
char *
acies_text_phase_name (const char *phase)
{
  char *name;

  if (phase == NULL || *phase == '\0')
    return NULL;
  for (const char *p = phase; *p != '\0'; p++)
    if (g_ascii_isupper (*p) || *p == ' ')
      return g_strdup (_(phase));

  name = g_strdup (phase);
  g_strdelimit (name, "_-", ' ');
  name[0] = g_ascii_toupper (name[0]);

  return name;
}

/**
 * acies_rule_citation_shown:
 * @rule: (nullable): a rule citation as the engine records it in events,
 *   prompts, action specs and odds ("GC 8.2", "CCA base game: movement")
 *
 * The one way a rule citation reaches a reader: in the user's language.
 * The engine keeps its citations in English (they are ids in saved games,
 * in acies-cli's JSON and in the tests); what the play window, the
 * attack preview, the victory page and acies-cli's text show goes through
 * here.  A citation that is only a book's abbreviation and a section
 * number ("GC 8.2", "LB 5.5.1", "CCA S5.2") reads the same in every
 * language and is returned as it is (no decimal mark: a section number is
 * not a decimal).  One with words ("CCA base game: movement", "CCA
 * scenario rule, Gergovia") is translated with the context "rule
 * citation": each ruleset lists those it cites with
 * NC_("rule citation", …) for translators.
 *
 * Returns: (transfer none) (nullable): the citation to show; %NULL for
 *   %NULL
 */
const char *
acies_rule_citation_shown (const char *rule)
{
  if (rule == NULL || *rule == '\0')
    return rule;
  return g_dpgettext2 (GETTEXT_PACKAGE, "rule citation", rule);
}
