/* test-pseudo-locale.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <libintl.h>
#include <locale.h>
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

static void
collect_strings (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);

      if (text != NULL && *text != '\0')
        g_ptr_array_add (data_words, g_strdup (text));
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        collect_strings (member);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        collect_strings (json_array_get_element (array, i));
    }
}

static gint
longer_first (gconstpointer a,
              gconstpointer b)
{
  return (gint) strlen (*(const char **) b) - (gint) strlen (*(const char **) a);
}

static void
add_data_file (const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  collect_strings (json_parser_get_root (parser));
  g_ptr_array_sort (data_words, longer_first);
}

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
            GPtrArray  *bad)
{
  if (text == NULL || *text == '\0')
    return;
  /* Strict: words outside the translated runs (a state's raw value, a
   * piece glued to a sentence) are as untranslated as a bare string. */
  if (!went_through_gettext (text, TRUE))
    g_ptr_array_add (bad, g_strdup_printf ("%s: “%s”", where, text));
}

/* Every mapped label, button label, tooltip and window title under
 * @widget. */
static void
walk (GtkWidget *widget,
      GPtrArray *bad)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    check_text (G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), gtk_label_get_text (GTK_LABEL (widget)), bad);
  if (GTK_IS_WINDOW (widget))
    check_text ("window title", gtk_window_get_title (GTK_WINDOW (widget)), bad);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "placeholder-text") != NULL)
    {
      g_autofree char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      check_text ("placeholder", placeholder, bad);
    }
  {
    const char *tooltip = gtk_widget_get_tooltip_text (widget);

    check_text ("tooltip", tooltip, bad);
  }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, bad);
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

static AciesWindow *
newest_acies_window (void)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (g_application_get_default ()));

  for (GList *l = windows; l != NULL; l = l->next)
    if (ACIES_IS_WINDOW (l->data))
      return l->data;
  return NULL;
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
  AciesWindow *window;

  g_application_activate (g_application_get_default ());
  acies_test_spin (300);
  window = newest_acies_window ();
  g_assert_nonnull (window);
  /* The bundled battles' titles and descriptions are data. */
  {
    g_autoptr(GDir) dir = NULL;
    g_autofree char *root = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", NULL);
    const char *folder;

    dir = g_dir_open (root, 0, NULL);
    while (dir != NULL && (folder = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *sub = g_build_filename (root, folder, NULL);
        g_autoptr(GDir) files = g_dir_open (sub, 0, NULL);
        const char *name;

        while (files != NULL && (name = g_dir_read_name (files)) != NULL)
          if (g_str_has_suffix (name, ".acies"))
            {
              g_autofree char *path = g_build_filename (sub, name, NULL);

              add_data_file (path);
            }
      }
  }
  walk (GTK_WIDGET (window), bad);
  assert_all_translated ("start page", bad);
}

/* The editor with Heraclea open: the side panel's pages, the palette, the
 * inspector, the problems list. */
static void
test_editor (void)
{
  g_autofree char *path = heraclea_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  AciesWindow *window;

  g_assert_no_error (error);
  add_data_file (path);
  window = acies_window_new (ACIES_APPLICATION (g_application_get_default ()));
  acies_window_set_scenario (window, scenario, file);
  gtk_window_present (GTK_WINDOW (window));
  acies_test_spin (500);
  walk (GTK_WIDGET (window), bad);
  assert_all_translated ("editor", bad);
  gtk_window_destroy (GTK_WINDOW (window));
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
  add_data_file (path);
  g_ptr_array_add (data_words, g_strdup ("Laevinus"));
  g_ptr_array_add (data_words, g_strdup ("Pyrrhus"));
  g_ptr_array_sort (data_words, longer_first);
  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Laevinus", "Pyrrhus");
  session = acies_play_ui_session (window);
  for (guint i = 0; i < 6; i++)
    {
      if (acies_play_session_get_curtain_shown (session))
        {
          walk (GTK_WIDGET (window), bad);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          /* Alt+1 waits half a second after the curtain (issue 17.6). */
          acies_test_spin (550);
        }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      acies_test_spin (100);
    }
  acies_test_spin (300);
  walk (GTK_WIDGET (window), bad);
  assert_all_translated ("game turn", bad);
  acies_play_ui_close (window);
}

static gint
by_name (gconstpointer a,
         gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

/* The first scenario of a rule system's folder, by name. */
static char *
first_scenario (const char *folder)
{
  g_autofree char *dir_path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", folder, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".acies"))
      g_ptr_array_add (names, g_strdup (name));
  g_assert_cmpuint (names->len, >, 0);
  g_ptr_array_sort (names, by_name);
  return g_build_filename (dir_path, g_ptr_array_index (names, 0), NULL);
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
  g_autofree char *path = first_scenario (folder);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  g_autofree char *flow = g_strdup_printf ("game turn (%s)", folder);
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesGame *game;
  const char *line;

  g_assert_no_error (error);
  add_data_file (path);
  g_ptr_array_add (data_words, g_strdup ("Player One"));
  g_ptr_array_add (data_words, g_strdup ("Player Two"));
  g_ptr_array_sort (data_words, longer_first);
  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Player One", "Player Two");
  session = acies_play_ui_session (window);
  game = acies_play_ui_game (window);
  for (guint i = 0; i < 150 && !acies_game_get_state (game)->finished; i++)
    {
      const AciesState *state = acies_game_get_state (game);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *json = NULL;

      if (state->turn > 1)
        break;
      if (acies_play_session_get_curtain_shown (session))
        {
          walk (GTK_WIDGET (window), bad);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          acies_test_spin (20);
          continue;
        }
      if (i % 10 == 0)
        walk (GTK_WIDGET (window), bad);
      acies_ruleset_legal_actions (acies_game_get_ruleset (game), state, legal);
      if (legal->len == 0)
        break;
      node = acies_ruleset_action_to_json (acies_game_get_ruleset (game), state,
                                           &g_array_index (legal, AciesAction,
                                                           g_rand_int_range (rand, 0, legal->len)));
      json = json_to_string (node, FALSE);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.apply", "s", json));
      acies_test_spin (10);
    }
  acies_test_spin (200);
  walk (GTK_WIDGET (window), bad);
  for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++)
    check_text ("log", line, bad);
  assert_all_translated (flow, bad);
  acies_play_ui_close (window);
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
  add_data_file (path);
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
  locpath = acies_test_locale_select ("xx");
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    {
      acies_test_locale_remove (locpath);
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip */
    }
  /* gtk_test_init() keeps the C locale. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, PSEUDO_LOCALE_DIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_assert_cmpstr (_("Play"), ==, "⟦Play⟧");

  data_words = g_ptr_array_new_with_free_func (g_free);
  g_test_add_func ("/acies/i18n/pseudo-locale/start-page", test_start_page);
  g_test_add_func ("/acies/i18n/pseudo-locale/editor", test_editor);
  g_test_add_func ("/acies/i18n/pseudo-locale/game-turn", test_game_turn);
  g_test_add_func ("/acies/i18n/pseudo-locale/printed-page", test_printed_page);
  {
    static const char *folders[] = { "cca", "four-battles", "grass-crown", "lost-battles", "simple-gboh" };

    for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
      {
        g_autofree char *name = g_strdup_printf ("/acies/i18n/pseudo-locale/game-turn/%s", folders[i]);

        g_test_add_data_func (name, folders[i], test_system_turn);
      }
  }

  status = acies_play_ui_run ();
  acies_test_locale_remove (locpath);
  return status;
}
