/* acies-render-print.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "acies-error.h"
#include "acies-render-output.h"
#include "acies-render-private.h"
#include "acies-render-print.h"
#include "acies-render-sheet.h"
#include "acies-render.h"

#define MM ACIES_PRINT_MM
#define FOOTER_PT 7.0

/* The board is drawn at twice the page's units: the renderer's minimum
 * line widths and label sizes are in device pixels, which on paper (a
 * point each) would be too coarse, and would hide the labels of small
 * cells. */
#define BOARD_K 2.0

typedef struct
{
  AciesPrintPageKind kind;
  guint              index;  /* map: tile (row * columns + column); sheets: page of the sheet */
} PageRef;

struct _AciesPrintJob
{
  AciesScenario     *scenario;
  AciesScenario     *map_scenario;  /* the map's copy: pool areas named by their boxes */
  AciesCatalogue    *catalogue;
  AciesPrintOptions  options;   /* units, leaders and positions owned by the job */

  /* The area inside the margins. */
  double             x;
  double             y;
  double             w;
  double             h;

  /* Map pages. */
  gboolean           fit;
  double             cell_size;  /* renderer units (points per square side / hex radius) */
  double             board_w;    /* points, with the pad */
  double             board_h;
  double             map_w;      /* the map area of a page */
  double             map_h;
  double             shift_x;    /* the board's origin in the tiled plane */
  double             shift_y;
  guint              columns;
  guint              rows;
  AciesRenderCache  *cache;      /* the board's geometry, shared by the map's pages */

  AciesSheet        *sheets[3];  /* OOB, rules, tables */
  guint              sheet_first[3];  /* the sheet page each sheet starts on */
  GArray            *pages;      /* PageRef */
  gboolean           paginated;
};

/**
 * acies_print_options_init:
 * @options: (out caller-allocates): options to fill
 *
 * A4 portrait, 10 mm margins, the map fitted on one page, tiles
 * overlapping by 10 mm, every part, in colour, the scenario's set-up on
 * the map.
 */
void
acies_print_options_init (AciesPrintOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  acies_print_paper_size ("a4", &options->page_width, &options->page_height);
  options->margin = ACIES_PRINT_DEFAULT_MARGIN_MM * MM;
  options->cell_mm = 0;
  options->overlap_mm = 10;
  options->pages = ACIES_PRINT_PAGES_ALL;
  options->monochrome = FALSE;
}

/**
 * acies_print_paper_size:
 * @name: "a4", "a3", "letter" or "legal" (any case)
 * @width: (out): portrait width, points
 * @height: (out): portrait height, points
 *
 * Returns: %TRUE if @name is known
 */
gboolean
acies_print_paper_size (const char *name,
                        double     *width,
                        double     *height)
{
  static const struct { const char *name; double w, h; } papers[] = {
    { "a4", 210 * MM, 297 * MM },
    { "a3", 297 * MM, 420 * MM },
    { "letter", 612, 792 },
    { "legal", 612, 1008 },
  };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (papers); i++)
    if (g_ascii_strcasecmp (name, papers[i].name) == 0)
      {
        *width = papers[i].w;
        *height = papers[i].h;
        return TRUE;
      }
  return FALSE;
}

/**
 * acies_print_pages_parse:
 * @text: a comma-separated list of "map", "oob", "rules", "tables", "all"
 * @pages: (out): the parts
 * @error: return location for an %ACIES_ENGINE_ERROR_FORMAT error
 *
 * Returns: %TRUE if every name is known and one at least is given
 */
gboolean
acies_print_pages_parse (const char       *text,
                         AciesPrintPages  *pages,
                         GError          **error)
{
  g_auto(GStrv) parts = g_strsplit (text ? text : "", ",", -1);
  AciesPrintPages result = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *p = g_strstrip (parts[i]);

      if (g_ascii_strcasecmp (p, "map") == 0)
        result |= ACIES_PRINT_PAGES_MAP;
      else if (g_ascii_strcasecmp (p, "oob") == 0)
        result |= ACIES_PRINT_PAGES_OOB;
      else if (g_ascii_strcasecmp (p, "rules") == 0)
        result |= ACIES_PRINT_PAGES_RULES;
      else if (g_ascii_strcasecmp (p, "tables") == 0)
        result |= ACIES_PRINT_PAGES_TABLES;
      else if (g_ascii_strcasecmp (p, "all") == 0)
        result |= ACIES_PRINT_PAGES_ALL;
      else
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("unknown part “%s”: expected map, oob, rules, tables or all"), p);
          return FALSE;
        }
    }
  if (result == 0)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("no part to print: expected map, oob, rules, tables or all"));
      return FALSE;
    }
  *pages = result;
  return TRUE;
}

