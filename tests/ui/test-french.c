/* test-french.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "acies-window.h"
#include "game/acies-game.h"

#include "acies-play-ui.h"
#include "acies-test-locale.h"
#include "acies-test-texts.h"
#include "acies-test-widgets.h"

/* The French translation read in context (issue 19.4): the application
 * runs in French from the catalogue the build compiles (po/fr.po →
 * FRENCH_LOCALE_DIR/fr/LC_MESSAGES/acies.mo), and the start page, the
 * editor and a turn of each rule system are read as a French player
 * reads them.  A visible text that is an English message the catalogue
 * translates was not translated where it is shown; a line with English
 * words outside the scenario's own text (its title, names, notes, which
 * are data) was built from pieces gettext never saw.  translations-
 * complete checks that every message has a French msgstr; this checks
 * that the program shows them. */

/* The scenario's strings: data, not for translators. */
static GPtrArray *data_words;

/* Words of English that French never uses alone: a line holding one
 * (outside the data) is English. */
static const char * const english_words[] = {
  "the", "and", "of", "to", "is", "with", "your", "turn", "move", "moves", "attack", "roll",
  "side", "unit", "units", "from", "its", "this", "that", "which", "when",
  "choose", "end", "ends", "takes", "may", "must", "not", "no", "yes", "wins", "at", "by",
  NULL
};

/* The first English word of @line once the scenario's own strings are
 * taken out, or NULL. */
static char *
english_word_in (const char *line)
{
  g_autoptr(GString) rest = g_string_new (line);
  g_auto(GStrv) words = NULL;

  for (guint i = 0; i < data_words->len; i++)
    g_string_replace (rest, g_ptr_array_index (data_words, i), " ", 0);
  words = g_regex_split_simple ("[^[:alpha:]']+", rest->str, 0, 0);
  for (guint i = 0; words[i] != NULL; i++)
    if (g_strv_contains (english_words, words[i]))
      return g_strdup (words[i]);
  return NULL;
}

/* @text as a French player reads it: not an English message the
 * catalogue translates, and no line of it with an English word. */
static void
check_text (const char *where,
            const char *text,
            gpointer    data)
{
  GPtrArray *bad = data;
  g_auto(GStrv) lines = NULL;

  if (text == NULL || *text == '\0')
    return;
  if (g_strcmp0 (g_dgettext (GETTEXT_PACKAGE, text), text) != 0)
    {
      g_ptr_array_add (bad, g_strdup_printf ("%s: “%s” is shown in English (French: “%s”)",
                                             where, text, g_dgettext (GETTEXT_PACKAGE, text)));
      return;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *word = english_word_in (lines[i]);

      if (word != NULL)
        g_ptr_array_add (bad, g_strdup_printf ("%s: “%s” has the English word “%s”", where, lines[i], word));
    }
}

static void
assert_french (const char *flow,
               GPtrArray  *bad)
{
  for (guint i = 0; i < bad->len; i++)
    g_test_message ("%s: %s", flow, (char *) g_ptr_array_index (bad, i));
  if (bad->len > 0)
    g_test_fail_printf ("%s: %u texts not in French, the first %s", flow, bad->len,
                        (char *) g_ptr_array_index (bad, 0));
}

/* The start page in French: "Jouer", the bundled battles. */
static void
test_start_page (void)
{
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);

  acies_test_read_start_page (check_text, bad);
  assert_french ("start page", bad);
}

/* The editor with Heraclea open. */
static void
test_editor (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown", "heraclea.acies",
                                            NULL);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);

  acies_test_read_editor (path, check_text, bad);
  assert_french ("editor", bad);
}

/* A turn of a rule system in French: legal actions picked by a fixed
 * seed until the second turn (acies_test_play_first_turn()), the window
 * read on the way and every line of the log at the end. */
static void
test_system_turn (gconstpointer data)
{
  const char *folder = data;
  g_autofree char *path = acies_test_first_scenario (folder);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *flow = g_strdup_printf ("game turn (%s)", folder);

  g_assert_no_error (error);
  /* Something was played and logged: the check read real sentences. */
  g_assert_cmpuint (acies_test_play_first_turn (scenario, check_text, bad), >, 0);
  assert_french (flow, bad);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *locpath = NULL;
  int status;

  if (!acies_test_texts_init (&argc, &argv, "fr", FRENCH_LOCALE_DIR, &locpath))
    return 0;
  /* The compiled catalogue is read: po/fr.po's "Play". */
  g_assert_cmpstr (_("Play"), ==, "Jouer");

  data_words = acies_test_data_words_new ();
  acies_test_data_words_add_bundled (data_words);
  acies_test_data_words_add_game_titles (data_words);
  acies_test_data_words_add (data_words, "Player One");
  acies_test_data_words_add (data_words, "Player Two");
  g_test_add_func ("/acies/i18n/french/start-page", test_start_page);
  g_test_add_func ("/acies/i18n/french/editor", test_editor);
  acies_test_add_system_turns ("/acies/i18n/french/game-turn", test_system_turn);

  status = acies_play_ui_run ();
  acies_test_locale_remove (locpath);
  g_ptr_array_unref (data_words);
  return status;
}
