/* test-play-games.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-param-widget.h"
#include "acies-start-page.h"
#include "acies-window.h"
#include "play/acies-new-game-dialog.h"
#include "play/acies-play-autosave.h"
#include "play/acies-play-action.h"
#include "play/acies-play-session.h"
#include "acies-test-ruleset.h"
#include "acies-test-widgets.h"

#include "acies-play-ui.h"

/* Games started, saved, closed and resumed: the new-game dialog, the
 * close question, the autosaves and the start page's Unfinished Games. */

/* The dice-mode setting is the new-game dialog's default and keeps the
 * last choice. */
static void
test_dice_mode_setting (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  GSettings *settings = acies_application_get_settings (acies_play_ui_app);
  AciesNewGameDialog *dialog;

  g_assert_nonnull (settings);
  g_settings_set_string (settings, "dice-mode", "physical");
  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  g_assert_true (acies_new_game_dialog_get_physical (dialog));
  acies_new_game_dialog_set_physical (dialog, FALSE);
  {
    g_autofree char *mode = g_settings_get_string (settings, "dice-mode");

    g_assert_cmpstr (mode, ==, "computer");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  g_assert_false (acies_new_game_dialog_get_physical (dialog));
  acies_new_game_dialog_set_physical (dialog, TRUE);
  gtk_window_destroy (GTK_WINDOW (dialog));
  {
    g_autofree char *mode = g_settings_get_string (settings, "dice-mode");

    g_assert_cmpstr (mode, ==, "physical");
  }
  g_settings_reset (settings, "dice-mode");
}

static GtkDropDown *
find_drop_down (GtkWidget *widget)
{
  return (GtkDropDown *) acies_test_find_type (widget, GTK_TYPE_DROP_DOWN);
}

/* A bundled scenario, loaded as the start page would. */
static AciesScenario *
load_bundled (const char *ruleset,
              const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", ruleset, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_file (file, &error);

  g_assert_no_error (error);
  return scenario;
}

/* Issue 17 item 8, New Game for a newcomer: a side is known by its
 * commanders; the rulings (options that settle a ruling) sit folded under
 * their chapter of the rules, the game's own options in sight; one button
 * puts every ruling back to the book's default. */
static void
test_new_game_newcomer (void)
{
  g_autoptr(AciesScenario) scenario = load_bundled ("lost-battles", "cannae.acies");
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("lost-battles");
  AciesNewGameDialog *dialog;
  AdwActionRow *row;
  GtkWidget *expander;

  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  g_assert_nonnull (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  /* Return starts the game: Start is the default and has the focus, and
   * the names activate it (the fresh-user trial's Return pressed Cancel). */
  {
    GtkWidget *start = gtk_window_get_default_widget (GTK_WINDOW (dialog));

    g_assert_true (GTK_IS_BUTTON (start));
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (start)), ==, "_Start");
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (dialog)) == start);
    g_assert_true (gtk_entry_get_activates_default (GTK_ENTRY (acies_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_ENTRY))));
  }

  row = acies_test_find_row (GTK_WIDGET (dialog), "Player of Romans", NULL);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Commanded by L. Aemilius Paullus, C. Terentius Varro");
  row = acies_test_find_row (GTK_WIDGET (dialog), "Player of Carthaginians", NULL);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Commanded by Hannibal Barca, Hasdrubal");

  /* Every option that settles a ruling is folded under a chapter; the
   * others (the start of the battle, LB 3.3) are in sight. */
  g_assert_nonnull (catalogue);
  for (guint i = 0; i < catalogue->options->len; i++)
    {
      AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);
      g_autofree char *title = g_markup_escape_text (spec->label, -1);
      g_autofree char *ruling = NULL;
      g_autofree char *help = acies_param_help_split (spec->help, &ruling);

      row = acies_test_find_row (GTK_WIDGET (dialog), title, NULL);
      g_assert_nonnull (row);
      expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);
      g_test_message ("%s: %s", spec->id, expander != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (expander)) : "-");
      g_assert_true ((ruling != NULL) == (expander != NULL));
      if (expander != NULL)
        g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)));
    }
  row = acies_test_find_row (GTK_WIDGET (dialog), "Start of the battle", NULL);
  g_assert_null (gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW));
  /* "11.3 prints 50-75 Major…": LB 11. */
  row = acies_test_find_row (GTK_WIDGET (dialog), "Margin of exactly 75", NULL);
  expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (expander)), ==, "Rulings of LB 11");
  /* A ruling cites its section (the catalogue's "section"): LB 6.8.2. */
  row = acies_test_find_row (GTK_WIDGET (dialog), "Decisive attacks against screened light infantry", NULL);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "LB 6.8.2"));
  expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (expander)), ==, "Rulings of LB 6");
  if (g_getenv ("ACIES_TEST_SHOTS") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("ACIES_TEST_SHOTS"), "new-game-newcomer.png", NULL);
      g_autofree char *command = g_strdup_printf ("import -window root %s", shot);

      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
      acies_test_spin (400);
      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }

  /* Reset to the Book's Defaults. */
  g_assert_true (acies_new_game_dialog_set_option (dialog, "decisive_when_screened", "true"));
  g_assert_true (acies_new_game_dialog_set_option (dialog, "start", "historical"));
  {
    g_autoptr(JsonObject) options = acies_new_game_dialog_get_options (dialog);

    g_assert_true (json_object_get_boolean_member (options, "decisive_when_screened"));
    g_assert_cmpstr (json_object_get_string_member (options, "start"), ==, "historical");
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "newgame.reset-options", NULL));
  {
    g_autoptr(JsonObject) options = acies_new_game_dialog_get_options (dialog);

    for (guint i = 0; i < catalogue->options->len; i++)
      {
        AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);
        JsonNode *chosen = json_object_get_member (options, spec->id);

        g_assert_nonnull (chosen);
        if (spec->default_value != NULL)
          g_assert_true (json_node_equal (chosen, spec->default_value));
      }
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
label_starting (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

/* Issue 17 item 5, LB 3.3: the play board says where the game started,
 * "Start off the field (LB 3.3.1)" by default, "Start from the historical
 * deployment" when New Game chose it; a ruleset with one start says
 * nothing (Heraclea). */
static void
test_3_3_start_named_on_board (void)
{
  g_autoptr(AciesScenario) cannae = load_bundled ("lost-battles", "cannae.acies");
  g_autoptr(AciesScenario) heraclea = load_bundled ("grass-crown", "heraclea.acies");
  AciesGameWindow *window;

  window = acies_play_ui_start_game (cannae, 3, NULL, NULL);
  g_assert_nonnull (acies_test_find_widget (GTK_WIDGET (window), label_starting, "Start off the field (LB 3.3.1)"));
  if (g_getenv ("ACIES_TEST_SHOTS") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("ACIES_TEST_SHOTS"), "start-off-field.png", NULL);
      g_autofree char *command = g_strdup_printf ("import -window root %s", shot);

      acies_test_spin (300);
      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }
  acies_play_ui_close (window);

  acies_play_ui_set_start_option ("start", "historical");
  window = acies_play_ui_start_game (cannae, 3, NULL, NULL);
  acies_play_ui_set_start_option (NULL, NULL);
  g_assert_nonnull (acies_test_find_widget (GTK_WIDGET (window), label_starting, "Start from the historical deployment"));
  g_assert_null (acies_test_find_widget (GTK_WIDGET (window), label_starting, "Start off the field"));
  acies_play_ui_close (window);

  window = acies_play_ui_start_game (heraclea, 3, NULL, NULL);
  g_assert_null (acies_test_find_widget (GTK_WIDGET (window), label_starting, "Start "));
  acies_play_ui_close (window);
}

