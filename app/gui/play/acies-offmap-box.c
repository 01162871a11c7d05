/* acies-offmap-box.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "acies-board-view.h"
#include "render/acies-render.h"

#include "acies-offmap-box.h"

/**
 * AciesOffmapBox:
 *
 * Under the board, for each side, its units and leaders in play but off
 * the map (not yet deployed, in reserve: a view of
 * acies_play_session_get_views() with cell %ACIES_CELL_NONE), drawn with
 * the board's counter renderer, marks and markers, with tooltips.  A click
 * on a counter emits #AciesOffmapBox::activate-unit, as a click on a
 * counter on the board activates its cell; a shift-click
 * #AciesOffmapBox::pick-unit.  A counter of a unit that may act can be
 * dragged onto the board (its unit index as an int).  #AciesOffmapBox:empty while
 * nothing is off the map.
 */

#define OFFMAP_PAD       8.0
#define OFFMAP_HEADING  16.0
#define OFFMAP_WORDS    13.0
#define OFFMAP_MAX_SIZE 40.0
#define OFFMAP_MIN_SIZE 24.0

/* The width laid out for before the box has one. */
#define OFFMAP_DEFAULT_WIDTH 600

typedef struct
{
  gint   view;        /* index into the session's views, or -1 for a heading */
  gint   side;        /* the side's index (headings) */
  double x;           /* a counter's centre; a heading's left end */
  double y;
  double size;
} OffmapPlace;

struct _AciesOffmapBox
{
  GtkWidget         parent_instance;

  AciesPlaySession *session;
  GSignalGroup     *signals;
  GArray           *places;   /* OffmapPlace: where the box drew each counter */
  gboolean          empty;
};

G_DEFINE_FINAL_TYPE (AciesOffmapBox, acies_offmap_box, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_EMPTY,
  N_PROPS
};

enum {
  SIGNAL_ACTIVATE_UNIT,
  SIGNAL_PICK_UNIT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Lays out the box for @width pixels into @places; returns its height
 * (0: nothing off the map). */
static double
layout (AciesOffmapBox *self,
        double          width,
        GArray         *places)
{
  const AciesState *state;
  GPtrArray *views;
  double y = 0;

  g_array_set_size (places, 0);
  if (self->session == NULL)
    return 0;
  state = acies_game_get_state (acies_play_session_get_game (self->session));
  views = acies_play_session_get_views (self->session);
  for (guint s = 0; s < state->scenario->sides->len; s++)
    {
      const AciesSide *side = g_ptr_array_index (state->scenario->sides, s);
      g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (guint));
      double size, step;
      guint per_row, rows;
      OffmapPlace heading = { -1, (gint) s, OFFMAP_PAD, 0, 0 };

      for (guint i = 0; i < views->len; i++)
        {
          const AciesUnit *view = g_ptr_array_index (views, i);

          if (view->cell == ACIES_CELL_NONE && g_strcmp0 (view->side, side->id) == 0)
            g_array_append_val (items, i);
        }
      if (items->len == 0)
        continue;
      /* As large as the board's counters may be, smaller to keep a
       * side's counters on one or two rows. */
      size = CLAMP ((width - 2 * OFFMAP_PAD) / (items->len * 1.3), OFFMAP_MIN_SIZE, OFFMAP_MAX_SIZE);
      step = size * 1.3;
      per_row = MAX (1, (guint) ((width - 2 * OFFMAP_PAD) / step));
      rows = (items->len + per_row - 1) / per_row;

      heading.y = y + OFFMAP_PAD;
      g_array_append_val (places, heading);
      y += OFFMAP_PAD + OFFMAP_HEADING;
      for (guint k = 0; k < items->len; k++)
        {
          OffmapPlace p = { (gint) g_array_index (items, guint, k), (gint) s, 0, 0, size };

          p.x = OFFMAP_PAD + step * (k % per_row) + step / 2;
          p.y = y + (size + OFFMAP_WORDS) * (k / per_row) + size / 2 + 4;
          g_array_append_val (places, p);
        }
      y += rows * (size + OFFMAP_WORDS) + 4;
    }
  return y > 0 ? y + OFFMAP_PAD / 2 : 0;
}

