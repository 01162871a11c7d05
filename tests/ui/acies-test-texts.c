/* acies-test-texts.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "game/acies-game.h"

#include "acies-play-ui.h"
#include "acies-test-locale.h"
#include "acies-test-texts.h"
#include "acies-test-widgets.h"

/* What the translation tests (test-pseudo-locale.c, test-french.c) share:
 * the scenarios' own strings, which are data and not for translators;
 * every text a window shows; a turn of a rule system played through the
 * game window's actions. */

static gint
longer_first (gconstpointer a,
              gconstpointer b)
{
  return (gint) strlen (*(const char **) b) - (gint) strlen (*(const char **) a);
}

/**
 * acies_test_data_words_new:
 *
 * Returns: (transfer full): an empty list of data words (strings), kept
 *   longest first so that a longer one is taken out of a text before a
 *   shorter one inside it
 */
GPtrArray *
acies_test_data_words_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

/**
 * acies_test_data_words_add:
 * @words: a list from acies_test_data_words_new()
 * @word: a string that is data (a player's name)
 *
 * Adds a copy of @word, longest first.
 */
void
acies_test_data_words_add (GPtrArray  *words,
                           const char *word)
{
  g_ptr_array_add (words, g_strdup (word));
  g_ptr_array_sort (words, longer_first);
}

static void
collect_strings (GPtrArray *words,
                 JsonNode  *node)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);

      if (text != NULL && *text != '\0')
        g_ptr_array_add (words, g_strdup (text));
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        collect_strings (words, member);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        collect_strings (words, json_array_get_element (array, i));
    }
}

/**
 * acies_test_data_words_add_file:
 * @words: a list from acies_test_data_words_new()
 * @path: a scenario (or any JSON file)
 *
 * Adds every string of @path: a scenario's title, names and notes are its
 * designer's, not the translators'.  Fails the test when @path cannot be
 * read.
 */
void
acies_test_data_words_add_file (GPtrArray  *words,
                                const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  collect_strings (words, json_parser_get_root (parser));
  g_ptr_array_sort (words, longer_first);
}

/**
 * acies_test_data_words_add_bundled:
 * @words: a list from acies_test_data_words_new()
 *
 * Adds the strings of every bundled scenario: the start page lists their
 * titles and places.
 */
void
acies_test_data_words_add_bundled (GPtrArray *words)
{
  g_autofree char *root = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", NULL);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *sub = g_build_filename (root, name, NULL);
      g_autoptr(GDir) files = g_dir_open (sub, 0, NULL);
      const char *file;

      while (files != NULL && (file = g_dir_read_name (files)) != NULL)
        if (g_str_has_suffix (file, ".acies"))
          {
            g_autofree char *path = g_build_filename (sub, file, NULL);

            acies_test_data_words_add_file (words, path);
          }
    }
}

/**
 * acies_test_data_words_add_game_titles:
 * @words: a list from acies_test_data_words_new()
 *
 * Adds the rule systems' names: the published games' titles ("Four
 * Battles of the Ancient World"), which a translation keeps as they are.
 */
void
acies_test_data_words_add_game_titles (GPtrArray *words)
{
  g_autofree char *rulesets = g_build_filename (ACIES_SOURCE_DIR, "data", "rulesets", NULL);
  g_autoptr(GDir) catalogues = g_dir_open (rulesets, 0, NULL);
  const char *name;

  while (catalogues != NULL && (name = g_dir_read_name (catalogues)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_autofree char *path = g_build_filename (rulesets, name, NULL);
        g_autoptr(JsonParser) parser = json_parser_new ();
        JsonObject *object;

        g_assert_true (json_parser_load_from_file (parser, path, NULL));
        object = json_node_get_object (json_parser_get_root (parser));
        if (json_object_has_member (object, "name"))
          acies_test_data_words_add (words, json_object_get_string_member (object, "name"));
      }
}

/**
 * acies_test_walk_texts:
 * @widget: a window or any widget
 * @func: called for each text
 * @user_data: for @func
 *
 * Calls @func with every mapped label, window title, placeholder and
 * tooltip under @widget.
 */
void
acies_test_walk_texts (GtkWidget         *widget,
                       AciesTestTextFunc  func,
                       gpointer           user_data)
{
  const char *tooltip;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    func (G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), gtk_label_get_text (GTK_LABEL (widget)), user_data);
  if (GTK_IS_WINDOW (widget))
    func ("window title", gtk_window_get_title (GTK_WINDOW (widget)), user_data);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "placeholder-text") != NULL)
    {
      g_autofree char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      func ("placeholder", placeholder, user_data);
    }
  tooltip = gtk_widget_get_tooltip_text (widget);
  func ("tooltip", tooltip, user_data);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    acies_test_walk_texts (child, func, user_data);
}