/* Issue 17 item 8: every ruling of every bundled ruleset sits under a
 * chapter of its book (its "section"), none under "Other Rulings". */
static void
test_new_game_no_other_rulings (void)
{
  static const char * const battles[][2] = {
    { "grass-crown", "heraclea.acies" }, { "lost-battles", "cannae.acies" },
    { "cca", "bibracte.acies" }, { "four-battles", "cannae.acies" },
    { "simple-gboh", "issus.acies" },
  };

  for (guint b = 0; b < G_N_ELEMENTS (battles); b++)
    {
      g_autoptr(AciesScenario) scenario = load_bundled (battles[b][0], battles[b][1]);
      AciesCatalogue *catalogue = acies_catalogue_get_bundled (battles[b][0]);
      AciesNewGameDialog *dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
      guint folded = 0, rulings = 0;

      g_assert_nonnull (dialog);
      gtk_window_present (GTK_WINDOW (dialog));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
      for (guint i = 0; i < catalogue->options->len; i++)
        {
          AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);
          g_autofree char *title = g_markup_escape_text (spec->label, -1);
          AdwActionRow *row = acies_test_find_row (GTK_WIDGET (dialog), title, NULL);
          GtkWidget *expander;

          g_autofree char *ruling = NULL;
          g_autofree char *help = acies_param_help_split (spec->help, &ruling);

          g_assert_nonnull (row);
          rulings += ruling != NULL;
          expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);
          if (expander == NULL)
            continue;
          g_test_message ("%s %s: %s", battles[b][0], spec->id,
                          adw_preferences_row_get_title (ADW_PREFERENCES_ROW (expander)));
          g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (expander)), !=, "Other Rulings");
          folded++;
        }
      g_assert_cmpuint (folded, ==, rulings);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}

/* The New Game dialog's house options: the label, enum values in words
 * ("value_labels"), the help without "(checklist …)", the ruling apart. */
