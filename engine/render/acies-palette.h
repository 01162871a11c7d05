/* acies-palette.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/*
 * The board's own palette: every colour the renderer uses that does not come
 * from the ruleset catalogue or the scenario lives here (STYLE.md: "no
 * colours hard-coded in C except the board's own palette, which lives in one
 * place").
 */

typedef struct
{
  double r;
  double g;
  double b;
  double a;
} AciesRgba;

typedef enum
{
  ACIES_PALETTE_BACKGROUND,        /* around the board, light UI */
  ACIES_PALETTE_BACKGROUND_DARK,   /* around the board, dark UI */
  ACIES_PALETTE_BOARD_BORDER,      /* the map's frame */
  ACIES_PALETTE_BOARD_BORDER_DARK, /* the map's frame on the dark UI's surround */
  ACIES_PALETTE_GRID,              /* cell outlines */
  ACIES_PALETTE_LABEL,             /* cell labels */
  ACIES_PALETTE_ZONE_LABEL,        /* zone names */
  ACIES_PALETTE_TERRAIN_DEFAULT,   /* terrain with no catalogue colour */
  ACIES_PALETTE_PATTERN,           /* pattern ink when the terrain has no colour */
  ACIES_PALETTE_ELEVATION_SHADE,   /* darkening per elevation level */
  ACIES_PALETTE_CONTOUR,           /* contour line around higher ground */
  ACIES_PALETTE_RIVER,
  ACIES_PALETTE_RIVER_BANK,
  ACIES_PALETTE_STREAM,
  ACIES_PALETTE_RIDGE,
  ACIES_PALETTE_SLOPE,
  ACIES_PALETTE_FORTIFICATION,
  ACIES_PALETTE_ROAD,
  ACIES_PALETTE_TRAIL,
  ACIES_PALETTE_EDGE_DEFAULT,      /* an edge feature of unknown kind */
  ACIES_PALETTE_AREA_SETUP,        /* set-up zone without a side */
  ACIES_PALETTE_AREA_CAMP,
  ACIES_PALETTE_AREA_KEY,
  ACIES_PALETTE_AREA_EXIT,
  ACIES_PALETTE_AREA_OTHER,
  ACIES_PALETTE_HIGHLIGHT,
  ACIES_PALETTE_SELECTION,
  ACIES_PALETTE_FOCUS,
  ACIES_PALETTE_FOCUS_HALO,
  ACIES_PALETTE_COUNTER_DEFAULT,   /* a unit whose side has no colour */
  ACIES_PALETTE_COUNTER_BORDER,
  ACIES_PALETTE_COUNTER_SHADOW,
  ACIES_PALETTE_INK_DARK,          /* text and symbols on light counters */
  ACIES_PALETTE_INK_LIGHT,         /* text and symbols on dark counters */
  ACIES_PALETTE_FACING,
  ACIES_PALETTE_LEADER,
  ACIES_PALETTE_LEADER_RING,
  ACIES_PALETTE_STACK_BADGE,
  ACIES_PALETTE_STACK_BADGE_TEXT,
  ACIES_PALETTE_BADGE,             /* cell-feature badges on zone boards */
  ACIES_PALETTE_MONO_PAPER,        /* monochrome: terrain fill */
  ACIES_PALETTE_MONO_INK,          /* monochrome: patterns, lines, text */
  ACIES_N_PALETTE_COLOURS
} AciesPaletteColour;

const AciesRgba *acies_palette_get            (AciesPaletteColour  colour);
const char      *acies_palette_side_colour    (guint               index);
gboolean         acies_palette_parse          (const char         *spec,
                                               AciesRgba          *rgba);
void             acies_palette_parse_or       (const char         *spec,
                                               AciesPaletteColour  fallback,
                                               AciesRgba          *rgba);
AciesRgba        acies_palette_to_grey        (const AciesRgba    *rgba);
AciesRgba        acies_palette_shade          (const AciesRgba    *rgba,
                                               double              factor);
double           acies_palette_luminance      (const AciesRgba    *rgba);
double           acies_palette_contrast       (const AciesRgba    *a,
                                               const AciesRgba    *b);
AciesRgba        acies_palette_ink_on         (const AciesRgba    *rgba,
                                               const AciesRgba    *background,
                                               double              ratio);
void             acies_palette_set_source     (cairo_t            *cr,
                                               const AciesRgba    *rgba,
                                               gboolean            monochrome);
void             acies_palette_set_source_alpha (cairo_t          *cr,
                                               const AciesRgba    *rgba,
                                               double              alpha,
                                               gboolean            monochrome);
void             acies_palette_set_colour     (cairo_t            *cr,
                                               AciesPaletteColour  colour,
                                               gboolean            monochrome);

G_END_DECLS
