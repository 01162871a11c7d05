/* acies-start-page.c
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-start-page"

#include "config.h"

#include <glib/gi18n.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-catalogue.h"

#include "acies-editor.h"
#include "acies-gui-private.h"
#include "play/acies-play-autosave.h"
#include "acies-start-page.h"

/**
 * AciesStartPage:
 *
 * What a window shows before a document is open: "Open…", "New Scenario",
 * the unfinished games, the recent files and every scenario bundled with
 * Acies (all folders under scenarios/ of the data resource): the
 * historical battles Acies can play first, then the rest grouped by rule
 * system.  Every row activates app.open-uri with the file's URI.
 */

struct _AciesStartPage
{
  AdwBin      parent_instance;

  GtkWidget  *resume_group;
  GtkListBox *resume_list;
  GtkWidget  *recent_group;
  GtkListBox *recent_list;
  GtkWidget  *samples_heading;
  GtkBox     *samples_box;

  GListStore *samples;   /* GFile, resource:// URIs */
  GListStore *recent;    /* GFile */
  GListStore *unfinished; /* GFile: autosaved games */
  GFileMonitor *autosave_monitor; /* the autosave folder, or NULL */
  guint       reload_id;  /* a reload after the folder changed */
  gboolean    stale;      /* the folder changed while the page was not shown */
};

G_DEFINE_FINAL_TYPE (AciesStartPage, acies_start_page, ADW_TYPE_BIN)

/* All bundled scenarios, in every folder under scenarios/ of the data
 * resource (samples/, grass-crown/, lost-battles/…): the historical
 * battles and the samples alike. */
#define SCENARIOS_RESOURCE_PATH "/io/github/acies/Acies/scenarios/"

typedef struct
{
  char          *uri;
  char          *name;
  AciesScenario *scenario;   /* or NULL when it could not be read */
  char          *error;
  gboolean       sample;     /* under samples/: a small example, not a battle */
  gboolean       playable;   /* Acies has a rules engine for its rule system */
} SampleInfo;

static void
sample_info_free (SampleInfo *info)
{
  g_free (info->uri);
  g_free (info->name);
  g_clear_pointer (&info->scenario, acies_scenario_unref);
  g_free (info->error);
  g_free (info);
}

/* Playable first, then the battles before the samples, then by title. */
static int
sample_info_compare (gconstpointer a,
                     gconstpointer b)
{
  const SampleInfo *ia = *(const SampleInfo * const *) a;
  const SampleInfo *ib = *(const SampleInfo * const *) b;
  const char *ta = ia->scenario && ia->scenario->meta.title ? ia->scenario->meta.title : ia->name;
  const char *tb = ib->scenario && ib->scenario->meta.title ? ib->scenario->meta.title : ib->name;

  if (ia->playable != ib->playable)
    return ia->playable ? -1 : 1;
  if (ia->sample != ib->sample)
    return ia->sample ? 1 : -1;

  return g_utf8_collate (ta, tb);
}

