/* test-cca-hidden.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include <string.h>

#include "io/acies-scenario-io.h"
#include "acies-test-games.h"
#include "cca-test-common.h"

/*
 * S3.6, DESIGN.md Visibility: no card of a hand is ever visible to the
 * other player.  Random games of every bundled battle; after each action,
 * for each player: the state view lists his own hand and no card of the
 * other's; the events he may read (public ones and his private ones) name
 * no card the other drew in that action; the prompts and the legal
 * actions shown to him, the units' words, name no card of the other
 * hand; a card played is public from then on.  The seats without a hand
 * (an Epic battle's Generals, an onlooker) see no card of either.
 */

static gboolean
in_hand (const AciesCcaState *s,
         gint                 side,
         gint                 card)
{
  return acies_cca_hand_has (s, side, card);
}

static gboolean
event_is_private (const AciesEvent *e)
{
  return e->data != NULL && json_object_has_member (e->data, "private")
         && json_object_get_boolean_member (e->data, "private");
}

/* The state view of @viewer: its "hand" is exactly its hand; no member
 * lists the other's cards. */
static void
check_view (AciesCcaState *s,
            gint           viewer)
{
  g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (cca_ruleset (), &s->base, viewer);
  g_autofree char *text = json_to_string (node, FALSE);
  JsonObject *root = json_node_get_object (node);
  gint other = 1 - viewer;
  guint8 seen[ACIES_CCA_N_CARDS] = { 0, };

  g_assert_false (json_object_has_member (root, "hand_0"));
  g_assert_false (json_object_has_member (root, "hand_1"));
  g_assert_false (json_object_has_member (root, "draw_pile"));
  if (json_object_has_member (root, "hand"))
    {
      JsonArray *hand = json_object_get_array_member (root, "hand");

      for (guint i = 0; i < json_array_get_length (hand); i++)
        {
          JsonObject *card = json_array_get_object_element (hand, i);
          gint id = acies_cca_card_from_id (json_object_get_string_member (card, "id"));

          g_assert_cmpint (id, >=, 0);
          /* A card held twice is listed twice, each once, compactly. */
          g_assert_false (json_object_has_member (card, "copies"));
          seen[id]++;
        }
    }
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      guint n = 0;

      for (guint k = 0; k < s->hand_len[viewer]; k++)
        n += s->hand[viewer][k] == i;
      g_assert_cmpuint (seen[i], ==, n);
      /* The other's cards, by id, appear nowhere unless the viewer holds
       * the same card. */
      if (in_hand (s, other, i) && !in_hand (s, viewer, i))
        g_assert_null (strstr (text, acies_cca_card_id (i)));
    }
}

/* The state view of a seat that holds no hand (an Epic battle's Generals,
 * seats 2 and up, and an onlooker, -2): no hand, no draw pile, no card of
 * either hand by id. */
static void
check_view_without_hand (AciesCcaState *s,
                         gint           viewer)
{
  g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (cca_ruleset (), &s->base, viewer);
  g_autofree char *text = json_to_string (node, FALSE);
  JsonObject *root = json_node_get_object (node);

  g_assert_false (json_object_has_member (root, "hand"));
  g_assert_false (json_object_has_member (root, "hand_0"));
  g_assert_false (json_object_has_member (root, "hand_1"));
  g_assert_false (json_object_has_member (root, "draw_pile"));
  for (gint side = 0; side < 2; side++)
    for (guint k = 0; k < s->hand_len[side]; k++)
      g_assert_null (strstr (text, acies_cca_card_id (s->hand[side][k])));
}

/* Whether a card of this title was played openly in the action (its
 * events then name it, and the player may draw another copy, or the same
 * card again after a reshuffle, in the same action). */
