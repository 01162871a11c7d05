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

int
main (int   argc,
      char *argv[])
{
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */

  g_test_add_func ("/acies/play/keys/17.6/number-keys-as-shown", test_number_keys_as_shown);

  return acies_play_ui_run ();
}