/* Reads every .acies file under @path (a resource folder, recursively). */
static void
collect_samples (const char *path,
                 gboolean    sample,
                 GPtrArray  *infos)
{
  g_auto(GStrv) children = g_resources_enumerate_children (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  for (guint i = 0; children != NULL && children[i] != NULL; i++)
    {
      g_autofree char *child = g_strconcat (path, children[i], NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *unplayable = NULL;
      SampleInfo *info;
      gsize length = 0;
      const char *data;

      if (g_str_has_suffix (children[i], "/"))
        {
          collect_samples (child, sample || g_str_equal (children[i], "samples/"), infos);
          continue;
        }
      if (!g_str_has_suffix (children[i], ".acies"))
        continue;

      info = g_new0 (SampleInfo, 1);
      info->name = g_strdup (children[i]);
      info->uri = g_strconcat ("resource://", child, NULL);
      info->sample = sample;

      bytes = g_resources_lookup_data (child, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (bytes != NULL)
        {
          data = g_bytes_get_data (bytes, &length);
          info->scenario = acies_scenario_load_data (data, length, children[i], &error);
        }
      if (info->scenario == NULL)
        {
          /* A broken bundled scenario is a bug; list it so that opening it
           * shows the reason instead of hiding it. */
          g_debug ("Bundled scenario %s: %s", child, error->message);
          info->error = g_strdup (error->message);
        }
      else
        {
          unplayable = acies_editor_describe_unplayable (info->scenario->ruleset);
          info->playable = unplayable == NULL;
        }

      g_ptr_array_add (infos, info);
    }
}

static GtkWidget *
make_row (const char *title,
          const char *subtitle,
          const char *uri)
{
  GtkWidget *row;

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL && subtitle[0] != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "app.open-uri");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", uri);

  return row;
}

/* A bundled scenario's row: open it, or "Play" it at once. */
static GtkWidget *
make_sample_row (const char *title,
                 const char *subtitle,
                 const char *uri,
                 const char *ruleset)
{
  GtkWidget *row = make_row (title, subtitle, uri);
  GtkWidget *play = gtk_button_new_with_label (_("Play"));
  g_autofree char *unplayable = acies_editor_describe_unplayable (ruleset);
  g_autofree char *tooltip = NULL;

  gtk_widget_set_valign (play, GTK_ALIGN_CENTER);
  if (unplayable != NULL)
    {
      /* No rules engine for this rule system yet: the row still opens the
       * scenario in the editor, but Play cannot start a game. */
      tooltip = g_strconcat (unplayable, ".", NULL);
      gtk_widget_set_sensitive (play, FALSE);
    }
  else
    {
      tooltip = g_strdup_printf (_("Start a game of %s"), title);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (play), "app.play-uri");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (play), "s", uri);
    }
  gtk_widget_set_tooltip_text (play, tooltip);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), play);

  return row;
}

static char *
describe_scenario (const AciesScenario *scenario)
{
  const char *date = scenario->meta.date;
  const char *place = scenario->meta.place;

  if (date != NULL && *date != '\0' && place != NULL && *place != '\0')
    /* Translators: a scenario's date and place, e.g. "280 BC · Heraclea". */
    return g_strdup_printf (_("%s · %s"), date, place);
  if (date != NULL && *date != '\0')
    return g_strdup (date);
  if (place != NULL && *place != '\0')
    return g_strdup (place);

  return NULL;
}

static GtkWidget *
add_group (AciesStartPage *self,
           const char     *title,
           const char     *description)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *list = gtk_list_box_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  gtk_box_append (self->samples_box, group);

  return list;
}

