/* test-play-keys.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <string.h>

#include "acies-play-ui.h"
#include "acies-test-ruleset.h"
#include "play/acies-play-quick.h"
#include "play/acies-action-list.h"
#include "play/acies-status-block.h"
#include "acies-test-widgets.h"

/* Issue 17.6, the play window's keys: Alt+1 … Alt+9 act on the actions
 * list as shown, Alt+letter on a kind of action in every phase; and the
 * play-mode findings of the new-user trials.  Each driven through the
 * window's play.* actions and the session's properties, as a player does. */

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

/* Issue 17.6: Alt+1 … Alt+9 (play.choose-key) act only on the list the
 * player sees: behind the hand-over curtain, and for half a second after
 * it lifts, they take nothing and ring the bell (key-refused); a key no
 * row shows does nothing, not even the bell. */
static void
test_number_keys_as_shown (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window;
  AciesPlaySession *session;
  g_autofree char *digest = NULL;
  g_autofree char *after = NULL;
  guint refused = 0, keyed = 0, n;
  gint selected;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 42, "Alice", "Bob");
  session = acies_play_ui_session (window);
  g_signal_connect (session, "key-refused", G_CALLBACK (count_cb), &refused);
  digest = acies_play_ui_digest (window);

  /* Behind the curtain: the bell, nothing else. */
  g_assert_true (acies_play_session_get_curtain_shown (session));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
  g_assert_cmpuint (refused, ==, 1);
  g_assert_true (acies_play_session_get_curtain_shown (session));
  g_assert_cmpuint (acies_game_get_n_actions (acies_play_ui_game (window)), ==, 0);

  /* Just after it lifts: the list is there, unread; the bell again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_assert_false (acies_play_session_get_curtain_shown (session));
  g_assert_cmpint (acies_play_test_key_action (session, 0), >=, 0);
  selected = acies_play_session_get_selected_unit (session);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
  g_assert_cmpuint (refused, ==, 2);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, selected);
  g_assert_cmpuint (acies_game_get_n_actions (acies_play_ui_game (window)), ==, 0);
  after = acies_play_ui_digest (window);
  g_assert_cmpstr (after, ==, digest);

  /* A key no row shows: nothing, and no bell. */
  acies_test_spin (600);
  n = g_list_model_get_n_items (acies_play_session_get_actions (session));
  for (guint k = 0; k < 9; k++)
    keyed += acies_play_test_key_action (session, k) >= 0;
  g_test_message ("%u rows, %u with a key", n, keyed);
  g_assert_cmpuint (keyed, >, 0);
  if (keyed < 9)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", (gint32) keyed));
      g_assert_cmpuint (refused, ==, 2);
      g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, selected);
      g_assert_cmpuint (acies_game_get_n_actions (acies_play_ui_game (window)), ==, 0);
    }

  /* Half a second on, Alt+1 takes the first row shown. */
  {
    g_autofree char *label = g_strdup (acies_play_test_label (session, acies_play_test_key_action (session, 0)));

    g_test_message ("Alt+1: %s", label);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
    g_assert_cmpuint (refused, ==, 2);
    g_assert_true (acies_play_session_get_selected_unit (session) != selected
                   || acies_game_get_n_actions (acies_play_ui_game (window)) == 1);
  }

  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* The key of @action's spec, or 0. */
static char
key_of (AciesRuleset      *ruleset,
        const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n = 0;

  specs = acies_ruleset_get_action_specs (ruleset, &n);
  return action->type < n && specs[action->type].key != NULL ? specs[action->type].key[0] : 0;
}

/* Plays @window's game on (through the engine, a seeded random player
 * that likes attacks) until an action with the key @letter is legal.
 * Behind the curtain, play.reveal.  Returns whether it came. */