static void
test_house_options (void)
{
  g_autoptr(AciesScenario) scenario = load_bundled ("grass-crown", "heraclea.acies");
  AciesNewGameDialog *dialog;
  AdwActionRow *row;
  GtkDropDown *drop;
  const char *subtitle;

  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  g_assert_nonnull (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  {
    const char *dir = g_getenv ("ACIES_TEST_SHOTS");

    if (dir != NULL)
      {
        g_autofree char *shot = g_build_filename (dir, "new-game-heraclea.png", NULL);
        g_autofree char *command = g_strdup_printf ("import -window root %s", shot);
        GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (acies_test_find_row (GTK_WIDGET (dialog), "Side that sets up first", NULL)),
                                                       GTK_TYPE_SCROLLED_WINDOW);
        GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

        acies_test_spin (300);
        gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) * 0.3);
        acies_test_spin (300);
        g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
      }
  }
  row = acies_test_find_row (GTK_WIDGET (dialog), "Side that sets up first", NULL);
  g_assert_nonnull (row);
  subtitle = adw_action_row_get_subtitle (row);
  g_assert_nonnull (strstr (subtitle, "3.1 says the blue side sets up first"));
  g_assert_nonnull (strstr (subtitle, "Ruling GC-G20"));
  g_assert_null (strstr (subtitle, "checklist"));
  drop = find_drop_down (GTK_WIDGET (row));
  g_assert_nonnull (drop);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), 0), ==, "Blue side");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), 2), ==,
                   "As the scenario says");
  /* The chosen label still starts the game with the value's id. */
  g_assert_true (acies_new_game_dialog_set_option (dialog, "setup_first", "scenario"));
  g_assert_cmpuint (gtk_drop_down_get_selected (drop), ==, 2);
  {
    g_autoptr(JsonObject) options = acies_new_game_dialog_get_options (dialog);

    g_assert_cmpstr (json_object_get_string_member (options, "setup_first"), ==, "scenario");
  }

  row = acies_test_find_row (GTK_WIDGET (dialog), "Triplex Acies followers stop with the first line", NULL);
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Ruling GC-G25"));
  g_assert_null (strstr (adw_action_row_get_subtitle (row), "(checklist"));

  /* Every option row of every enum names its values in words: none is
   * an id with '-' or '_' in it. */
  {
    AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");

    g_assert_nonnull (catalogue);
    for (guint i = 0; i < catalogue->options->len; i++)
      {
        AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);

        if (spec->type != ACIES_VALUE_ENUM)
          continue;
        g_assert_nonnull (spec->value_labels);
        {
          /* Row titles are markup. */
          g_autofree char *title = g_markup_escape_text (spec->label, -1);

          row = acies_test_find_row (GTK_WIDGET (dialog), title, NULL);
        }
        g_assert_nonnull (row);
        drop = find_drop_down (GTK_WIDGET (row));
        g_assert_nonnull (drop);
        for (guint k = 0; spec->values[k] != NULL; k++)
          {
            const char *shown = gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), k);

            g_assert_cmpstr (shown, ==, spec->value_labels[k]);
            g_assert_null (strchr (shown, '_'));
          }
      }
  }

  /* Without "value_labels": the value in words; help splitting. */
  {
    char *values[] = { (char *) "as-printed", (char *) "total_distributed", NULL };
    AciesParamSpec spec = { .id = (char *) "x", .label = (char *) "X", .type = ACIES_VALUE_ENUM,
                            .values = values };
    g_autofree char *a = acies_param_spec_value_label (&spec, 0);
    g_autofree char *b = acies_param_spec_value_label (&spec, 1);
    g_autofree char *none = acies_param_spec_value_label (&spec, 2);
    g_autofree char *ruling = NULL;
    g_autofree char *help = acies_param_help_split ("FB-A1: odds are rounded in the defender's favour.", &ruling);
    g_autofree char *ruling2 = NULL;
    g_autofree char *help2 = acies_param_help_split ("Default: yes (checklist LB-G14)", &ruling2);
    g_autofree char *ruling3 = NULL;
    g_autofree char *help3 = acies_param_help_split ("Plain help.", &ruling3);

    g_assert_cmpstr (a, ==, "As printed");
    g_assert_cmpstr (b, ==, "Total distributed");
    g_assert_null (none);
    g_assert_cmpstr (help, ==, "Odds are rounded in the defender's favour.");
    g_assert_cmpstr (ruling, ==, "Ruling FB-A1");
    g_assert_cmpstr (help2, ==, "Default: yes");
    g_assert_cmpstr (ruling2, ==, "Ruling LB-G14");
    g_assert_cmpstr (help3, ==, "Plain help.");
    g_assert_null (ruling3);
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
  acies_test_spin (50);
}

/* How many games the autosave folder holds. */
static guint
count_autosaves (void)
{
  g_autoptr(GPtrArray) files = acies_play_autosave_list ();

  return files->len;
}

/* Closing with moves made since the last save asks Save / Discard /
 * Cancel; with nothing new, it does not ask. */
