/* acies-counters.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "acies-render-private.h"

/* Unit counters: a square in the side's or formation's colour with a
 * NATO-style type symbol, the catalogue's "shown" values along the
 * bottom, a short name along the top on large counters, a facing notch,
 * and round markers for leaders. */

/**
 * acies_unit_colour:
 * @scenario: the scenario
 * @side: a side id, or %NULL
 * @formation: a formation id, or %NULL
 * @rgba: (out): the counter colour
 *
 * The formation's colour wins (walking up its parents): its "#rrggbb"
 * colour, else its "colour" parameter, a "#rrggbb" or a counter colour's
 * name (Grass Crown 3.1 "Counter colour": blue, green, purple, peach,
 * gold, red, pink, orange, white, silver); then the side's colour, then a
 * palette colour by the side's index.  The editor, play and print all
 * draw counters in this colour.
 */
/* Counter colours named by a ruleset's formation parameter (Grass Crown
 * 3.1: "Counter colour", an enum of the colours of the printed counters),
 * in the GNOME palette's tones. */
static const struct { const char *name; const char *rgb; } named_colours[] = {
  { "blue", "#1c71d8" }, { "green", "#2ec27e" }, { "purple", "#9141ac" },
  { "peach", "#ffbe6f" }, { "gold", "#e5a50a" }, { "red", "#e01b24" },
  { "pink", "#f5a6c8" }, { "orange", "#ff7800" }, { "white", "#ffffff" },
  { "silver", "#c0bfbc" }, { "yellow", "#f6d32d" }, { "brown", "#986a44" },
  { "black", "#3d3846" }, { "grey", "#9a9996" }, { "gray", "#9a9996" },
};

/* "#rrggbb" or a counter colour's name. */
static gboolean
parse_counter_colour (const char *spec,
                      AciesRgba  *rgba)
{
  if (spec == NULL)
    return FALSE;
  if (acies_palette_parse (spec, rgba))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (named_colours); i++)
    if (g_ascii_strcasecmp (spec, named_colours[i].name) == 0)
      return acies_palette_parse (named_colours[i].rgb, rgba);
  return FALSE;
}

/* The formation's own colour, else its "colour" parameter (the ruleset's
 * counter colour, Grass Crown 3.1). */
static gboolean
formation_colour (const AciesFormation *form,
                  AciesRgba            *rgba)
{
  if (acies_palette_parse (form->colour, rgba))
    return TRUE;
  if (form->params != NULL)
    for (const char *const *key = (const char *const[]) { "colour", "color", "counter_colour", NULL }; *key; key++)
      {
        JsonNode *node = json_object_get_member (form->params, *key);

        if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
            json_node_get_value_type (node) == G_TYPE_STRING &&
            parse_counter_colour (json_node_get_string (node), rgba))
          return TRUE;
      }
  return FALSE;
}

void
acies_unit_colour (const AciesScenario *scenario,
                   const char          *side,
                   const char          *formation,
                   AciesRgba           *rgba)
{
  const char *f = formation;
  gint index;

  for (guint depth = 0; f != NULL && depth < 8; depth++)
    {
      AciesFormation *form = acies_scenario_find_formation (scenario, f);

      if (form == NULL)
        break;
      if (formation_colour (form, rgba))
        return;
      f = form->parent;
    }

  if (side != NULL)
    {
      AciesSide *s = acies_scenario_find_side (scenario, side);

      if (s != NULL && acies_palette_parse (s->colour, rgba))
        return;

      index = acies_scenario_side_index (scenario, side);
      if (index >= 0 && acies_palette_parse (acies_palette_side_colour (index), rgba))
        return;
    }

  *rgba = *acies_palette_get (ACIES_PALETTE_COUNTER_DEFAULT);
}

/**
 * acies_text_draw:
 * @cr: a cairo context
 * @layout: a layout made for @cr
 * @text: UTF-8 text
 * @font_px: the font size in pixels
 * @bold: whether to use the bold face
 * @x: anchor x
 * @y: anchor y
 * @xalign: 0 left, 0.5 centre, 1 right of the anchor
 * @yalign: 0 top, 0.5 middle, 1 bottom at the anchor
 *
 * Draws one line of text in the current source.
 */