static gboolean
play_until_key (AciesGameWindow *window,
                char             letter,
                guint            max_steps)
{
  AciesGame *game = acies_play_ui_game (window);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  AciesPlaySession *session = acies_play_ui_session (window);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  for (guint step = 0; step < max_steps && !acies_game_get_state (game)->finished; step++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GArray) attacks = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GArray) others = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GError) error = NULL;
      const AciesAction *pick;

      if (acies_play_session_get_curtain_shown (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      for (guint i = 0; i < legal->len; i++)
        {
          const AciesAction *action = &g_array_index (legal, AciesAction, i);

          if (key_of (ruleset, action) == letter)
            return TRUE;
          if (action->type >= n_specs || (specs[action->type].flags & ACIES_ACTION_FLAG_CONCEDE))
            continue;
          /* Not the ends, while something else may be done (the game
           * goes on to contact); attacks first. */
          if (specs[action->type].flags & ACIES_ACTION_FLAG_ATTACK)
            g_array_append_val (attacks, *action);
          else if (key_of (ruleset, action) != 'e' || g_rand_int_range (rand, 0, 8) == 0)
            g_array_append_val (others, *action);
        }
      if (attacks->len > 0)
        pick = &g_array_index (attacks, AciesAction, g_rand_int_range (rand, 0, attacks->len));
      else if (others->len > 0)
        pick = &g_array_index (others, AciesAction, g_rand_int_range (rand, 0, others->len));
      else
        pick = &g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      g_assert_true (acies_game_apply (game, pick, &error));
      g_assert_no_error (error);
    }
  return FALSE;
}

/* Alt+@letter (play.key) with an action of its key legal: the game takes
 * one (after the preview's play.commit for an attack), or lists them to
 * pick from; the quick actions show the key. */