static void
test_close_question (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  g_autoptr(GFile) autosave = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  AciesGameWindow *window;

  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();

  /* Nothing played: the window closes at once, and no autosave is kept
   * (nothing to resume: the start page would list an empty game). */
  window = acies_play_ui_start_game (scenario, 3, NULL, NULL);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_assert_false (acies_game_window_has_unsaved_moves (window));
  gtk_window_close (GTK_WINDOW (window));
  acies_play_ui_wait_closed (window);
  g_assert_false (acies_play_ui_window_is_open (window));
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_assert_cmpuint (count_autosaves (), ==, 0);
  g_clear_object (&autosave);
  acies_play_ui_clear_autosaves ();

  /* A move, then "Keep for Later": the window closes and the autosave
   * stays, as the question says (the start page's Unfinished Games). */
  window = acies_play_ui_start_game (scenario, 5, NULL, NULL);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
  acies_play_ui_make_a_move (window);
  g_assert_true (g_file_query_exists (autosave, NULL));
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_nonnull (acies_play_ui_question (GTK_WINDOW (window)));
  g_assert_nonnull (strstr (acies_alert_get_body (acies_play_ui_question (GTK_WINDOW (window))),
                            "Discard deletes that copy"));
  g_assert_nonnull (strstr (acies_alert_get_body (acies_play_ui_question (GTK_WINDOW (window))),
                            "Unfinished Games"));
  g_assert_null (strstr (acies_alert_get_body (acies_play_ui_question (GTK_WINDOW (window))),
                         "If you discard it"));
  acies_play_ui_answer (acies_play_ui_question (GTK_WINDOW (window)), "keep");
  acies_play_ui_wait_closed (window);
  g_assert_false (acies_play_ui_window_is_open (window));
  g_assert_true (g_file_query_exists (autosave, NULL));
  g_clear_object (&autosave);
  acies_play_ui_clear_autosaves ();

  /* A move: closing asks; Cancel keeps the window, Discard closes it and
   * removes the autosave (no stale resume offer). */
  window = acies_play_ui_start_game (scenario, 4, NULL, NULL);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
  acies_play_ui_make_a_move (window);
  g_assert_true (acies_game_window_has_unsaved_moves (window));
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_true (acies_play_ui_window_is_open (window));
  g_assert_nonnull (acies_play_ui_question (GTK_WINDOW (window)));
  g_assert_cmpstr (acies_alert_get_heading (acies_play_ui_question (GTK_WINDOW (window))), ==,
                   "Save the game before closing?");
  g_assert_true (acies_alert_has_response (acies_play_ui_question (GTK_WINDOW (window)), "save"));
  g_assert_true (acies_alert_has_response (acies_play_ui_question (GTK_WINDOW (window)), "discard"));
  acies_play_ui_answer (acies_play_ui_question (GTK_WINDOW (window)), "cancel");
  acies_test_spin (50);
  g_assert_true (acies_play_ui_window_is_open (window));
  g_assert_null (acies_play_ui_question (GTK_WINDOW (window)));
  g_assert_true (g_file_query_exists (autosave, NULL));

  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_nonnull (acies_play_ui_question (GTK_WINDOW (window)));
  acies_play_ui_answer (acies_play_ui_question (GTK_WINDOW (window)), "discard");
  acies_play_ui_wait_closed (window);
  g_assert_false (acies_play_ui_window_is_open (window));
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_assert_cmpuint (count_autosaves (), ==, 0);
  g_clear_object (&autosave);

  /* A saved game: Save writes the new move to its file, then closes. */
  dir = g_dir_make_tmp ("acies-test-close-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "game.acies-game", NULL);
  file = g_file_new_for_path (path);
  {
    g_autoptr(AciesGame) game = NULL;
    g_autoptr(AciesGame) loaded = NULL;

    window = acies_play_ui_start_game (scenario, 6, NULL, NULL);
    g_assert_true (acies_game_save_file (acies_play_ui_game (window), file, &error));
    g_assert_no_error (error);
    acies_play_ui_close (window);
    acies_play_ui_clear_autosaves ();

    game = acies_game_load_file (file, &error);
    g_assert_no_error (error);
    window = acies_game_window_new (GTK_APPLICATION (acies_play_ui_app), game, file, NULL);
    gtk_window_present (GTK_WINDOW (window));
    gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
    g_assert_false (acies_game_window_has_unsaved_moves (window));
    /* Titled by the battle, with the saved file beside it. */
    {
      g_autofree char *base = g_file_get_basename (file);
      const char *battle = acies_game_get_state (game)->scenario->meta.title;

      g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), battle));
      g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), base));
    }
    acies_play_ui_make_a_move (window);
    gtk_window_close (GTK_WINDOW (window));
    acies_test_spin (50);
    g_assert_nonnull (acies_play_ui_question (GTK_WINDOW (window)));
    acies_play_ui_answer (acies_play_ui_question (GTK_WINDOW (window)), "save");
    acies_play_ui_wait_closed (window);
    g_assert_false (acies_play_ui_window_is_open (window));
    loaded = acies_game_load_file (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (acies_game_get_n_actions (loaded), ==, 1);
  }
  g_file_delete (file, NULL, NULL);
  g_rmdir (dir);
  acies_play_ui_clear_autosaves ();
}

/* The question dialogs shown (alerts over the application's windows);
 * @asking: the first window asking. */
static guint
count_questions (GtkWindow **asking)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (acies_play_ui_app)); l != NULL; l = l->next)
    {
      GtkWidget *alert = acies_alert_find (l->data);

      if (alert != NULL && gtk_widget_get_visible (alert))
        {
          if (asking != NULL && n == 0)
            *asking = l->data;
          n++;
        }
    }

  return n;
}

static gboolean
window_alive (GtkWindow *window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (acies_play_ui_app)), window) != NULL;
}

/* Ctrl+Q (acies_play_ui_app.quit) with an unsaved scenario and a game with moves: the
 * windows close one at a time, one question at a time; Cancel ends the
 * quit with both windows open; Discard in each closes them in turn. */