static gboolean
played_now (GPtrArray  *events,
            const char *title)
{
  for (guint i = 0; i < events->len; i++)
    {
      AciesEvent *e = g_ptr_array_index (events, i);

      if (g_strcmp0 (e->type, "card") == 0 && !event_is_private (e) && strstr (e->text, title) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
play_game (AciesScenario *scenario,
           guint64        seed)
{
  g_autoptr(GError) error = NULL;
  AciesCcaState *s = ACIES_CCA (acies_ruleset_new_state (cca_ruleset (), scenario, NULL, &error));
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  GRand *rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint steps = 0;

  g_assert_no_error (error);
  while (!s->base.finished && steps < 20000)
    {
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
      g_autoptr(AciesPrompt) prompt = NULL;
      gint decider = s->base.deciding_side;
      AciesAction a;

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (cca_ruleset (), &s->base, legal);
      g_assert_cmpuint (legal->len, >, 0);
      /* The legal actions (shown to the decider only) name his cards. */
      for (guint i = 0; i < legal->len; i++)
        {
          const AciesAction *l = &g_array_index (legal, AciesAction, i);

          if (l->type == ACIES_CCA_A_PLAY || l->type == ACIES_CCA_A_REACT_CARD)
            g_assert_true (in_hand (s, decider, l->args[0]));
        }
      /* The prompt names none of the other's cards. */
      prompt = acies_ruleset_get_prompt (cca_ruleset (), &s->base);
      for (guint i = 0; prompt != NULL && i < s->hand_len[1 - decider]; i++)
        {
          gint card = s->hand[1 - decider][i];

          /* The card in play, and the ones played last, are public. */
          if (card == s->play.card || card == s->play.effect || card == s->last_card[0] || card == s->last_card[1])
            continue;
          if (!in_hand (s, decider, card) && s->step != ACIES_CCA_STEP_EPIC_CANCEL)
            g_assert_null (strstr (prompt->text, acies_cca_card_title (s, card)));
        }

      a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      acies_dice_set_events (dice, events);
      if (!acies_ruleset_apply (cca_ruleset (), &s->base, &a, dice, events, &error))
        g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
      acies_dice_set_events (dice, NULL);
      steps++;

      if (steps % 8 == 0)
        {
          guint n_seats = acies_ruleset_get_n_seats (cca_ruleset (), &s->base);

          check_view_without_hand (s, -2);
          for (guint seat = 2; seat < n_seats; seat++)
            check_view_without_hand (s, (gint) seat);
        }
      for (gint viewer = 0; viewer < 2; viewer++)
        {
          g_autoptr(GPtrArray) secret = g_ptr_array_new ();

          check_view (s, viewer);
          /* What the other drew in this action. */
          for (guint i = 0; i < events->len; i++)
            {
              AciesEvent *e = g_ptr_array_index (events, i);

              if (e->data != NULL && json_object_has_member (e->data, "card"))
                {
                  /* A card is named only in a private event. */
                  g_assert_true (event_is_private (e));
                  if (e->player != viewer)
                    {
                      gint card = acies_cca_card_from_id (json_object_get_string_member (e->data, "card"));

                      if (!in_hand (s, viewer, card) && !played_now (events, acies_cca_card_title (s, card)))
                        g_ptr_array_add (secret, (gpointer) acies_cca_card_title (s, card));
                    }
                }
            }
          for (guint i = 0; i < events->len; i++)
            {
              AciesEvent *e = g_ptr_array_index (events, i);

              if (event_is_private (e) && e->player != viewer)
                continue;
              for (guint k = 0; k < secret->len; k++)
                if (strstr (e->text, secret->pdata[k]) != NULL)
                  g_error ("seed %" G_GUINT64_FORMAT ": the event \"%s\" shows %s to side %d", seed, e->text,
                           (char *) secret->pdata[k], viewer);
            }
          /* The units' words are the same for both and name no card. */
          if (steps % 16 == 0)
            for (guint u = 0; u < s->st->n_units + s->st->n_leaders; u++)
              {
                g_autofree char *words = acies_ruleset_describe_unit (cca_ruleset (), &s->base, u, viewer);

                for (guint k = 0; k < s->hand_len[1 - viewer]; k++)
                  g_assert_null (strstr (words, acies_cca_card_title (s, s->hand[1 - viewer][k])));
              }
        }
    }
  g_rand_free (rand);
  cca_state_free (s);
}

static void
test_hidden (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = cca_load_bundled (data);
  /* Each step reads every view and word for both viewers: under valgrind
   * (ACIES_SLOW_BUILD) one game per battle, which took over 25 minutes
   * with ten. */
  guint n = g_getenv ("ACIES_SLOW_BUILD") != NULL ? 1 : acies_test_games (10);

  for (guint g = 0; g < n; g++)
    play_game (scenario, 1000 + g);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) names = NULL;

  g_test_init (&argc, &argv, NULL);
  names = cca_bundled_battles ();
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *base = g_strndup (n, strlen (n) - strlen (".acies"));
      g_autofree char *path = g_strdup_printf ("/acies/cca/S3.6/no-card-seen-by-the-other-%s", base);

      g_test_add_data_func (path, n, test_hidden);
    }
  return g_test_run ();
}