static void
acies_start_page_load_samples (AciesStartPage *self)
{
  g_autoptr(GPtrArray) infos = g_ptr_array_new_with_free_func ((GDestroyNotify) sample_info_free);
  g_autoptr(GHashTable) shown = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  const char * const *ids;
  GtkWidget *list = NULL;

  collect_samples (SCENARIOS_RESOURCE_PATH, FALSE, infos);

  g_ptr_array_sort (infos, sample_info_compare);

  /* The historical battles Acies can play come first, in a group of
   * their own (each says its rule system). */
  list = NULL;
  for (guint i = 0; i < infos->len; i++)
    {
      SampleInfo *info = g_ptr_array_index (infos, i);
      AciesCatalogue *catalogue;
      g_autofree char *where = NULL;
      g_autofree char *subtitle = NULL;
      g_autoptr(GFile) file = NULL;

      if (info->scenario == NULL || !info->playable || info->sample)
        continue;
      if (list == NULL)
        list = add_group (self, _("Battles"), _("Historical battles with their rules engine: ready to play"));
      catalogue = acies_catalogue_get_bundled (info->scenario->ruleset);
      where = describe_scenario (info->scenario);
      subtitle = g_strjoin (" · ", where != NULL ? where : "",
                            catalogue != NULL && catalogue->name != NULL ? catalogue->name : info->scenario->ruleset,
                            NULL);
      if (where == NULL)
        memmove (subtitle, subtitle + strlen (" · "), strlen (subtitle + strlen (" · ")) + 1);
      gtk_list_box_append (GTK_LIST_BOX (list),
                           make_sample_row (info->scenario->meta.title ? info->scenario->meta.title : info->name,
                                            subtitle, info->uri, info->scenario->ruleset));
      file = g_file_new_for_uri (info->uri);
      g_list_store_append (self->samples, file);
      g_hash_table_add (shown, info);
    }

  /* Then one group per rule system for the rest (samples, battles of
   * rule systems without an engine): those with playable scenarios first
   * (the sort put them first), then in the order of their first scenario. */
  ids = acies_catalogue_list_bundled ();
  for (guint i = 0; i < infos->len; i++)
    {
      SampleInfo *info = g_ptr_array_index (infos, i);

      if (info->scenario != NULL && info->scenario->ruleset != NULL
          && !g_hash_table_contains (shown, info) && ids != NULL && g_strv_contains (ids, info->scenario->ruleset)
          && !g_ptr_array_find_with_equal_func (order, info->scenario->ruleset, g_str_equal, NULL))
        g_ptr_array_add (order, info->scenario->ruleset);
    }

  for (guint k = 0; k < order->len; k++)
    {
      const char *id = g_ptr_array_index (order, k);
      AciesCatalogue *catalogue = acies_catalogue_get_bundled (id);

      list = add_group (self, catalogue && catalogue->name ? catalogue->name : id, NULL);
      for (guint i = 0; i < infos->len; i++)
        {
          SampleInfo *info = g_ptr_array_index (infos, i);
          g_autofree char *subtitle = NULL;
          g_autoptr(GFile) file = NULL;

          if (info->scenario == NULL || g_strcmp0 (info->scenario->ruleset, id) != 0
              || g_hash_table_contains (shown, info))
            continue;

          subtitle = describe_scenario (info->scenario);
          if (info->sample)
            {
              /* Translators: a small example scenario, not a historical battle. */
              g_autofree char *with = subtitle != NULL ? g_strdup_printf (_("Sample · %s"), subtitle)
                                                       : g_strdup (_("Sample"));

              g_free (subtitle);
              subtitle = g_steal_pointer (&with);
            }
          gtk_list_box_append (GTK_LIST_BOX (list),
                               make_sample_row (info->scenario->meta.title ? info->scenario->meta.title : info->name,
                                                subtitle, info->uri, info->scenario->ruleset));
          file = g_file_new_for_uri (info->uri);
          g_list_store_append (self->samples, file);
          g_hash_table_add (shown, info);
        }
    }

  /* Scenarios of rule systems that are not bundled, or unreadable ones. */
  list = NULL;
  for (guint i = 0; i < infos->len; i++)
    {
      SampleInfo *info = g_ptr_array_index (infos, i);

      if (g_hash_table_contains (shown, info))
        continue;

      if (list == NULL)
        list = add_group (self, _("Other"), NULL);
      {
        g_autoptr(GFile) file = g_file_new_for_uri (info->uri);

        g_list_store_append (self->samples, file);
      }

      if (info->scenario != NULL)
        {
          g_autofree char *subtitle = describe_scenario (info->scenario);

          gtk_list_box_append (GTK_LIST_BOX (list),
                               make_row (info->scenario->meta.title ? info->scenario->meta.title : info->name,
                                         subtitle, info->uri));
        }
      else
        {
          gtk_list_box_append (GTK_LIST_BOX (list),
                               make_row (info->name, info->error, info->uri));
        }
    }

  gtk_widget_set_visible (self->samples_heading, infos->len > 0);
}

/* "Pyrrhus (Epirus) v Laevinus (Rome)": each side's player and side. */
static char *
describe_players (AciesGame *game)
{
  const AciesScenario *scenario = acies_game_get_scenario (game);
  const char * const *names = acies_game_get_player_names (game);
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < scenario->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (scenario->sides, i);
      const char *name = side->name != NULL ? side->name : side->id;
      const char *player = names != NULL && i < g_strv_length ((char **) names) ? names[i] : NULL;

      if (player != NULL && *player != '\0' && g_strcmp0 (player, name) != 0)
        /* Translators: a player's name and the side they play. */
        g_ptr_array_add (parts, g_strdup_printf (_("%s (%s)"), player, name));
      else
        g_ptr_array_add (parts, g_strdup (name));
    }
  if (parts->len == 2)
    /* Translators: the two sides of a game, "Pyrrhus (Epirus) v Laevinus (Rome)". */
    return g_strdup_printf (_("%s v %s"), (char *) parts->pdata[0], (char *) parts->pdata[1]);
  g_ptr_array_add (parts, NULL);

  /* Translators: between the sides of a game of three or more sides, "Epirus v Rome v Carthage". */
  return g_strjoinv (_(" v "), (char **) parts->pdata);
}