void
acies_text_draw (cairo_t     *cr,
                 PangoLayout *layout,
                 const char  *text,
                 double       font_px,
                 gboolean     bold,
                 double       x,
                 double       y,
                 double       xalign,
                 double       yalign)
{
  PangoFontDescription *desc;
  PangoRectangle ink, logical;

  if (text == NULL || *text == '\0' || font_px < 3.0)
    return;

  desc = pango_font_description_from_string (ACIES_RENDER_FONT);
  pango_font_description_set_absolute_size (desc, font_px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);

  cairo_move_to (cr,
                 x - logical.width * xalign - logical.x,
                 y - logical.height * yalign - logical.y);
  pango_cairo_show_layout (cr, layout);
}

static char *
value_text (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node) || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE:
      return g_strdup_printf ("%g", json_node_get_double (node));
    case G_TYPE_BOOLEAN:
      return json_node_get_boolean (node) ? g_strdup ("\u2022") : NULL;
    case G_TYPE_STRING:
      {
        const char *str = json_node_get_string (node);

        /* "none" says nothing on a counter; long enum words shrink to
         * their initial (javelin -> J) so the line stays readable. */
        if (str == NULL || *str == '\0' || g_ascii_strcasecmp (str, "none") == 0)
          return NULL;
        if (g_utf8_strlen (str, -1) > 3)
          return g_utf8_strup (str, g_utf8_next_char (str) - str);
        return g_strdup (str);
      }
    default:
      return NULL;
    }
}

static gboolean
is_hidden_attribute (const AciesUnitType *type,
                     const char          *id)
{
  if (type->hidden == NULL)
    return FALSE;

  return acies_catalogue_find_param (type->hidden, id) != NULL;
}

/**
 * acies_counter_look_init:
 * @look: (out caller-allocates): the look to fill
 * @scenario: the scenario
 * @catalogue: (nullable): the ruleset catalogue
 * @unit: the unit
 * @monochrome: whether the counter is drawn in greys
 *
 * Collects what a counter shows: only the front attributes listed in the
 * unit type's "shown"; hidden (back) values are never read.
 *
 * A unit whose attrs hold a "reverse" object shows its reverse instead
 * (a flipped counter, any ruleset): the values of that object, in the
 * order of the unit type's attributes then its hidden ones, and as many
 * white stripes across the counter as its "stripes" member says (Grass
 * Crown 2.2: one for an Exhausted unit).  The ruleset puts only what both
 * players may see there.
 */