static void
layout_map (AciesPrintJob *job)
{
  const AciesPrintOptions *o = &job->options;
  AciesBoard *board = job->scenario->map.board;
  double ext_w = 1, ext_h = 1, pad = ACIES_PRINT_MAP_PAD_MM * MM;
  double ov = o->overlap_mm * MM;

  job->map_w = job->w;
  job->map_h = MAX (1.0, job->h - ACIES_PRINT_HEADER_MM * MM);
  job->columns = job->rows = 1;

  if (board != NULL)
    acies_board_extent (board, &ext_w, &ext_h);
  ext_w = MAX (ext_w, 0.01);
  ext_h = MAX (ext_h, 0.01);

  job->fit = o->cell_mm <= 0 || board == NULL;
  if (job->fit)
    {
      job->cell_size = MIN ((job->map_w - 2 * pad) / ext_w, (job->map_h - 2 * pad) / ext_h);
      job->board_w = ext_w * job->cell_size + 2 * pad;
      job->board_h = ext_h * job->cell_size + 2 * pad;
      job->shift_x = (job->map_w - job->board_w) / 2;
      job->shift_y = (job->map_h - job->board_h) / 2;
      return;
    }

  /* A hex's size is given across its flats: the renderer's unit is the
   * circumradius. */
  if (acies_board_get_kind (board) == ACIES_BOARD_HEX)
    job->cell_size = o->cell_mm * MM / sqrt (3.0);
  else
    job->cell_size = o->cell_mm * MM;
  job->board_w = ext_w * job->cell_size + 2 * pad;
  job->board_h = ext_h * job->cell_size + 2 * pad;

  ov = CLAMP (ov, 0, MIN (job->map_w, job->map_h) / 2);
  if (job->board_w > job->map_w)
    job->columns = (guint) ceil ((job->board_w - ov) / (job->map_w - ov));
  if (job->board_h > job->map_h)
    job->rows = (guint) ceil ((job->board_h - ov) / (job->map_h - ov));
  job->columns = MIN (job->columns, 26u);
  job->rows = MIN (job->rows, 26u);

  /* Centre the board over the tiles. */
  job->shift_x = (job->columns * job->map_w - (job->columns - 1) * ov - job->board_w) / 2;
  job->shift_y = (job->rows * job->map_h - (job->rows - 1) * ov - job->board_h) / 2;
}

/* The cell size of a board of @ext_w × @ext_h cells fitted on a page of
 * @page_w × @page_h (points) within @margin, as layout_map() fits it. */
static double
fitted_cell (double ext_w,
             double ext_h,
             double page_w,
             double page_h,
             double margin)
{
  double pad = ACIES_PRINT_MAP_PAD_MM * MM;
  double w = MAX (36.0, page_w - 2 * margin);
  double h = MAX (1.0, MAX (36.0, page_h - 2 * margin) - ACIES_PRINT_HEADER_MM * MM);

  return MIN ((w - 2 * pad) / ext_w, (h - 2 * pad) / ext_h);
}

/**
 * acies_print_options_orient_to_fit:
 * @options: the options of a print with the map fitted to a page
 * @scenario: the scenario to print
 *
 * Turns the paper of @options so that the fitted map is as large as the
 * page allows: landscape for a board wider than tall on portrait paper
 * (Heraclea's 20 × 16 squares left portrait A4 half empty), portrait for
 * a tall one.  Leaves @options alone when the map is tiled at a scale
 * (@options->cell_mm > 0), when the map is not printed, or when the other
 * orientation gains less than 2 %.
 *
 * Returns: %TRUE when the paper was turned
 */
gboolean
acies_print_options_orient_to_fit (AciesPrintOptions   *options,
                                   const AciesScenario *scenario)
{
  double ext_w = 1, ext_h = 1, margin, now, turned, w;

  g_return_val_if_fail (options != NULL && scenario != NULL, FALSE);

  if (options->cell_mm > 0 || scenario->map.board == NULL || !(options->pages & ACIES_PRINT_PAGES_MAP))
    return FALSE;
  acies_board_extent (scenario->map.board, &ext_w, &ext_h);
  ext_w = MAX (ext_w, 0.01);
  ext_h = MAX (ext_h, 0.01);
  margin = CLAMP (options->margin, 0, MIN (options->page_width, options->page_height) / 4);
  now = fitted_cell (ext_w, ext_h, options->page_width, options->page_height, margin);
  turned = fitted_cell (ext_w, ext_h, options->page_height, options->page_width, margin);
  if (!(turned > now * 1.02))
    return FALSE;
  w = options->page_width;
  options->page_width = options->page_height;
  options->page_height = w;
  return TRUE;
}

/**
 * acies_print_job_new:
 * @scenario: the scenario to print (a reference is kept)
 * @catalogue: (nullable): its catalogue (a reference is kept)
 * @options: the page size, scale and parts
 *
 * Returns: (transfer full): a print job; call acies_print_job_paginate()
 *   before counting or drawing pages
 */