/* The autosaves to list: one per game.  An autosave that is a copy of a
 * saved game (its ".origin") stands for that game; of several copies of
 * one saved game (an older session's, kept), the one written last is
 * listed.  Newest first, as acies_play_autosave_list() gives them. */
static gint64
modified_time (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                 G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return 0;
  return (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* Says when an unfinished game was saved, as GNOME says dates: "saved
 * Today, 10:00", "saved Yesterday, 18:30", "saved 30 November 2026,
 * 10:00" (the year always in full; the old "%x %X" wrote 11/30/26). */
static char *
format_saved (GDateTime *time)
{
  g_autoptr(GDateTime) now = g_date_time_new_now (g_date_time_get_timezone (time));
  g_autoptr(GDateTime) today = g_date_time_new (g_date_time_get_timezone (time),
                                                g_date_time_get_year (now),
                                                g_date_time_get_month (now),
                                                g_date_time_get_day_of_month (now), 0, 0, 0);
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (today, -1);
  g_autoptr(GDateTime) tomorrow = g_date_time_add_days (today, 1);
  g_autofree char *clock = g_date_time_format (time, "%H:%M");
  g_autofree char *date = NULL;

  if (g_date_time_compare (time, today) >= 0 && g_date_time_compare (time, tomorrow) < 0)
    /* Translators: when an unfinished game was saved, today at a time. */
    return g_strdup_printf (_("saved Today, %s"), clock);
  if (g_date_time_compare (time, yesterday) >= 0 && g_date_time_compare (time, today) < 0)
    /* Translators: when an unfinished game was saved, yesterday at a time. */
    return g_strdup_printf (_("saved Yesterday, %s"), clock);

  /* Translators: a date as g_date_time_format() writes it: "30 November 2026, 10:00". */
  date = g_date_time_format (time, _("%e %B %Y, %H:%M"));
  g_strstrip (date);
  /* Translators: when an unfinished game was saved, a date. */
  return g_strdup_printf (_("saved %s"), date);
}

static GPtrArray *
unfinished_games (void)
{
  g_autoptr(GPtrArray) files = acies_play_autosave_list ();
  g_autoptr(GHashTable) newest = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);

  /* The saved game's URI → the autosave of it written last. */
  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (file);
      g_autofree char *key = NULL;
      GFile *best;

      if (saved == NULL)
        continue;
      key = g_file_get_uri (saved);
      best = g_hash_table_lookup (newest, key);
      if (best == NULL || modified_time (file) > modified_time (best))
        g_hash_table_insert (newest, g_steal_pointer (&key), file);
    }

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (file);

      if (saved != NULL)
        {
          g_autofree char *key = g_file_get_uri (saved);

          if (g_hash_table_lookup (newest, key) != file)
            continue;
        }
      g_ptr_array_add (games, g_object_ref (file));
    }

  return games;
}

static gboolean
reload_cb (gpointer data)
{
  AciesStartPage *self = data;

  self->reload_id = 0;
  /* Reading the games replays them: not while nobody sees the page (a
   * game window autosaves after every action). */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    acies_start_page_reload_unfinished (self);
  else
    self->stale = TRUE;

  return G_SOURCE_REMOVE;
}

static void
start_page_map_cb (AciesStartPage *self)
{
  if (self->stale)
    acies_start_page_reload_unfinished (self);
}

/* A game window wrote, saved or removed an autosave: the list follows
 * (once the writes have settled). */
static void
autosave_changed_cb (GFileMonitor      *monitor,
                     GFile             *file,
                     GFile             *other,
                     GFileMonitorEvent  event,
                     AciesStartPage    *self)
{
  if (event == G_FILE_MONITOR_EVENT_CHANGED)
    return;  /* CHANGES_DONE_HINT follows */
  g_clear_handle_id (&self->reload_id, g_source_remove);
  self->reload_id = g_timeout_add (300, reload_cb, self);
}

/**
 * acies_start_page_reload_unfinished:
 * @self: a start page
 *
 * Lists the autosaved games (the resume offer after a crash, a kill or a
 * closed window), five at most, newest first: each by its scenario's
 * title (and the file it was saved to, as the game window is titled),
 * the players, the turn and when it was saved; a row resumes one.  A
 * game is listed once: of several autosaves of one saved game, the one
 * written last.  Games with no action yet are not listed.  The list
 * follows the autosave folder by itself.
 */