static void
test_quit_one_at_a_time (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  g_autoptr(AciesBoard) board = acies_board_new_square (12, 8);
  g_autoptr(AciesScenario) edited = acies_scenario_new ("grass-crown", board, "clear");
  AciesCell cell = acies_board_cell_at (board, 1, 1);
  GtkWidget *question = NULL;
  AciesGameWindow *game_window;
  AciesWindow *editor;
  GtkWindow *asking;

  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();

  editor = acies_window_new (acies_play_ui_app);
  acies_window_set_scenario (editor, edited, NULL);
  gtk_window_present (GTK_WINDOW (editor));
  g_assert_cmpuint (acies_editor_document_paint_terrain (acies_window_get_document (editor),
                                                         &cell, 1, "broken", FALSE), ==, 1);
  game_window = acies_play_ui_start_game (scenario, 8, NULL, NULL);
  gtk_widget_activate_action (GTK_WIDGET (game_window), "play.reveal", NULL);
  acies_play_ui_make_a_move (game_window);
  acies_test_spin (50);

  /* One question, not two; Cancel stops the quit. */
  g_action_group_activate_action (G_ACTION_GROUP (acies_play_ui_app), "quit", NULL);
  acies_test_spin (100);
  g_assert_cmpuint (count_questions (&asking), ==, 1);
  question = acies_alert_find (GTK_WIDGET (asking));
  g_assert_true (asking == GTK_WINDOW (editor) || asking == GTK_WINDOW (game_window));
  acies_play_ui_answer (question, "cancel");
  acies_test_spin (200);
  g_assert_cmpuint (count_questions (NULL), ==, 0);
  g_assert_true (window_alive (GTK_WINDOW (editor)));
  g_assert_true (window_alive (GTK_WINDOW (game_window)));

  /* Discard in the first: it closes, then the second asks. */
  g_action_group_activate_action (G_ACTION_GROUP (acies_play_ui_app), "quit", NULL);
  acies_test_spin (100);
  g_assert_cmpuint (count_questions (&asking), ==, 1);
  question = acies_alert_find (GTK_WIDGET (asking));
  acies_play_ui_answer (question, "discard");
  {
    gint64 end = g_get_monotonic_time () + ACIES_PLAY_UI_WAIT_MS * 1000;

    while (window_alive (asking) && g_get_monotonic_time () < end)
      acies_test_spin (20);
  }
  g_assert_false (window_alive (asking));
  acies_test_spin (200);
  {
    GtkWindow *first = asking;

    g_assert_cmpuint (count_questions (&asking), ==, 1);
    g_assert_true (asking != first);
  }
  question = acies_alert_find (GTK_WIDGET (asking));
  g_assert_true (asking == GTK_WINDOW (editor) || asking == GTK_WINDOW (game_window));
  acies_play_ui_answer (question, "discard");
  {
    gint64 end = g_get_monotonic_time () + ACIES_PLAY_UI_WAIT_MS * 1000;

    while (window_alive (asking) && g_get_monotonic_time () < end)
      acies_test_spin (20);
  }
  g_assert_false (window_alive ((GtkWindow *) editor));
  g_assert_false (window_alive ((GtkWindow *) game_window));
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();

  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

/* The child process of the kill test: starts a game, takes an action,
 * prints the digest and waits to be killed. */
static int
run_child (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window;
  AciesGame *game;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *json = NULL;
  g_autofree char *digest = NULL;

  window = acies_play_ui_start_game (scenario, 7, NULL, NULL);
  game = acies_play_ui_game (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
  acies_ruleset_legal_actions (acies_game_get_ruleset (game), acies_game_get_state (game), legal);
  node = acies_ruleset_action_to_json (acies_game_get_ruleset (game), acies_game_get_state (game),
                                       &g_array_index (legal, AciesAction, 0));
  json = json_to_string (node, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "play.apply", "s", json);
  if (acies_game_get_n_actions (game) != 1)
    return 1;

  digest = acies_game_digest (game);
  printf ("DIGEST %s\n", digest);
  fflush (stdout);
  for (;;)
    g_main_context_iteration (NULL, TRUE);

  return 0;
}

static void
test_resume_after_kill (void)
{
  /* G_TEST_BUILDDIR is tests/, not tests/ui/: spawn this very program. */
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self_path, "--child", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *resumed_digest = NULL;
  GtkWidget *start_page;
  GListModel *unfinished;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;
  AciesGameWindow *window;
  GPid pid;
  int out_fd, status;

  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                           &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  while (g_io_channel_read_line (channel, &line, NULL, NULL, &error) == G_IO_STATUS_NORMAL)
    {
      if (g_str_has_prefix (line, "DIGEST "))
        break;
      g_clear_pointer (&line, g_free);
    }
  g_assert_no_error (error);
  g_assert_nonnull (line);
  digest = g_strstrip (g_strdup (line + strlen ("DIGEST ")));

  /* kill -9 after the action. */
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_spawn_close_pid (pid);

  /* The next start offers to resume; accepting restores the same state. */
  start_page = g_object_ref_sink (acies_start_page_new ());
  unfinished = acies_start_page_get_unfinished (ACIES_START_PAGE (start_page));
  g_assert_cmpuint (g_list_model_get_n_items (unfinished), ==, 1);
  file = g_list_model_get_item (unfinished, 0);
  uri = g_file_get_uri (file);
  g_action_group_activate_action (G_ACTION_GROUP (acies_play_ui_app), "resume-game", g_variant_new_string (uri));
  window = acies_play_ui_find_game_window (NULL);
  g_assert_nonnull (window);
  resumed_digest = acies_play_ui_digest (window);
  g_assert_cmpstr (resumed_digest, ==, digest);
  g_assert_cmpuint (acies_game_get_n_actions (acies_play_ui_game (window)), ==, 1);
  g_assert_true (g_file_equal (acies_game_window_get_autosave_file (window), file));
  g_object_unref (start_page);

  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* The start page's Unfinished Games rows whose title contains @text. */
static guint
count_rows_with (GtkWidget  *widget,
                 const char *text)
{
  guint n = 0;

  if (ADW_IS_ACTION_ROW (widget)
      && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text) != NULL)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_rows_with (child, text);

  return n;
}

static gboolean
row_title_has (GtkWidget     *widget,
               gconstpointer  text)
{
  return ADW_IS_ACTION_ROW (widget)
         && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text) != NULL;
}

static GtkWidget *
find_row_with (GtkWidget  *widget,
               const char *text)
{
  return acies_test_find_widget (widget, row_title_has, text);
}

/* Waits until the start page lists @n games (it follows the autosave
 * folder by itself). */
static void
wait_unfinished (AciesStartPage *page,
                 guint           n,
                 const char     *title_part)
{
  gint64 end = g_get_monotonic_time () + ACIES_PLAY_UI_WAIT_MS * 1000;

  while (g_get_monotonic_time () < end
         && (g_list_model_get_n_items (acies_start_page_get_unfinished (page)) != n
             || (title_part != NULL && count_rows_with (GTK_WIDGET (page), title_part) != 1)))
    acies_test_spin (50);
}

/* Issue 4: after Save As, "Unfinished Games" listed the game twice (the
 * autosave of the session before, and the one of the reopened file) and
 * never by its file.  Now an autosave is a copy of the file it was saved
 * to: the page lists the game once, by the battle and that file, the
 * same game reopened goes on with its autosave, a resumed autosave with
 * its file, and Save As to another file renames the one row. */
static void
test_save_as_unfinished_once (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-save-as-XXXXXX", &error);
  g_autofree char *path_x = NULL;
  g_autofree char *path_y = NULL;
  g_autoptr(GFile) file_x = NULL;
  g_autoptr(GFile) file_y = NULL;
  g_autoptr(GFile) autosave = NULL;
  g_autoptr(GFile) older = NULL;
  GtkWidget *page_window;
  AciesStartPage *page;
  AciesGameWindow *window;
  AciesGame *game;

  g_assert_no_error (error);
  path_x = g_build_filename (dir, "first game.acies-game", NULL);
  path_y = g_build_filename (dir, "second name.acies-game", NULL);
  file_x = g_file_new_for_path (path_x);
  file_y = g_file_new_for_path (path_y);
  acies_play_ui_clear_autosaves ();

  /* A start page on the screen, as the main window shows it. */
  page = ACIES_START_PAGE (acies_start_page_new ());
  page_window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (page_window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (page_window));
  gtk_test_widget_wait_for_draw (page_window);
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 0);

  /* A game with an action: one unfinished game, not saved to a file. */
  window = acies_play_ui_start_game (scenario, 42, "Alice", "Bob");
  game = acies_play_ui_game (window);
  if (acies_play_session_get_curtain_shown (acies_play_ui_session (window)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  while (acies_game_get_n_actions (game) == 0)
    acies_play_ui_choose (window, 0);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  wait_unfinished (page, 1, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "first game"), ==, 0);

  /* An older copy of the same game, from a session before, saved to the
   * same file (what a fresh user saw listed beside the current one). */
  older = acies_play_autosave_new_file ();
  g_assert_true (acies_game_save_file (game, older, &error));
  g_assert_no_error (error);
  acies_play_autosave_set_saved_file (older, file_x);

  /* Save As: the window's file, its autosave a copy of it, the older
   * copy gone; one row, by the battle and the file. */
  g_assert_true (acies_game_window_save_to_file (window, file_x));
  g_assert_true (g_file_equal (acies_game_window_get_file (window), file_x));
  {
    g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (autosave);

    g_assert_nonnull (saved);
    g_assert_true (g_file_equal (saved, file_x));
  }
  g_assert_false (g_file_query_exists (older, NULL));
  wait_unfinished (page, 1, "first game");
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "first game"), ==, 1);
  /* When it was saved, as GNOME says it (it said "saved 11/30/26 10:00:50"). */
  {
    GtkWidget *row = find_row_with (GTK_WIDGET (page), "first game");
    const char *subtitle;

    g_assert_nonnull (row);
    subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
    g_assert_nonnull (strstr (subtitle, "saved Today, "));
    g_assert_null (strchr (subtitle, '/'));
  }
  {
    g_autoptr(GFile) listed = g_list_model_get_item (acies_start_page_get_unfinished (page), 0);

    g_assert_true (g_file_equal (listed, autosave));
  }

  /* Closed with nothing unsaved: the autosave stays (unfinished). */
  g_assert_false (acies_game_window_has_unsaved_moves (window));
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  g_assert_true (g_file_query_exists (autosave, NULL));

  /* The file opened again goes on with the same autosave: still one. */
  window = acies_application_open_game (acies_play_ui_app, file_x, NULL);
  g_assert_nonnull (window);
  g_assert_true (g_file_equal (acies_game_window_get_autosave_file (window), autosave));
  g_assert_cmpuint (count_autosaves (), ==, 1);
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);

  /* Resumed from the page: the game knows its file again. */
  window = acies_application_open_game (acies_play_ui_app, autosave, autosave);
  g_assert_nonnull (window);
  game = acies_play_ui_game (window);
  g_assert_true (g_file_equal (acies_game_window_get_file (window), file_x));
  g_assert_false (acies_game_window_has_unsaved_moves (window));

  /* Save As to another name: one row, by the new name. */
  g_assert_true (acies_game_window_save_to_file (window, file_y));
  wait_unfinished (page, 1, "second name");
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "second name"), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "first game"), ==, 0);

  acies_play_ui_close (window);
  gtk_window_destroy (GTK_WINDOW (page_window));
  acies_test_spin (50);
  acies_play_ui_clear_autosaves ();
  g_unlink (path_x);
  g_unlink (path_y);
  g_rmdir (dir);
}

