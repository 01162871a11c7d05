/* test-pseudo-locale.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "acies-window.h"
#include "game/acies-game.h"
#include "model/acies-catalogue.h"
#include "render/acies-render-print.h"

#include "acies-play-ui.h"
#include "acies-test-locale.h"
#include "acies-test-texts.h"
#include "acies-test-widgets.h"

/* The pseudo-locale test (issue 19.4): the application runs with a
 * translation (pseudo-locale.py, built into PSEUDO_LOCALE_DIR) in which
 * every string is its msgid wrapped in ⟦ ⟧.  The start page, the editor,
 * a game turn and the printed set-up are read; any visible text without
 * the markers did not go through gettext.  Text that is the scenario's
 * own data (its title, the units' and sides' names, the players' names,
 * cell labels, numbers) is not for translators and is allowed. */

#define MARK "⟦"

/* The scenario's strings, longest first: what a text may hold besides
 * translated words. */
static GPtrArray *data_words;

/* Whether @text went through gettext: it holds a marker, or it is only
 * data (the scenario's words, numbers, punctuation, cell labels).  With
 * @strict, a marker is not enough: what is left outside the translated
 * runs must be data too (a word glued to a translated piece is not). */
static gboolean
went_through_gettext (const char *text,
                      gboolean    strict)
{
  g_autoptr(GString) rest = g_string_new (text);
  g_autoptr(GRegex) translated = g_regex_new ("⟦[^⟦⟧]*⟧", 0, 0, NULL);

  if (!strict && strstr (text, MARK) != NULL)
    return TRUE;
  /* What went through gettext is between markers, innermost first (a
   * translated sentence holds translated words). */
  while (strstr (rest->str, MARK) != NULL)
    {
      g_autofree char *out = g_regex_replace_literal (translated, rest->str, -1, 0, " ", 0, NULL);

      if (g_strcmp0 (out, rest->str) == 0)
        break;
      g_string_assign (rest, out);
    }
  for (guint i = 0; i < data_words->len; i++)
    g_string_replace (rest, g_ptr_array_index (data_words, i), " ", 0);
  /* Cell labels ("E5", "A1") and turn marks are data: words of two or
   * more letters are not. */
  for (const char *p = rest->str; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)) && g_unichar_isalpha (g_utf8_get_char (g_utf8_next_char (p))))
      return FALSE;
  return TRUE;
}

/* Whether @line is a piece of one of the scenario's strings (a line of a
 * wrapped paragraph). */
static gboolean
is_piece_of_data (const char *line)
{
  if (strlen (line) < 12)
    return FALSE;
  for (guint i = 0; i < data_words->len; i++)
    if (strstr (g_ptr_array_index (data_words, i), line) != NULL)
      return TRUE;
  return FALSE;
}

static void
check_text (const char *where,
            const char *text,
            gpointer    data)
{
  GPtrArray *bad = data;
  if (text == NULL || *text == '\0')
    return;
  /* Strict: words outside the translated runs (a state's raw value, a
   * piece glued to a sentence) are as untranslated as a bare string. */
  if (!went_through_gettext (text, TRUE))
    g_ptr_array_add (bad, g_strdup_printf ("%s: “%s”", where, text));
}

static void
assert_all_translated (const char *flow,
                       GPtrArray  *bad)
{
  for (guint i = 0; i < bad->len; i++)
    g_test_message ("%s: not through gettext: %s", flow, (char *) g_ptr_array_index (bad, i));
  if (bad->len > 0)
    g_test_fail_printf ("%s: %u texts did not go through gettext, the first %s", flow, bad->len,
                        (char *) g_ptr_array_index (bad, 0));
}

static char *
heraclea_path (void)
{
  return g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown", "heraclea.acies", NULL);
}

/* The start page: its buttons, the bundled battles, the recent list. */
static void
test_start_page (void)
{
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);

  /* The bundled battles' titles and descriptions are data. */
  acies_test_data_words_add_bundled (data_words);
  acies_test_read_start_page (check_text, bad);
  assert_all_translated ("start page", bad);
}

/* The editor with Heraclea open: the side panel's pages, the palette, the
 * inspector, the problems list. */
static void
test_editor (void)
{
  g_autofree char *path = heraclea_path ();
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);

  acies_test_data_words_add_file (data_words, path);
  acies_test_read_editor (path, check_text, bad);
  assert_all_translated ("editor", bad);
}