AciesPrintJob *
acies_print_job_new (const AciesScenario     *scenario,
                     const AciesCatalogue    *catalogue,
                     const AciesPrintOptions *options)
{
  AciesPrintJob *job;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  job = g_new0 (AciesPrintJob, 1);
  job->scenario = acies_scenario_ref ((AciesScenario *) scenario);
  job->catalogue = catalogue ? acies_catalogue_ref ((AciesCatalogue *) catalogue) : NULL;
  job->options = *options;
  job->options.units = options->units ? g_ptr_array_ref (options->units) : NULL;
  job->options.leaders = options->leaders ? g_ptr_array_ref (options->leaders) : NULL;
  job->options.positions = g_strdup (options->positions);
  job->options.margin = CLAMP (options->margin, 0, MIN (options->page_width, options->page_height) / 4);
  job->x = job->options.margin;
  job->y = job->options.margin;
  job->w = MAX (36.0, options->page_width - 2 * job->options.margin);
  job->h = MAX (36.0, options->page_height - 2 * job->options.margin);
  job->pages = g_array_new (FALSE, FALSE, sizeof (PageRef));

  /* The boxed pool labels name the zones their pools set up in (not on
   * a game's position, where the pools are drawn already). */
  job->map_scenario = acies_scenario_copy (scenario);
  for (guint i = 0; options->units == NULL && i < scenario->pools->len; i++)
    {
      AciesPool *pool = g_ptr_array_index (scenario->pools, i);
      AciesArea *area = pool->area ? acies_scenario_find_area (job->map_scenario, pool->area) : NULL;

      if (area != NULL)
        g_clear_pointer (&area->name, g_free);
    }

  layout_map (job);
  job->cache = acies_render_cache_new ();

  if (options->pages & ACIES_PRINT_PAGES_OOB)
    job->sheets[0] = acies_sheet_new_oob (scenario, catalogue);
  if (options->pages & ACIES_PRINT_PAGES_RULES)
    job->sheets[1] = acies_sheet_new_rules (scenario, catalogue);
  if (options->pages & ACIES_PRINT_PAGES_TABLES)
    job->sheets[2] = acies_sheet_new_tables (scenario, catalogue);

  return job;
}

void
acies_print_job_free (AciesPrintJob *job)
{
  if (job == NULL)
    return;
  acies_scenario_unref (job->scenario);
  acies_scenario_unref (job->map_scenario);
  g_clear_pointer (&job->options.units, g_ptr_array_unref);
  g_clear_pointer (&job->options.leaders, g_ptr_array_unref);
  g_free ((char *) job->options.positions);
  g_clear_pointer (&job->catalogue, acies_catalogue_unref);
  acies_render_cache_free (job->cache);
  for (guint i = 0; i < G_N_ELEMENTS (job->sheets); i++)
    g_clear_pointer (&job->sheets[i], acies_sheet_free);
  g_array_unref (job->pages);
  g_free (job);
}

/* The text area of a sheet page: below a header line, above the footer. */
#define SHEET_HEADER_PT 22.0

/**
 * acies_print_job_paginate:
 * @job: a print job
 * @cr: a context on the target, for font metrics
 *
 * Lays out the pages: the map (one page, or its tiles row by row), then
 * the order of battle, the rules and the tables, each sheet running on
 * below the one before where its title and first lines fit.
 */
void
acies_print_job_paginate (AciesPrintJob *job,
                          cairo_t       *cr)
{
  static const AciesPrintPageKind kinds[] = {
    ACIES_PRINT_PAGE_OOB, ACIES_PRINT_PAGE_RULES, ACIES_PRINT_PAGE_TABLES
  };
  AciesSheet *previous = NULL;
  guint n_sheet_pages;

  g_return_if_fail (job != NULL && cr != NULL);

  g_array_set_size (job->pages, 0);
  if (job->options.pages & ACIES_PRINT_PAGES_MAP)
    for (guint i = 0; i < job->columns * job->rows; i++)
      {
        PageRef ref = { ACIES_PRINT_PAGE_MAP, i };

        g_array_append_val (job->pages, ref);
      }

  /* The sheets run on: one starts below the end of the one before when
   * its title and first lines fit there, so that no page holds only a
   * sheet's last lines (a page with two bullets on it).  PageRef.index
   * counts the sheet pages. */
  n_sheet_pages = 0;
  for (guint s = 0; s < G_N_ELEMENTS (job->sheets); s++)
    {
      guint n = 0;

      job->sheet_first[s] = n_sheet_pages;
      if (acies_sheet_is_empty (job->sheets[s]))
        continue;
      if (previous != NULL)
        n = acies_sheet_paginate_below (job->sheets[s], cr, job->w, job->h - SHEET_HEADER_PT,
                                        acies_sheet_get_end_y (previous));
      if (n > 0)
        job->sheet_first[s] = n_sheet_pages - 1;
      else
        n = acies_sheet_paginate (job->sheets[s], cr, job->w, job->h - SHEET_HEADER_PT);
      for (guint i = job->sheet_first[s] + n; n_sheet_pages < i; n_sheet_pages++)
        {
          PageRef ref = { kinds[s], n_sheet_pages };

          g_array_append_val (job->pages, ref);
        }
      previous = job->sheets[s];
    }
  job->paginated = TRUE;
}