static guint
count_game_windows (void)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (acies_play_ui_app)); l != NULL; l = l->next)
    n += ACIES_IS_GAME_WINDOW (l->data);

  return n;
}

/* The alert on show whose heading holds @text, or NULL. */
static GtkWidget *
find_message_dialog (const char *text)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      GtkWidget *alert = acies_alert_find (GTK_WIDGET (toplevel));

      if (alert != NULL && strstr (acies_alert_get_heading (alert), text) != NULL)
        return alert;
    }

  return NULL;
}

/* A test-race game with a few actions saved to @file; its window closed
 * and no autosave left (a file given to someone else). */
static void
save_game_file (GFile *file)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(GError) error = NULL;
  AciesGameWindow *window;
  AciesGame *game;

  window = acies_play_ui_start_game (scenario, 7, "Alice", "Bob");
  game = acies_play_ui_game (window);
  if (acies_play_session_get_curtain_shown (acies_play_ui_session (window)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  while (acies_game_get_n_actions (game) < 2)
    acies_play_ui_make_a_move (window);
  g_assert_true (acies_game_save_file (game, file, &error));
  g_assert_no_error (error);
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* Issue 4: a saved game whose digest does not match its replayed log is
 * refused; the refusal opens no game window and leaves no autosave (the
 * start page would offer it under Unfinished Games), by the file chooser
 * or the command line (open_file) as by open_game. */
static void
test_refused_game_opens_nothing (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-refused-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;
  GtkWidget *dialog;
  char *digest;
  gsize length;

  g_assert_no_error (error);
  acies_play_ui_destroy_all_windows ();
  path = g_build_filename (dir, "digest.acies-game", NULL);
  file = g_file_new_for_path (path);
  save_game_file (file);

  /* One character of the digest changed, as the user did. */
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  digest = strstr (contents, "\"digest\"");
  g_assert_nonnull (digest);
  digest = strchr (digest + strlen ("\"digest\""), '"');
  g_assert_nonnull (digest);
  digest[1] = digest[1] == '0' ? '1' : '0';
  g_assert_true (g_file_set_contents (path, contents, length, &error));
  g_assert_no_error (error);

  for (guint way = 0; way < 2; way++)
    {
      if (way == 0)
        g_assert_null (acies_application_open_game (acies_play_ui_app, file, NULL));
      else
        g_assert_null (acies_application_open_file (acies_play_ui_app, file));
      acies_test_spin (100);

      /* The reader's message, and nothing else. */
      dialog = find_message_dialog ("digest.acies-game");
      g_assert_nonnull (dialog);
      g_assert_nonnull (strstr (acies_alert_get_body (dialog), "digest"));
      g_assert_cmpuint (count_game_windows (), ==, 0);
      g_assert_cmpuint (count_autosaves (), ==, 0);
      acies_alert_respond (dialog, "close");
      acies_play_ui_destroy_all_windows ();
    }

  /* The same file, as saved, opens (the refusal was the digest's). */
  digest[1] = digest[1] == '0' ? '1' : '0';
  g_assert_true (g_file_set_contents (path, contents, length, &error));
  g_assert_no_error (error);
  g_assert_nonnull (acies_application_open_game (acies_play_ui_app, file, NULL));
  g_assert_cmpuint (count_game_windows (), ==, 1);

  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
  g_unlink (path);
  g_rmdir (dir);
}

/* Issue 4: Keep for Later, Resume from the start page, then the same file
 * opened again made two windows of one game whose autosaves diverged.  A
 * game open in a window (its file, its autosave, or the file its autosave
 * is a copy of) is presented instead. */
static void
test_open_twice_presents (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-twice-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) autosave = NULL;
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window, *again, *fresh;

  g_assert_no_error (error);
  acies_play_ui_destroy_all_windows ();
  path = g_build_filename (dir, "cannae.acies-game", NULL);
  file = g_file_new_for_path (path);
  save_game_file (file);

  /* Opened, a move, closed with Keep for Later's result: the autosave
   * (a copy of the file, with a move more) stays. */
  window = acies_application_open_game (acies_play_ui_app, file, NULL);
  g_assert_nonnull (window);
  acies_play_ui_make_a_move (window);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  g_assert_true (g_file_query_exists (autosave, NULL));
  acies_play_ui_close (window);
  g_assert_true (g_file_query_exists (autosave, NULL));

  /* Resumed. */
  window = acies_application_open_game (acies_play_ui_app, autosave, autosave);
  g_assert_nonnull (window);
  g_assert_true (g_file_equal (acies_game_window_get_file (window), file));
  g_assert_cmpuint (count_game_windows (), ==, 1);

  /* The file opened again, the autosave resumed again, the file by the
   * file chooser's path: the same window each time. */
  again = acies_application_open_game (acies_play_ui_app, file, NULL);
  g_assert_true (again == window);
  again = acies_application_open_game (acies_play_ui_app, autosave, autosave);
  g_assert_true (again == window);
  acies_application_open_file (acies_play_ui_app, file);
  acies_test_spin (50);
  g_assert_cmpuint (count_game_windows (), ==, 1);
  g_assert_cmpuint (count_autosaves (), ==, 1);

  /* A new game never saved: its autosave resumed is its window. */
  fresh = acies_play_ui_start_game (scenario, 11, NULL, NULL);
  g_assert_true (fresh != window);
  if (acies_play_session_get_curtain_shown (acies_play_ui_session (fresh)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fresh), "play.reveal", NULL));
  acies_play_ui_make_a_move (fresh);
  again = acies_application_open_game (acies_play_ui_app, acies_game_window_get_autosave_file (fresh),
                                       acies_game_window_get_autosave_file (fresh));
  g_assert_true (again == fresh);
  g_assert_cmpuint (count_game_windows (), ==, 2);

  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
  g_unlink (path);
  g_rmdir (dir);
}

