/* acies-new-game-dialog.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "acies-text.h"
#include "rulesets/acies-ruleset.h"

#include "acies-application.h"
#include "acies-param-widget.h"
#include "acies-new-game-dialog.h"

/**
 * AciesNewGameDialog:
 *
 * Starts a game from a scenario: who plays which side, a seed or physical
 * dice (the game then asks for every roll and checks it), and the house
 * options the ruleset's catalogue exposes.  "newgame.start" starts it.
 */

struct _AciesNewGameDialog
{
  AdwWindow       parent_instance;

  AciesScenario  *scenario;
  AciesRuleset   *ruleset;      /* or NULL when the rule system is unknown */
  GtkApplication *application;

  GPtrArray      *name_entries; /* GtkEditable per seat (one per side unless sides share) */
  GtkSwitch      *physical;
  GtkSpinButton  *seed;
  AdwExpanderRow *seed_choice;  /* hidden draws: choosing the seed knowingly, or NULL */
  guint64         secret_seed;  /* hidden draws: the seed drawn secretly */
  GPtrArray      *option_widgets; /* GtkWidget per catalogue option */
  GtkLabel       *error_label;
  GSettings      *settings;     /* the app's, for "dice-mode", or NULL */
};

G_DEFINE_FINAL_TYPE (AciesNewGameDialog, acies_new_game_dialog, ADW_TYPE_WINDOW)

static void
start_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AciesNewGameDialog *self = ACIES_NEW_GAME_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (acies_new_game_dialog_start (self, &error) == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
}

static void set_to_default (GtkWidget            *widget,
                            const AciesParamSpec *spec);

/* "newgame.reset-options": every house option back to the book's
 * reading (the catalogue's default). */
static void
reset_options_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AciesNewGameDialog *self = ACIES_NEW_GAME_DIALOG (widget);
  AciesCatalogue *catalogue = self->ruleset ? acies_ruleset_get_catalogue (self->ruleset) : NULL;

  for (guint i = 0; catalogue != NULL && i < self->option_widgets->len; i++)
    set_to_default (g_ptr_array_index (self->option_widgets, i), g_ptr_array_index (catalogue->options, i));
}

static void
cancel_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
acies_new_game_dialog_finalize (GObject *object)
{
  AciesNewGameDialog *self = ACIES_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->application);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->name_entries, g_ptr_array_unref);
  g_clear_pointer (&self->option_widgets, g_ptr_array_unref);

  G_OBJECT_CLASS (acies_new_game_dialog_parent_class)->finalize (object);
}

static void
acies_new_game_dialog_class_init (AciesNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = acies_new_game_dialog_finalize;

  gtk_widget_class_install_action (widget_class, "newgame.start", NULL, start_action_cb);
  gtk_widget_class_install_action (widget_class, "newgame.cancel", NULL, cancel_action_cb);
  gtk_widget_class_install_action (widget_class, "newgame.reset-options", NULL, reset_options_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "newgame.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "newgame.start", NULL);
}

static void
acies_new_game_dialog_init (AciesNewGameDialog *self)
{
  self->name_entries = g_ptr_array_new ();
  self->option_widgets = g_ptr_array_new ();
}

static GtkWidget *
row_with (const char *title,
          const char *subtitle,
          GtkWidget  *suffix)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), suffix);
  /* Tab goes from one name straight to the next: a row that took the
   * focus would swallow what is typed next. */
  if (GTK_IS_EDITABLE (suffix))
    gtk_widget_set_focusable (row, FALSE);

  return row;
}

/* Sets @widget (made by option_widget()) to @spec's default, the book's
 * reading. */
static void
set_to_default (GtkWidget            *widget,
                const AciesParamSpec *spec)
{
  JsonNode *def = spec->default_value;
  gboolean has_value = def != NULL && JSON_NODE_HOLDS_VALUE (def);

  if (GTK_IS_SWITCH (widget))
    gtk_switch_set_active (GTK_SWITCH (widget), has_value && json_node_get_value_type (def) == G_TYPE_BOOLEAN
                                                && json_node_get_boolean (def));
  else if (GTK_IS_SPIN_BUTTON (widget))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), has_value ? json_node_get_int (def) : spec->min);
  else if (GTK_IS_DROP_DOWN (widget))
    {
      gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 0);
      for (guint i = 0; has_value && spec->values != NULL && spec->values[i] != NULL; i++)
        if (g_strcmp0 (spec->values[i], json_node_get_string (def)) == 0)
          gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), i);
    }
  else if (GTK_IS_EDITABLE (widget))
    gtk_editable_set_text (GTK_EDITABLE (widget),
                           has_value && json_node_get_value_type (def) == G_TYPE_STRING ? json_node_get_string (def) : "");
}