static void
ensure_paginated (AciesPrintJob *job)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  if (job->paginated)
    return;
  surface = cairo_pdf_surface_create_for_stream (NULL, NULL, job->options.page_width,
                                                 job->options.page_height);
  cr = cairo_create (surface);
  acies_print_job_paginate (job, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/**
 * acies_print_job_get_n_pages:
 * @job: a print job
 *
 * Returns: the number of pages (paginating with PDF metrics if needed)
 */
guint
acies_print_job_get_n_pages (AciesPrintJob *job)
{
  g_return_val_if_fail (job != NULL, 0);
  ensure_paginated (job);
  return job->pages->len;
}

AciesPrintPageKind
acies_print_job_get_page_kind (AciesPrintJob *job,
                               guint          page)
{
  g_return_val_if_fail (job != NULL, ACIES_PRINT_PAGE_MAP);
  ensure_paginated (job);
  g_return_val_if_fail (page < job->pages->len, ACIES_PRINT_PAGE_MAP);
  return g_array_index (job->pages, PageRef, page).kind;
}

/**
 * acies_print_job_get_tiles:
 * @job: a print job
 * @columns: (out): map pages across (1 when fitted)
 * @rows: (out): map pages down
 */
void
acies_print_job_get_tiles (AciesPrintJob *job,
                           guint         *columns,
                           guint         *rows)
{
  g_return_if_fail (job != NULL);
  if (columns)
    *columns = job->columns;
  if (rows)
    *rows = job->rows;
}

/* Drawing helpers. */

static PangoLayout *
text_layout (cairo_t    *cr,
             const char *markup,
             double      size_pt,
             gboolean    bold,
             double      width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (ACIES_RENDER_FONT);

  pango_font_description_set_absolute_size (font, size_pt * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  {
    /* One line of a page (a title up to 256 KiB): what can show, issue 20.8. */
    g_autofree char *shown = acies_sheet_bound_markup (markup, 400);

    pango_layout_set_markup (layout, shown, -1);
  }
  return layout;
}

/* Draws @text with its top-left (xalign 0), centre (0.5) or right (1) at
 * @x, top at @y; returns its height. */
static double
show_text (cairo_t    *cr,
           const char *markup,
           double      size_pt,
           gboolean    bold,
           double      x,
           double      y,
           double      xalign,
           double      max_width)
{
  g_autoptr(PangoLayout) layout = text_layout (cr, markup, size_pt, bold, max_width);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  cairo_move_to (cr, x - xalign * logical.width / PANGO_SCALE, y);
  pango_cairo_show_layout (cr, layout);
  return (double) logical.height / PANGO_SCALE;
}

static char *
tile_label (guint column,
            guint row)
{
  return g_strdup_printf ("%c%u", 'A' + (char) row, column + 1);
}

static void
draw_footer (AciesPrintJob *job,
             cairo_t       *cr,
             guint          page)
{
  g_autofree char *text = NULL;
  g_autofree char *esc_title = g_markup_escape_text (job->scenario->meta.title ? job->scenario->meta.title : "", -1);
  double y = job->options.page_height - job->options.margin + 2.0;

  /* Translators: the page footer: "Page 3 of 7" */
  text = g_strdup_printf (_("Page %u of %u"), page + 1, job->pages->len);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  if (y + FOOTER_PT + 2 > job->options.page_height)
    y = job->options.page_height - FOOTER_PT - 2;
  show_text (cr, text, FOOTER_PT, FALSE, job->x + job->w, y, 1.0, 0);
  show_text (cr, esc_title, FOOTER_PT, FALSE, job->x, y, 0.0, job->w * 0.6);
}

/* The map's pools: a boxed label inside each drawn pool's set-up zone,
 * "Pink: draw 10 from 16", with one small counter per front class and its
 * count. */
typedef struct
{
  AciesUnit  *unit;
  guint       count;
} PoolItem;

static void
draw_pool_box (AciesPrintJob            *job,
               cairo_t                  *cr,
               const AciesRenderOptions *ro,
               double                    width,
               double                    height,
               const AciesPool          *pool)
{
  const AciesScenario *scenario = job->scenario;
  AciesArea *area = pool->area ? acies_scenario_find_area (scenario, pool->area) : NULL;
  AciesBoardKind kind = acies_board_get_kind (scenario->map.board);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double half_w, half_h, bw, bh, em, best_em = 0;
  guint best_per_row = 1, n_items;
  g_autofree char *title = NULL;
  g_autofree char *title_esc = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  AciesRgba colour;
  double tw, th, item_w, item_h;

  if (area == NULL || area->cells == NULL || area->cells->len == 0 || pool->entries == NULL)
    return;

  /* The area's bounding box in the target. */
  for (guint i = 0; i < area->cells->len; i++)
    {
      double cx, cy;

      if (!acies_render_cell_center (scenario, width * BOARD_K, height * BOARD_K, ro,
                                     g_array_index (area->cells, AciesCell, i), &cx, &cy))
        continue;
      cx /= BOARD_K;
      cy /= BOARD_K;
      x0 = MIN (x0, cx);
      y0 = MIN (y0, cy);
      x1 = MAX (x1, cx);
      y1 = MAX (y1, cy);
    }
  if (x0 > x1)
    return;
  if (kind == ACIES_BOARD_HEX)
    {
      half_w = job->cell_size * 0.80;
      half_h = job->cell_size * 0.80;
    }
  else
    {
      half_w = job->cell_size * 0.5;
      half_h = job->cell_size * 0.5;
    }
  x0 -= half_w * 0.86;
  x1 += half_w * 0.86;
  y0 -= half_h * 0.80;
  y1 += half_h * 0.80;
  bw = x1 - x0;
  bh = y1 - y0;

  /* The items: one per front class, a counter and its count. */
  items = g_ptr_array_new ();
  for (guint i = 0; i < pool->entries->len; i++)
    {
      AciesPoolEntry *entry = g_ptr_array_index (pool->entries, i);
      g_autofree char *values = acies_sheet_unit_values (job->catalogue, entry->type, entry->attrs);
      gboolean found = FALSE;

      for (guint k = 0; k < items->len && !found; k++)
        {
          PoolItem *item = g_ptr_array_index (items, k);
          g_autofree char *other = acies_sheet_unit_values (job->catalogue, item->unit->type, item->unit->attrs);

          if (g_strcmp0 (item->unit->type, entry->type) == 0 && g_strcmp0 (values, other) == 0)
            {
              item->count += entry->count;
              found = TRUE;
            }
        }
      if (!found)
        {
          PoolItem *item = g_new0 (PoolItem, 1);

          item->unit = acies_unit_new (pool->id, pool->side, entry->type);
          g_free (item->unit->formation);
          item->unit->formation = g_strdup (pool->formation);
          if (entry->attrs != NULL)
            {
              json_object_unref (item->unit->attrs);
              item->unit->attrs = json_object_ref (entry->attrs);
            }
          item->count = entry->count;
          g_ptr_array_add (items, item);
        }
    }
  n_items = items->len;

  title = acies_sheet_pool_summary (scenario, pool);
  title_esc = g_markup_escape_text (title, -1);

  /* Sizes in em: the title line, then rows of items (a counter of 2.4 em
   * and its count beside it). */
  layout = text_layout (cr, title_esc, 10, TRUE, 0);
  {
    PangoRectangle logical;

    pango_layout_get_extents (layout, NULL, &logical);
    tw = (double) logical.width / PANGO_SCALE / 10;
    th = 1.35;
  }
  item_w = 2.4 + 0.3 + 1.9 + 0.6;
  item_h = 2.6;
  for (guint per_row = 1; per_row <= MAX (1u, n_items); per_row++)
    {
      guint rows = (n_items + per_row - 1) / per_row;
      double w = MAX (tw, per_row * item_w) + 0.8;
      double h = th + rows * item_h + 0.6;
      double e = MIN (MIN (bw / w, bh / h), MIN (9.0, job->cell_size * 0.22));

      if (e >= best_em)
        {
          best_em = e;
          best_per_row = per_row;
        }
    }
  em = best_em;
  if (em < 2.0)
    {
      /* Too small for counters: the title alone. */
      em = MIN (MIN (bw / (tw + 0.6), bh / (th + 0.3)), 9.0);
      n_items = 0;
    }

  {
    guint rows = n_items ? (n_items + best_per_row - 1) / best_per_row : 0;
    double w = MAX (tw, MIN (n_items, best_per_row) * item_w) + 0.8;
    double h = th + rows * item_h + (n_items ? 0.6 : 0.3);
    double bx = (x0 + x1) / 2 - w * em / 2, by = (y0 + y1) / 2 - h * em / 2;

    acies_unit_colour (scenario, pool->side, pool->formation, &colour);
    cairo_save (cr);
    cairo_new_path (cr);
    cairo_rectangle (cr, bx, by, w * em, h * em);
    cairo_set_source_rgba (cr, 1, 1, 1, 0.93);
    cairo_fill_preserve (cr);
    cairo_set_line_width (cr, MAX (0.6, em * 0.12));
    acies_palette_set_source_alpha (cr, &colour, 1.0, job->options.monochrome);
    if (job->options.monochrome)
      cairo_set_source_rgb (cr, 0, 0, 0);
    cairo_stroke (cr);

    cairo_set_source_rgb (cr, 0, 0, 0);
    show_text (cr, title_esc, em, TRUE, bx + w * em / 2, by + 0.2 * em, 0.5, 0);

    for (guint i = 0; i < n_items; i++)
      {
        PoolItem *item = g_ptr_array_index (items, i);
        guint r = i / best_per_row, c = i % best_per_row;
        guint in_row = MIN (best_per_row, n_items - r * best_per_row);
        double row_w = in_row * item_w;
        double ix = bx + (w - row_w) / 2 * em + c * item_w * em;
        double iy = by + (th + 0.3 + r * item_h) * em;
        AciesCounterLook look;
        g_autoptr(PangoLayout) cl = pango_cairo_create_layout (cr);
        g_autofree char *count = g_strdup_printf ("×%u", item->count);

        acies_counter_look_init (&look, scenario, job->catalogue, item->unit, job->options.monochrome);
        acies_counter_draw (cr, cl, &look, ix + 1.2 * em + 0.3 * em, iy + 1.1 * em, 2.2 * em, 2.2 * em);
        acies_counter_look_clear (&look);
        cairo_set_source_rgb (cr, 0, 0, 0);
        show_text (cr, count, em * 1.05, TRUE, ix + 2.8 * em, iy + 0.55 * em, 0, 0);
      }
    cairo_restore (cr);
  }

  for (guint i = 0; i < items->len; i++)
    {
      PoolItem *item = g_ptr_array_index (items, i);

      acies_unit_free (item->unit);
      g_free (item);
    }
}

static void
map_render_options (AciesPrintJob      *job,
                    guint               column,
                    guint               row,
                    AciesRenderOptions *ro)
{
  double ov = CLAMP (job->options.overlap_mm * MM, 0, MIN (job->map_w, job->map_h) / 2);
  double pad = ACIES_PRINT_MAP_PAD_MM * MM;

  acies_render_options_init (ro);
  ro->cell_size = job->cell_size * BOARD_K;
  ro->offset_x = (job->shift_x + pad - column * (job->map_w - ov)) * BOARD_K;
  ro->offset_y = (job->shift_y + pad - row * (job->map_h - ov)) * BOARD_K;
  ro->monochrome = job->options.monochrome;
  ro->show_labels = TRUE;
  ro->show_units = TRUE;
  ro->units = job->options.units;
  ro->leaders = job->options.units != NULL ? job->options.leaders : NULL;
  /* Vector drawing of the page's tile only, with the geometry worked out
   * once for all the pages. */
  ro->no_cache = TRUE;
  ro->cache = job->cache;
}

static void
draw_assembly (AciesPrintJob *job,
               cairo_t       *cr,
               double         x,
               double         y,
               double         max_w,
               double         max_h,
               guint          current)
{
  double cw = job->map_w, ch = job->map_h;
  double scale = MIN (max_w / (job->columns * cw), max_h / (job->rows * ch));
  double tw = cw * scale, th = ch * scale;

  x -= job->columns * tw;   /* right-aligned at x */
  for (guint r = 0; r < job->rows; r++)
    for (guint c = 0; c < job->columns; c++)
      {
        g_autofree char *label = tile_label (c, r);

        cairo_rectangle (cr, x + c * tw, y + r * th, tw, th);
        if (r * job->columns + c == current)
          cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);
        else
          cairo_set_source_rgb (cr, 1, 1, 1);
        cairo_fill_preserve (cr);
        cairo_set_source_rgb (cr, 0, 0, 0);
        cairo_set_line_width (cr, 0.5);
        cairo_stroke (cr);
        show_text (cr, label, MIN (6.0, th * 0.55), r * job->columns + c == current,
                   x + (c + 0.5) * tw, y + r * th + th * 0.2, 0.5, 0);
      }
}

static void
crop_mark (cairo_t *cr,
           double   x,
           double   y,
           double   dx,
           double   dy)
{
  /* Two short lines outside the corner (@dx, @dy point outwards). */
  cairo_move_to (cr, x + dx * 1.5 * MM, y);
  cairo_line_to (cr, x + dx * 6 * MM, y);
  cairo_move_to (cr, x, y + dy * 1.5 * MM);
  cairo_line_to (cr, x, y + dy * 6 * MM);
}

static void
draw_map_page (AciesPrintJob *job,
               cairo_t       *cr,
               guint          page,
               guint          tile)
{
  guint column = tile % job->columns, row = tile / job->columns;
  double ov = CLAMP (job->options.overlap_mm * MM, 0, MIN (job->map_w, job->map_h) / 2);
  double mx = job->x, my = job->y + ACIES_PRINT_HEADER_MM * MM;
  double pad = ACIES_PRINT_MAP_PAD_MM * MM;
  AciesRenderOptions ro;
  g_autofree char *title = g_markup_escape_text (job->scenario->meta.title ? job->scenario->meta.title : _("Untitled scenario"), -1);
  g_autofree char *sub = NULL;
  g_autofree char *label = tile_label (column, row);
  double bx, by;

  map_render_options (job, column, row, &ro);

  /* Header: title and scale at the left, the page label at the right, the
   * assembly diagram before it. */
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, title, 13, TRUE, job->x, job->y, 0, job->w * 0.55);
  if (job->fit)
    {
      AciesBoardKind kind = job->scenario->map.board ? acies_board_get_kind (job->scenario->map.board) : ACIES_BOARD_SQUARE;
      double size_mm = (kind == ACIES_BOARD_HEX ? job->cell_size * sqrt (3.0) : job->cell_size) / MM;

      /* Translators: the fitted map's scale, "a cell is 8.9 mm" */
      sub = g_strdup_printf (_("Map, fitted to the page (a cell is %.1f mm)"), size_mm);
    }
  else
    /* Translators: the tiled map's header: "Map at 16 mm a cell, 6 pages (3 × 2), overlap 10 mm" */
    sub = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Map at %g mm a cell, %u page (%u × %u), overlap %g mm",
                                        "Map at %g mm a cell, %u pages (%u × %u), overlap %g mm",
                                        job->columns * job->rows),
                           job->options.cell_mm, job->columns * job->rows, job->columns, job->rows,
                           job->options.overlap_mm);
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  show_text (cr, sub, 8, FALSE, job->x, job->y + 17, 0, job->w * 0.6);
  {
    /* Which positions the counters show (issue 17 item 5): the
     * scenario's deployment or the start of the game, or the position of
     * a saved game the caller describes. */
    g_autofree char *positions = job->options.positions != NULL
                                 ? g_strdup (job->options.positions)
                                 : acies_catalogue_positions_text (job->catalogue);
    g_autofree char *escaped = g_markup_escape_text (positions, -1);

    show_text (cr, escaped, 8, FALSE, job->x, job->y + 27, 0, job->w * 0.6);
  }
  if (!job->fit || job->columns * job->rows > 1)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_text (cr, label, 20, TRUE, job->x + job->w, job->y, 1.0, 0);
      draw_assembly (job, cr, job->x + job->w - 22 * MM, job->y + 1, 34 * MM,
                     ACIES_PRINT_HEADER_MM * MM - 5, tile);
    }
  cairo_restore (cr);

  /* The board, clipped to the tile and to the board's own rectangle. */
  bx = ro.offset_x / BOARD_K - pad;
  by = ro.offset_y / BOARD_K - pad;
  cairo_save (cr);
  cairo_translate (cr, mx, my);
  cairo_rectangle (cr, 0, 0, job->map_w, job->map_h);
  cairo_clip (cr);
  cairo_rectangle (cr, bx, by, job->board_w, job->board_h);
  cairo_clip (cr);
  cairo_save (cr);
  cairo_scale (cr, 1 / BOARD_K, 1 / BOARD_K);
  acies_render_board (cr, job->map_scenario, job->catalogue,
                      job->map_w * BOARD_K, job->map_h * BOARD_K, &ro);
  cairo_restore (cr);
  for (guint i = 0; job->options.units == NULL && i < job->scenario->pools->len; i++)
    draw_pool_box (job, cr, &ro, job->map_w, job->map_h, g_ptr_array_index (job->scenario->pools, i));
  cairo_restore (cr);

  /* Overlap bands, crop marks and the neighbours' labels. */
  cairo_save (cr);
  cairo_translate (cr, mx, my);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.4);
  if (job->columns * job->rows > 1)
    {
      double dash[] = { 3, 2 };

      cairo_set_dash (cr, dash, 2, 0);
      if (column > 0)
        {
          cairo_move_to (cr, ov, 0);
          cairo_line_to (cr, ov, job->map_h);
        }
      if (column + 1 < job->columns)
        {
          cairo_move_to (cr, job->map_w - ov, 0);
          cairo_line_to (cr, job->map_w - ov, job->map_h);
        }
      if (row > 0)
        {
          cairo_move_to (cr, 0, ov);
          cairo_line_to (cr, job->map_w, ov);
        }
      if (row + 1 < job->rows)
        {
          cairo_move_to (cr, 0, job->map_h - ov);
          cairo_line_to (cr, job->map_w, job->map_h - ov);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* Where the neighbours go: in the margin beside each joined edge. */
      if (column > 0)
        {
          g_autofree char *n = tile_label (column - 1, row);
          g_autofree char *t = g_strdup_printf ("◀ %s", n);

          cairo_save (cr);
          cairo_translate (cr, -2, job->map_h / 2);
          cairo_rotate (cr, -G_PI / 2);
          show_text (cr, t, 7, TRUE, 0, -9, 0.5, 0);
          cairo_restore (cr);
        }
      if (column + 1 < job->columns)
        {
          g_autofree char *n = tile_label (column + 1, row);
          g_autofree char *t = g_strdup_printf ("%s ▶", n);

          cairo_save (cr);
          cairo_translate (cr, job->map_w + 2, job->map_h / 2);
          cairo_rotate (cr, G_PI / 2);
          show_text (cr, t, 7, TRUE, 0, -9, 0.5, 0);
          cairo_restore (cr);
        }
      if (row + 1 < job->rows)
        {
          g_autofree char *n = tile_label (column, row + 1);
          g_autofree char *t = g_strdup_printf ("▼ %s", n);

          show_text (cr, t, 7, TRUE, job->map_w / 2, job->map_h + 1, 0.5, 0);
        }
      if (row > 0)
        {
          g_autofree char *n = tile_label (column, row - 1);
          /* Translators: the tile above this one joins here */
          g_autofree char *t = g_strdup_printf (_("▲ %s: lay its overlap over this band"), n);

          show_text (cr, t, 6.5, FALSE, job->map_w / 2, 1, 0.5, 0);
        }
    }
  cairo_set_line_width (cr, 0.3);
  crop_mark (cr, 0, 0, -1, -1);
  crop_mark (cr, job->map_w, 0, 1, -1);
  crop_mark (cr, 0, job->map_h, -1, 1);
  crop_mark (cr, job->map_w, job->map_h, 1, 1);
  cairo_stroke (cr);
  cairo_restore (cr);

  draw_footer (job, cr, page);
}

