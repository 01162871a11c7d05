/* acies-palette.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "acies-palette.h"

#define RGB(hex, alpha) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, (alpha) }

/* Colours chosen to read like a printed wargame map: muted paper-toned
 * terrain, strong blue water, brown relief, and saturated counters. */
static const AciesRgba palette[ACIES_N_PALETTE_COLOURS] = {
  [ACIES_PALETTE_BACKGROUND]       = RGB (0xf6f5f4, 1.0),
  [ACIES_PALETTE_BACKGROUND_DARK]  = RGB (0x242424, 1.0),
  [ACIES_PALETTE_BOARD_BORDER]     = RGB (0x3d3846, 1.0),
  /* 9.6:1 on the dark surround (the light frame's 1.4:1 was lost there). */
  [ACIES_PALETTE_BOARD_BORDER_DARK] = RGB (0xc0bfbc, 1.0),
  [ACIES_PALETTE_GRID]             = RGB (0x5e5c64, 0.55),
  [ACIES_PALETTE_LABEL]            = RGB (0x3d3846, 0.85),
  [ACIES_PALETTE_ZONE_LABEL]       = RGB (0x241f31, 0.90),
  [ACIES_PALETTE_TERRAIN_DEFAULT]  = RGB (0xe8e2c4, 1.0),
  [ACIES_PALETTE_PATTERN]          = RGB (0x5e5c64, 1.0),
  [ACIES_PALETTE_ELEVATION_SHADE]  = RGB (0x63452c, 0.16),
  [ACIES_PALETTE_CONTOUR]          = RGB (0x865e3c, 0.95),
  [ACIES_PALETTE_RIVER]            = RGB (0x1c71d8, 1.0),
  [ACIES_PALETTE_RIVER_BANK]       = RGB (0x99c1f1, 1.0),
  [ACIES_PALETTE_STREAM]           = RGB (0x3584e4, 1.0),
  [ACIES_PALETTE_RIDGE]            = RGB (0x865e3c, 1.0),
  [ACIES_PALETTE_SLOPE]            = RGB (0x986a44, 1.0),
  [ACIES_PALETTE_FORTIFICATION]    = RGB (0x3d3846, 1.0),
  [ACIES_PALETTE_ROAD]             = RGB (0x63452c, 1.0),
  [ACIES_PALETTE_TRAIL]            = RGB (0x865e3c, 0.9),
  [ACIES_PALETTE_EDGE_DEFAULT]     = RGB (0x613583, 1.0),
  [ACIES_PALETTE_AREA_SETUP]       = RGB (0x813d9c, 1.0),
  [ACIES_PALETTE_AREA_CAMP]        = RGB (0x865e3c, 1.0),
  [ACIES_PALETTE_AREA_KEY]         = RGB (0xe5a50a, 1.0),
  [ACIES_PALETTE_AREA_EXIT]        = RGB (0xc01c28, 1.0),
  [ACIES_PALETTE_AREA_OTHER]       = RGB (0x2190a4, 1.0),
  [ACIES_PALETTE_HIGHLIGHT]        = RGB (0xf6d32d, 0.45),
  [ACIES_PALETTE_SELECTION]        = RGB (0xe01b24, 1.0),
  [ACIES_PALETTE_FOCUS]            = RGB (0x000000, 1.0),
  [ACIES_PALETTE_FOCUS_HALO]       = RGB (0xffffff, 1.0),
  [ACIES_PALETTE_COUNTER_DEFAULT]  = RGB (0x9a9996, 1.0),
  [ACIES_PALETTE_COUNTER_BORDER]   = RGB (0x000000, 0.75),
  [ACIES_PALETTE_COUNTER_SHADOW]   = RGB (0x000000, 0.30),
  [ACIES_PALETTE_INK_DARK]         = RGB (0x000000, 1.0),
  [ACIES_PALETTE_INK_LIGHT]        = RGB (0xffffff, 1.0),
  [ACIES_PALETTE_FACING]           = RGB (0x000000, 1.0),
  [ACIES_PALETTE_LEADER]           = RGB (0xf8e45c, 1.0),
  [ACIES_PALETTE_LEADER_RING]      = RGB (0x000000, 1.0),
  [ACIES_PALETTE_STACK_BADGE]      = RGB (0x000000, 0.85),
  [ACIES_PALETTE_STACK_BADGE_TEXT] = RGB (0xffffff, 1.0),
  [ACIES_PALETTE_BADGE]            = RGB (0xffffff, 0.85),
  [ACIES_PALETTE_MONO_PAPER]       = RGB (0xffffff, 1.0),
  [ACIES_PALETTE_MONO_INK]         = RGB (0x000000, 1.0),
};