static GtkSizeRequestMode
acies_offmap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* As tall as its counters need at the width given (a narrower window may
 * need another row). */
static void
acies_offmap_box_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  AciesOffmapBox *self = ACIES_OFFMAP_BOX (widget);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (OffmapPlace));

      *minimum = *natural = (int) ceil (layout (self, for_size > 0 ? for_size : OFFMAP_DEFAULT_WIDTH, places));
    }
}

/* The box's counters, with their marks as the board draws them
 * (acies_board_view_draw_play_marks()). */
static void
acies_offmap_box_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  AciesOffmapBox *self = ACIES_OFFMAP_BOX (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const AciesState *state;
  const AciesCatalogue *catalogue;
  GPtrArray *views, *leaders;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double ink = dark ? 0.92 : 0.15;
  PangoLayout *text;
  PangoFontDescription *font, *small;
  cairo_t *cr;

  if (self->session == NULL || width <= 0 || height <= 0)
    return;
  state = acies_game_get_state (acies_play_session_get_game (self->session));
  catalogue = acies_ruleset_get_catalogue (acies_game_get_ruleset (acies_play_session_get_game (self->session)));
  views = acies_play_session_get_views (self->session);
  leaders = acies_play_session_get_counter_leaders (self->session);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  text = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold 10");
  small = pango_font_description_from_string ("Sans 7.5");
  layout (self, width, self->places);
  for (guint i = 0; i < self->places->len; i++)
    {
      const OffmapPlace *p = &g_array_index (self->places, OffmapPlace, i);
      const AciesUnit *view;
      const char *words;

      if (p->view < 0)
        {
          const AciesSide *side = g_ptr_array_index (state->scenario->sides, p->side);
          /* Translators: the heading of a side's units off the map, "Off the field — Romans". */
          g_autofree char *heading = g_strdup_printf (_("Off the field — %s"),
                                                      side->name != NULL ? side->name : side->id);

          pango_layout_set_font_description (text, font);
          pango_layout_set_text (text, heading, -1);
          cairo_set_source_rgb (cr, ink, ink, ink);
          cairo_move_to (cr, p->x, p->y);
          pango_cairo_show_layout (cr, text);
          continue;
        }
      view = g_ptr_array_index (views, p->view);
      acies_render_counter (cr, state->scenario, catalogue, view, p->x, p->y, p->size, NAN);
      if (acies_play_session_get_view_unit (self->session, p->view) < 0)
        continue;
      /* The leaders riding with it, on its right rim as on the board. */
      for (guint l = 0; l < leaders->len; l++)
        {
          const AciesLeader *leader = g_ptr_array_index (leaders, l);

          if (g_strcmp0 (leader->attached_to, view->id) == 0)
            acies_render_leader (cr, state->scenario, leader, p->x + p->size * 0.5, p->y - p->size * 0.06,
                                 p->size * 0.22);
        }
      acies_board_view_draw_play_marks (cr, p->x, p->y, p->size,
                                        acies_play_session_get_view_marks (self->session, p->view));
      words = acies_play_session_get_view_markers (self->session, p->view);
      if (words != NULL && *words != '\0')
        {
          int tw, th;

          pango_layout_set_font_description (text, small);
          pango_layout_set_text (text, words, -1);
          pango_layout_get_pixel_size (text, &tw, &th);
          cairo_set_source_rgb (cr, ink, ink, ink);
          cairo_move_to (cr, p->x - tw / 2.0, p->y + p->size / 2 + 1);
          pango_cairo_show_layout (cr, text);
        }
    }
  pango_font_description_free (font);
  pango_font_description_free (small);
  g_object_unref (text);
  cairo_destroy (cr);
}