/* Issue 16 (CCA S3.6, EP-1.5): the Command cards of the hand, the rows
 * that play them, carry the card's whole text from the catalogue as
 * their tooltip and accessible description; rows that play no card carry
 * none.  With ACIES_TEST_SHOTS, a screenshot with a card's tooltip open. */
static void
test_cca_hand_card_text (void)
{
  g_autoptr(AciesScenario) scenario = load_bundled ("cca", "bibracte.acies");
  AciesGameWindow *window = acies_play_ui_start_game (scenario, 3, NULL, NULL);
  AciesPlaySession *session = acies_play_ui_session (window);
  GListModel *actions = acies_play_session_get_actions (session);
  guint n_cards = 0, n_other = 0;
  GtkWidget *shown = NULL;

  /* Shuffle and deal, then hand the screen to the first player. */
  for (guint tries = 0; tries < 4; tries++)
    {
      if (acies_play_session_get_curtain_shown (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      else if (acies_game_get_n_actions (acies_play_ui_game (window)) == 0)
        acies_play_ui_choose (window, 0);
      acies_test_spin (50);
    }
  g_assert_false (acies_play_session_get_curtain_shown (session));
  g_assert_cmpuint (acies_game_get_n_actions (acies_play_ui_game (window)), ==, 1);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    {
      g_autoptr(AciesPlayAction) item = g_list_model_get_item (actions, i);
      const char *label = acies_play_action_get_label (item);
      const char *details = acies_play_action_get_details (item);
      g_autofree char *title = g_markup_escape_text (label, -1);
      AdwActionRow *row = acies_test_find_row (GTK_WIDGET (window), title, NULL);

      if (!g_str_has_prefix (label, "Play "))
        {
          g_assert_null (details);
          n_other++;
          continue;
        }
      /* The catalogue's text, never the title again. */
      g_assert_nonnull (details);
      g_assert_cmpuint (strlen (details), >, 10);
      g_assert_null (strstr (label, details));
      g_assert_nonnull (row);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (row)), ==, details);
      if (shown == NULL)
        shown = GTK_WIDGET (row);
      n_cards++;
    }
  g_assert_cmpuint (n_cards, >, 0);
  g_test_message ("%u card rows, %u other rows", n_cards, n_other);

  if (g_getenv ("ACIES_TEST_SHOTS") != NULL && shown != NULL)
    {
      graphene_point_t p;

      gtk_window_maximize (GTK_WINDOW (window));
      acies_test_spin (500);
      if (gtk_widget_compute_point (shown, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (40, 10), &p))
        {
          double ox = 0, oy = 0;

          gtk_native_get_surface_transform (GTK_NATIVE (window), &ox, &oy);
          acies_play_ui_xdotool (window, "windowraise WIN mousemove --window WIN %d %d",
                                 (int) (p.x + ox), (int) (p.y + oy));
          acies_play_ui_xdotool (window, "mousemove_relative 2 0");
          acies_test_spin (1500);
        }
      acies_play_ui_screenshot (window, "cca-hand-card-tooltip.png");
    }
  acies_play_ui_close (window);
}