static GtkWidget *
option_widget (const AciesParamSpec *spec)
{
  GtkWidget *widget;

  switch (spec->type)
    {
    case ACIES_VALUE_BOOL:
      widget = gtk_switch_new ();
      break;
    case ACIES_VALUE_INT:
      widget = gtk_spin_button_new_with_range (spec->min, spec->max > spec->min ? spec->max : G_MAXINT, 1);
      acies_spin_button_guard (GTK_SPIN_BUTTON (widget), NULL);
      break;
    case ACIES_VALUE_ENUM:
      {
        g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
        g_auto(GStrv) labels = NULL;

        /* The values in words (the catalogue's "value_labels"). */
        for (guint i = 0; spec->values != NULL && spec->values[i] != NULL; i++)
          {
            g_autofree char *label = acies_param_spec_value_label (spec, i);

            g_strv_builder_add (builder, label);
          }
        labels = g_strv_builder_end (builder);
        /* Cut short on the button, so that a long value does not squeeze
         * the ruling's title and help into a narrow column (French trial). */
        widget = acies_drop_down_new_ellipsized ((const char * const *) labels);
        break;
      }
    default:
      widget = gtk_entry_new ();
      break;
    }
  set_to_default (widget, spec);
  return widget;
}

/* The chapter of the rules a ruling belongs to, for grouping: "8" of its
 * source ("GC 8.4"), else of the first section its help names ("8.5 says
 * Elephantry…"); a section with no dotted number is its own chapter ("7"
 * of "CCA 7 Forest", "Epic Battles" of "CCA Epic Battles"); %NULL when
 * it names none. */
static char *
ruling_chapter (const AciesParamSpec *spec,
                const char           *help,
                const char           *book_prefix)
{
  g_autoptr(GRegex) regex = g_regex_new ("\\b([0-9]{1,2})\\.[0-9]", 0, 0, NULL);
  const char *texts[] = { spec->source, help };
  const char *section = spec->source;
  gsize digits;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GMatchInfo) match = NULL;

      if (texts[i] != NULL && g_regex_match (regex, texts[i], 0, &match))
        return g_match_info_fetch (match, 1);
    }
  if (section == NULL)
    return NULL;
  if (book_prefix != NULL && g_str_has_prefix (section, book_prefix)
      && section[strlen (book_prefix)] == ' ')
    section += strlen (book_prefix) + 1;
  for (digits = 0; g_ascii_isdigit (section[digits]); digits++)
    ;
  if (digits > 0)
    return g_strndup (section, digits);
  return *section != '\0' ? g_strdup (section) : NULL;
}

static gint
compare_chapters (gconstpointer a,
                  gconstpointer b)
{
  const char *x = *(const char * const *) a, *y = *(const char * const *) b;
  gboolean x_number = g_ascii_isdigit (*x), y_number = g_ascii_isdigit (*y);

  /* Numerically, then the named parts of the book ("Epic Battles"), the
   * rulings that name no section last (""). */
  if (*x == '\0' || *y == '\0')
    return (*x == '\0') - (*y == '\0');
  if (x_number != y_number)
    return x_number ? -1 : 1;
  if (!x_number)
    return g_utf8_collate (x, y);
  return (gint) g_ascii_strtoll (x, NULL, 10) - (gint) g_ascii_strtoll (y, NULL, 10);
}

/* The leaders of @side in the scenario, by name ("Hannibal Barca,
 * Hasdrubal"), or %NULL: a side is known by its commanders. */
static char *
commanders_of (AciesScenario   *scenario,
               const AciesSide *side)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      AciesLeader *leader = g_ptr_array_index (scenario->leaders, i);

      if (g_strcmp0 (leader->side, side->id) == 0)
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                leader->name != NULL ? leader->name : leader->id);
    }
  return names->len > 0 ? g_string_free (g_steal_pointer (&names), FALSE) : NULL;
}

/* A seat's row title under its side's group: the ruleset's name of the
 * seat without the side's name before it ("Romans, Supreme Commander" →
 * "Supreme Commander"), which the group's title gives. */