/* The view index of the box's counter at (@x, @y), or -1. */
static gint
view_at (AciesOffmapBox *self,
         double          x,
         double          y)
{
  for (guint i = 0; i < self->places->len; i++)
    {
      const OffmapPlace *p = &g_array_index (self->places, OffmapPlace, i);

      if (p->view >= 0 && fabs (x - p->x) <= p->size / 2 && fabs (y - p->y) <= p->size / 2)
        return p->view;
    }
  return -1;
}

static gboolean
acies_offmap_box_query_tooltip (GtkWidget  *widget,
                                int         x,
                                int         y,
                                gboolean    keyboard,
                                GtkTooltip *tooltip)
{
  AciesOffmapBox *self = ACIES_OFFMAP_BOX (widget);
  g_autofree char *text = NULL;
  gint view;

  if (self->session == NULL)
    return FALSE;
  view = keyboard
         ? acies_play_session_get_view_of_unit (self->session, acies_play_session_get_selected_unit (self->session))
         : view_at (self, x, y);
  if (view < 0 || (text = acies_play_session_dup_view_tooltip (self->session, view)) == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            AciesOffmapBox  *self)
{
  gint view = view_at (self, x, y);
  gint unit = view >= 0 ? acies_play_session_get_view_unit (self->session, view) : -1;
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (unit < 0)
    return;
  /* Shift: the unit joins the units picked to act together. */
  if (state & GDK_SHIFT_MASK)
    g_signal_emit (self, signals[SIGNAL_PICK_UNIT], 0, unit);
  else
    g_signal_emit (self, signals[SIGNAL_ACTIVATE_UNIT], 0, unit);
}

/* Dragging a counter out of the box onto the board (a set-up placement,
 * GC 3.1; a deployment): the unit index travels as an int, the board's
 * drop target takes it (acies_play_session_drag_unit()). */
static GdkContentProvider *
drag_prepare_cb (GtkDragSource  *source,
                 double          x,
                 double          y,
                 AciesOffmapBox *self)
{
  gint view = view_at (self, x, y);
  gint unit = view >= 0 && self->session != NULL ? acies_play_session_get_view_unit (self->session, view) : -1;

  if (unit < 0 || !acies_play_session_unit_may_act (self->session, unit))
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_INT, unit);
}

/**
 * acies_offmap_box_get_unit_place:
 * @self: an off-map box
 * @unit: a unit index of the state
 * @x: (out): the centre of its counter, in the box's pixels
 * @y: (out): the same
 *
 * Returns: whether the box shows @unit's counter
 */
gboolean
acies_offmap_box_get_unit_place (AciesOffmapBox *self,
                                 gint            unit,
                                 double         *x,
                                 double         *y)
{
  g_return_val_if_fail (ACIES_IS_OFFMAP_BOX (self), FALSE);

  for (guint i = 0; self->session != NULL && i < self->places->len; i++)
    {
      const OffmapPlace *p = &g_array_index (self->places, OffmapPlace, i);

      if (p->view >= 0 && acies_play_session_get_view_unit (self->session, p->view) == unit)
        {
          *x = p->x;
          *y = p->y;
          return TRUE;
        }
    }
  return FALSE;
}

/* The session's board changed: what the box holds, and its height. */
static void
board_changed_cb (AciesOffmapBox *self)
{
  GPtrArray *views = self->session != NULL ? acies_play_session_get_views (self->session) : NULL;
  gboolean empty = TRUE;

  for (guint i = 0; views != NULL && i < views->len && empty; i++)
    empty = ((const AciesUnit *) g_ptr_array_index (views, i))->cell != ACIES_CELL_NONE;
  if (empty != self->empty)
    {
      self->empty = empty;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EMPTY]);
    }
  layout (self, MAX (gtk_widget_get_width (GTK_WIDGET (self)), 1), self->places);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * acies_offmap_box_get_session:
 * @self: an off-map box
 *
 * Returns: (transfer none) (nullable): the session whose counters it shows
 */
AciesPlaySession *
acies_offmap_box_get_session (AciesOffmapBox *self)
{
  g_return_val_if_fail (ACIES_IS_OFFMAP_BOX (self), NULL);
  return self->session;
}