void
acies_counter_look_init (AciesCounterLook     *look,
                         const AciesScenario  *scenario,
                         const AciesCatalogue *catalogue,
                         const AciesUnit      *unit,
                         gboolean              monochrome)
{
  const AciesUnitType *type = NULL;
  g_autoptr(GString) values = g_string_new (NULL);
  const char *name;
  JsonObject *reverse;
  gint64 stripes = 0;

  memset (look, 0, sizeof *look);
  look->monochrome = monochrome;
  acies_unit_colour (scenario, unit->side, unit->formation, &look->fill);
  if (monochrome)
    {
      /* Printing: the sides must still differ, so each side gets its own
       * grey (white for the first) rather than its colour's luminance. */
      static const double greys[] = { 1.0, 0.58, 0.82, 0.42 };
      gint index = unit->side ? acies_scenario_side_index (scenario, unit->side) : -1;
      double l = greys[MAX (index, 0) % G_N_ELEMENTS (greys)];

      look->fill.r = look->fill.g = look->fill.b = l;
    }

  if (catalogue != NULL && unit->type != NULL)
    {
      type = acies_catalogue_find_unit_type (catalogue, unit->type);
      if (type == NULL)
        {
          type = acies_catalogue_find_leader_kind (catalogue, unit->type);
          look->leader = type != NULL;
        }
    }

  reverse = unit->attrs != NULL && json_object_has_member (unit->attrs, "reverse")
            && JSON_NODE_HOLDS_OBJECT (json_object_get_member (unit->attrs, "reverse"))
            ? json_object_get_object_member (unit->attrs, "reverse") : NULL;
  if (reverse != NULL)
    {
      /* The counter shows its reverse: what the ruleset says is printed
       * there, in the unit type's order (front, then back attributes),
       * and its stripes. */
      stripes = CLAMP (json_object_get_int_member_with_default (reverse, "stripes", 0), 0, 3);
      look->stripes = (guint) stripes;
      if (type != NULL)
        look->symbol = type->symbol;
      for (guint pass = 0; type != NULL && pass < 2; pass++)
        {
          GPtrArray *specs = pass == 0 ? type->attributes : type->hidden;

          for (guint i = 0; specs != NULL && i < specs->len; i++)
            {
              const AciesParamSpec *spec = g_ptr_array_index (specs, i);
              g_autofree char *text = value_text (json_object_get_member (reverse, spec->id));

              if (text == NULL)
                continue;
              if (values->len > 0)
                g_string_append_c (values, '-');
              g_string_append (values, text);
            }
        }
    }
  else if (type != NULL)
    {
      look->symbol = type->symbol;
      for (guint i = 0; type->shown != NULL && type->shown[i] != NULL; i++)
        {
          const char *id = type->shown[i];
          JsonNode *node = NULL;
          g_autofree char *text = NULL;

          if (is_hidden_attribute (type, id))
            continue;
          if (unit->attrs != NULL && json_object_has_member (unit->attrs, id))
            node = json_object_get_member (unit->attrs, id);
          else if (type->attributes != NULL)
            {
              const AciesParamSpec *spec = acies_catalogue_find_param (type->attributes, id);

              if (spec != NULL)
                node = spec->default_value;
            }

          text = value_text (node);
          if (text == NULL)
            continue;
          if (values->len > 0)
            g_string_append_c (values, '-');
          g_string_append (values, text);
        }
    }

  if (values->len > 0)
    look->values = g_string_free (g_steal_pointer (&values), FALSE);

  name = unit->name != NULL ? unit->name : unit->id;
  if (name != NULL)
    {
      glong len = g_utf8_strlen (name, -1);

      if (len > 12)
        {
          const char *cut = g_utf8_offset_to_pointer (name, 11);

          look->name = g_strdup_printf ("%.*s\u2026", (int) (cut - name), name);
        }
      else
        look->name = g_strdup (name);
    }
  look->type_id = g_strdup (unit->type);

  if (look->symbol != NULL && strcmp (look->symbol, "leader") == 0)
    look->leader = TRUE;
}

/**
 * acies_counter_look_mark_side:
 * @look: a look from acies_counter_look_init()
 * @scenario: the scenario
 * @unit: the unit
 * @high_contrast: whether the high-contrast style is on
 *
 * In the high-contrast style, gives the counter its side's border
 * pattern (solid, dashed, dotted, dash-dot, by the side's index), so that
 * the sides differ by more than their colours (issue 19.2; WCAG 1.4.1).
 */
void
acies_counter_look_mark_side (AciesCounterLook    *look,
                              const AciesScenario *scenario,
                              const AciesUnit     *unit,
                              gboolean             high_contrast)
{
  gint index = unit->side != NULL ? acies_scenario_side_index (scenario, unit->side) : -1;

  look->side_mark = high_contrast && index >= 0 ? (guint) index + 1 : 0;
}

void
acies_counter_look_clear (AciesCounterLook *look)
{
  g_clear_pointer (&look->values, g_free);
  g_clear_pointer (&look->name, g_free);
  g_clear_pointer (&look->type_id, g_free);
}