static char *
seat_title (const char *seat_label,
            const char *side_label)
{
  size_t n = strlen (side_label);
  const char *rest = seat_label;

  if (strncmp (seat_label, side_label, n) == 0 && (seat_label[n] == ',' || seat_label[n] == ':')
      && seat_label[n + 1] == ' ' && seat_label[n + 2] != '\0')
    rest = seat_label + n + 2;
  {
    g_autofree char *first = g_utf8_substring (rest, 0, 1);
    g_autofree char *upper = g_utf8_strup (first, -1);

    return g_strconcat (upper, g_utf8_next_char (rest), NULL);
  }
}

/* An option's subtitle in Pango markup: its help as a player reads it,
 * then the ruling it settles and its rule section, smaller and dimmer
 * ("Ruling GC-G25 · GC 8.4"), instead of the raw "(checklist GC-G25)". */
/* The seats of a game of the scenario, each named by the ruleset when it
 * has more seats than sides (an Epic battle's Supreme Commander and
 * Generals), else NULL (the side's name).  Asked of a state made for the
 * purpose; one seat per side when the ruleset refuses the scenario. */
static GPtrArray *
seat_names (AciesNewGameDialog *self)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  AciesState *state = NULL;
  guint n_sides = self->scenario->sides->len, n_seats = n_sides;

  if (self->ruleset != NULL)
    state = acies_ruleset_new_state (self->ruleset, self->scenario, NULL, NULL);
  if (state != NULL)
    n_seats = MAX (n_sides, acies_ruleset_get_n_seats (self->ruleset, state));
  for (guint seat = 0; seat < n_seats; seat++)
    g_ptr_array_add (names, n_seats > n_sides ? acies_ruleset_describe_seat (self->ruleset, state, seat) : NULL);
  if (state != NULL)
    acies_ruleset_free_state (self->ruleset, state);

  return names;
}

static char *
option_subtitle (const AciesParamSpec *spec)
{
  g_autofree char *ruling = NULL;
  g_autofree char *help = acies_param_help_split (spec->help, &ruling);
  g_autofree char *reference = NULL;
  GString *markup = g_string_new (NULL);

  if (ruling != NULL && spec->source != NULL)
    reference = g_strdup_printf ("%s · %s", ruling, acies_rule_citation_shown (spec->source));
  else
    reference = g_strdup (ruling != NULL ? ruling : acies_rule_citation_shown (spec->source));

  if (help != NULL && *help != '\0')
    {
      g_autofree char *escaped = g_markup_escape_text (help, -1);

      g_string_append (markup, escaped);
    }
  if (reference != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (reference, -1);

      if (markup->len > 0)
        g_string_append_c (markup, '\n');
      g_string_append_printf (markup, "<span size=\"small\" alpha=\"70%%\">%s</span>", escaped);
    }
  if (markup->len == 0)
    {
      g_string_free (markup, TRUE);
      return NULL;
    }

  return g_string_free (markup, FALSE);
}

/* "dice-mode" ("computer" or "physical") <-> the switch's "active". */
static gboolean
dice_mode_get_mapping_cb (GValue   *value,
                          GVariant *variant,
                          gpointer  user_data)
{
  g_value_set_boolean (value, g_strcmp0 (g_variant_get_string (variant, NULL), "physical") == 0);
  return TRUE;
}

static GVariant *
dice_mode_set_mapping_cb (const GValue       *value,
                          const GVariantType *expected_type,
                          gpointer            user_data)
{
  return g_variant_new_string (g_value_get_boolean (value) ? "physical" : "computer");
}

