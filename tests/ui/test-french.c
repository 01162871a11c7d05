/* test-french.c
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
#include <json-glib/json-glib.h>

#include "acies-window.h"
#include "game/acies-game.h"

#include "acies-play-ui.h"
#include "acies-test-locale.h"
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

/* The scenario's strings, longest first: data, not for translators. */
static GPtrArray *data_words;

/* Words of English that French never uses alone: a line holding one
 * (outside the data) is English. */
static const char * const english_words[] = {
  "the", "and", "of", "to", "is", "with", "your", "turn", "move", "moves", "attack", "roll",
  "side", "unit", "units", "from", "its", "this", "that", "which", "when",
  "choose", "end", "ends", "takes", "may", "must", "not", "no", "yes", "wins", "at", "by",
  NULL
};

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
            GPtrArray  *bad)
{
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

/* Every mapped label, tooltip and window title under @widget. */
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
  check_text ("tooltip", gtk_widget_get_tooltip_text (widget), bad);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, bad);
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

static void
add_bundled_scenarios (void)
{
  g_autofree char *root = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", NULL);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  const char *folder;

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

/* The rule systems' names are the published games' titles, kept as
 * they are in French ("Four Battles of the Ancient World"). */
static void
add_rule_system_names (void)
{
  g_autofree char *root = g_build_filename (ACIES_SOURCE_DIR, "data", "rulesets", NULL);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_autofree char *path = g_build_filename (root, name, NULL);
        g_autoptr(JsonParser) parser = json_parser_new ();
        JsonObject *object;

        g_assert_true (json_parser_load_from_file (parser, path, NULL));
        object = json_node_get_object (json_parser_get_root (parser));
        if (json_object_has_member (object, "name"))
          g_ptr_array_add (data_words, g_strdup (json_object_get_string_member (object, "name")));
      }
  g_ptr_array_sort (data_words, longer_first);
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

/* The start page in French: "Jouer", the bundled battles. */
static void
test_start_page (void)
{
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  AciesWindow *window;

  g_application_activate (g_application_get_default ());
  acies_test_spin (300);
  window = newest_acies_window ();
  g_assert_nonnull (window);
  walk (GTK_WIDGET (window), bad);
  assert_french ("start page", bad);
}

/* The editor with Heraclea open. */
static void
test_editor (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown", "heraclea.acies",
                                            NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  AciesWindow *window;

  g_assert_no_error (error);
  window = acies_window_new (ACIES_APPLICATION (g_application_get_default ()));
  acies_window_set_scenario (window, scenario, file);
  gtk_window_present (GTK_WINDOW (window));
  acies_test_spin (500);
  walk (GTK_WIDGET (window), bad);
  assert_french ("editor", bad);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gint
by_name (gconstpointer a,
         gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

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

/* A turn of a rule system in French: legal actions picked by a fixed
 * seed until the second turn (or 150 actions), the window read on the
 * way, and every line of the log at the end. */
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
  guint n_lines = 0;

  g_assert_no_error (error);
  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Joueur Un", "Joueur Deux");
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
  for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++, n_lines++)
    check_text ("log", line, bad);
  /* Something was played and logged: the check read real sentences. */
  g_assert_cmpuint (n_lines, >, 0);
  assert_french (flow, bad);
  acies_play_ui_close (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *locpath = NULL;
  int status;

  locpath = acies_test_locale_select ("fr");
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    {
      acies_test_locale_remove (locpath);
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip */
    }
  /* gtk_test_init() keeps the C locale. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, FRENCH_LOCALE_DIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* The compiled catalogue is read: po/fr.po's "Play". */
  g_assert_cmpstr (_("Play"), ==, "Jouer");

  data_words = g_ptr_array_new_with_free_func (g_free);
  add_bundled_scenarios ();
  add_rule_system_names ();
  g_ptr_array_add (data_words, g_strdup ("Joueur Un"));
  g_ptr_array_add (data_words, g_strdup ("Joueur Deux"));
  g_ptr_array_sort (data_words, longer_first);
  g_test_add_func ("/acies/i18n/french/start-page", test_start_page);
  g_test_add_func ("/acies/i18n/french/editor", test_editor);
  {
    static const char *folders[] = { "cca", "four-battles", "grass-crown", "lost-battles", "simple-gboh" };

    for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
      {
        g_autofree char *name = g_strdup_printf ("/acies/i18n/french/game-turn/%s", folders[i]);

        g_test_add_data_func (name, folders[i], test_system_turn);
      }
  }

  status = acies_play_ui_run ();
  acies_test_locale_remove (locpath);
  g_ptr_array_unref (data_words);
  return status;
}