/* Suggested side colours when neither scenario nor catalogue gives one. */
static const char * const side_colours[] = {
  "#1c71d8", "#c01c28", "#2ec27e", "#e66100", "#813d9c", "#865e3c",
};

/**
 * acies_palette_get:
 * @colour: a palette entry
 *
 * Returns: (transfer none): the colour, premultiplied nothing, alpha in [0, 1]
 */
const AciesRgba *
acies_palette_get (AciesPaletteColour colour)
{
  g_return_val_if_fail (colour < ACIES_N_PALETTE_COLOURS, &palette[0]);

  return &palette[colour];
}

/**
 * acies_palette_side_colour:
 * @index: the side's index in the scenario
 *
 * Returns: (transfer none): a "#rrggbb" colour for a side without one
 */
const char *
acies_palette_side_colour (guint index)
{
  return side_colours[index % G_N_ELEMENTS (side_colours)];
}

/**
 * acies_palette_parse:
 * @spec: "#rrggbb", "#rgb" or "#rrggbbaa", or %NULL
 * @rgba: (out): the colour
 *
 * Returns: %TRUE if @spec was a colour; @rgba is untouched otherwise
 */
gboolean
acies_palette_parse (const char *spec,
                     AciesRgba  *rgba)
{
  guint64 v;
  gsize len;
  char *end = NULL;

  if (spec == NULL || spec[0] != '#')
    return FALSE;

  len = strlen (spec + 1);
  if (len != 3 && len != 6 && len != 8)
    return FALSE;

  v = g_ascii_strtoull (spec + 1, &end, 16);
  if (end == NULL || *end != '\0')
    return FALSE;

  if (len == 3)
    {
      rgba->r = ((v >> 8) & 0xf) / 15.0;
      rgba->g = ((v >> 4) & 0xf) / 15.0;
      rgba->b = (v & 0xf) / 15.0;
      rgba->a = 1.0;
    }
  else if (len == 6)
    {
      rgba->r = ((v >> 16) & 0xff) / 255.0;
      rgba->g = ((v >> 8) & 0xff) / 255.0;
      rgba->b = (v & 0xff) / 255.0;
      rgba->a = 1.0;
    }
  else
    {
      rgba->r = ((v >> 24) & 0xff) / 255.0;
      rgba->g = ((v >> 16) & 0xff) / 255.0;
      rgba->b = ((v >> 8) & 0xff) / 255.0;
      rgba->a = (v & 0xff) / 255.0;
    }

  return TRUE;
}

/**
 * acies_palette_parse_or:
 * @spec: a colour or %NULL
 * @fallback: the palette entry used when @spec is not a colour
 * @rgba: (out): the colour
 */
void
acies_palette_parse_or (const char         *spec,
                        AciesPaletteColour  fallback,
                        AciesRgba          *rgba)
{
  if (!acies_palette_parse (spec, rgba))
    *rgba = *acies_palette_get (fallback);
}

/**
 * acies_palette_luminance:
 * @rgba: a colour
 *
 * Returns: its relative luminance (Rec. 709 weights), 0 to 1
 */