void
acies_start_page_reload_unfinished (AciesStartPage *self)
{
  g_autoptr(GPtrArray) files = unfinished_games ();
  GtkWidget *child;

  g_return_if_fail (ACIES_IS_START_PAGE (self));

  self->stale = FALSE;
  if (self->autosave_monitor == NULL)
    {
      g_autoptr(GFile) dir = acies_play_autosave_dir ();

      /* The folder may not exist yet: a game window makes it. */
      g_file_make_directory_with_parents (dir, NULL, NULL);
      self->autosave_monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
      if (self->autosave_monitor != NULL)
        g_signal_connect_object (self->autosave_monitor, "changed",
                                 G_CALLBACK (autosave_changed_cb), self, 0);
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->resume_list))) != NULL)
    gtk_list_box_remove (self->resume_list, child);
  g_list_store_remove_all (self->unfinished);

  for (guint i = 0; i < files->len && g_list_model_get_n_items (G_LIST_MODEL (self->unfinished)) < 5; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autofree char *uri = g_file_get_uri (file);
      g_autoptr(GFileInfo) info = NULL;
      g_autofree char *when = NULL;
      GtkWidget *row, *resume;
      g_autoptr(AciesGame) game = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;

      /* A game with no action yet is nothing to resume. */
      game = acies_game_load_file (file, &error);
      if (game != NULL && acies_game_get_n_actions (game) == 0)
        continue;

      info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);
      if (info != NULL)
        {
          g_autoptr(GDateTime) time = g_file_info_get_modification_date_time (info);
          g_autoptr(GDateTime) local = time ? g_date_time_to_local (time) : NULL;

          when = local ? format_saved (local) : NULL;
        }

      if (game != NULL)
        {
          const AciesScenario *scenario = acies_game_get_scenario (game);
          g_autofree char *players = describe_players (game);
          /* The turn as the rulebook names it ("Pyrrhus Turn 2"), else
           * "Turn 3". */
          g_autofree char *turn = acies_ruleset_describe_turn (acies_game_get_ruleset (game),
                                                               acies_game_get_state (game));

          if (turn == NULL || *turn == '\0')
            {
              g_free (turn);
              turn = g_strdup_printf (_("Turn %u"), acies_game_get_state (game)->turn);
            }

          g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (file);

          title = g_strdup (scenario->meta.title != NULL && *scenario->meta.title != '\0'
                            ? scenario->meta.title : _("Untitled Scenario"));
          if (saved != NULL)
            {
              /* As the game window is titled: the battle and its file. */
              g_autofree char *name = g_file_get_basename (saved);
              g_autofree char *display = name != NULL ? g_filename_display_name (name) : NULL;

              if (display != NULL)
                {
                  g_autofree char *with_file = g_strdup_printf (_("%s — %s"), title, display);

                  g_free (title);
                  title = g_steal_pointer (&with_file);
                }
            }
          /* The players, the turn and when it was saved:
           * "Pyrrhus (Epirus) v Laevinus (Rome) · Turn 3 · saved …". */
          subtitle = g_strjoin (" · ", players, turn, when != NULL ? when : "", NULL);
          if (g_str_has_suffix (subtitle, " · "))
            subtitle[strlen (subtitle) - strlen (" · ")] = '\0';
        }
      else
        {
          /* Unreadable: its name and why, so the row explains itself. */
          title = g_file_get_basename (file);
          subtitle = g_strdup (error->message);
        }

      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      resume = gtk_button_new_with_label (_("Resume"));
      gtk_widget_add_css_class (resume, "suggested-action");
      gtk_widget_set_valign (resume, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (resume), "app.resume-game");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (resume), "s", uri);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), resume);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "app.resume-game");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", uri);
      gtk_list_box_append (self->resume_list, row);
      g_list_store_append (self->unfinished, file);
    }

  gtk_widget_set_visible (self->resume_group,
                          g_list_model_get_n_items (G_LIST_MODEL (self->unfinished)) > 0);
}

/**
 * acies_start_page_get_unfinished:
 * @self: a start page
 *
 * Returns: (transfer none): the autosaved games offered for resuming (GFile)
 */
GListModel *
acies_start_page_get_unfinished (AciesStartPage *self)
{
  g_return_val_if_fail (ACIES_IS_START_PAGE (self), NULL);

  return G_LIST_MODEL (self->unfinished);
}

