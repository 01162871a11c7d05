/* acies-render-sheet.h
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
 * AciesSheet: flowing printed text (headings, paragraphs, tables) laid out
 * in pages of a given size with Pango, for the order-of-battle and set-up
 * sheet, the rules page and the tables.  Text is Pango markup; sizes and
 * positions are in points.  A heading stays with what follows it;
 * paragraphs break between lines and tables between rows (the header row
 * is repeated on the next page).
 *
 * The builders print only what the owner of the scenario may see: the
 * attributes a unit type lists as `shown`, never a unit's hidden values;
 * a pool's back counts are printed as the scenario states them
 * ("3 Brittle"), because they are part of the set-up.
 */

typedef struct _AciesSheet AciesSheet;

typedef enum
{
  ACIES_SHEET_ALIGN_LEFT,
  ACIES_SHEET_ALIGN_CENTRE,
} AciesSheetAlign;

AciesSheet *acies_sheet_new              (const char           *title);
void        acies_sheet_free             (AciesSheet           *sheet);
void        acies_sheet_add_heading      (AciesSheet           *sheet,
                                          guint                 level,
                                          const char           *text);
void        acies_sheet_add_paragraph    (AciesSheet           *sheet,
                                          const char           *markup);
void        acies_sheet_add_table        (AciesSheet           *sheet,
                                          guint                 n_columns,
                                          const char * const   *header,
                                          AciesSheetAlign       align);
void        acies_sheet_add_row          (AciesSheet           *sheet,
                                          const char * const   *cells);
gboolean    acies_sheet_is_empty         (const AciesSheet     *sheet);

guint       acies_sheet_paginate         (AciesSheet           *sheet,
                                          cairo_t              *cr,
                                          double                width,
                                          double                height);
guint       acies_sheet_paginate_below   (AciesSheet           *sheet,
                                          cairo_t              *cr,
                                          double                width,
                                          double                height,
                                          double                start_y);
double      acies_sheet_get_end_y        (const AciesSheet     *sheet);
guint       acies_sheet_get_n_pages      (const AciesSheet     *sheet);
void        acies_sheet_draw_page        (AciesSheet           *sheet,
                                          cairo_t              *cr,
                                          guint                 page,
                                          double                width,
                                          double                height);

AciesSheet *acies_sheet_new_oob          (const AciesScenario  *scenario,
                                          const AciesCatalogue *catalogue);
AciesSheet *acies_sheet_new_rules        (const AciesScenario  *scenario,
                                          const AciesCatalogue *catalogue);
AciesSheet *acies_sheet_new_tables       (const AciesScenario  *scenario,
                                          const AciesCatalogue *catalogue);

char       *acies_sheet_unit_values      (const AciesCatalogue *catalogue,
                                          const char           *type,
                                          JsonObject           *attrs);
char       *acies_sheet_pool_summary     (const AciesScenario  *scenario,
                                          const AciesPool      *pool);
char       *acies_sheet_bound_markup     (const char           *markup,
                                          gsize                 max_chars);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesSheet, acies_sheet_free)

G_END_DECLS