/* A game turn of Heraclea: the set-up's first decisions and placements
 * taken (Alt+1 each), the log, the status block, the actions list. */
static void
test_game_turn (void)
{
  g_autofree char *path = heraclea_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  AciesGameWindow *window;
  AciesPlaySession *session;

  g_assert_no_error (error);
  acies_test_data_words_add_file (data_words, path);
  acies_test_data_words_add (data_words, "Laevinus");
  acies_test_data_words_add (data_words, "Pyrrhus");
  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Laevinus", "Pyrrhus");
  session = acies_play_ui_session (window);
  for (guint i = 0; i < 6; i++)
    {
      if (acies_play_session_get_curtain_shown (session))
        {
          acies_test_walk_texts (GTK_WIDGET (window), check_text, bad);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          /* Alt+1 waits half a second after the curtain (issue 17.6). */
          acies_test_spin (550);
        }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      acies_test_spin (100);
    }
  acies_test_spin (300);
  acies_test_walk_texts (GTK_WIDGET (window), check_text, bad);
  assert_all_translated ("game turn", bad);
  acies_play_ui_close (window);
}

/* A game turn in each rule system (the system named by the test's data):
 * legal actions picked by a fixed seed until the second turn begins (or
 * 150 actions), every screen looked at on the way and every line of the
 * log read at the end.  The log says what each action did in the
 * ruleset's words (rolls, zones, prompts): each must be translated. */
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
  acies_test_data_words_add_file (data_words, path);
  acies_test_data_words_add (data_words, "Player One");
  acies_test_data_words_add (data_words, "Player Two");
  g_assert_cmpuint (acies_test_play_first_turn (scenario, check_text, bad), >, 0);
  assert_all_translated (flow, bad);
}

/* The printed set-up of Heraclea (map, order of battle, rules, tables),
 * read back with pdftotext. */
static void
test_printed_page (void)
{
  g_autofree char *path = heraclea_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("acies-pseudo-XXXXXX", &error);
  g_autofree char *pdf = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GRegex) translated_runs = g_regex_new ("⟦[^⟧]*⟧", G_REGEX_DOTALL, 0, NULL);
  AciesPrintOptions options;
  guint n_pages = 0;
  gint status = 0;

  g_assert_no_error (error);
  acies_test_data_words_add_file (data_words, path);
  pdf = g_build_filename (dir, "heraclea.pdf", NULL);
  acies_print_options_init (&options);
  g_assert_true (acies_print_to_pdf (scenario, acies_catalogue_get_bundled (scenario->ruleset), &options, pdf,
                                     &n_pages, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_pages, >, 0);
  {
    const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };

    if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                       &text, NULL, &status, &error))
      {
        g_test_skip ("no pdftotext (poppler-utils)");
        return;
      }
  }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* A translated text may run over several lines: what lies between the
   * markers goes first.  pdftotext -layout keeps a line's columns apart by
   * runs of spaces; a paragraph of the scenario's own text (its
   * description, notes) is wrapped, so a line of it is a piece of one of
   * its strings. */
  {
    g_autofree char *untranslated = g_regex_replace (translated_runs, text, -1, 0, " ", 0, NULL);

    lines = g_regex_split_simple ("\n|   +|\f", untranslated, 0, 0);
  }
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = g_strstrip (g_strdup (lines[i]));

      if (!is_piece_of_data (line))
        check_text ("printed page", line, bad);
    }
  assert_all_translated ("printed page", bad);
  g_unlink (pdf);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *locpath = NULL;
  int status;

  /* The pseudo-translation, before GTK sets the locale up. */
  if (!acies_test_texts_init (&argc, &argv, "xx", PSEUDO_LOCALE_DIR, &locpath))
    return 0;
  g_assert_cmpstr (_("Play"), ==, "⟦Play⟧");

  data_words = acies_test_data_words_new ();
  g_test_add_func ("/acies/i18n/pseudo-locale/start-page", test_start_page);
  g_test_add_func ("/acies/i18n/pseudo-locale/editor", test_editor);
  g_test_add_func ("/acies/i18n/pseudo-locale/game-turn", test_game_turn);
  g_test_add_func ("/acies/i18n/pseudo-locale/printed-page", test_printed_page);
  acies_test_add_system_turns ("/acies/i18n/pseudo-locale/game-turn", test_system_turn);

  status = acies_play_ui_run ();
  acies_test_locale_remove (locpath);
  return status;
}