double
acies_palette_luminance (const AciesRgba *rgba)
{
  return 0.2126 * rgba->r + 0.7152 * rgba->g + 0.0722 * rgba->b;
}

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/**
 * acies_palette_contrast:
 * @a: a colour (its alpha is ignored)
 * @b: another
 *
 * The WCAG 2 contrast ratio of two colours, from their relative
 * luminances in linear light (not acies_palette_luminance()'s).
 *
 * Returns: the ratio, 1 (the same) to 21 (black on white)
 */
double
acies_palette_contrast (const AciesRgba *a,
                        const AciesRgba *b)
{
  double la = 0.2126 * linear (a->r) + 0.7152 * linear (a->g) + 0.0722 * linear (a->b);
  double lb = 0.2126 * linear (b->r) + 0.7152 * linear (b->g) + 0.0722 * linear (b->b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/**
 * acies_palette_ink_on:
 * @rgba: a colour (an area's, a side's)
 * @background: the lighter colour it is drawn on (a label's white halo)
 * @ratio: the contrast it must reach, such as 4.5 (WCAG 1.4.3)
 *
 * Darkens @rgba in steps until its WCAG contrast with @background is
 * @ratio or more: text and lines in a colour that still reads as theirs
 * (issue 19.2: an amber name on its halo was 3.7:1).
 *
 * Returns: @rgba, or the darker shade that reaches @ratio (black at worst)
 */
AciesRgba
acies_palette_ink_on (const AciesRgba *rgba,
                      const AciesRgba *background,
                      double           ratio)
{
  AciesRgba ink = *rgba;

  for (guint i = 0; i < 40 && acies_palette_contrast (&ink, background) < ratio; i++)
    ink = acies_palette_shade (&ink, 0.9);
  return ink;
}

/**
 * acies_palette_to_grey:
 * @rgba: a colour
 *
 * Returns: the grey of the same luminance (monochrome output)
 */
AciesRgba
acies_palette_to_grey (const AciesRgba *rgba)
{
  double l = acies_palette_luminance (rgba);
  AciesRgba grey = { l, l, l, rgba->a };

  return grey;
}

/**
 * acies_palette_shade:
 * @rgba: a colour
 * @factor: below 1 darkens, above 1 lightens toward white
 *
 * Returns: the shaded colour
 */
AciesRgba
acies_palette_shade (const AciesRgba *rgba,
                     double           factor)
{
  AciesRgba out = *rgba;

  if (factor <= 1.0)
    {
      out.r *= factor;
      out.g *= factor;
      out.b *= factor;
    }
  else
    {
      double t = MIN (factor - 1.0, 1.0);

      out.r += (1.0 - out.r) * t;
      out.g += (1.0 - out.g) * t;
      out.b += (1.0 - out.b) * t;
    }

  return out;
}

/**
 * acies_palette_set_source:
 * @cr: a cairo context
 * @rgba: a colour
 * @monochrome: whether to draw its grey instead
 */
void
acies_palette_set_source (cairo_t         *cr,
                          const AciesRgba *rgba,
                          gboolean         monochrome)
{
  acies_palette_set_source_alpha (cr, rgba, rgba->a, monochrome);
}

/**
 * acies_palette_set_source_alpha:
 * @cr: a cairo context
 * @rgba: a colour
 * @alpha: the alpha to use instead of @rgba's
 * @monochrome: whether to draw its grey instead
 */
void
acies_palette_set_source_alpha (cairo_t         *cr,
                                const AciesRgba *rgba,
                                double           alpha,
                                gboolean         monochrome)
{
  if (monochrome)
    {
      double l = acies_palette_luminance (rgba);

      cairo_set_source_rgba (cr, l, l, l, alpha);
    }
  else
    cairo_set_source_rgba (cr, rgba->r, rgba->g, rgba->b, alpha);
}

/**
 * acies_palette_set_colour:
 * @cr: a cairo context
 * @colour: a palette entry
 * @monochrome: whether to draw its grey instead
 */
void
acies_palette_set_colour (cairo_t            *cr,
                          AciesPaletteColour  colour,
                          gboolean            monochrome)
{
  acies_palette_set_source (cr, acies_palette_get (colour), monochrome);
}