/**
 * acies_test_newest_window:
 *
 * Returns: (transfer none) (nullable): the application's newest editor
 *   or start window
 */
AciesWindow *
acies_test_newest_window (void)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (g_application_get_default ()));

  for (GList *l = windows; l != NULL; l = l->next)
    if (ACIES_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gint
by_name (gconstpointer a,
         gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

/**
 * acies_test_first_scenario:
 * @folder: a rule system's folder under data/scenarios ("cca")
 *
 * Returns: (transfer full): the path of its first scenario by name
 */
char *
acies_test_first_scenario (const char *folder)
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

/**
 * acies_test_play_first_turn:
 * @scenario: the battle
 * @func: called for each text shown on the way, and each log line
 * @user_data: for @func
 *
 * Plays @scenario in a game window between "Player One" and "Player Two"
 * (seed 4): legal actions picked by a fixed seed (19) through play.apply
 * until the second turn begins, the game ends or 150 actions were taken,
 * the hand-over curtain lifted with play.reveal.  The window's texts go
 * to @func behind each curtain, every tenth action and at the end, then
 * every line of the log (where "log").  The window is closed.
 *
 * Returns: how many log lines were read
 */
guint
acies_test_play_first_turn (AciesScenario     *scenario,
                            AciesTestTextFunc  func,
                            gpointer           user_data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesGame *game;
  const char *line;
  guint n_lines = 0;

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
          acies_test_walk_texts (GTK_WIDGET (window), func, user_data);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          acies_test_spin (20);
          continue;
        }
      if (i % 10 == 0)
        acies_test_walk_texts (GTK_WIDGET (window), func, user_data);
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
  acies_test_walk_texts (GTK_WIDGET (window), func, user_data);
  for (; (line = acies_play_test_log_line (session, n_lines)) != NULL; n_lines++)
    func ("log", line, user_data);
  acies_play_ui_close (window);
  return n_lines;
}

/**
 * acies_test_read_start_page:
 * @func: called for each text
 * @user_data: for @func
 *
 * Opens the start page (the application's activation) and reads it.
 */
void
acies_test_read_start_page (AciesTestTextFunc func,
                            gpointer          user_data)
{
  AciesWindow *window;

  g_application_activate (g_application_get_default ());
  acies_test_spin (300);
  window = acies_test_newest_window ();
  g_assert_nonnull (window);
  acies_test_walk_texts (GTK_WIDGET (window), func, user_data);
}

/**
 * acies_test_read_editor:
 * @path: a scenario
 * @func: called for each text
 * @user_data: for @func
 *
 * Opens @path in an editor window, reads it and closes it.
 */
void
acies_test_read_editor (const char        *path,
                        AciesTestTextFunc  func,
                        gpointer           user_data)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  AciesWindow *window;

  g_assert_no_error (error);
  window = acies_window_new (ACIES_APPLICATION (g_application_get_default ()));
  acies_window_set_scenario (window, scenario, file);
  gtk_window_present (GTK_WINDOW (window));
  acies_test_spin (500);
  acies_test_walk_texts (GTK_WIDGET (window), func, user_data);
  gtk_window_destroy (GTK_WINDOW (window));
}

/**
 * acies_test_texts_init:
 * @argc: main()'s
 * @argv: main()'s
 * @language: the language to read ("fr", "xx")
 * @localedir: where its catalogue is (@localedir/@language/LC_MESSAGES/acies.mo)
 * @locpath: (out) (transfer full): for acies_test_locale_remove() at the end
 *
 * Sets the locale up for @language (acies_test_locale_select()) before
 * GTK does, initialises the UI tests and binds the text domain to
 * @localedir.
 *
 * Returns: %FALSE when the UI tests are skipped (no display): return 0
 */
gboolean
acies_test_texts_init (int         *argc,
                       char      ***argv,
                       const char  *language,
                       const char  *localedir,
                       char       **locpath)
{
  *locpath = acies_test_locale_select (language);
  if (!acies_play_ui_init (argc, argv, FALSE))
    {
      acies_test_locale_remove (*locpath);
      return FALSE;  /* TAP: the "1..0 # SKIP" plan is the skip */
    }
  /* gtk_test_init() keeps the C locale. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

/**
 * acies_test_add_system_turns:
 * @prefix: the tests' path ("/acies/i18n/french/game-turn")
 * @func: the test, given the rule system's folder name
 *
 * Adds @func once for each rule system, as @prefix/FOLDER.
 */
void
acies_test_add_system_turns (const char    *prefix,
                             GTestDataFunc  func)
{
  static const char *folders[] = { "cca", "four-battles", "grass-crown", "lost-battles", "simple-gboh" };

  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%s", prefix, folders[i]);

      g_test_add_data_func (name, folders[i], func);
    }
}