/* A page of the sheets: the section named in the header is the one at
 * the top of the page; a sheet starting lower down opens with its title. */
static void
draw_sheet_page (AciesPrintJob *job,
                 cairo_t       *cr,
                 guint          page,
                 guint          index,
                 const char    *section)
{
  g_autofree char *title = g_markup_escape_text (job->scenario->meta.title ? job->scenario->meta.title : _("Untitled scenario"), -1);
  g_autofree char *sec = g_markup_escape_text (section, -1);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, title, 10, TRUE, job->x, job->y, 0, job->w * 0.5);
  show_text (cr, sec, 10, FALSE, job->x + job->w, job->y, 1.0, job->w * 0.45);
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, job->x, job->y + 15);
  cairo_line_to (cr, job->x + job->w, job->y + 15);
  cairo_stroke (cr);

  cairo_translate (cr, job->x, job->y + SHEET_HEADER_PT);
  for (guint s = 0; s < G_N_ELEMENTS (job->sheets); s++)
    {
      guint n = job->sheets[s] != NULL ? acies_sheet_get_n_pages (job->sheets[s]) : 0;

      if (n > 0 && index >= job->sheet_first[s] && index < job->sheet_first[s] + n)
        acies_sheet_draw_page (job->sheets[s], cr, index - job->sheet_first[s], job->w, job->h - SHEET_HEADER_PT);
    }
  cairo_restore (cr);

  draw_footer (job, cr, page);
}