static void
build (AciesNewGameDialog *self,
       const char         *error_text)
{
  GtkWidget *box, *header, *button, *page, *group, *scrolled;
  AciesCatalogue *catalogue = self->ruleset ? acies_ruleset_get_catalogue (self->ruleset) : NULL;
  g_autofree char *title = NULL;
  g_autoptr(GPtrArray) seats = NULL;

  gtk_window_set_default_size (GTK_WINDOW (self), 600, 640);
  title = g_strdup_printf (_("New Game: %s"), self->scenario->meta.title ? self->scenario->meta.title : "");
  gtk_window_set_title (GTK_WINDOW (self), title);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  adw_window_set_content (ADW_WINDOW (self), box);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (_("New Game"), self->scenario->meta.title));
  button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "newgame.cancel");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), button);
  button = gtk_button_new_with_mnemonic (_("_Start"));
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "newgame.start");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), button);
  /* Return starts the game, from the names too (the fresh-user trial
   * pressed Return and was back in the editor): Start is the default and
   * takes the first focus, not Cancel. */
  gtk_window_set_default_widget (GTK_WINDOW (self), button);
  gtk_box_append (GTK_BOX (box), header);
  gtk_window_set_focus (GTK_WINDOW (self), button);

  scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  page = adw_preferences_page_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), page);

  self->error_label = GTK_LABEL (gtk_label_new (error_text));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error_text != NULL);
  group = adw_preferences_group_new ();
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->error_label));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  /* Who plays which side: one player per seat (acies_ruleset_get_n_seats()).
   * One side, one row: "Player of Romans", its commanders under it.  A
   * side of several seats (an Epic battle) is a group of its own, headed
   * by the side and its commanders, a row per seat. */
  seats = seat_names (self);
  g_ptr_array_set_size (self->name_entries, seats->len);
  for (guint i = 0; i < self->scenario->sides->len; i++)
    {
      AciesSide *side = g_ptr_array_index (self->scenario->sides, i);
      const char *side_label = side->name ? side->name : side->id;
      gboolean shared = seats->len > self->scenario->sides->len;
      g_autofree char *commanders = commanders_of (self->scenario, side);
      /* Translators: under a side in New Game: its leaders. */
      g_autofree char *subtitle = commanders != NULL ? g_strdup_printf (_("Commanded by %s"), commanders) : NULL;

      if (i == 0)
        {
          group = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Players"));
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                                 shared ? _("Several players share each side and this screen; one "
                                                            "person may hold several seats of a side under one "
                                                            "name. A curtain hides what the others may not see.")
                                                        : _("Two players share this screen; a curtain hides what the "
                                                            "other may not see."));
        }
      if (shared)
        {
          /* The players' heading alone, then a group per side. */
          adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
          group = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), side_label);
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), subtitle);
        }
      for (guint seat = i; seat < seats->len; seat += self->scenario->sides->len)
        {
          const char *seat_label = g_ptr_array_index (seats, seat);
          GtkWidget *entry = gtk_entry_new ();
          g_autofree char *label = NULL;
          GtkWidget *row;

          gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
          gtk_entry_set_max_length (GTK_ENTRY (entry), ACIES_GAME_PLAYER_NAME_MAX);

          if (seat_label != NULL)
            label = seat_title (seat_label, side_label);
          else
            label = g_strdup_printf (_("Player of %s"), side_label);
          /* Translators: the empty name of a seat's player in New Game. */
          gtk_entry_set_placeholder_text (GTK_ENTRY (entry), seat_label != NULL ? _("Name") : side_label);
          /* Room for a name however long the row's title and subtitle,
           * and a narrow window still shows both. */
          gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 18);
          g_ptr_array_index (self->name_entries, seat) = entry;
          row = row_with (label, shared ? NULL : subtitle, entry);
          if (!shared && subtitle != NULL)
            {
              /* The commanders on one line; all of them in the tooltip. */
              adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
              gtk_widget_set_tooltip_text (row, subtitle);
            }
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  /* Dice. */
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Dice"));
  self->seed = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, G_MAXINT32, 1));
  acies_spin_button_guard (GTK_SPIN_BUTTON (self->seed), NULL);
  gtk_spin_button_set_value (self->seed, g_random_int_range (1, G_MAXINT32));
  if (self->ruleset != NULL && acies_ruleset_has_hidden_draws (self->ruleset))
    {
      /* Hidden hands: the seed gives every hand and the draw pile away,
       * so it is drawn secretly (the saved game keeps it for replay), and
       * chosen only knowingly. */
      self->secret_seed = g_random_int_range (1, G_MAXINT32);
      self->seed_choice = ADW_EXPANDER_ROW (adw_expander_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_choice), _("Choose the Seed"));
      adw_expander_row_set_subtitle (self->seed_choice,
                                     _("Both players will know the cards: whoever knows the seed knows every hand "
                                       "and the draw pile. Otherwise a secret seed is drawn."));
      adw_expander_row_set_show_enable_switch (self->seed_choice, TRUE);
      adw_expander_row_set_enable_expansion (self->seed_choice, FALSE);
      adw_expander_row_add_row (self->seed_choice,
                                row_with (_("Seed"), _("The same seed and moves replay the same game"),
                                          GTK_WIDGET (self->seed)));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->seed_choice));
    }
  else
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               row_with (_("Seed"), _("The same seed and moves replay the same game"),
                                         GTK_WIDGET (self->seed)));
  self->physical = GTK_SWITCH (gtk_switch_new ());
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             row_with (_("Roll Physical Dice"),
                                       _("Acies asks for every roll and checks it"),
                                       GTK_WIDGET (self->physical)));
  g_object_bind_property (self->physical, "active", self->seed, "sensitive", G_BINDING_INVERT_BOOLEAN);
  if (self->seed_choice != NULL)
    g_object_bind_property (self->physical, "active", self->seed_choice, "sensitive", G_BINDING_INVERT_BOOLEAN);
  /* The last choice is the default of the next game (GSettings "dice-mode"). */
  if (self->settings != NULL)
    g_settings_bind_with_mapping (self->settings, "dice-mode", self->physical, "active",
                                  G_SETTINGS_BIND_DEFAULT,
                                  dice_mode_get_mapping_cb, dice_mode_set_mapping_cb, NULL, NULL);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  /* House options: the game's own first; the rulings (where the book is
   * unclear, a reading to choose) under their chapter of the rules,
   * folded, for a newcomer need not read them to start. */
  if (catalogue != NULL && catalogue->options != NULL && catalogue->options->len > 0)
    {
      g_autoptr(GHashTable) chapters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GPtrArray) order = g_ptr_array_new ();

      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("House Options"));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                             _("Where the book can be read two ways, the rulings follow its likeliest reading unless changed here."));
      button = gtk_button_new_with_mnemonic (_("_Reset to the Book's Defaults"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "newgame.reset-options");
      adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), button);
      for (guint i = 0; i < catalogue->options->len; i++)
        {
          AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);
          GtkWidget *widget = option_widget (spec);
          g_autofree char *subtitle = option_subtitle (spec);
          g_autofree char *ruling = NULL;
          g_autofree char *help = acies_param_help_split (spec->help, &ruling);
          GtkWidget *row = row_with (spec->label ? spec->label : spec->id, NULL, widget);

          /* The help in full, the ruling and rule section on a smaller,
           * dimmer line (Pango markup, the texts escaped). */
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), TRUE);
          {
            g_autofree char *title = g_markup_escape_text (spec->label ? spec->label : spec->id, -1);

            adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          }
          if (subtitle != NULL)
            {
              adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
              adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
            }
          if (GTK_IS_DROP_DOWN (widget))
            gtk_widget_set_size_request (widget, 160, -1);
          g_ptr_array_add (self->option_widgets, widget);

          if (ruling == NULL)
            adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
          else
            {
              g_autofree char *chapter = ruling_chapter (spec, help, catalogue->book_prefix);
              const char *key = chapter != NULL ? chapter : "";
              GtkWidget *expander = g_hash_table_lookup (chapters, key);

              if (expander == NULL)
                {
                  char *owned = g_strdup (key);

                  expander = adw_expander_row_new ();
                  g_hash_table_insert (chapters, owned, expander);
                  g_ptr_array_add (order, owned);
                }
              adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
              g_object_set_data (G_OBJECT (expander), "n-rulings",
                                 GUINT_TO_POINTER (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (expander), "n-rulings")) + 1));
            }
        }
      g_ptr_array_sort (order, compare_chapters);
      for (guint i = 0; i < order->len; i++)
        {
          const char *chapter = order->pdata[i];
          GtkWidget *expander = g_hash_table_lookup (chapters, chapter);
          guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (expander), "n-rulings"));
          g_autofree char *title = NULL;
          g_autofree char *subtitle = g_strdup_printf (ngettext ("%u ruling", "%u rulings", n), n);

          if (*chapter == '\0')
            title = g_strdup (_("Other Rulings"));
          else if (catalogue->book_prefix != NULL)
            /* Translators: a chapter of the rules in New Game: "Rulings of GC 8". */
            title = g_strdup_printf (_("Rulings of %s %s"), catalogue->book_prefix, chapter);
          else
            /* Translators: a chapter of the rules in New Game: "Rulings of section 8". */
            title = g_strdup_printf (_("Rulings of section %s"), chapter);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), title);
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), expander);
        }
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "newgame.start", self->ruleset != NULL);
}