/* A widget drawn on the screen whose text holds @text, or NULL. */
static GtkWidget *
find_shown_text (GtkWidget  *widget,
                 const char *text)
{
  const char *shown = NULL;

  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget))
    shown = gtk_label_get_text (GTK_LABEL (widget));
  else if (GTK_IS_TEXT (widget))
    shown = gtk_editable_get_text (GTK_EDITABLE (widget));
  if (shown != NULL && strstr (shown, text) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shown_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* S3.6 (hidden hands): the seed gives every hand and the draw pile away,
 * so New Game draws it secretly for a ruleset with hidden draws and
 * shows it only when the players choose a seed knowingly; the game keeps
 * it for replay.  A dice-only game shows its seed as before. */
static void
test_cca_secret_seed (void)
{
  g_autoptr(AciesScenario) scenario = load_bundled ("cca", "zela.acies");
  g_autoptr(AciesScenario) dice_only = acies_test_scenario_new (3);
  AciesNewGameDialog *dialog;
  AciesGameWindow *window;
  g_autofree char *secret = NULL;
  guint64 seed;

  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  gtk_window_present (GTK_WINDOW (dialog));
  acies_test_spin (200);
  g_assert_false (acies_new_game_dialog_get_seed_shown (dialog));
  seed = acies_new_game_dialog_get_seed (dialog);
  g_assert_cmpuint (seed, >, 0);
  secret = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  g_assert_null (find_shown_text (GTK_WIDGET (dialog), secret));
  g_assert_nonnull (find_shown_text (GTK_WIDGET (dialog), "Choose the Seed"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "newgame.start", NULL));
  window = acies_play_ui_find_game_window (NULL);
  g_assert_nonnull (window);
  /* The saved game carries the secret seed; the window never shows it. */
  g_assert_cmpuint (acies_game_get_seed (acies_play_ui_game (window)), ==, seed);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_null (find_shown_text (GTK_WIDGET (window), secret));
  acies_play_ui_close (window);

  /* Chosen knowingly, the seed is the one shown. */
  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  acies_new_game_dialog_set_seed (dialog, 77);
  g_assert_true (acies_new_game_dialog_get_seed_shown (dialog));
  g_assert_cmpuint (acies_new_game_dialog_get_seed (dialog), ==, 77);
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = acies_application_new_game (acies_play_ui_app, NULL, dice_only);
  g_assert_true (acies_new_game_dialog_get_seed_shown (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int   argc,
      char *argv[])
{
  gboolean child = argc > 1 && g_str_equal (argv[1], "--child");

  if (!acies_play_ui_init (&argc, &argv, child))
    return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */
  if (child)
    return run_child ();

  g_test_add_func ("/acies/play/resume-after-kill", test_resume_after_kill);
  g_test_add_func ("/acies/play/dice-mode-setting", test_dice_mode_setting);
  g_test_add_func ("/acies/play/close-question", test_close_question);
  g_test_add_func ("/acies/play/quit-one-at-a-time", test_quit_one_at_a_time);
  g_test_add_func ("/acies/play/house-options", test_house_options);
  g_test_add_func ("/acies/play/new-game-newcomer", test_new_game_newcomer);
  g_test_add_func ("/acies/play/new-game-no-other-rulings", test_new_game_no_other_rulings);
  g_test_add_func ("/acies/lost-battles/3.3/start-named-on-board", test_3_3_start_named_on_board);
  g_test_add_func ("/acies/play/save-as-unfinished-once", test_save_as_unfinished_once);
  g_test_add_func ("/acies/play/refused-game-opens-nothing", test_refused_game_opens_nothing);
  g_test_add_func ("/acies/play/open-twice-presents", test_open_twice_presents);
  g_test_add_func ("/acies/cca/S3.6/hand-card-text", test_cca_hand_card_text);
  g_test_add_func ("/acies/cca/S3.6/secret-seed", test_cca_secret_seed);

  return acies_play_ui_run ();
}