/**
 * acies_offmap_box_set_session:
 * @self: an off-map box
 * @session: (nullable): the session whose counters it shows
 */
void
acies_offmap_box_set_session (AciesOffmapBox   *self,
                              AciesPlaySession *session)
{
  g_return_if_fail (ACIES_IS_OFFMAP_BOX (self));
  g_return_if_fail (session == NULL || ACIES_IS_PLAY_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->signals, session);
  board_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * acies_offmap_box_get_empty:
 * @self: an off-map box
 *
 * Returns: whether nothing is off the map (or nothing shows: the curtain)
 */
gboolean
acies_offmap_box_get_empty (AciesOffmapBox *self)
{
  g_return_val_if_fail (ACIES_IS_OFFMAP_BOX (self), TRUE);
  return self->empty;
}

static void
acies_offmap_box_dispose (GObject *object)
{
  AciesOffmapBox *self = ACIES_OFFMAP_BOX (object);

  if (self->signals != NULL)
    g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (acies_offmap_box_parent_class)->dispose (object);
}

static void
acies_offmap_box_finalize (GObject *object)
{
  AciesOffmapBox *self = ACIES_OFFMAP_BOX (object);

  g_clear_object (&self->signals);
  g_clear_pointer (&self->places, g_array_unref);

  G_OBJECT_CLASS (acies_offmap_box_parent_class)->finalize (object);
}

static void
acies_offmap_box_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesOffmapBox *self = ACIES_OFFMAP_BOX (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_EMPTY:
      g_value_set_boolean (value, self->empty);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_offmap_box_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      acies_offmap_box_set_session (ACIES_OFFMAP_BOX (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_offmap_box_class_init (AciesOffmapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_offmap_box_dispose;
  object_class->finalize = acies_offmap_box_finalize;
  object_class->get_property = acies_offmap_box_get_property;
  object_class->set_property = acies_offmap_box_set_property;
  widget_class->get_request_mode = acies_offmap_box_get_request_mode;
  widget_class->measure = acies_offmap_box_measure;
  widget_class->snapshot = acies_offmap_box_snapshot;
  widget_class->query_tooltip = acies_offmap_box_query_tooltip;

  /**
   * AciesOffmapBox:session:
   *
   * The play session whose counters off the map the box shows.
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ACIES_TYPE_PLAY_SESSION,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesOffmapBox:empty:
   *
   * Whether nothing is off the map: the window hides the box then.
   */
  properties[PROP_EMPTY] =
    g_param_spec_boolean ("empty", NULL, NULL, TRUE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesOffmapBox::activate-unit:
   * @self: the box
   * @unit: the unit index of the state whose counter was clicked
   *
   * A counter of a unit in the box was clicked.
   */
  /**
   * AciesOffmapBox::pick-unit:
   * @self: the off-map box
   * @unit: the unit index of the state whose counter was shift-clicked
   *
   * A counter of a unit in the box was clicked with Shift: the unit joins
   * the units picked to act together (or leaves them).
   */
  signals[SIGNAL_PICK_UNIT] =
    g_signal_new ("pick-unit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  signals[SIGNAL_ACTIVATE_UNIT] =
    g_signal_new ("activate-unit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-offmap-box.ui");
  gtk_widget_class_bind_template_callback (widget_class, pressed_cb);
  gtk_widget_class_set_css_name (widget_class, "offmapbox");
}

static void
acies_offmap_box_init (AciesOffmapBox *self)
{
  self->places = g_array_new (FALSE, FALSE, sizeof (OffmapPlace));
  self->empty = TRUE;
  self->signals = g_signal_group_new (ACIES_TYPE_PLAY_SESSION);
  g_signal_group_connect_object (self->signals, "board-changed", G_CALLBACK (board_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  gtk_widget_init_template (GTK_WIDGET (self));

  {
    GtkDragSource *source = gtk_drag_source_new ();

    gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
    g_signal_connect_object (source, "prepare", G_CALLBACK (drag_prepare_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (source));
  }
}