/* The NATO-style symbols draw_symbol() knows. */
static gboolean
symbol_known (const char *symbol)
{
  static const char *known[] = {
    "leader", "infantry", "heavy-infantry", "light-infantry", "phalanx", "cavalry", "light-cavalry",
    "heavy-cavalry", "camel", "elephant", "chariot", "archer", "slinger", "skirmisher", "wagon",
    "baggage", "artillery",
  };

  for (guint i = 0; symbol != NULL && i < G_N_ELEMENTS (known); i++)
    if (strcmp (symbol, known[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The smallest text drawn on a counter: below it, text is left out
 * (acies_render_set_lod()). */
static double
min_text (void)
{
  return acies_render_get_lod () ? ACIES_LOD_TEXT : 3.0;
}

/* Which texts a counter of @size shows: its name only from 40 pixels up
 * and not on a reverse, its values and its type (when the symbol is
 * unknown) when they are large enough to read. */
static void
counter_texts (const AciesCounterLook *look,
               double                  size,
               const char            **name,
               const char            **values,
               const char            **type_id)
{
  double values_font = size * (look->values != NULL && g_utf8_strlen (look->values, -1) > 5 ? 0.2 : 0.25);

  *name = size >= 40 && look->name != NULL && look->stripes == 0 && size * 0.14 >= min_text () ? look->name : NULL;
  *values = look->values != NULL && *look->values != '\0' && values_font >= min_text () ? look->values : NULL;
  *type_id = !(look->leader && look->symbol == NULL) && !symbol_known (look->symbol)
             && look->type_id != NULL && size * 0.34 * 0.7 >= min_text () ? look->type_id : NULL;
}

/**
 * acies_counter_look_key:
 * @look: what a counter shows
 * @size: its height, pixels
 * @length: its width
 *
 * A key for the image of the counter: everything that is drawn at this
 * size, and nothing that is not (a name too small to show is not in it,
 * so the counters of many units share one image).
 *
 * Returns: (transfer full): the key
 */
char *
acies_counter_look_key (const AciesCounterLook *look,
                        double                  size,
                        double                  length)
{
  const char *name, *values, *type_id;

  counter_texts (look, size, &name, &values, &type_id);
  return g_strdup_printf ("%s|%u|%s|%s|%s|%.3f,%.3f,%.3f|%d|%d|%u|%.1f|%.1f",
                          look->symbol ? look->symbol : "",
                          look->stripes,
                          values ? values : "",
                          name ? name : "",
                          type_id ? type_id : "",
                          look->fill.r, look->fill.g, look->fill.b,
                          look->leader, look->monochrome, look->side_mark, size, length);
}

/**
 * acies_counter_look_hash:
 * @look: what a counter shows
 *
 * Returns: a hash of everything @look holds (at every size)
 */
guint64
acies_counter_look_hash (const AciesCounterLook *look)
{
  const char *strings[] = { look->symbol, look->values, look->name, look->type_id };
  const double numbers[] = { look->fill.r, look->fill.g, look->fill.b, look->fill.a };
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);
  guint flags = look->stripes | look->leader << 8 | look->monochrome << 9 | look->side_mark << 10;

  /* FNV-1a over the strings (each with its end), the colour's bytes and
   * the flags: no formatting, it runs for every counter of a board. */
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      for (const char *p = strings[i] ? strings[i] : ""; ; p++)
        {
          h ^= (guchar) *p;
          h *= G_GUINT64_CONSTANT (1099511628211);
          if (*p == '\0')
            break;
        }
      h ^= strings[i] == NULL;
      h *= G_GUINT64_CONSTANT (1099511628211);
    }
  for (guint i = 0; i < sizeof numbers; i++)
    {
      h ^= ((const guchar *) numbers)[i];
      h *= G_GUINT64_CONSTANT (1099511628211);
    }
  for (guint i = 0; i < sizeof flags; i++)
    {
      h ^= (flags >> (8 * i)) & 0xff;
      h *= G_GUINT64_CONSTANT (1099511628211);
    }
  return h;
}

static void
star_path (cairo_t *cr,
           double   cx,
           double   cy,
           double   r)
{
  for (guint i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = (i % 2 == 0) ? r : r * 0.42;

      if (i == 0)
        cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      else
        cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
    }
  cairo_close_path (cr);
}

static void
light_ticks (cairo_t *cr,
             double   x,
             double   y,
             double   w,
             double   h)
{
  /* The "light" modifier: two short ticks above the box. */
  cairo_move_to (cr, x + w * 0.38, y);
  cairo_line_to (cr, x + w * 0.38, y - h * 0.25);
  cairo_move_to (cr, x + w * 0.62, y);
  cairo_line_to (cr, x + w * 0.62, y - h * 0.25);
}

/* Draws a NATO-style symbol in the box (x, y, w, h) with the current source. */
static gboolean
draw_symbol (cairo_t    *cr,
             const char *symbol,
             double      x,
             double      y,
             double      w,
             double      h)
{
  double lw = MAX (1.0, h * 0.08);

  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (symbol == NULL)
    return FALSE;

  if (strcmp (symbol, "leader") == 0)
    {
      star_path (cr, x + w / 2, y + h / 2, h * 0.62);
      cairo_fill (cr);
      return TRUE;
    }

  cairo_rectangle (cr, x, y, w, h);

  if (strcmp (symbol, "infantry") == 0 || strcmp (symbol, "heavy-infantry") == 0
      || strcmp (symbol, "light-infantry") == 0 || strcmp (symbol, "phalanx") == 0)
    {
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + w, y + h);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x, y + h);
      if (strcmp (symbol, "heavy-infantry") == 0)
        {
          cairo_move_to (cr, x, y + h * 0.84);
          cairo_line_to (cr, x + w, y + h * 0.84);
        }
      else if (strcmp (symbol, "light-infantry") == 0)
        light_ticks (cr, x, y, w, h);
      else if (strcmp (symbol, "phalanx") == 0)
        {
          /* Pikes: a bar across the top and three points above it. */
          cairo_move_to (cr, x, y + h * 0.2);
          cairo_line_to (cr, x + w, y + h * 0.2);
          for (guint i = 1; i <= 3; i++)
            {
              cairo_move_to (cr, x + w * i / 4.0, y);
              cairo_line_to (cr, x + w * i / 4.0, y - h * 0.3);
            }
        }
    }
  else if (strcmp (symbol, "cavalry") == 0 || strcmp (symbol, "light-cavalry") == 0
           || strcmp (symbol, "heavy-cavalry") == 0)
    {
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
      if (strcmp (symbol, "heavy-cavalry") == 0)
        {
          cairo_move_to (cr, x, y + h * 0.55);
          cairo_line_to (cr, x + w * 0.55, y);
        }
      else if (strcmp (symbol, "light-cavalry") == 0)
        light_ticks (cr, x, y, w, h);
    }
  else if (strcmp (symbol, "camel") == 0)
    {
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
      cairo_move_to (cr, x + w * 0.2, y + h * 0.55);
      cairo_curve_to (cr, x + w * 0.3, y + h * 0.1, x + w * 0.5, y + h * 0.1, x + w * 0.55, y + h * 0.55);
    }
  else if (strcmp (symbol, "elephant") == 0)
    {
      /* Head and trunk. */
      cairo_move_to (cr, x + w * 0.3, y + h * 0.75);
      cairo_curve_to (cr, x + w * 0.22, y + h * 0.2, x + w * 0.62, y + h * 0.05, x + w * 0.66, y + h * 0.42);
      cairo_curve_to (cr, x + w * 0.7, y + h * 0.7, x + w * 0.78, y + h * 0.85, x + w * 0.88, y + h * 0.7);
      cairo_move_to (cr, x + w * 0.44, y + h * 0.42);
      cairo_line_to (cr, x + w * 0.46, y + h * 0.46);
    }
  else if (strcmp (symbol, "chariot") == 0)
    {
      double r = h * 0.26;

      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w * 0.5, y + h * 0.55, r, 0, 2 * G_PI);
      for (guint i = 0; i < 3; i++)
        {
          double a = i * G_PI / 3;

          cairo_move_to (cr, x + w * 0.5 - r * cos (a), y + h * 0.55 - r * sin (a));
          cairo_line_to (cr, x + w * 0.5 + r * cos (a), y + h * 0.55 + r * sin (a));
        }
    }
  else if (strcmp (symbol, "archer") == 0)
    {
      /* Bow, string and arrow. */
      cairo_move_to (cr, x + w * 0.35, y + h * 0.15);
      cairo_curve_to (cr, x + w * 0.7, y + h * 0.25, x + w * 0.7, y + h * 0.75, x + w * 0.35, y + h * 0.85);
      cairo_line_to (cr, x + w * 0.35, y + h * 0.15);
      cairo_move_to (cr, x + w * 0.2, y + h * 0.5);
      cairo_line_to (cr, x + w * 0.82, y + h * 0.5);
      cairo_move_to (cr, x + w * 0.72, y + h * 0.38);
      cairo_line_to (cr, x + w * 0.82, y + h * 0.5);
      cairo_line_to (cr, x + w * 0.72, y + h * 0.62);
    }
  else if (strcmp (symbol, "slinger") == 0)
    {
      cairo_move_to (cr, x + w * 0.25, y + h * 0.2);
      cairo_curve_to (cr, x + w * 0.2, y + h * 0.9, x + w * 0.6, y + h * 0.9, x + w * 0.62, y + h * 0.5);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w * 0.72, y + h * 0.42, h * 0.1, 0, 2 * G_PI);
    }
  else if (strcmp (symbol, "skirmisher") == 0)
    {
      /* A screen: three dots. */
      for (guint i = 1; i <= 3; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x + w * i / 4.0, y + h * 0.5, h * 0.09, 0, 2 * G_PI);
        }
      cairo_stroke (cr);
      for (guint i = 1; i <= 3; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x + w * i / 4.0, y + h * 0.5, h * 0.09, 0, 2 * G_PI);
        }
      cairo_fill (cr);
      return TRUE;
    }
  else if (strcmp (symbol, "wagon") == 0 || strcmp (symbol, "baggage") == 0)
    {
      cairo_move_to (cr, x + w * 0.15, y + h * 0.55);
      cairo_line_to (cr, x + w * 0.85, y + h * 0.55);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w * 0.3, y + h * 0.72, h * 0.13, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w * 0.7, y + h * 0.72, h * 0.13, 0, 2 * G_PI);
    }
  else if (strcmp (symbol, "artillery") == 0)
    {
      cairo_stroke (cr);
      cairo_arc (cr, x + w * 0.5, y + h * 0.5, h * 0.16, 0, 2 * G_PI);
      cairo_fill (cr);
      return TRUE;
    }
  else
    {
      cairo_new_path (cr);
      return FALSE;
    }

  cairo_stroke (cr);
  return TRUE;
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/**
 * acies_counter_draw:
 * @cr: a cairo context
 * @layout: a layout made for @cr
 * @look: what the counter shows
 * @x: the counter's centre
 * @y: the counter's centre
 * @size: the counter's height in pixels
 * @length: its width (== @size, or longer for a two-hex unit)
 *
 * Draws one counter, upright, centred on (@x, @y).
 */