static void
check_key_acts (AciesGameWindow *window,
                char             letter)
{
  AciesPlaySession *session = acies_play_ui_session (window);
  AciesGame *game = acies_play_ui_game (window);
  GListModel *quick = acies_play_session_get_quick_actions (session);
  g_autofree char *accel = g_strdup_printf ("Alt+%c", g_ascii_toupper (letter));
  guint before = acies_game_get_n_actions (game);
  gboolean quick_shown = FALSE;
  char key[2] = { letter, '\0' };

  if (acies_play_session_get_curtain_shown (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  for (guint i = 0; i < g_list_model_get_n_items (quick); i++)
    {
      g_autoptr(AciesPlayQuick) q = g_list_model_get_item (quick, i);

      quick_shown |= g_strcmp0 (acies_play_quick_get_accel (q), accel) == 0;
    }
  g_test_message ("%s: %s", accel, acies_play_session_get_prompt_text (session));
  g_assert_true (quick_shown);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.key", "s", key));
  if (acies_play_session_get_can_commit (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
  if (acies_game_get_n_actions (game) == before)
    {
      /* Several: listed first, with the key's heading; Alt+1 takes one. */
      g_assert_cmpint (acies_play_test_key_action (session, 0), >=, 0);
      acies_test_spin (600);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      if (acies_play_session_get_can_commit (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
    }
  g_assert_cmpuint (acies_game_get_n_actions (game), >, before);
  g_assert_cmpint (key_of (acies_game_get_ruleset (game), acies_game_get_action (game, before)), ==, letter);
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (haystack, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

/* Ctrl+? (win.show-help-overlay) lists the ruleset's Alt+letter keys, each
 * once, with the kinds of action it takes. */
static void
check_shortcuts_list_keys (AciesGameWindow *window,
                           const char      *expected)
{
  g_autoptr(GString) accels = g_string_new (NULL);
  g_autoptr(GString) titles = g_string_new (NULL);
  AciesRuleset *ruleset = acies_game_get_ruleset (acies_play_ui_game (window));
  const AciesActionSpec *specs;
  guint n = 0;
  GtkWidget *overlay;

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  overlay = acies_shortcuts_find (GTK_WIDGET (window));
  g_assert_nonnull (overlay);
  if (!GTK_IS_WINDOW (overlay))
    {
      g_test_message ("the shortcuts are an AdwShortcutsDialog's items");
      acies_dialog_close (overlay);
      return;
    }
  acies_test_collect_shortcuts (overlay, accels, titles);
  g_test_message ("%s", accels->str);
  /* It fits a 1366-pixel-wide screen: its longest line was one title
   * wider than 1600 pixels, the Game column out of sight (trial31). */
  {
    int minimum = 0, natural = 0;

    gtk_widget_measure (overlay, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
    g_test_message ("the shortcuts window: %d pixels wide (natural), %d at least", natural, minimum);
    g_assert_cmpint (natural, <=, 1366);
  }
  specs = acies_ruleset_get_action_specs (ruleset, &n);
  for (guint t = 0; t < n; t++)
    if (specs[t].key != NULL)
      {
        g_autofree char *item = g_strdup_printf ("[<Alt>%s]", specs[t].key);

        /* Once, as F1 is (the search page holds a copy of each). */
        g_assert_cmpuint (count (accels->str, item), ==, count (accels->str, "[F1]"));
        g_assert_nonnull (strstr (titles->str, specs[t].label));
      }
  for (const char *k = expected; *k != '\0'; k++)
    {
      g_autofree char *item = g_strdup_printf ("[<Alt>%c]", *k);

      g_assert_nonnull (strstr (accels->str, item));
    }
  acies_dialog_close (overlay);
  acies_test_spin (100);
}

/* Issue 17.6: Simple GBoH has stable keys for its frequent actions, from
 * its action specs: Alt+E ends the Movement/Missile Fire Phase (SG 3.2)
 * and the designation (SG 7.3), Alt+R resolves a designated Shock
 * (SG 7.4); Ctrl+? lists them. */
static void
test_sg_keys (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("simple-gboh", "zama.acies");
  AciesGameWindow *window;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 7, "Scipio", "Hannibal");
  check_shortcuts_list_keys (window, "aeprno");
  g_assert_true (play_until_key (window, 'e', 400));
  check_key_acts (window, 'e');
  g_assert_true (play_until_key (window, 'r', 3000));
  check_key_acts (window, 'r');
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* Issue 17.6: C&C Ancients' frequent actions have keys: Alt+P plays a
 * card, Alt+E ends each step of the turn (orders, movement, battles);
 * Ctrl+? lists them. */
static void
test_cca_keys (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("cca", "zela.acies");
  AciesGameWindow *window;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 7, "Caesar", "Pharnaces");
  check_shortcuts_list_keys (window, "ep");
  g_assert_true (play_until_key (window, 'p', 50));
  check_key_acts (window, 'p');
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (play_until_key (window, 'e', 400));
      check_key_acts (window, 'e');
    }
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* CCA S5.2 (the Zela trial): after the deal, a troop card ("Order …
 * Troops", held by the seed's hand) lights the hexes of the units it may
 * order, not both halves of the board, and the legend says so; a
 * screenshot with ACIES_TEST_SHOTS. */
static void
test_cca_troop_card_lit (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("cca", "zela.acies");
  AciesGameWindow *window;
  AciesPlaySession *session;
  gint index = -1;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 7, "Caesar", "Pharnaces");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  session = acies_play_ui_session (window);
  for (guint step = 0; step < 2 && index < 0; step++)
    {
      if (acies_play_session_get_curtain_shown (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      index = acies_play_test_find_shown_containing (session, "", " Troops");
      if (index < 0)
        acies_play_ui_choose (window, 0);   /* the deal */
    }
  if (index < 0)
    {
      for (guint i = 0; acies_play_test_label (session, i) != NULL; i++)
        g_test_message ("row %u: %s", i, acies_play_test_label (session, i));
      g_test_skip ("no troop card in the seed's hand");
      acies_play_ui_close (window);
      return;
    }
  g_test_message ("take: %s", acies_play_test_label (session, index));
  acies_play_ui_choose (window, index);
  if (acies_play_session_get_curtain_shown (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_test_message ("legend: %s", acies_play_session_get_legend_text (session));
  g_test_message ("lit: %u hexes", acies_play_session_get_lit_cells (session, NULL)->len);
  g_assert_cmpuint (acies_play_session_get_lit_cells (session, NULL)->len, >, 0);
  g_assert_cmpuint (acies_play_session_get_lit_cells (session, NULL)->len, <=, 20);
  g_assert_nonnull (strstr (acies_play_session_get_legend_text (session), "Lit: the units the card may still order"));
  acies_play_ui_screenshot (window, "cca-S5.2-troop-card-lit.png");
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* Issue 17.6: Alt+E ends the activation or phase in every ruleset; Alt+R
 * rolls Grass Crown's composed attack (GC 9.3), as Four Battles'. */
static void
test_end_key_everywhere (void)
{
  const char * const games[][2] = {
    { "grass-crown", "heraclea.acies" },
    { "lost-battles", "cannae.acies" },
    { "four-battles", "zama.acies" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled (games[g][0], games[g][1]);
      AciesGameWindow *window;

      g_test_message ("%s", games[g][0]);
      acies_play_ui_clear_autosaves ();
      window = acies_play_ui_start_game (scenario, 7, "Alice", "Bob");
      check_shortcuts_list_keys (window, "e");
      g_assert_true (play_until_key (window, 'e', 600));
      check_key_acts (window, 'e');
      if (g_str_equal (games[g][0], "grass-crown"))
        {
          g_assert_true (play_until_key (window, 'r', 3000));
          check_key_acts (window, 'r');
        }
      acies_play_ui_close (window);
    }
  acies_play_ui_clear_autosaves ();
}

/* SG 4.31 (issue 17's trial): in Simple GBoH with nothing selected the
 * board lights nothing (it lit every leader's moves, unexplained); the
 * leader selected, his moves are lit, and a click on an empty hex with
 * nothing selected never moves a leader. */
static void
test_sg_nothing_selected_nothing_lit (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("simple-gboh", "zama.acies");
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesGame *game;
  AciesRuleset *ruleset;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  const AciesActionSpec *specs;
  guint n_specs = 0, n_before;
  AciesLeader view = { 0, };
  AciesCell empty = ACIES_CELL_NONE;
  gint leader = -1;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 3, "Scipio", "Hannibal");
  session = acies_play_ui_session (window);
  game = acies_play_ui_game (window);
  ruleset = acies_game_get_ruleset (game);
  if (acies_play_session_get_curtain_shown (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  /* Carthage's Formation 6 activated under its commander: the
   * Movement/Missile Fire Phase, leaders' moves among the legal actions. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.apply", "s",
                                             "{\"type\": \"activate\", \"player\": \"carthage\", "
                                             "\"formation\": 6, \"commander\": 5}"));
  if (acies_play_session_get_curtain_shown (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_assert_cmpstr (acies_game_get_state (game)->phase, ==, "Movement/Missile Fire");

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);

      if (g_str_equal (specs[action->type].name, "leader-move") && leader < 0)
        leader = action->args[0];
      if (g_str_equal (specs[action->type].name, "leader-move") && action->args[0] == leader
          && empty == ACIES_CELL_NONE && acies_play_session_get_view_at_cell (session, action->args[1]) < 0)
        empty = action->args[1];
    }
  g_assert_cmpint (leader, >=, 0);

  /* Nothing selected: nothing lit, no legend. */
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, -1);
  g_test_message ("leader %d; %u destinations, %u targets lit", leader,
                  acies_play_session_get_destinations (session)->len, acies_play_session_get_targets (session)->len);
  g_assert_cmpuint (acies_play_session_get_destinations (session)->len, ==, 0);
  g_assert_cmpuint (acies_play_session_get_targets (session)->len, ==, 0);
  g_assert_null (acies_play_session_get_legend_text (session));

  /* A click on an empty hex a leader could reach: no move. */
  n_before = acies_game_get_n_actions (game);
  if (empty != ACIES_CELL_NONE)
    {
      acies_play_ui_click_cell (window, empty);
      g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before);
      gtk_widget_activate_action (GTK_WIDGET (window), "play.cancel", NULL);
    }

  /* The leader selected on the board (a click, or two on a stack): his
   * moves are lit. */
  g_assert_true (acies_ruleset_leader_view (ruleset, acies_game_get_state (game), leader,
                                            acies_play_session_get_viewer (session), &view));
  for (guint i = 0; i < 4 && acies_play_session_get_selected_leader (session) != leader; i++)
    acies_play_ui_click_cell (window, view.cell);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, leader);
  g_assert_cmpuint (acies_play_session_get_destinations (session)->len, >, 0);
  g_assert_nonnull (strstr (acies_play_session_get_legend_text (session), "SG 4.31"));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before);

  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* The row of the actions list that shows @key ("Alt+2"), or NULL. */
static GtkWidget *
row_of_key (GtkWidget  *widget,
            const char *key)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), key) == 0)
    return gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = row_of_key (child, key);

      if (row != NULL)
        return row;
    }
  return NULL;
}

/* How many of the rows of Alt+1 … Alt+@n lie wholly inside the window
 * and inside the part of the side panel's scroller in view. */
static guint
rows_in_view (AciesGameWindow *window,
              guint            n)
{
  GtkWidget *list = acies_test_find_type (GTK_WIDGET (window), ACIES_TYPE_ACTION_LIST);
  guint seen = 0;

  g_assert_nonnull (list);
  for (guint k = 1; k <= n; k++)
    {
      g_autofree char *key = g_strdup_printf ("Alt+%u", k);
      GtkWidget *row = row_of_key (list, key);
      GtkWidget *scroller;
      graphene_rect_t in_window, in_scroller;

      g_assert_nonnull (row);
      scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
      g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (window), &in_window));
      g_assert_true (gtk_widget_compute_bounds (row, scroller, &in_scroller));
      g_test_message ("%s: y %.0f…%.0f in a %d px window, %.0f…%.0f in a %d px scroller", key,
                      in_window.origin.y, in_window.origin.y + in_window.size.height,
                      gtk_widget_get_height (GTK_WIDGET (window)),
                      in_scroller.origin.y, in_scroller.origin.y + in_scroller.size.height,
                      gtk_widget_get_height (scroller));
      if (in_window.origin.y >= 0 && in_window.origin.y + in_window.size.height <= gtk_widget_get_height (GTK_WIDGET (window))
          && in_scroller.origin.y >= 0 && in_scroller.origin.y + in_scroller.size.height <= gtk_widget_get_height (scroller))
        seen++;
    }
  return seen;
}

/* Issue 17's trial: at 1280×720 (a laptop) the actions list's first rows
 * are on screen, without scrolling, in every ruleset's window. */
static void
test_actions_on_screen_720 (void)
{
  const char * const games[][2] = {
    { "grass-crown", "heraclea.acies" },
    { "lost-battles", "cannae.acies" },
    { "simple-gboh", "zama.acies" },
    { "cca", "zela.acies" },
    { "four-battles", "zama.acies" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled (games[g][0], games[g][1]);
      AciesGameWindow *window;
      AciesPlaySession *session;
      guint n;

      acies_play_ui_clear_autosaves ();
      window = acies_play_ui_start_game (scenario, 7, "Alice", "Bob");
      session = acies_play_ui_session (window);
      if (acies_play_session_get_curtain_shown (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      if (!acies_play_ui_xdotool (window, "windowsize WIN 1280 720"))
        {
          g_test_skip ("no xdotool or no X11");
          acies_play_ui_close (window);
          return;
        }
      acies_test_spin (600);
      {
        g_autofree char *shot = g_strdup_printf ("actions-720-%s.png", games[g][0]);

        acies_play_ui_screenshot (window, shot);
      }
      n = 0;
      for (guint k = 0; k < 3; k++)
        n += acies_play_test_key_action (session, k) >= 0;
      g_test_message ("%s: window %d×%d, %u rows", games[g][0], gtk_widget_get_width (GTK_WIDGET (window)),
                      gtk_widget_get_height (GTK_WIDGET (window)), n);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 720);
      g_assert_cmpuint (rows_in_view (window, n), ==, n);
      /* And after an action (Alt+1): the new list's first rows. */
      acies_test_spin (600);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      if (acies_play_session_get_can_commit (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
      if (acies_play_session_get_curtain_shown (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      acies_test_spin (600);
      n = 0;
      for (guint k = 0; k < 3; k++)
        n += acies_play_test_key_action (session, k) >= 0;
      g_test_message ("after Alt+1: %u keyed rows", n);
      g_assert_cmpuint (rows_in_view (window, n), ==, n);
      acies_play_ui_close (window);
    }
  acies_play_ui_clear_autosaves ();
}

/* Whether the side panel's heading (the status block's top: turn and
 * phase) lies inside the part of its scroller in view. */
static gboolean
heading_in_view (AciesGameWindow *window)
{
  GtkWidget *status = acies_test_find_type (GTK_WIDGET (window), ACIES_TYPE_STATUS_BLOCK);
  GtkWidget *scroller;
  graphene_rect_t bounds;

  g_assert_nonnull (status);
  scroller = gtk_widget_get_ancestor (status, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (gtk_widget_compute_bounds (status, scroller, &bounds));
  g_test_message ("heading at y %.0f in a %d px scroller", bounds.origin.y, gtk_widget_get_height (scroller));
  return bounds.origin.y >= 0 && bounds.origin.y < gtk_widget_get_height (scroller);
}

/* Fresh-user trial: Issus opened with the side panel scrolled down, its
 * heading out of sight, and again after most actions.  At 1600×1000 the
 * heading and the rows of Alt+1 … Alt+3 are both in view. */
static void
test_heading_in_view_issus (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("simple-gboh", "issus.acies");
  AciesGameWindow *window;
  AciesPlaySession *session;
  guint n;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 7, "Alice", "Bob");
  session = acies_play_ui_session (window);
  if (acies_play_session_get_curtain_shown (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  if (!acies_play_ui_xdotool (window, "windowsize WIN 1600 1000"))
    {
      g_test_skip ("no xdotool or no X11");
      acies_play_ui_close (window);
      return;
    }
  acies_test_spin (600);
  acies_play_ui_screenshot_window (GTK_WINDOW (window), "issus-1600-start.png");
  n = 0;
  for (guint k = 0; k < 3; k++)
    n += acies_play_test_key_action (session, k) >= 0;
  g_assert_true (heading_in_view (window));
  g_assert_cmpuint (rows_in_view (window, n), ==, n);
  for (guint a = 0; a < 2; a++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      if (acies_play_session_get_can_commit (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
      if (acies_play_session_get_curtain_shown (session))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      acies_test_spin (600);
      acies_play_ui_screenshot_window (GTK_WINDOW (window), a == 0 ? "issus-1600-action1.png" : "issus-1600-action2.png");
      n = 0;
      for (guint k = 0; k < 3; k++)
        n += acies_play_test_key_action (session, k) >= 0;
      g_test_message ("after Alt+1 (%u): %u keyed rows", a + 1, n);
      g_assert_true (heading_in_view (window));
      g_assert_cmpuint (rows_in_view (window, n), ==, n);
    }
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* A mapped button labelled @data (acies_test_find_widget()). */
static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

/* Issue 17's trial: after a turn of many moves the hand-over curtain's
 * summary was long enough to push Ready below a 1280×720 window.  Ready
 * now comes before the summary, which reads out at most 12 lines. */
static void
test_curtain_ready_on_screen_720 (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  AciesGameWindow *window;
  AciesPlaySession *session;
  GtkWidget *ready;
  graphene_rect_t bounds;
  guint moves = 0;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 7, "Laevinus", "Pyrrhus");
  session = acies_play_ui_session (window);
  if (!acies_play_ui_xdotool (window, "windowsize WIN 1280 720"))
    {
      g_test_skip ("no xdotool or no X11");
      acies_play_ui_close (window);
      return;
    }
  /* The set-up: each side draws and places the rest, wing by wing. */
  {
    AciesPlayDriver driver;

    acies_play_test_driver_init (&driver, session);
    acies_play_test_heraclea_setup_by_wings (&driver);
  }
  if (acies_play_session_get_curtain_shown (session))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  /* Keys wait half a second after the curtain lifts (issue 17 item 6). */
  acies_test_spin (600);
  /* Laevinus commands a wing to Move (Alt+1), then moves a square at a
   * time (Alt+1) until the phase has many lines, and ends his turn. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
  while (moves < 30 && acies_play_test_find_shown (session, "Move ") >= 0
         && g_str_has_prefix (acies_play_test_label (session, acies_play_test_key_action (session, 0)), "Move "))
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      moves++;
    }
  g_test_message ("%u moves; Alt+1: %s", moves, acies_play_test_key_action (session, 0) >= 0 ? acies_play_test_label (session, acies_play_test_key_action (session, 0)) : "none");
  g_assert_cmpuint (moves, >, 12);
  for (guint i = 0; i < 4 && !acies_play_session_get_curtain_shown (session); i++)
    {
      acies_play_session_end_phase (session);
      if (!acies_play_session_get_curtain_shown (session) && acies_play_test_find_shown (session, "Do not declare") >= 0)
        acies_play_session_choose (session, acies_play_test_find_shown (session, "Do not declare"));
    }
  g_assert_true (acies_play_session_get_curtain_shown (session));
  acies_test_spin (600);
  acies_play_ui_screenshot (window, "curtain-720.png");
  ready = acies_test_find_widget (GTK_WIDGET (window), is_button_labelled, "_Ready");
  g_assert_nonnull (ready);
  g_assert_true (gtk_widget_compute_bounds (ready, GTK_WIDGET (window), &bounds));
  g_test_message ("Ready: y %.0f…%.0f in a %d px window", bounds.origin.y, bounds.origin.y + bounds.size.height,
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 720);
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* The controller of @window named @name, or NULL. */
static GtkEventController *
find_controller (GtkWidget  *window,
                 const char *name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), name) == 0)
        return controller;
    }
  return NULL;
}

/* Issue 17's trial: an error is modal to the window it is about, and to
 * no other.  A file Acies cannot open dropped on game A while game B is
 * the active window: the error is over A (it was over B, the active
 * one), A takes no keys until it is answered, and B's Alt+1 (real keys
 * through the X server) still works. */
static void
test_error_modal_to_its_window (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(GFile) file = g_file_new_for_path ("/tmp/notes.txt");
  GSList files = { file, NULL };
  GValue value = G_VALUE_INIT;
  AciesGameWindow *a, *b;
  GtkEventController *drop;
  GtkWidget *dialog;
  gboolean taken = TRUE;
  gint a_selected, b_selected;

  acies_play_ui_clear_autosaves ();
  acies_play_ui_destroy_all_windows ();
  a = acies_play_ui_start_game (scenario, 42, "Alice", "Bob");
  b = acies_play_ui_start_game (scenario, 43, "Carol", "Dave");
  g_assert_true (a != b);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (a), "play.reveal", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (b), "play.reveal", NULL));
  if (!acies_play_ui_xdotool (b, "windowraise WIN windowfocus --sync WIN"))
    {
      g_test_skip ("no xdotool or no X11");
      acies_play_ui_destroy_all_windows ();
      return;
    }
  acies_test_spin (600);

  /* The drop on A, B active. */
  drop = find_controller (GTK_WIDGET (a), "acies-open-dropped-files");
  g_assert_nonnull (drop);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, &files);
  g_signal_emit_by_name (drop, "drop", &value, 10.0, 10.0, &taken);
  g_value_unset (&value);
  g_assert_false (taken);
  acies_test_spin (200);
  dialog = acies_alert_find (NULL);
  g_assert_nonnull (dialog);
  if (GTK_IS_WINDOW (dialog))
    {
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (a));
      g_assert_true (gtk_window_get_group (GTK_WINDOW (dialog)) == gtk_window_get_group (GTK_WINDOW (a)));
      g_assert_true (gtk_window_get_group (GTK_WINDOW (dialog)) != gtk_window_get_group (GTK_WINDOW (b)));
    }
  else
    g_assert_true (gtk_widget_get_root (dialog) == GTK_ROOT (a));

  /* B takes its keys; A none while its error is up. */
  b_selected = acies_play_session_get_selected_unit (acies_play_ui_session (b));
  g_assert_true (acies_play_ui_xdotool (b, "windowraise WIN windowfocus --sync WIN key --window WIN alt+1"));
  for (guint i = 0; i < 20 && acies_play_session_get_selected_unit (acies_play_ui_session (b)) == b_selected; i++)
    acies_test_spin (50);
  g_test_message ("B: selected %d, then %d", b_selected, acies_play_session_get_selected_unit (acies_play_ui_session (b)));
  g_assert_cmpint (acies_play_session_get_selected_unit (acies_play_ui_session (b)), !=, b_selected);
  if (GTK_IS_WINDOW (dialog))
    {
      a_selected = acies_play_session_get_selected_unit (acies_play_ui_session (a));
      g_assert_true (acies_play_ui_xdotool (a, "windowraise WIN windowfocus --sync WIN key --window WIN alt+1"));
      acies_test_spin (300);
      g_assert_cmpint (acies_play_session_get_selected_unit (acies_play_ui_session (a)), ==, a_selected);
    }

  acies_alert_respond (dialog, "close");
  acies_test_spin (100);
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

int
main (int   argc,
      char *argv[])
{
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */

  g_test_add_func ("/acies/play/keys/17.6/number-keys-as-shown", test_number_keys_as_shown);
  g_test_add_func ("/acies/play/simple-gboh/3.2/alt-keys", test_sg_keys);
  g_test_add_func ("/acies/play/cca/S5.2/alt-keys", test_cca_keys);
  g_test_add_func ("/acies/play/cca/S5.2/troop-card-lit", test_cca_troop_card_lit);
  g_test_add_func ("/acies/play/keys/17.6/alt-e-everywhere", test_end_key_everywhere);
  g_test_add_func ("/acies/play/simple-gboh/4.31/nothing-selected-nothing-lit", test_sg_nothing_selected_nothing_lit);
  g_test_add_func ("/acies/play/trial/1280x720/actions-on-screen", test_actions_on_screen_720);
  g_test_add_func ("/acies/play/trial/1280x720/curtain-ready-on-screen", test_curtain_ready_on_screen_720);
  g_test_add_func ("/acies/play/trial/1600x1000/heading-in-view-issus", test_heading_in_view_issus);
  g_test_add_func ("/acies/play/trial/error-modal-to-its-window", test_error_modal_to_its_window);

  return acies_play_ui_run ();
}