static void
acies_start_page_dispose (GObject *object)
{
  AciesStartPage *self = ACIES_START_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACIES_TYPE_START_PAGE);
  g_clear_handle_id (&self->reload_id, g_source_remove);
  if (self->autosave_monitor != NULL)
    g_file_monitor_cancel (self->autosave_monitor);
  g_clear_object (&self->autosave_monitor);
  g_clear_object (&self->samples);
  g_clear_object (&self->recent);
  g_clear_object (&self->unfinished);

  G_OBJECT_CLASS (acies_start_page_parent_class)->dispose (object);
}

static void
acies_start_page_class_init (AciesStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  acies_gui_ensure_resources ();

  object_class->dispose = acies_start_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/acies-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesStartPage, resume_group);
  gtk_widget_class_bind_template_child (widget_class, AciesStartPage, resume_list);
  gtk_widget_class_bind_template_child (widget_class, AciesStartPage, recent_group);
  gtk_widget_class_bind_template_child (widget_class, AciesStartPage, recent_list);
  gtk_widget_class_bind_template_child (widget_class, AciesStartPage, samples_heading);
  gtk_widget_class_bind_template_child (widget_class, AciesStartPage, samples_box);
}

static void
acies_start_page_init (AciesStartPage *self)
{
  self->samples = g_list_store_new (G_TYPE_FILE);
  self->recent = g_list_store_new (G_TYPE_FILE);
  self->unfinished = g_list_store_new (G_TYPE_FILE);

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "map", G_CALLBACK (start_page_map_cb), NULL);

  acies_start_page_load_samples (self);
  acies_start_page_reload_unfinished (self);
}

/**
 * acies_start_page_new:
 *
 * Returns: (transfer floating): a new start page listing the bundled
 *   scenarios
 */
GtkWidget *
acies_start_page_new (void)
{
  return g_object_new (ACIES_TYPE_START_PAGE, NULL);
}

/**
 * acies_start_page_get_samples:
 * @self: a start page
 *
 * Returns: (transfer none): a #GListModel of #GFile, the bundled scenarios
 *   listed (resource:// URIs: every scenario bundled, historical battles
 *   and samples), in the order shown: the playable battles first
 */
GListModel *
acies_start_page_get_samples (AciesStartPage *self)
{
  g_return_val_if_fail (ACIES_IS_START_PAGE (self), NULL);

  return G_LIST_MODEL (self->samples);
}

/**
 * acies_start_page_get_recent:
 * @self: a start page
 *
 * Returns: (transfer none): a #GListModel of #GFile, the recent files listed
 */
GListModel *
acies_start_page_get_recent (AciesStartPage *self)
{
  g_return_val_if_fail (ACIES_IS_START_PAGE (self), NULL);

  return G_LIST_MODEL (self->recent);
}

/**
 * acies_start_page_set_recent:
 * @self: a start page
 * @uris: (nullable) (array zero-terminated=1): URIs, newest first
 *
 * Lists @uris under "Recent"; the group is hidden when there are none.
 */
void
acies_start_page_set_recent (AciesStartPage     *self,
                             const char * const *uris)
{
  GtkWidget *child;

  g_return_if_fail (ACIES_IS_START_PAGE (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  g_list_store_remove_all (self->recent);

  for (guint i = 0; uris != NULL && uris[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (uris[i]);
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *where = NULL;
      g_autofree char *display = NULL;

      if (name == NULL)
        continue;

      display = g_filename_display_name (name);
      if (parent != NULL)
        {
          g_autofree char *parse_name = g_file_get_parse_name (parent);
          const char *home = g_get_home_dir ();

          if (home != NULL && g_str_has_prefix (parse_name, home) &&
              (parse_name[strlen (home)] == '/' || parse_name[strlen (home)] == '\0'))
            where = g_strconcat ("~", parse_name + strlen (home), NULL);
          else
            where = g_steal_pointer (&parse_name);
        }

      g_list_store_append (self->recent, file);
      gtk_list_box_append (self->recent_list, make_row (display, where, uris[i]));
    }

  gtk_widget_set_visible (self->recent_group,
                          g_list_model_get_n_items (G_LIST_MODEL (self->recent)) > 0);
}