void
acies_counter_draw (cairo_t                *cr,
                    PangoLayout            *layout,
                    const AciesCounterLook *look,
                    double                  x,
                    double                  y,
                    double                  size,
                    double                  length)
{
  AciesRgba fill = look->fill;
  AciesRgba ink;
  double s = size;
  double left = x - length / 2, top = y - s / 2;
  const char *values, *name, *type_id;
  guint stripes = look->stripes;
  /* A reverse shows what is printed on it: stripes, no name. */
  gboolean show_name;
  double sym_w, sym_h, sym_cy;

  counter_texts (look, s, &name, &values, &type_id);
  show_name = name != NULL;

  ink = *acies_palette_get (acies_palette_luminance (&fill) > 0.45
                            ? ACIES_PALETTE_INK_DARK : ACIES_PALETTE_INK_LIGHT);

  cairo_save (cr);

  /* Shadow, body, border. */
  rounded_rect (cr, left + s * 0.05, top + s * 0.05, length, s, s * 0.08);
  acies_palette_set_colour (cr, ACIES_PALETTE_COUNTER_SHADOW, look->monochrome);
  cairo_fill (cr);

  rounded_rect (cr, left, top, length, s, s * 0.08);
  acies_palette_set_source (cr, &fill, look->monochrome);
  cairo_fill_preserve (cr);
  if (look->side_mark > 0)
    {
      /* High contrast: a wide black border in the side's pattern. */
      double w = MAX (2.0, s * 0.08);
      double dashes[4][4] = {
        { 0 },
        { s * 0.2, s * 0.1 },
        { 0, s * 0.13 },
        { s * 0.2, s * 0.08, 0, s * 0.08 },
      };
      static const int n_dashes[4] = { 0, 2, 2, 4 };
      guint k = (look->side_mark - 1) % 4;

      cairo_new_path (cr);
      rounded_rect (cr, left + w / 2, top + w / 2, length - w, s - w, s * 0.06);
      cairo_set_line_width (cr, w);
      cairo_set_line_cap (cr, k == 2 || k == 3 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
      cairo_set_dash (cr, dashes[k], n_dashes[k], 0);
      acies_palette_set_colour (cr, ACIES_PALETTE_INK_DARK, look->monochrome);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
    }
  else
    {
      cairo_set_line_width (cr, MAX (1.0, s * 0.03));
      acies_palette_set_colour (cr, ACIES_PALETTE_COUNTER_BORDER, look->monochrome);
      cairo_stroke (cr);
    }

  /* A reverse's white stripes across the top of the counter, edged in
   * the border's dark colour so they stand out on a light (pink, white)
   * counter as well as on a dark one. */
  for (guint i = 0; i < stripes; i++)
    {
      double band = s * 0.09, sy = top + s * (0.06 + 0.13 * i);

      cairo_rectangle (cr, left + s * 0.015, sy, length - s * 0.03, band);
      cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (1.0, s * 0.025));
      acies_palette_set_colour (cr, ACIES_PALETTE_COUNTER_BORDER, look->monochrome);
      cairo_stroke (cr);
    }

  acies_palette_set_source (cr, &ink, look->monochrome);

  if (show_name)
    acies_text_draw (cr, layout, name, s * 0.14, FALSE, x, top + s * 0.04, 0.5, 0.0);

  sym_w = s * 0.56;
  sym_h = s * 0.34;
  /* Where the symbol goes does not depend on whether the values line is
   * large enough to draw. */
  if (look->values == NULL)
    sym_cy = stripes > 0 ? y + s * 0.06 : y;
  else if (show_name)
    sym_cy = y - s * 0.04;
  else if (stripes > 0)
    sym_cy = y - s * 0.06 + s * 0.05 * (stripes - 1);
  else
    sym_cy = y - s * 0.12;

  if (look->leader && look->symbol == NULL)
    {
      star_path (cr, x, sym_cy, sym_h * 0.62);
      cairo_fill (cr);
    }
  else if (!draw_symbol (cr, look->symbol, x - sym_w / 2, sym_cy - sym_h / 2, sym_w, sym_h))
    {
      cairo_rectangle (cr, x - sym_w / 2, sym_cy - sym_h / 2, sym_w, sym_h);
      cairo_set_line_width (cr, MAX (1.0, sym_h * 0.08));
      cairo_stroke (cr);
      if (type_id != NULL)
        acies_text_draw (cr, layout, type_id, sym_h * 0.7, TRUE, x, sym_cy, 0.5, 0.5);
    }

  if (values != NULL)
    {
      double font = s * 0.25;

      if (g_utf8_strlen (values, -1) > 5)
        font = s * 0.2;
      acies_text_draw (cr, layout, values, font, TRUE, x, top + s * 0.97, 0.5, 1.0);
    }

  cairo_restore (cr);
}