/**
 * acies_new_game_dialog_new:
 * @application: the application the game window will belong to
 * @parent: (nullable): the window to be modal for
 * @scenario: the scenario to play
 *
 * Returns: (transfer none): a new dialog, not shown yet
 */
AciesNewGameDialog *
acies_new_game_dialog_new (GtkApplication *application,
                           GtkWindow      *parent,
                           AciesScenario  *scenario)
{
  AciesNewGameDialog *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = g_object_new (ACIES_TYPE_NEW_GAME_DIALOG,
                       "modal", parent != NULL,
                       "transient-for", parent,
                       NULL);
  self->scenario = acies_scenario_ref (scenario);
  self->application = application != NULL ? g_object_ref (application) : NULL;
  self->ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  if (ACIES_IS_APPLICATION (application)
      && acies_application_get_settings (ACIES_APPLICATION (application)) != NULL)
    self->settings = g_object_ref (acies_application_get_settings (ACIES_APPLICATION (application)));
  build (self, error != NULL ? error->message : NULL);

  return self;
}

void
acies_new_game_dialog_set_seed (AciesNewGameDialog *self,
                                guint64             seed)
{
  g_return_if_fail (ACIES_IS_NEW_GAME_DIALOG (self));
  gtk_spin_button_set_value (self->seed, (double) seed);
  /* A seed set is a seed chosen, knowingly. */
  if (self->seed_choice != NULL)
    adw_expander_row_set_enable_expansion (self->seed_choice, TRUE);
}