/**
 * acies_print_job_draw_page:
 * @job: a paginated print job
 * @cr: a context whose origin is the paper's top-left corner, in points
 * @page: the page, from 0
 *
 * Draws one page (white paper assumed; nothing is drawn outside the
 * board and the text).
 */
void
acies_print_job_draw_page (AciesPrintJob *job,
                           cairo_t       *cr,
                           guint          page)
{
  PageRef ref;

  g_return_if_fail (job != NULL && cr != NULL);
  ensure_paginated (job);
  g_return_if_fail (page < job->pages->len);

  ref = g_array_index (job->pages, PageRef, page);
  switch (ref.kind)
    {
    case ACIES_PRINT_PAGE_MAP:
      draw_map_page (job, cr, page, ref.index);
      break;
    case ACIES_PRINT_PAGE_OOB:
      draw_sheet_page (job, cr, page, ref.index, _("Order of battle and set-up"));
      break;
    case ACIES_PRINT_PAGE_RULES:
      draw_sheet_page (job, cr, page, ref.index, _("Scenario rules"));
      break;
    case ACIES_PRINT_PAGE_TABLES:
      draw_sheet_page (job, cr, page, ref.index, _("Tables"));
      break;
    default:
      g_assert_not_reached ();
    }
}

static guint
draw_all_pages (cairo_t  *cr,
                gpointer  user_data)
{
  AciesPrintJob *job = user_data;

  acies_print_job_paginate (job, cr);
  for (guint i = 0; i < job->pages->len; i++)
    {
      acies_print_job_draw_page (job, cr, i);
      cairo_show_page (cr);
    }
  return job->pages->len;
}