/**
 * acies_counter_draw_facing:
 * @cr: a cairo context
 * @cx: the counter's centre
 * @cy: the counter's centre
 * @size: the counter's size
 * @angle: the facing, in radians clockwise from north
 * @monochrome: greys only
 *
 * Draws a notch (an arrowhead) on the counter's rim toward the facing.
 */
void
acies_counter_draw_facing (cairo_t  *cr,
                           double    cx,
                           double    cy,
                           double    size,
                           double    angle,
                           gboolean  monochrome)
{
  double dx = sin (angle), dy = -cos (angle);
  double px = -dy, py = dx;
  double base = size * 0.44, tip = size * 0.72, half = size * 0.16;

  cairo_save (cr);
  cairo_move_to (cr, cx + dx * tip, cy + dy * tip);
  cairo_line_to (cr, cx + dx * base + px * half, cy + dy * base + py * half);
  cairo_line_to (cr, cx + dx * base - px * half, cy + dy * base - py * half);
  cairo_close_path (cr);
  acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, monochrome);
  cairo_set_line_width (cr, MAX (1.0, size * 0.05));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke_preserve (cr);
  acies_palette_set_colour (cr, ACIES_PALETTE_FACING, monochrome);
  cairo_fill (cr);
  cairo_restore (cr);
}