/**
 * acies_new_game_dialog_get_seed:
 * @self: a new game dialog
 *
 * The game's seed: the one shown and chosen, or, for a ruleset with hidden
 * draws (acies_ruleset_has_hidden_draws()) unless a seed was chosen
 * knowingly, the one drawn secretly.
 *
 * Returns: the seed
 */
guint64
acies_new_game_dialog_get_seed (AciesNewGameDialog *self)
{
  g_return_val_if_fail (ACIES_IS_NEW_GAME_DIALOG (self), 0);
  if (self->seed_choice != NULL && !adw_expander_row_get_enable_expansion (self->seed_choice))
    return self->secret_seed;
  return (guint64) gtk_spin_button_get_value (self->seed);
}

/**
 * acies_new_game_dialog_get_seed_shown:
 * @self: a new game dialog
 *
 * Whether the seed the game will start with is on the screen (or would be
 * on opening the row choosing it).
 *
 * Returns: %FALSE while the seed is a secret one
 */
gboolean
acies_new_game_dialog_get_seed_shown (AciesNewGameDialog *self)
{
  g_return_val_if_fail (ACIES_IS_NEW_GAME_DIALOG (self), TRUE);
  return self->seed_choice == NULL || adw_expander_row_get_enable_expansion (self->seed_choice);
}

void
acies_new_game_dialog_set_physical (AciesNewGameDialog *self,
                                    gboolean            physical)
{
  g_return_if_fail (ACIES_IS_NEW_GAME_DIALOG (self));
  gtk_switch_set_active (self->physical, physical);
}

/**
 * acies_new_game_dialog_get_physical:
 * @self: a dialog
 *
 * Returns: whether the game will ask for physical dice rolls (the default
 *   is the "dice-mode" setting, which remembers the last choice)
 */
gboolean
acies_new_game_dialog_get_physical (AciesNewGameDialog *self)
{
  g_return_val_if_fail (ACIES_IS_NEW_GAME_DIALOG (self), FALSE);
  return gtk_switch_get_active (self->physical);
}

/**
 * acies_new_game_dialog_set_player_name:
 * @self: a dialog
 * @seat: a seat: a side's index, or a further seat when several players
 *   share a side (acies_ruleset_get_n_seats())
 * @name: the player's name
 *
 * Names the player of @seat as a player would type it.
 */
