/* acies-render-print.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"

G_BEGIN_DECLS

/*
 * Printed set-ups: the pages of a scenario laid out on paper, drawn with
 * cairo (vector output on PDF surfaces), shared by `acies-cli print` and
 * the GUI's AciesPrintOperation.
 *
 * Units: page sizes, margins and positions are in points (1/72 inch); the
 * map scale is given in millimetres per cell.  A page's drawing origin is
 * the top-left corner of the paper (or of the printable area the caller
 * passes as the paper).
 *
 * Map pages: a header band of ACIES_PRINT_HEADER_MM at the top of the
 * area inside the margins, then the map area below it.  At a true scale
 * the board (plus ACIES_PRINT_MAP_PAD_MM on each side) is cut into tiles
 * of the map area, neighbours overlapping by the overlap; tiles are
 * labelled by row letter and column number (A1, A2 … B1 …).
 */

#define ACIES_PRINT_MM              (72.0 / 25.4)
#define ACIES_PRINT_HEADER_MM       14.0
#define ACIES_PRINT_MAP_PAD_MM      3.0
#define ACIES_PRINT_DEFAULT_MARGIN_MM 10.0

typedef enum
{
  ACIES_PRINT_PAGES_MAP    = 1 << 0,
  ACIES_PRINT_PAGES_OOB    = 1 << 1,
  ACIES_PRINT_PAGES_RULES  = 1 << 2,
  ACIES_PRINT_PAGES_TABLES = 1 << 3,
  ACIES_PRINT_PAGES_ALL    = 0xf,
} AciesPrintPages;

typedef enum
{
  ACIES_PRINT_PAGE_MAP,
  ACIES_PRINT_PAGE_OOB,
  ACIES_PRINT_PAGE_RULES,
  ACIES_PRINT_PAGE_TABLES,
} AciesPrintPageKind;

/**
 * AciesPrintOptions:
 * @page_width: the paper's width, points
 * @page_height: the paper's height, points
 * @margin: the margin on every side, points
 * @cell_mm: a square's side or a hex's width across flats (a zone's
 *   height for zone boards) in millimetres, or 0 to fit the map on one page
 * @overlap_mm: how far neighbouring map tiles overlap, millimetres
 * @pages: which parts to print
 * @monochrome: black-and-white patterns instead of colours
 * @units: (nullable) (element-type AciesUnit): the counters to show on
 *   the map instead of the scenario's set-up (a game's position,
 *   acies_game_dup_positions()), or %NULL for the set-up and its pools'
 *   boxes; acies_print_job_new() keeps a reference to the array, whose
 *   units must not change while the job lives
 * @leaders: (nullable) (element-type AciesLeader): the leaders to show
 *   with @units (read only when @units is set; a reference is kept as for
 *   @units)
 * @positions: (nullable): what the map's counters show, said in the map's
 *   header ("The counters show the game as it stands: …"), or %NULL for
 *   the catalogue's words about the set-up
 *   (acies_catalogue_positions_text()); acies_print_job_new() copies it
 *
 * A plain struct, copied by value: whoever copies it does not own @units,
 * @leaders or @positions (acies_print_options_init() sets them to %NULL).
 */
typedef struct
{
  double          page_width;
  double          page_height;
  double          margin;
  double          cell_mm;
  double          overlap_mm;
  AciesPrintPages pages;
  gboolean        monochrome;
  GPtrArray      *units;
  GPtrArray      *leaders;
  const char     *positions;
} AciesPrintOptions;

typedef struct _AciesPrintJob AciesPrintJob;

void               acies_print_options_init      (AciesPrintOptions       *options);
gboolean           acies_print_paper_size        (const char              *name,
                                                  double                  *width,
                                                  double                  *height);
gboolean           acies_print_pages_parse       (const char              *text,
                                                  AciesPrintPages         *pages,
                                                  GError                 **error);

gboolean           acies_print_options_orient_to_fit (AciesPrintOptions   *options,
                                                      const AciesScenario *scenario);

AciesPrintJob     *acies_print_job_new           (const AciesScenario     *scenario,
                                                  const AciesCatalogue    *catalogue,
                                                  const AciesPrintOptions *options);
void               acies_print_job_free          (AciesPrintJob           *job);
void               acies_print_job_paginate      (AciesPrintJob           *job,
                                                  cairo_t                 *cr);
guint              acies_print_job_get_n_pages   (AciesPrintJob           *job);
AciesPrintPageKind acies_print_job_get_page_kind (AciesPrintJob           *job,
                                                  guint                    page);
void               acies_print_job_get_tiles     (AciesPrintJob           *job,
                                                  guint                   *columns,
                                                  guint                   *rows);
void               acies_print_job_draw_page     (AciesPrintJob           *job,
                                                  cairo_t                 *cr,
                                                  guint                    page);

gboolean           acies_print_to_pdf            (const AciesScenario     *scenario,
                                                  const AciesCatalogue    *catalogue,
                                                  const AciesPrintOptions *options,
                                                  const char              *path,
                                                  guint                   *n_pages,
                                                  GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesPrintJob, acies_print_job_free)

G_END_DECLS