/**
 * acies_print_to_pdf:
 * @scenario: the scenario
 * @catalogue: (nullable): its catalogue
 * @options: paper, scale and parts
 * @path: the PDF to write
 * @n_pages: (out) (optional): the pages written
 * @error: return location for an %ACIES_ENGINE_ERROR_IO error
 *
 * Writes the printed set-up to a PDF with cairo, without a display,
 * atomically: on failure the old file is intact (absent when it was new)
 * and the error says why ("the disk is full").
 *
 * Returns: %TRUE on success
 */
gboolean
acies_print_to_pdf (const AciesScenario     *scenario,
                    const AciesCatalogue    *catalogue,
                    const AciesPrintOptions *options,
                    const char              *path,
                    guint                   *n_pages,
                    GError                 **error)
{
  g_autoptr(AciesPrintJob) job = NULL;
  g_autoptr(GFile) file = NULL;
  guint n = 0;

  g_return_val_if_fail (scenario != NULL && options != NULL && path != NULL, FALSE);

  /* Atomically (acies-render-output.c): a full disk leaves the old PDF. */
  job = acies_print_job_new (scenario, catalogue, options);
  file = g_file_new_for_path (path);
  if (!acies_render_write_pdf (file, options->page_width, options->page_height, scenario->meta.title,
                               draw_all_pages, job, &n, error))
    return FALSE;
  if (n == 0)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   _("%s: nothing to print"), path);
      return FALSE;
    }
  if (n_pages)
    *n_pages = n;
  return TRUE;
}