void
acies_new_game_dialog_set_player_name (AciesNewGameDialog *self,
                                       guint               seat,
                                       const char         *name)
{
  g_return_if_fail (ACIES_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (seat < self->name_entries->len);
  gtk_editable_set_text (g_ptr_array_index (self->name_entries, seat), name);
}

/**
 * acies_new_game_dialog_set_option:
 * @self: a dialog
 * @id: a house option's id, from the ruleset's catalogue
 * @value: its value ("true", "3", an enum value)
 *
 * Sets the option's widget as a player would.
 *
 * Returns: %TRUE if the catalogue has the option
 */
gboolean
acies_new_game_dialog_set_option (AciesNewGameDialog *self,
                                  const char         *id,
                                  const char         *value)
{
  AciesCatalogue *catalogue;

  g_return_val_if_fail (ACIES_IS_NEW_GAME_DIALOG (self), FALSE);

  catalogue = self->ruleset ? acies_ruleset_get_catalogue (self->ruleset) : NULL;
  for (guint i = 0; catalogue != NULL && i < self->option_widgets->len; i++)
    {
      AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);
      GtkWidget *widget = g_ptr_array_index (self->option_widgets, i);

      if (!g_str_equal (spec->id, id))
        continue;
      if (GTK_IS_SWITCH (widget))
        gtk_switch_set_active (GTK_SWITCH (widget), g_str_equal (value, "true"));
      else if (GTK_IS_SPIN_BUTTON (widget))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), g_ascii_strtod (value, NULL));
      else if (GTK_IS_DROP_DOWN (widget) && spec->values != NULL)
        {
          for (guint k = 0; spec->values[k] != NULL; k++)
            if (g_str_equal (spec->values[k], value))
              gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), k);
        }
      else if (GTK_IS_EDITABLE (widget))
        gtk_editable_set_text (GTK_EDITABLE (widget), value);
      return TRUE;
    }

  return FALSE;
}

/**
 * acies_new_game_dialog_get_options:
 * @self: a dialog
 *
 * Returns: (transfer full): the house options as chosen, by option id
 */
JsonObject *
acies_new_game_dialog_get_options (AciesNewGameDialog *self)
{
  AciesCatalogue *catalogue;
  JsonObject *options = json_object_new ();

  g_return_val_if_fail (ACIES_IS_NEW_GAME_DIALOG (self), options);

  catalogue = self->ruleset ? acies_ruleset_get_catalogue (self->ruleset) : NULL;
  for (guint i = 0; catalogue != NULL && i < self->option_widgets->len; i++)
    {
      AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);
      GtkWidget *widget = g_ptr_array_index (self->option_widgets, i);

      if (GTK_IS_SWITCH (widget))
        json_object_set_boolean_member (options, spec->id, gtk_switch_get_active (GTK_SWITCH (widget)));
      else if (GTK_IS_SPIN_BUTTON (widget))
        json_object_set_int_member (options, spec->id, gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)));
      else if (GTK_IS_DROP_DOWN (widget) && spec->values != NULL)
        json_object_set_string_member (options, spec->id,
                                       spec->values[gtk_drop_down_get_selected (GTK_DROP_DOWN (widget))]);
      else if (GTK_IS_EDITABLE (widget))
        {
          const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));

          if (*text != '\0')
            json_object_set_string_member (options, spec->id, text);
        }
    }

  return options;
}

/**
 * acies_new_game_dialog_start:
 * @self: a dialog
 * @error: return location for an error
 *
 * Creates the game with the chosen players, dice and options, shows it in
 * a new game window and closes the dialog.  On error (the ruleset refuses
 * the scenario or an option) the dialog stays.
 *
 * Returns: (transfer none) (nullable): the game window
 */
AciesGameWindow *
acies_new_game_dialog_start (AciesNewGameDialog  *self,
                             GError             **error)
{
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(JsonObject) options = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  AciesGameWindow *window;

  g_return_val_if_fail (ACIES_IS_NEW_GAME_DIALOG (self), NULL);

  if (self->ruleset == NULL)
    return acies_ruleset_lookup (self->scenario->ruleset, error), NULL;

  options = acies_new_game_dialog_get_options (self);
  game = acies_game_new (self->scenario, self->ruleset,
                         acies_new_game_dialog_get_seed (self),
                         gtk_switch_get_active (self->physical)
                         ? ACIES_DICE_MODE_PHYSICAL : ACIES_DICE_MODE_SEEDED,
                         options, error);
  if (game == NULL)
    return NULL;

  window = acies_game_window_new (self->application, game, NULL, NULL);
  for (guint i = 0; i < self->name_entries->len; i++)
    g_ptr_array_add (names, (gpointer) gtk_editable_get_text (g_ptr_array_index (self->name_entries, i)));
  g_ptr_array_add (names, NULL);
  acies_game_window_set_player_names (window, (const char * const *) names->pdata);
  gtk_window_present (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (self));

  return window;
}