/**
 * acies_counter_draw_leader:
 * @cr: a cairo context
 * @layout: a layout made for @cr
 * @side_colour: the leader's side or formation colour
 * @initials: (nullable): up to two letters, or %NULL for a star
 * @cx: centre
 * @cy: centre
 * @radius: radius in pixels
 * @monochrome: greys only
 *
 * Draws a leader's round marker.
 */
void
acies_counter_draw_leader (cairo_t         *cr,
                           PangoLayout     *layout,
                           const AciesRgba *side_colour,
                           const char      *initials,
                           double           cx,
                           double           cy,
                           double           radius,
                           gboolean         monochrome)
{
  cairo_save (cr);
  /* No line from a point text left behind. */
  cairo_new_path (cr);
  cairo_arc (cr, cx + radius * 0.1, cy + radius * 0.1, radius, 0, 2 * G_PI);
  acies_palette_set_colour (cr, ACIES_PALETTE_COUNTER_SHADOW, monochrome);
  cairo_fill (cr);

  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  acies_palette_set_source (cr, side_colour, monochrome);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0, radius * 0.14));
  acies_palette_set_colour (cr, ACIES_PALETTE_LEADER_RING, monochrome);
  cairo_stroke (cr);

  cairo_arc (cr, cx, cy, radius * 0.78, 0, 2 * G_PI);
  acies_palette_set_colour (cr, monochrome ? ACIES_PALETTE_MONO_PAPER : ACIES_PALETTE_LEADER, monochrome);
  cairo_fill (cr);

  acies_palette_set_colour (cr, ACIES_PALETTE_INK_DARK, monochrome);
  if (initials != NULL && radius >= 9)
    acies_text_draw (cr, layout, initials, radius * 0.85, TRUE, cx, cy, 0.5, 0.5);
  else
    {
      star_path (cr, cx, cy, radius * 0.62);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/**
 * acies_counter_draw_badge:
 * @cr: a cairo context
 * @layout: a layout made for @cr
 * @count: the number of counters in the stack
 * @cx: centre
 * @cy: centre
 * @radius: radius in pixels
 * @monochrome: greys only
 *
 * Draws a stack's count.
 */
void
acies_counter_draw_badge (cairo_t     *cr,
                          PangoLayout *layout,
                          guint        count,
                          double       cx,
                          double       cy,
                          double       radius,
                          gboolean     monochrome)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", count);
  cairo_save (cr);
  /* No line from a point text left behind. */
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  acies_palette_set_colour (cr, ACIES_PALETTE_STACK_BADGE, monochrome);
  cairo_fill_preserve (cr);
  acies_palette_set_colour (cr, ACIES_PALETTE_STACK_BADGE_TEXT, monochrome);
  cairo_set_line_width (cr, MAX (1.0, radius * 0.12));
  cairo_stroke (cr);
  acies_text_draw (cr, layout, text, radius * 1.2, TRUE, cx, cy, 0.5, 0.5);
  cairo_restore (cr);
}
