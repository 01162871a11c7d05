/* acies-render-sheet.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "acies-text.h"
#include "rulesets/acies-table.h"
#include "acies-render-private.h"
#include "model/acies-check.h"
#include "acies-render-sheet.h"

/* Type sizes, points. */
#define BODY_PT      9.0
#define TABLE_PT     8.0
#define MIN_TABLE_PT 5.0
#define CELL_PAD_X   3.0
#define CELL_PAD_Y   1.6
#define PARA_GAP     4.0

/* Long text (issue 20.8).  Pango breaks a line inside a word that does not
 * fit by measuring it again and again, so a long unbroken text took time
 * quadratic in its length (36 ms per KB: ten CPU-minutes for a valid
 * 16 MiB scenario); and each page showed its part of a paragraph by laying
 * out the whole paragraph.  Text is now given a break opportunity (a zero
 * width space) every BREAK_RUN characters of an unbroken run, paragraphs
 * are cut into blocks of about CHUNK_CHARS characters laid out alone, and
 * what one block may hold is bounded: a heading HEADING_CHARS characters,
 * a table cell CELL_CHARS, a paragraph PARAGRAPH_CHARS, the rest ending
 * in "…". */
#define BREAK_RUN        24
#define CHUNK_CHARS      2000
#define HEADING_CHARS    300
#define CELL_CHARS       1000
#define PARAGRAPH_CHARS  (64 * 1024)
#define ZERO_WIDTH_SPACE "\xe2\x80\x8b"

typedef enum
{
  BLOCK_HEADING,
  BLOCK_PARAGRAPH,
  BLOCK_TABLE,
} BlockKind;

typedef struct
{
  BlockKind       kind;
  guint           level;      /* headings: 1, 2, 3 */
  char           *markup;     /* headings and paragraphs */
  guint           n_columns;  /* tables */
  GPtrArray      *rows;       /* tables: GStrv per row; row 0 is the header */
  AciesSheetAlign align;
  gboolean        keep;       /* kept on the page of what follows */
  gboolean        continued;  /* paragraphs: the rest of the one before */

  /* Layout, from acies_sheet_paginate(). */
  double          font_pt;
  double         *col_x;      /* n_columns + 1 */
  double         *row_y;      /* rows->len + 1: row tops, from 0 */
  double          height;     /* paragraphs and headings; tables: row_y[len] */
  double         *line_y;     /* paragraphs: tops of lines and the bottom */
  guint           n_lines;
  double          gap_before;
} Block;

/* A piece of a block on a page: rows [from, to) of a table, or the band
 * [y0, y1) of a paragraph's lines. */
typedef struct
{
  guint  page;
  guint  block;
  double y;        /* top on the page */
  guint  from;
  guint  to;
  double y0;
  double y1;
} Placement;

struct _AciesSheet
{
  char      *title;
  GPtrArray *blocks;       /* Block */
  GArray    *placements;   /* Placement */
  guint      n_pages;
  double     width;
  Block     *opening;      /* the title as a heading, when the sheet
                            * starts on another sheet's last page */
  double     end_y;        /* the bottom of the last page's content */
};

/* Placement.block of the opening heading. */
#define OPENING_BLOCK G_MAXUINT

static void
block_free (Block *block)
{
  g_free (block->markup);
  g_clear_pointer (&block->rows, g_ptr_array_unref);
  g_free (block->col_x);
  g_free (block->row_y);
  g_free (block->line_y);
  g_free (block);
}

/**
 * acies_sheet_new:
 * @title: (nullable): the sheet's title, shown in page headers by the caller
 *
 * Returns: (transfer full): an empty sheet
 */
AciesSheet *
acies_sheet_new (const char *title)
{
  AciesSheet *sheet = g_new0 (AciesSheet, 1);

  sheet->title = g_strdup (title);
  sheet->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  sheet->placements = g_array_new (FALSE, TRUE, sizeof (Placement));
  return sheet;
}

void
acies_sheet_free (AciesSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_free (sheet->title);
  g_ptr_array_unref (sheet->blocks);
  g_array_unref (sheet->placements);
  g_clear_pointer (&sheet->opening, block_free);
  g_free (sheet);
}

/* Copies Pango @markup into pieces of at most @chunk visible characters
 * (0: one piece), cut where a line may break, with a zero width space in
 * every run of BREAK_RUN characters without one, and at most @max visible
 * characters in all (0: no limit), "…" marking the cut.  Tags open at a
 * cut are closed at the end of its piece and opened again at the start of
 * the next, so each piece is markup on its own.  Linear in @markup. */
static GPtrArray *
prepare_markup (const char *markup,
                gsize       max,
                gsize       chunk)
{
  GPtrArray *pieces = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_free);   /* opening tags */
  GString *piece = g_string_new (NULL);
  gsize visible = 0, in_piece = 0, run = 0;
  const char *p = markup;

  while (*p != '\0')
    {
      gboolean breakable = FALSE;

      if (*p == '<')
        {
          const char *end = strchr (p, '>');
          gsize length = end != NULL ? (gsize) (end - p) + 1 : strlen (p);

          if (p[1] == '/')
            {
              if (open->len > 0)
                g_ptr_array_remove_index (open, open->len - 1);
            }
          else if (length < 2 || p[length - 2] != '/')
            {
              /* The tag's name: what closes it. */
              g_ptr_array_add (open, g_strndup (p, length));
            }
          g_string_append_len (piece, p, length);
          p += length;
          continue;
        }

      if (max > 0 && visible >= max)
        {
          g_string_append (piece, "…");
          break;
        }

      if (*p == '&')
        {
          const char *end = strchr (p, ';');
          gsize length = end != NULL && end - p < 12 ? (gsize) (end - p) + 1 : 1;

          g_string_append_len (piece, p, length);
          p += length;
          run++;
        }
      else
        {
          const char *next = g_utf8_next_char (p);
          gunichar ch = g_utf8_get_char (p);

          g_string_append_len (piece, p, next - p);
          p = next;
          if (g_unichar_isspace (ch) || ch == 0x200B || ch == '-')
            {
              run = 0;
              breakable = TRUE;
            }
          else
            run++;
        }
      visible++;
      in_piece++;
      if (run >= BREAK_RUN)
        {
          g_string_append (piece, ZERO_WIDTH_SPACE);
          run = 0;
          breakable = TRUE;
        }

      if (breakable && chunk > 0 && in_piece >= chunk && *p != '\0')
        {
          /* Close what is open, and open it again in the next piece. */
          for (guint i = open->len; i > 0; i--)
            {
              const char *tag = g_ptr_array_index (open, i - 1);
              gsize n = strcspn (tag + 1, " \t\n>");

              g_string_append_printf (piece, "</%.*s>", (int) n, tag + 1);
            }
          g_ptr_array_add (pieces, g_string_free (piece, FALSE));
          piece = g_string_new (NULL);
          for (guint i = 0; i < open->len; i++)
            g_string_append (piece, g_ptr_array_index (open, i));
          in_piece = 0;
        }
    }

  for (guint i = open->len; i > 0; i--)
    {
      const char *tag = g_ptr_array_index (open, i - 1);
      gsize n = strcspn (tag + 1, " \t\n>");

      /* Only for markup cut short: whole markup closes its own tags. */
      if (*p != '\0')
        g_string_append_printf (piece, "</%.*s>", (int) n, tag + 1);
    }
  g_ptr_array_add (pieces, g_string_free (piece, FALSE));
  return pieces;
}

/**
 * acies_sheet_bound_markup:
 * @markup: Pango markup
 * @max_chars: the most visible characters to keep
 *
 * For text drawn on one line of a page (a header's title): @markup cut to
 * @max_chars characters ("…" then) with a break opportunity in every long
 * unbroken run, so that laying it out costs what it shows (issue 20.8).
 *
 * Returns: (transfer full): markup
 */
char *
acies_sheet_bound_markup (const char *markup,
                          gsize       max_chars)
{
  g_autoptr(GPtrArray) pieces = prepare_markup (markup != NULL ? markup : "", max_chars, 0);

  return g_strdup (g_ptr_array_index (pieces, 0));
}

static char *
bounded (const char *markup,
         gsize       max_chars)
{
  return acies_sheet_bound_markup (markup, max_chars);
}

/**
 * acies_sheet_add_heading:
 * @sheet: a sheet
 * @level: 1 (largest) to 3
 * @text: plain text (escaped here)
 */
void
acies_sheet_add_heading (AciesSheet *sheet,
                         guint       level,
                         const char *text)
{
  Block *block = g_new0 (Block, 1);

  g_return_if_fail (sheet != NULL && text != NULL);

  block->kind = BLOCK_HEADING;
  block->keep = TRUE;
  block->level = CLAMP (level, 1, 3);
  {
    g_autofree char *escaped = g_markup_escape_text (text, -1);

    block->markup = bounded (escaped, HEADING_CHARS);
  }
  g_ptr_array_add (sheet->blocks, block);
}

/**
 * acies_sheet_add_paragraph:
 * @sheet: a sheet
 * @markup: Pango markup
 *
 * Adds a paragraph; a long one is kept in pieces laid out one by one
 * (issue 20.8), and at most 65,536 characters of it are printed.
 */
void
acies_sheet_add_paragraph (AciesSheet *sheet,
                           const char *markup)
{
  g_autoptr(GPtrArray) pieces = NULL;

  g_return_if_fail (sheet != NULL && markup != NULL);

  pieces = prepare_markup (markup, PARAGRAPH_CHARS, CHUNK_CHARS);
  for (guint i = 0; i < pieces->len; i++)
    {
      Block *block = g_new0 (Block, 1);

      block->kind = BLOCK_PARAGRAPH;
      block->markup = g_strdup (g_ptr_array_index (pieces, i));
      block->continued = i > 0;
      g_ptr_array_add (sheet->blocks, block);
    }
}

/**
 * acies_sheet_add_table:
 * @sheet: a sheet
 * @n_columns: the number of columns
 * @header: (array): @n_columns markup strings for the header row
 * @align: how the cells after the first are aligned
 *
 * Starts a table; add its rows with acies_sheet_add_row().
 */
void
acies_sheet_add_table (AciesSheet         *sheet,
                       guint               n_columns,
                       const char * const *header,
                       AciesSheetAlign     align)
{
  Block *block = g_new0 (Block, 1);
  GStrv row = g_new0 (char *, n_columns + 1);

  g_return_if_fail (sheet != NULL && n_columns > 0 && header != NULL);

  for (guint i = 0; i < n_columns; i++)
    row[i] = bounded (header[i] ? header[i] : "", CELL_CHARS);
  block->kind = BLOCK_TABLE;
  block->n_columns = n_columns;
  block->align = align;
  block->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_ptr_array_add (block->rows, row);
  g_ptr_array_add (sheet->blocks, block);
}

/**
 * acies_sheet_add_row:
 * @sheet: a sheet whose last block is a table
 * @cells: (array): one markup string per column (%NULL for empty)
 */
void
acies_sheet_add_row (AciesSheet         *sheet,
                     const char * const *cells)
{
  Block *block;
  GStrv row;

  g_return_if_fail (sheet != NULL && sheet->blocks->len > 0);
  block = g_ptr_array_index (sheet->blocks, sheet->blocks->len - 1);
  g_return_if_fail (block->kind == BLOCK_TABLE);

  row = g_new0 (char *, block->n_columns + 1);
  for (guint i = 0; i < block->n_columns; i++)
    row[i] = bounded (cells[i] ? cells[i] : "", CELL_CHARS);
  g_ptr_array_add (block->rows, row);
}

gboolean
acies_sheet_is_empty (const AciesSheet *sheet)
{
  return sheet == NULL || sheet->blocks->len == 0;
}

/* Layout. */

static void
layout_setup (PangoLayout *layout,
              const char  *markup,
              double       font_pt,
              gboolean     bold,
              double       width)
{
  PangoFontDescription *font = pango_font_description_from_string (ACIES_RENDER_FONT);

  pango_font_description_set_absolute_size (font, font_pt * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_markup (layout, markup, -1);
}

static double
heading_pt (guint level)
{
  return level == 1 ? 14.0 : level == 2 ? 11.0 : 9.5;
}

static void
table_layout (Block       *block,
              PangoLayout *layout,
              double       width)
{
  guint n = block->n_columns;
  g_autofree double *natural = g_new0 (double, n);
  g_autofree double *minimum = g_new0 (double, n);
  g_autofree double *col_w = g_new0 (double, n);
  double font = TABLE_PT, sum_nat, sum_min;

  /* Each cell's unwrapped size (Pango units) at the last font tried: a
   * cell as narrow as its column keeps its height (issue 21: a table of
   * 5,000 units is laid out once, not three times). */
  g_autofree int *cell_w = g_new (int, (gsize) n * block->rows->len);
  g_autofree int *cell_h = g_new (int, (gsize) n * block->rows->len);

  for (guint attempt = 0; attempt < 6; attempt++)
    {
      sum_nat = sum_min = 0;
      for (guint c = 0; c < n; c++)
        natural[c] = minimum[c] = 0;
      for (guint r = 0; r < block->rows->len; r++)
        {
          GStrv row = g_ptr_array_index (block->rows, r);

          for (guint c = 0; c < n; c++)
            {
              PangoRectangle logical;

              layout_setup (layout, row[c], font, r == 0, -1);
              pango_layout_get_extents (layout, NULL, &logical);
              cell_w[r * n + c] = logical.width;
              cell_h[r * n + c] = logical.height;
              natural[c] = MAX (natural[c], (double) logical.width / PANGO_SCALE);
            }
        }
      for (guint c = 0; c < n; c++)
        {
          natural[c] += 2 * CELL_PAD_X;
          sum_nat += natural[c];
        }
      /* Every column at its natural width fits: the longest words, never
       * wider, fit too. */
      if (sum_nat <= width)
        {
          for (guint c = 0; c < n; c++)
            minimum[c] = natural[c];
          sum_min = sum_nat;
          break;
        }
      for (guint r = 0; r < block->rows->len; r++)
        {
          GStrv row = g_ptr_array_index (block->rows, r);

          for (guint c = 0; c < n; c++)
            {
              PangoRectangle logical;

              /* The longest word: wrap at every opportunity. */
              layout_setup (layout, row[c], font, r == 0, -1);
              pango_layout_set_width (layout, 1);
              pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
              pango_layout_get_extents (layout, NULL, &logical);
              minimum[c] = MAX (minimum[c], (double) logical.width / PANGO_SCALE);
            }
        }
      for (guint c = 0; c < n; c++)
        {
          minimum[c] += 2 * CELL_PAD_X;
          sum_min += minimum[c];
        }
      if (sum_min <= width || font <= MIN_TABLE_PT)
        break;
      font = MAX (MIN_TABLE_PT, font * MAX (0.6, width / sum_min) * 0.98);
    }

  if (sum_nat <= width)
    {
      for (guint c = 0; c < n; c++)
        col_w[c] = natural[c];
      /* Tables of numbers stay compact; text tables span the page. */
      if (block->align == ACIES_SHEET_ALIGN_LEFT)
        {
          guint widest = 0;

          for (guint c = 1; c < n; c++)
            if (natural[c] > natural[widest])
              widest = c;
          col_w[widest] += width - sum_nat;
        }
    }
  else
    {
      double spare = MAX (0.0, width - sum_min);
      double want = MAX (1e-6, sum_nat - sum_min);

      for (guint c = 0; c < n; c++)
        col_w[c] = minimum[c] + spare * (natural[c] - minimum[c]) / want;
    }

  block->font_pt = font;
  g_free (block->col_x);
  block->col_x = g_new0 (double, n + 1);
  for (guint c = 0; c < n; c++)
    block->col_x[c + 1] = block->col_x[c] + col_w[c];

  g_free (block->row_y);
  block->row_y = g_new0 (double, block->rows->len + 1);
  for (guint r = 0; r < block->rows->len; r++)
    {
      GStrv row = g_ptr_array_index (block->rows, r);
      double h = 0;

      for (guint c = 0; c < n; c++)
        {
          double cw = col_w[c] - 2 * CELL_PAD_X;
          PangoRectangle logical;

          if (cw > 0 && cell_w[r * n + c] <= (int) (cw * PANGO_SCALE))
            {
              h = MAX (h, (double) cell_h[r * n + c] / PANGO_SCALE);
              continue;
            }
          layout_setup (layout, row[c], font, r == 0, cw);
          pango_layout_get_extents (layout, NULL, &logical);
          h = MAX (h, (double) logical.height / PANGO_SCALE);
        }
      block->row_y[r + 1] = block->row_y[r] + h + 2 * CELL_PAD_Y;
    }
  block->height = block->row_y[block->rows->len];
}

static void
text_layout (Block       *block,
             PangoLayout *layout,
             double       width)
{
  PangoLayoutIter *iter;
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (double));
  PangoRectangle logical;
  double y;

  if (block->kind == BLOCK_HEADING)
    layout_setup (layout, block->markup, heading_pt (block->level), TRUE, width);
  else
    layout_setup (layout, block->markup, BODY_PT, FALSE, width);

  iter = pango_layout_get_iter (layout);
  do
    {
      int y0, y1;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      y = (double) y0 / PANGO_SCALE;
      g_array_append_val (lines, y);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);

  pango_layout_get_extents (layout, NULL, &logical);
  block->height = (double) logical.height / PANGO_SCALE;
  y = block->height;
  g_array_append_val (lines, y);
  block->n_lines = lines->len - 1;
  g_free (block->line_y);
  block->line_y = (double *) g_array_free (lines, FALSE);
}

static double
block_gap (const Block *block,
           const Block *previous)
{
  if (previous == NULL || block->continued)
    return 0;
  if (block->kind == BLOCK_HEADING)
    return block->level == 1 ? 14.0 : block->level == 2 ? 9.0 : 6.0;
  if (previous->kind == BLOCK_HEADING)
    return 3.0;
  return PARA_GAP;
}

/* A table of at most this many rows (with its header) is never split. */
#define TABLE_WHOLE_ROWS 9
/* A split leaves at least this many rows or lines for the next page. */
#define TABLE_WIDOW_ROWS 3
#define PARAGRAPH_WIDOW_LINES 2

/* The height of a block's first piece that cannot be split. */
static double
first_piece (const Block *block)
{
  switch (block->kind)
    {
    case BLOCK_TABLE:
      if (block->rows->len <= TABLE_WHOLE_ROWS)
        return block->row_y[block->rows->len];
      return block->row_y[MIN (2u, block->rows->len)];
    case BLOCK_PARAGRAPH:
      return block->line_y[MIN (2u, block->n_lines)];
    case BLOCK_HEADING:
    default:
      return block->height;
    }
}

/* Whether the sheet's content starts with a title of its own. */
static gboolean
opens_with_title (const Block *first)
{
  return first->kind == BLOCK_HEADING && first->level == 1;
}

/* Lays the sheet out from @start_y on its first page (0: a page of its
 * own).  Below another sheet, the sheet opens with its title as a
 * level-1 heading, kept with the start of what follows; returns 0 when
 * that does not fit under @start_y. */
static guint
paginate_from (AciesSheet *sheet,
               cairo_t    *cr,
               double      width,
               double      height,
               double      start_y)
{
  g_autoptr(PangoLayout) layout = NULL;
  guint page = 0;
  double y = start_y;

  g_array_set_size (sheet->placements, 0);
  sheet->width = width;
  sheet->n_pages = 0;
  sheet->end_y = 0;
  if (sheet->blocks->len == 0)
    return 0;

  layout = pango_cairo_create_layout (cr);
  for (guint b = 0; b < sheet->blocks->len; b++)
    {
      Block *block = g_ptr_array_index (sheet->blocks, b);

      if (block->kind == BLOCK_TABLE)
        table_layout (block, layout, width);
      else
        text_layout (block, layout, width);
    }

  if (start_y > 0 && !opens_with_title (g_ptr_array_index (sheet->blocks, 0)))
    {
      Block *first = g_ptr_array_index (sheet->blocks, 0);
      double gap = 14.0;   /* block_gap() of a level-1 heading */
      Placement p = { 0, OPENING_BLOCK, 0, 0, 0, 0, 0 };

      if (sheet->opening == NULL)
        {
          sheet->opening = g_new0 (Block, 1);
          sheet->opening->kind = BLOCK_HEADING;
          sheet->opening->level = 1;
          sheet->opening->markup = g_markup_escape_text (sheet->title ? sheet->title : "", -1);
        }
      text_layout (sheet->opening, layout, width);
      if (start_y + gap + sheet->opening->height + 3.0 + first_piece (first) > height)
        return 0;
      p.y = start_y + gap;
      g_array_append_val (sheet->placements, p);
      y = p.y + sheet->opening->height + 3.0;
    }

  for (guint b = 0; b < sheet->blocks->len; b++)
    {
      Block *block = g_ptr_array_index (sheet->blocks, b);
      Block *previous = b > 0 ? g_ptr_array_index (sheet->blocks, b - 1) : NULL;
      double gap = y > 0 ? block_gap (block, previous) : 0;
      double need = first_piece (block);

      /* A heading (or an introduction) keeps the start of what follows
       * on its page. */
      for (guint k = b; k + 1 < sheet->blocks->len; k++)
        {
          Block *kb = g_ptr_array_index (sheet->blocks, k);

          if (!kb->keep)
            break;
          if (k > b)
            need += kb->height - first_piece (kb);
          need += 3.0 + first_piece (g_ptr_array_index (sheet->blocks, k + 1));
        }

      if (y > 0 && y + gap + need > height)
        {
          page++;
          y = 0;
          gap = 0;
        }
      y += gap;

      if (block->kind == BLOCK_HEADING)
        {
          Placement p = { page, b, y, 0, 0, 0, block->height };

          g_array_append_val (sheet->placements, p);
          y += block->height;
        }
      else if (block->kind == BLOCK_PARAGRAPH)
        {
          guint line = 0;

          while (line < block->n_lines)
            {
              guint end = line;
              Placement p = { page, b, y, 0, 0, block->line_y[line], 0 };

              while (end < block->n_lines
                     && y + block->line_y[end + 1] - block->line_y[line] <= height)
                end++;
              /* No line or two left alone on the next page. */
              if (end < block->n_lines && block->n_lines - end < PARAGRAPH_WIDOW_LINES
                  && block->n_lines - PARAGRAPH_WIDOW_LINES > line)
                end = block->n_lines - PARAGRAPH_WIDOW_LINES;
              if (end == line)
                {
                  if (y > 0)
                    {
                      page++;
                      y = 0;
                      continue;
                    }
                  end = line + 1;   /* a line taller than the page */
                }
              p.y = y;
              p.page = page;
              p.y1 = block->line_y[end];
              g_array_append_val (sheet->placements, p);
              y += p.y1 - p.y0;
              line = end;
              if (line < block->n_lines)
                {
                  page++;
                  y = 0;
                }
            }
        }
      else
        {
          guint row = 1;
          double header = block->row_y[1];

          if (block->rows->len == 1)
            {
              Placement p = { page, b, y, 1, 1, 0, 0 };

              g_array_append_val (sheet->placements, p);
              y += header;
              continue;
            }
          while (row < block->rows->len)
            {
              guint end = row;
              Placement p = { page, b, y, row, 0, 0, 0 };

              while (end < block->rows->len
                     && y + header + block->row_y[end + 1] - block->row_y[row] <= height)
                end++;
              /* Nor a row or two of a table. */
              if (end < block->rows->len && block->rows->len - end < TABLE_WIDOW_ROWS
                  && block->rows->len - TABLE_WIDOW_ROWS > row)
                end = block->rows->len - TABLE_WIDOW_ROWS;
              if (end == row)
                {
                  if (y > 0)
                    {
                      page++;
                      y = 0;
                      continue;
                    }
                  end = row + 1;
                }
              p.y = y;
              p.page = page;
              p.to = end;
              g_array_append_val (sheet->placements, p);
              y += header + block->row_y[end] - block->row_y[row];
              row = end;
              if (row < block->rows->len)
                {
                  page++;
                  y = 0;
                }
            }
        }
    }

  /* The opening heading is never left alone under another sheet, nor
   * is the sheet's start moved to a page of its own. */
  if (start_y > 0 && sheet->placements->len > 1
      && g_array_index (sheet->placements, Placement,
                        opens_with_title (g_ptr_array_index (sheet->blocks, 0)) ? 0 : 1).page != 0)
    {
      g_array_set_size (sheet->placements, 0);
      return 0;
    }
  sheet->n_pages = page + 1;
  sheet->end_y = y;
  return sheet->n_pages;
}

/**
 * acies_sheet_paginate:
 * @sheet: a sheet
 * @cr: a context on the target (for font metrics)
 * @width: the text area's width, points
 * @height: the text area's height, points
 *
 * Lays the sheet out in pages of @width × @height.
 *
 * Returns: the number of pages (at least 1 if the sheet has content)
 */
guint
acies_sheet_paginate (AciesSheet *sheet,
                      cairo_t    *cr,
                      double      width,
                      double      height)
{
  g_return_val_if_fail (sheet != NULL && cr != NULL, 0);
  return paginate_from (sheet, cr, width, height, 0);
}

/**
 * acies_sheet_paginate_below:
 * @sheet: a sheet
 * @cr: a context on the target (for font metrics)
 * @width: the text area's width, points
 * @height: the text area's height, points
 * @start_y: where the sheet's first page starts, points from the text
 *   area's top: the end of the sheet before it (acies_sheet_get_end_y())
 *
 * Lays the sheet out in pages of @width × @height, its first page being
 * the last page of the sheet before it, below @start_y: the sheet opens
 * with its title as a heading.  A printed set-up then has no page that
 * holds only a sheet's last lines.
 *
 * Returns: the number of pages, counting the shared one, or 0 (and the
 *   sheet is not laid out) when the title and the first lines do not
 *   fit below @start_y
 */
guint
acies_sheet_paginate_below (AciesSheet *sheet,
                            cairo_t    *cr,
                            double      width,
                            double      height,
                            double      start_y)
{
  g_return_val_if_fail (sheet != NULL && cr != NULL, 0);
  g_return_val_if_fail (start_y > 0, 0);
  return paginate_from (sheet, cr, width, height, start_y);
}

/**
 * acies_sheet_get_end_y:
 * @sheet: a paginated sheet
 *
 * Returns: the bottom of the content on the sheet's last page, points
 *   from the text area's top
 */
double
acies_sheet_get_end_y (const AciesSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->end_y;
}

guint
acies_sheet_get_n_pages (const AciesSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->n_pages;
}

static void
draw_table_row (cairo_t     *cr,
                PangoLayout *layout,
                Block       *block,
                guint        r,
                double       y)
{
  GStrv row = g_ptr_array_index (block->rows, r);
  double h = block->row_y[r + 1] - block->row_y[r];
  double w = block->col_x[block->n_columns];

  if (r == 0)
    {
      cairo_rectangle (cr, 0, y, w, h);
      cairo_set_source_rgb (cr, 0.88, 0.88, 0.88);
      cairo_fill (cr);
    }

  for (guint c = 0; c < block->n_columns; c++)
    {
      double cw = block->col_x[c + 1] - block->col_x[c] - 2 * CELL_PAD_X;

      layout_setup (layout, row[c], block->font_pt, r == 0, cw);
      if (c > 0 && block->align == ACIES_SHEET_ALIGN_CENTRE)
        pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      else
        pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
      cairo_move_to (cr, block->col_x[c] + CELL_PAD_X, y + CELL_PAD_Y);
      cairo_set_source_rgb (cr, 0, 0, 0);
      pango_cairo_show_layout (cr, layout);
    }

  cairo_set_line_width (cr, r == 0 ? 0.8 : 0.3);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_move_to (cr, 0, y + h);
  cairo_line_to (cr, w, y + h);
  cairo_stroke (cr);
  if (block->align == ACIES_SHEET_ALIGN_CENTRE)
    {
      cairo_set_line_width (cr, 0.3);
      for (guint c = 1; c < block->n_columns; c++)
        {
          cairo_move_to (cr, block->col_x[c], y);
          cairo_line_to (cr, block->col_x[c], y + h);
        }
      cairo_stroke (cr);
    }
}

/**
 * acies_sheet_draw_page:
 * @sheet: a paginated sheet
 * @cr: a cairo context, origin at the text area's top-left corner
 * @page: the page of the sheet, from 0
 * @width: the text area's width, points
 * @height: the text area's height, points
 *
 * Draws one page of the sheet in black on the page's paper.
 */
void
acies_sheet_draw_page (AciesSheet *sheet,
                       cairo_t    *cr,
                       guint       page,
                       double      width,
                       double      height)
{
  g_autoptr(PangoLayout) layout = NULL;

  g_return_if_fail (sheet != NULL && cr != NULL);

  layout = pango_cairo_create_layout (cr);
  cairo_save (cr);
  for (guint i = 0; i < sheet->placements->len; i++)
    {
      Placement *p = &g_array_index (sheet->placements, Placement, i);
      Block *block = p->block == OPENING_BLOCK ? sheet->opening : g_ptr_array_index (sheet->blocks, p->block);

      if (p->page != page)
        continue;

      switch (block->kind)
        {
        case BLOCK_HEADING:
          layout_setup (layout, block->markup, heading_pt (block->level), TRUE, width);
          cairo_move_to (cr, 0, p->y);
          cairo_set_source_rgb (cr, 0, 0, 0);
          pango_cairo_show_layout (cr, layout);
          if (block->level == 1)
            {
              cairo_set_line_width (cr, 0.6);
              cairo_move_to (cr, 0, p->y + block->height + 1.0);
              cairo_line_to (cr, width, p->y + block->height + 1.0);
              cairo_stroke (cr);
            }
          break;

        case BLOCK_PARAGRAPH:
          cairo_save (cr);
          cairo_rectangle (cr, -2, p->y, width + 4, p->y1 - p->y0);
          cairo_clip (cr);
          layout_setup (layout, block->markup, BODY_PT, FALSE, width);
          cairo_move_to (cr, 0, p->y - p->y0);
          cairo_set_source_rgb (cr, 0, 0, 0);
          pango_cairo_show_layout (cr, layout);
          cairo_restore (cr);
          break;

        case BLOCK_TABLE:
          {
            double y = p->y;

            draw_table_row (cr, layout, block, 0, y);
            y += block->row_y[1];
            for (guint r = p->from; r < p->to; r++)
              {
                draw_table_row (cr, layout, block, r, y);
                y += block->row_y[r + 1] - block->row_y[r];
              }
          }
          break;

        default:
          g_assert_not_reached ();
        }
    }
  cairo_restore (cr);
}

/* Content. */

static char *
esc (const char *text)
{
  return g_markup_escape_text (text ? text : "", -1);
}

static char *
value_text (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("—");

  if (JSON_NODE_HOLDS_VALUE (node))
    {
      GType type = json_node_get_value_type (node);

      if (type == G_TYPE_BOOLEAN)
        return g_strdup (json_node_get_boolean (node) ? _("yes") : _("no"));
      if (type == G_TYPE_STRING)
        return g_strdup (json_node_get_string (node));
      if (type == G_TYPE_INT64)
        return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      return g_strdup_printf ("%g", json_node_get_double (node));
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      GString *s = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *part = value_text (json_array_get_element (array, i));

          if (i > 0)
            g_string_append (s, ", ");
          g_string_append (s, part);
        }
      return g_string_free (s, FALSE);
    }

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);
      GString *s = g_string_new (NULL);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *part = value_text (json_object_get_member (object, l->data));

          if (s->len > 0)
            /* Translators: between the items of a list ("Morale: 3; Move: 4"); French " ; ". */
            g_string_append (s, C_("list separator", "; "));
          g_string_append_printf (s, "%s %s", (const char *) l->data, part);
        }
      return g_string_free (s, FALSE);
    }

  return g_strdup ("?");
}

/* A parameter's value as text: an enum value, a boolean as yes/no. */
static char *
param_text (const AciesParamSpec *spec,
            JsonNode             *node,
            const AciesScenario  *scenario)
{
  if (spec != NULL && node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *value = json_node_get_string (node);

      if (spec->type == ACIES_VALUE_ENUM)
        return g_strdup (acies_param_spec_label_of (spec, value));
      if (spec->type == ACIES_VALUE_SIDE && scenario != NULL)
        {
          AciesSide *side = acies_scenario_find_side (scenario, value);

          if (side != NULL && side->name != NULL)
            return g_strdup (side->name);
        }
      if (spec->type == ACIES_VALUE_FORMATION && scenario != NULL)
        {
          AciesFormation *formation = acies_scenario_find_formation (scenario, value);

          if (formation != NULL && formation->name != NULL)
            return g_strdup (formation->name);
        }
      if (spec->type == ACIES_VALUE_AREA && scenario != NULL)
        {
          AciesArea *area = acies_scenario_find_area (scenario, value);

          if (area != NULL && area->name != NULL)
            return g_strdup (area->name);
        }
      /* A plain string that names a part of the scenario ("unit":
       * "c-deserters") by its id: the part's name. */
      if (scenario != NULL && acies_scenario_name_of (scenario, value) != NULL)
        return g_strdup (acies_scenario_name_of (scenario, value));
      /* Map edges ("west,east,south"), in the reader's words. */
      {
        static const char * const edges[] = { N_("north"), N_("east"), N_("south"), N_("west"), NULL };
        g_auto(GStrv) parts = g_strsplit (value, ",", -1);
        g_autoptr(GString) words = g_string_new (NULL);
        gboolean all_edges = parts[0] != NULL;

        for (guint i = 0; parts[i] != NULL && all_edges; i++)
          {
            const char *part = g_strstrip (parts[i]);

            all_edges = g_strv_contains (edges, part);
            if (all_edges)
              g_string_append_printf (words, "%s%s", i > 0 ? ", " : "", _(part));
          }
        if (all_edges)
          return g_string_free (g_steal_pointer (&words), FALSE);
      }
    }
  return value_text (node);
}

/* "Label value, Label value" for the members of @params, in the order of
 * @specs, then any others. */
static char *
params_markup (GPtrArray           *specs,
               JsonObject          *params,
               const AciesScenario *scenario)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GList) members = NULL;

  if (params == NULL)
    return g_string_free (s, FALSE);

  for (guint i = 0; specs != NULL && i < specs->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (specs, i);
      g_autofree char *text = NULL;
      g_autofree char *label = NULL;

      if (!json_object_has_member (params, spec->id))
        continue;
      text = param_text (spec, json_object_get_member (params, spec->id), scenario);
      label = g_strdup (spec->label ? spec->label : spec->id);
      if (s->len > 0)
        /* Translators: between the items of a list ("Morale: 3; Move: 4"); French " ; ". */
        g_string_append (s, C_("list separator", "; "));
      /* Translators: a parameter and its value on the printed sheet ("Morale: 3");
       * French puts a space before the colon. */
      g_string_append_printf (s, _("%s: %s"), label, text);
    }

  members = json_object_get_members (params);
  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *text = NULL;
      g_autofree char *label = NULL;

      if (specs != NULL && acies_catalogue_find_param (specs, l->data) != NULL)
        continue;
      text = value_text (json_object_get_member (params, l->data));
      label = g_strdup (l->data);
      if (s->len > 0)
        /* Translators: between the items of a list ("Morale: 3; Move: 4"); French " ; ". */
        g_string_append (s, C_("list separator", "; "));
      /* Translators: a parameter and its value on the printed sheet ("Morale: 3");
       * French puts a space before the colon. */
      g_string_append_printf (s, _("%s: %s"), label, text);
    }

  {
    /* Escape the values, keeping the labels' markup-free text. */
    g_autofree char *raw = g_string_free (s, FALSE);

    return esc (raw);
  }
}

/**
 * acies_sheet_unit_values:
 * @catalogue: (nullable): the catalogue
 * @type: the unit type id
 * @attrs: (nullable): the front attributes
 *
 * The attributes the unit type lists as `shown`, with their labels
 * ("Combat Class B, Morale 2"); without a catalogue, every front
 * attribute.  Hidden values are never read.
 *
 * Returns: (transfer full): plain text, possibly empty
 */
char *
acies_sheet_unit_values (const AciesCatalogue *catalogue,
                         const char           *type,
                         JsonObject           *attrs)
{
  const AciesUnitType *ut = NULL;
  GString *s = g_string_new (NULL);

  if (attrs == NULL)
    return g_string_free (s, FALSE);

  if (catalogue != NULL && type != NULL)
    {
      ut = acies_catalogue_find_unit_type (catalogue, type);
      if (ut == NULL)
        ut = acies_catalogue_find_leader_kind (catalogue, type);
    }

  if (ut != NULL && ut->shown != NULL)
    {
      for (guint i = 0; ut->shown[i] != NULL; i++)
        {
          const AciesParamSpec *spec = acies_catalogue_find_param (ut->attributes, ut->shown[i]);
          g_autofree char *text = NULL;

          if (!json_object_has_member (attrs, ut->shown[i]))
            continue;
          text = param_text (spec, json_object_get_member (attrs, ut->shown[i]), NULL);
          if (s->len > 0)
            g_string_append (s, ", ");
          g_string_append_printf (s, "%s %s", spec && spec->label ? spec->label : ut->shown[i], text);
        }
    }
  else
    {
      g_autoptr(GList) members = json_object_get_members (attrs);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *text = value_text (json_object_get_member (attrs, l->data));

          if (s->len > 0)
            g_string_append (s, ", ");
          g_string_append_printf (s, "%s %s", (const char *) l->data, text);
        }
    }
  return g_string_free (s, FALSE);
}

static const char *
unit_type_name (const AciesCatalogue *catalogue,
                const char           *type)
{
  const AciesUnitType *ut = catalogue ? acies_catalogue_find_unit_type (catalogue, type) : NULL;

  if (ut == NULL && catalogue != NULL)
    ut = acies_catalogue_find_leader_kind (catalogue, type);
  return ut && ut->name ? ut->name : type;
}

static const char *
formation_name (const AciesScenario *scenario,
                const char          *id)
{
  AciesFormation *formation = id ? acies_scenario_find_formation (scenario, id) : NULL;

  return formation && formation->name ? formation->name : id;
}

static const char *
side_name (const AciesScenario *scenario,
           const char          *id)
{
  AciesSide *side = id ? acies_scenario_find_side (scenario, id) : NULL;

  return side && side->name ? side->name : id;
}

static guint
pool_total (const AciesPool *pool)
{
  guint total = 0;

  for (guint i = 0; pool->entries && i < pool->entries->len; i++)
    total += ((AciesPoolEntry *) g_ptr_array_index (pool->entries, i))->count;
  return total;
}

/**
 * acies_sheet_pool_summary:
 * @scenario: the scenario
 * @pool: one of its pools
 *
 * Returns: (transfer full): "Pink: draw 10 from 16" (or "all 16")
 */
char *
acies_sheet_pool_summary (const AciesScenario *scenario,
                          const AciesPool     *pool)
{
  const char *who = pool->formation ? formation_name (scenario, pool->formation)
                                    : side_name (scenario, pool->side);
  guint total = pool_total (pool);

  if (pool->draw == 0 || pool->draw >= total)
    /* Translators: a pool whose counters are all set up: "Pink: all 16" */
    return g_strdup_printf (_("%s: all %u"), who ? who : pool->id, total);
  /* Translators: "Pink: draw 10 from 16" */
  return g_strdup_printf (_("%s: draw %u from %u"), who ? who : pool->id, pool->draw, total);
}

/* The cells of an area as labels: "F13, G13, H13". */
static char *
area_cells_text (const AciesScenario *scenario,
                 const AciesArea     *area)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; area->cells && i < area->cells->len; i++)
    {
      AciesCell cell = g_array_index (area->cells, AciesCell, i);
      const char *label = acies_board_cell_label (scenario->map.board, cell);

      if (s->len > 0)
        g_string_append (s, ", ");
      g_string_append (s, label ? label : "?");
    }
  return g_string_free (s, FALSE);
}

static const AciesReinforcement *
find_reinforcement (const AciesScenario *scenario,
                    const char          *unit_id)
{
  for (guint i = 0; scenario->reinforcements && i < scenario->reinforcements->len; i++)
    {
      const AciesReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);

      for (guint k = 0; r->units && k < r->units->len; k++)
        if (g_strcmp0 (g_ptr_array_index (r->units, k), unit_id) == 0)
          return r;
    }
  return NULL;
}

static char *
area_display (const AciesScenario *scenario,
              const char          *id)
{
  AciesArea *area = id ? acies_scenario_find_area (scenario, id) : NULL;

  if (area == NULL)
    return g_strdup (id ? id : _("anywhere the rules allow"));
  return g_strdup (area->name ? area->name : area->id);
}

static char *
unit_setup_text (const AciesScenario  *scenario,
                 const AciesCatalogue *catalogue,
                 const AciesUnit      *unit)
{
  AciesBoard *board = scenario->map.board;
  const AciesReinforcement *r;
  GString *s;

  if (unit->cell == ACIES_CELL_NONE || board == NULL)
    {
      r = find_reinforcement (scenario, unit->id);
      if (r != NULL)
        {
          g_autofree char *area = area_display (scenario, r->area);

          /* Translators: a reinforcement's arrival: "turn 3, at North road" */
          return g_strdup_printf (_("turn %u, at %s"), r->turn, area);
        }
      return g_strdup (_("off map"));
    }

  s = g_string_new (acies_board_cell_label (board, unit->cell));
  if (unit->cell2 != ACIES_CELL_NONE)
    g_string_append_printf (s, "–%s", acies_board_cell_label (board, unit->cell2));
  if (unit->facing >= 0 && catalogue != NULL)
    {
      if (catalogue->facing == ACIES_FACING_SIDE)
        {
          const char *dir = acies_board_direction_name (board, (guint) unit->facing);

          /* Translators: a unit's facing after its cell: "C4, facing N" */
          g_string_append_printf (s, _(", facing %s"), dir ? dir : "?");
        }
      else if (catalogue->facing == ACIES_FACING_VERTEX)
        /* Translators: a unit facing a hex vertex, after its cell */
        g_string_append_printf (s, _(", facing vertex %d"), unit->facing);
    }
  return g_string_free (s, FALSE);
}

static void
add_unit_row (AciesSheet           *sheet,
              const AciesScenario  *scenario,
              const AciesCatalogue *catalogue,
              const AciesUnit      *unit)
{
  g_autofree char *name = esc (unit->name ? unit->name : unit->id);
  g_autofree char *type = esc (unit_type_name (catalogue, unit->type));
  g_autofree char *values_raw = acies_sheet_unit_values (catalogue, unit->type, unit->attrs);
  g_autofree char *values = esc (values_raw);
  g_autofree char *setup_raw = unit_setup_text (scenario, catalogue, unit);
  g_autofree char *setup = esc (setup_raw);
  const char *cells[] = { name, type, values, setup };

  acies_sheet_add_row (sheet, cells);
}

static void
add_leader_row (AciesSheet           *sheet,
                const AciesScenario  *scenario,
                const AciesCatalogue *catalogue,
                const AciesLeader    *leader)
{
  g_autofree char *name = esc (leader->name ? leader->name : leader->id);
  g_autofree char *bold = g_strdup_printf ("%s ★", name);
  /* "Leader", not "Leader: Leader" when the catalogue's kind is plain
   * "leader" (Four Battles). */
  g_autofree char *type_raw = leader->kind != NULL && g_ascii_strcasecmp (leader->kind, "leader") == 0
                              ? g_strdup (_("Leader"))
                              : g_strdup_printf (_("Leader: %s"), unit_type_name (catalogue, leader->kind));
  g_autofree char *type = esc (type_raw);
  g_autofree char *values_raw = acies_sheet_unit_values (catalogue, leader->kind, leader->attrs);
  g_autofree char *values = esc (values_raw);
  g_autofree char *setup_raw = NULL;
  g_autofree char *setup = NULL;
  const char *cells[4];

  if (leader->cell != ACIES_CELL_NONE && scenario->map.board != NULL)
    setup_raw = g_strdup (acies_board_cell_label (scenario->map.board, leader->cell));
  else if (leader->attached_to != NULL)
    {
      AciesUnit *unit = acies_scenario_find_unit (scenario, leader->attached_to);

      /* Translators: a leader set up with a unit */
      setup_raw = g_strdup_printf (_("with %s"), unit && unit->name ? unit->name : leader->attached_to);
    }
  else
    setup_raw = g_strdup (_("off map"));
  setup = esc (setup_raw);

  cells[0] = bold;
  cells[1] = type;
  cells[2] = values;
  cells[3] = setup;
  acies_sheet_add_row (sheet, cells);
}

typedef struct
{
  char       *type;
  char       *values;
  guint       count;
  GHashTable *backs;   /* hidden enum value -> count (non-default only) */
  GPtrArray  *order;   /* the backs' values in first-seen order */
} FrontClass;

static void
front_class_free (FrontClass *fc)
{
  g_free (fc->type);
  g_free (fc->values);
  g_hash_table_unref (fc->backs);
  g_ptr_array_unref (fc->order);
  g_free (fc);
}

/* A pool's counters grouped by what their fronts show, with the counts of
 * their stated backs (hidden enum values other than the default). */
static GPtrArray *
pool_front_classes (const AciesCatalogue *catalogue,
                    const AciesPool      *pool)
{
  GPtrArray *classes = g_ptr_array_new_with_free_func ((GDestroyNotify) front_class_free);

  for (guint i = 0; pool->entries && i < pool->entries->len; i++)
    {
      AciesPoolEntry *entry = g_ptr_array_index (pool->entries, i);
      g_autofree char *values = acies_sheet_unit_values (catalogue, entry->type, entry->attrs);
      const AciesUnitType *ut = catalogue ? acies_catalogue_find_unit_type (catalogue, entry->type) : NULL;
      FrontClass *fc = NULL;

      for (guint k = 0; k < classes->len && fc == NULL; k++)
        {
          FrontClass *c = g_ptr_array_index (classes, k);

          if (g_strcmp0 (c->type, entry->type) == 0 && g_strcmp0 (c->values, values) == 0)
            fc = c;
        }
      if (fc == NULL)
        {
          fc = g_new0 (FrontClass, 1);
          fc->type = g_strdup (entry->type);
          fc->values = g_strdup (values);
          fc->backs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          fc->order = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (classes, fc);
        }
      fc->count += entry->count;

      if (entry->hidden == NULL || ut == NULL || ut->hidden == NULL)
        continue;
      for (guint h = 0; h < ut->hidden->len; h++)
        {
          const AciesParamSpec *spec = g_ptr_array_index (ut->hidden, h);
          const char *value, *def = NULL;
          guint n;

          if (spec->type != ACIES_VALUE_ENUM || !json_object_has_member (entry->hidden, spec->id))
            continue;
          value = json_object_get_string_member_with_default (entry->hidden, spec->id, NULL);
          if (spec->default_value != NULL && JSON_NODE_HOLDS_VALUE (spec->default_value)
              && json_node_get_value_type (spec->default_value) == G_TYPE_STRING)
            def = json_node_get_string (spec->default_value);
          if (value == NULL || g_strcmp0 (value, def) == 0)
            continue;
          /* Counted by the value's label: "Brittle", in the reader's
           * language. */
          value = acies_param_spec_label_of (spec, value);
          n = GPOINTER_TO_UINT (g_hash_table_lookup (fc->backs, value));
          if (n == 0)
            g_ptr_array_add (fc->order, g_strdup (value));
          g_hash_table_insert (fc->backs, g_strdup (value), GUINT_TO_POINTER (n + entry->count));
        }
    }
  return classes;
}

/* The count of one front class with its stated backs: "8 (3 Brittle)".
 */
static char *
front_class_count_text (const FrontClass *fc)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%u", fc->count);
  for (guint i = 0; i < fc->order->len; i++)
    {
      const char *value = g_ptr_array_index (fc->order, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (fc->backs, value));

      g_string_append_printf (s, "%s%u %s", i == 0 ? " (" : ", ", n, value);
    }
  if (fc->order->len > 0)
    g_string_append (s, ")");
  return g_string_free (s, FALSE);
}

static void
add_pool (AciesSheet           *sheet,
          const AciesScenario  *scenario,
          const AciesCatalogue *catalogue,
          const AciesPool      *pool)
{
  g_autofree char *summary = acies_sheet_pool_summary (scenario, pool);
  g_autoptr(GPtrArray) classes = pool_front_classes (catalogue, pool);
  AciesArea *area = pool->area ? acies_scenario_find_area (scenario, pool->area) : NULL;
  g_autofree char *heading = g_strdup_printf (_("Pool %s"), summary);
  const char *header[] = { _("Type"), _("Values"), _("Count (stated backs)") };

  acies_sheet_add_heading (sheet, 3, heading);
  if (area != NULL)
    {
      g_autofree char *cells = area_cells_text (scenario, area);
      g_autofree char *name = esc (area->name ? area->name : area->id);
      g_autofree char *cells_esc = esc (cells);
      g_autofree char *text = g_strdup_printf (_("Drawn counters set up in <b>%s</b>: %s"), name, cells_esc);

      acies_sheet_add_paragraph (sheet, text);
      ((Block *) g_ptr_array_index (sheet->blocks, sheet->blocks->len - 1))->keep = TRUE;
    }

  acies_sheet_add_table (sheet, 3, header, ACIES_SHEET_ALIGN_LEFT);
  for (guint i = 0; i < classes->len; i++)
    {
      FrontClass *fc = g_ptr_array_index (classes, i);
      g_autofree char *type_raw = g_strdup_printf ("%s (%s)", unit_type_name (catalogue, fc->type), fc->type);
      g_autofree char *type = esc (type_raw);
      g_autofree char *values = esc (fc->values);
      g_autofree char *count = front_class_count_text (fc);
      const char *cells[] = { type, values, count };

      acies_sheet_add_row (sheet, cells);
    }
}

static gboolean
formation_has_content (const AciesScenario *scenario,
                       const char          *side,
                       const char          *formation)
{
  for (guint i = 0; i < scenario->units->len; i++)
    {
      AciesUnit *u = g_ptr_array_index (scenario->units, i);

      if (g_strcmp0 (u->side, side) == 0 && g_strcmp0 (u->formation, formation) == 0)
        return TRUE;
    }
  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (scenario->leaders, i);

      if (g_strcmp0 (l->side, side) == 0 && g_strcmp0 (l->formation, formation) == 0)
        return TRUE;
    }
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      AciesPool *p = g_ptr_array_index (scenario->pools, i);

      if (g_strcmp0 (p->side, side) == 0 && g_strcmp0 (p->formation, formation) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
add_formation (AciesSheet           *sheet,
               const AciesScenario  *scenario,
               const AciesCatalogue *catalogue,
               const char           *side,
               const AciesFormation *formation)
{
  const char *fid = formation ? formation->id : NULL;
  const char *header[] = { _("Unit"), _("Type"), _("Values"), _("Set-up") };
  gboolean table = FALSE;

  if (formation != NULL)
    {
      const AciesKind *kind = catalogue ? acies_catalogue_find_kind (catalogue->formation_kinds, formation->kind) : NULL;
      g_autofree char *params = params_markup (kind && kind->params && kind->params->len > 0 ? kind->params
                                               : catalogue ? catalogue->formation_params : NULL,
                                               formation->params, scenario);
      g_autofree char *title = NULL;

      if (formation->parent != NULL)
        title = g_strdup_printf ("%s — %s (%s)", formation->name ? formation->name : formation->id,
                                 kind && kind->name ? kind->name : formation->kind,
                                 formation_name (scenario, formation->parent));
      else
        title = g_strdup_printf ("%s — %s", formation->name ? formation->name : formation->id,
                                 kind && kind->name ? kind->name : formation->kind);
      acies_sheet_add_heading (sheet, 2, title);
      if (params[0] != '\0')
        {
          acies_sheet_add_paragraph (sheet, params);
          ((Block *) g_ptr_array_index (sheet->blocks, sheet->blocks->len - 1))->keep = TRUE;
        }
    }
  else
    {
      gboolean any = FALSE;

      for (guint i = 0; i < scenario->formations->len && !any; i++)
        any = g_strcmp0 (((AciesFormation *) g_ptr_array_index (scenario->formations, i))->side, side) == 0;
      /* Only a side with formations has units outside them. */
      if (any)
        acies_sheet_add_heading (sheet, 2, _("Not in a formation"));
    }

  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      AciesLeader *l = g_ptr_array_index (scenario->leaders, i);

      if (g_strcmp0 (l->side, side) != 0 || g_strcmp0 (l->formation, fid) != 0)
        continue;
      if (!table)
        acies_sheet_add_table (sheet, 4, header, ACIES_SHEET_ALIGN_LEFT);
      table = TRUE;
      add_leader_row (sheet, scenario, catalogue, l);
    }
  for (guint i = 0; i < scenario->units->len; i++)
    {
      AciesUnit *u = g_ptr_array_index (scenario->units, i);

      if (g_strcmp0 (u->side, side) != 0 || g_strcmp0 (u->formation, fid) != 0)
        continue;
      if (!table)
        acies_sheet_add_table (sheet, 4, header, ACIES_SHEET_ALIGN_LEFT);
      table = TRUE;
      add_unit_row (sheet, scenario, catalogue, u);
    }
  for (guint i = 0; i < scenario->pools->len; i++)
    {
      AciesPool *p = g_ptr_array_index (scenario->pools, i);

      if (g_strcmp0 (p->side, side) == 0 && g_strcmp0 (p->formation, fid) == 0)
        add_pool (sheet, scenario, catalogue, p);
    }
}

/**
 * acies_sheet_new_oob:
 * @scenario: the scenario
 * @catalogue: (nullable): its catalogue (names, shown attributes)
 *
 * The order-of-battle and set-up sheet: per side and formation, every
 * unit with its shown values and set-up cell, the leaders, the pools with
 * their counts per front class and their set-up zones, and the
 * reinforcements with turn and entry area.
 *
 * Returns: (transfer full): the sheet
 */
AciesSheet *
acies_sheet_new_oob (const AciesScenario  *scenario,
                     const AciesCatalogue *catalogue)
{
  AciesSheet *sheet = acies_sheet_new (_("Order of battle and set-up"));

  g_return_val_if_fail (scenario != NULL, sheet);

  for (guint s = 0; s < scenario->sides->len; s++)
    {
      AciesSide *side = g_ptr_array_index (scenario->sides, s);
      g_autofree char *title = NULL;

      if (g_strcmp0 (scenario->first_side, side->id) == 0)
        /* Translators: a side's heading on the set-up sheet */
        title = g_strdup_printf (_("%s (moves first)"), side->name ? side->name : side->id);
      else
        title = g_strdup (side->name ? side->name : side->id);
      acies_sheet_add_heading (sheet, 1, title);

      for (guint f = 0; f < scenario->formations->len; f++)
        {
          AciesFormation *formation = g_ptr_array_index (scenario->formations, f);

          if (g_strcmp0 (formation->side, side->id) != 0)
            continue;
          if (!formation_has_content (scenario, side->id, formation->id))
            {
              const AciesKind *kind = catalogue ? acies_catalogue_find_kind (catalogue->formation_kinds, formation->kind) : NULL;
              g_autofree char *t = g_strdup_printf ("%s — %s", formation->name ? formation->name : formation->id,
                                                    kind && kind->name ? kind->name : formation->kind);

              acies_sheet_add_heading (sheet, 2, t);
              continue;
            }
          add_formation (sheet, scenario, catalogue, side->id, formation);
        }
      if (formation_has_content (scenario, side->id, NULL))
        add_formation (sheet, scenario, catalogue, side->id, NULL);
    }

  if (scenario->reinforcements != NULL && scenario->reinforcements->len > 0)
    {
      const char *header[] = { _("Turn"), _("Side"), _("Entry"), _("Units") };

      acies_sheet_add_heading (sheet, 1, _("Reinforcements"));
      acies_sheet_add_table (sheet, 4, header, ACIES_SHEET_ALIGN_LEFT);
      for (guint i = 0; i < scenario->reinforcements->len; i++)
        {
          AciesReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);
          g_autofree char *turn = g_strdup_printf ("%u", r->turn);
          g_autofree char *side = esc (side_name (scenario, r->side));
          g_autofree char *area_raw = area_display (scenario, r->area);
          g_autofree char *area = esc (area_raw);
          GString *units = g_string_new (NULL);
          g_autofree char *units_esc = NULL;
          const char *cells[4];

          for (guint k = 0; r->units && k < r->units->len; k++)
            {
              const char *id = g_ptr_array_index (r->units, k);
              AciesUnit *u = acies_scenario_find_unit (scenario, id);

              if (units->len > 0)
                g_string_append (units, ", ");
              g_string_append (units, u && u->name ? u->name : id);
            }
          units_esc = esc (units->str);
          g_string_free (units, TRUE);
          cells[0] = turn;
          cells[1] = side;
          cells[2] = area;
          cells[3] = units_esc;
          acies_sheet_add_row (sheet, cells);
        }
    }

  return sheet;
}

static void
add_rule_entries (AciesSheet           *sheet,
                  const AciesScenario  *scenario,
                  GPtrArray            *kinds,
                  GPtrArray            *entries)
{
  const char *header[] = { _("Rule"), _("Side"), _("Parameters"), _("Rule book") };

  acies_sheet_add_table (sheet, 4, header, ACIES_SHEET_ALIGN_LEFT);
  for (guint i = 0; i < entries->len; i++)
    {
      AciesRuleEntry *entry = g_ptr_array_index (entries, i);
      const AciesKind *kind = kinds ? acies_catalogue_find_kind (kinds, entry->kind) : NULL;
      g_autofree char *name = esc (kind && kind->name ? kind->name : entry->kind);
      g_autofree char *desc = kind && kind->description ? esc (kind->description) : NULL;
      g_autofree char *rule = desc ? g_strdup_printf ("<b>%s</b>\n<small>%s</small>", name, desc)
                                   : g_strdup_printf ("<b>%s</b>", name);
      g_autofree char *side = esc (entry->side ? side_name (scenario, entry->side) : _("both"));
      g_autofree char *params = params_markup (kind ? kind->params : NULL, entry->params, scenario);
      g_autofree char *source = esc (kind && kind->source ? acies_rule_citation_shown (kind->source) : "");
      const char *cells[] = { rule, side, params, source };

      acies_sheet_add_row (sheet, cells);
    }
}

/**
 * acies_sheet_new_rules:
 * @scenario: the scenario
 * @catalogue: (nullable): its catalogue
 *
 * The scenario's description, the side parameters, the special rules and
 * the victory conditions, named and parametrised from the catalogue, and
 * the scenario's notes.
 *
 * Returns: (transfer full): the sheet
 */
AciesSheet *
acies_sheet_new_rules (const AciesScenario  *scenario,
                       const AciesCatalogue *catalogue)
{
  AciesSheet *sheet = acies_sheet_new (_("Scenario rules"));
  const AciesMetadata *meta = &scenario->meta;
  GString *facts = g_string_new (NULL);

  acies_sheet_add_heading (sheet, 1, meta->title ? meta->title : _("Untitled scenario"));
  if (meta->date || meta->place)
    {
      g_autofree char *date = esc (meta->date);
      g_autofree char *place = esc (meta->place);

      g_string_append_printf (facts, "<i>%s%s%s</i>\n", date, meta->date && meta->place ? " — " : "", place);
    }
  if (catalogue != NULL)
    {
      g_autofree char *book = esc (catalogue->book ? catalogue->book : catalogue->name);

      g_string_append_printf (facts, _("Rules: %s"), book);
      g_string_append (facts, "\n");
    }
  if (scenario->turn_limit > 0)
    g_string_append_printf (facts, _("Turns: %u"), scenario->turn_limit);
  else
    g_string_append (facts, _("Turns: no limit"));
  if (scenario->first_side != NULL)
    {
      g_autofree char *first = esc (side_name (scenario, scenario->first_side));

      g_string_append (facts, "\n");
      g_string_append_printf (facts, _("First side: %s"), first);
    }
  acies_sheet_add_paragraph (sheet, facts->str);
  g_string_free (facts, TRUE);

  if (meta->description != NULL && meta->description[0] != '\0')
    {
      g_autofree char *d = esc (meta->description);

      acies_sheet_add_paragraph (sheet, d);
    }

  if (scenario->params != NULL && json_object_get_size (scenario->params) > 0)
    {
      g_autofree char *p = params_markup (catalogue ? catalogue->scenario_params : NULL, scenario->params, scenario);

      acies_sheet_add_heading (sheet, 2, _("Scenario parameters"));
      acies_sheet_add_paragraph (sheet, p);
    }

  acies_sheet_add_heading (sheet, 2, _("Side parameters"));
  for (guint s = 0; s < scenario->sides->len; s++)
    {
      AciesSide *side = g_ptr_array_index (scenario->sides, s);
      const char *header[] = { side->name ? side->name : side->id, _("Value"), _("Rule book") };
      GPtrArray *specs = catalogue ? catalogue->side_params : NULL;
      g_autofree char *h0 = esc (header[0]);

      header[0] = h0;
      acies_sheet_add_table (sheet, 3, header, ACIES_SHEET_ALIGN_LEFT);
      for (guint i = 0; specs != NULL && i < specs->len; i++)
        {
          const AciesParamSpec *spec = g_ptr_array_index (specs, i);
          gboolean set = side->params && json_object_has_member (side->params, spec->id);
          JsonNode *node = set ? json_object_get_member (side->params, spec->id) : spec->default_value;
          g_autofree char *value_raw = NULL;
          g_autofree char *value = NULL;
          g_autofree char *label = esc (spec->label ? spec->label : spec->id);
          g_autofree char *source = esc (spec->source);
          const char *cells[3];

          if (node == NULL && !set)
            continue;
          value_raw = param_text (spec, node, scenario);
          value = esc (value_raw);
          if (!set)
            {
              g_autofree char *tmp = g_steal_pointer (&value);

              /* Translators: a side parameter the scenario leaves at the rules' default */
              value = g_strdup_printf (_("%s <i>(default)</i>"), tmp);
            }
          cells[0] = label;
          cells[1] = value;
          cells[2] = source;
          acies_sheet_add_row (sheet, cells);
        }
      if (side->params != NULL)
        {
          g_autoptr(GList) members = json_object_get_members (side->params);

          for (GList *l = members; l != NULL; l = l->next)
            {
              g_autofree char *label = esc (l->data);
              g_autofree char *raw = NULL;
              g_autofree char *value = NULL;
              const char *cells[3];

              if (specs != NULL && acies_catalogue_find_param (specs, l->data) != NULL)
                continue;
              raw = value_text (json_object_get_member (side->params, l->data));
              value = esc (raw);
              cells[0] = label;
              cells[1] = value;
              cells[2] = "";
              acies_sheet_add_row (sheet, cells);
            }
        }
    }

  acies_sheet_add_heading (sheet, 2, _("Special rules"));
  if (scenario->special_rules->len > 0)
    add_rule_entries (sheet, scenario, catalogue ? catalogue->special_rules : NULL, scenario->special_rules);
  else
    acies_sheet_add_paragraph (sheet, _("None."));

  acies_sheet_add_heading (sheet, 2, _("Victory conditions"));
  if (scenario->victory->len > 0)
    add_rule_entries (sheet, scenario, catalogue ? catalogue->victory_kinds : NULL, scenario->victory);
  else
    acies_sheet_add_paragraph (sheet, _("None."));

  if (meta->designer || (meta->sources && meta->sources->len > 0) || meta->notes)
    acies_sheet_add_heading (sheet, 2, _("Notes and sources"));
  if (meta->designer)
    {
      g_autofree char *d = esc (meta->designer);
      g_autofree char *t = g_strdup_printf (_("Designer: %s"), d);

      acies_sheet_add_paragraph (sheet, t);
    }
  if (meta->notes)
    {
      g_auto(GStrv) paras = g_strsplit (meta->notes, "\n", -1);

      for (guint i = 0; paras[i] != NULL; i++)
        {
          g_autofree char *p = NULL;

          g_autofree char *shown = NULL;

          if (g_strstrip (paras[i])[0] == '\0')
            continue;
          /* No file or checklist of Acies in print (issue 17 item 10). */
          shown = acies_printed_text_strip (paras[i]);
          p = esc (shown);
          acies_sheet_add_paragraph (sheet, p);
        }
    }
  for (guint i = 0; meta->sources && i < meta->sources->len; i++)
    {
      g_autofree char *internal = acies_printed_text_internal (g_ptr_array_index (meta->sources, i));
      g_autofree char *src = NULL;
      g_autofree char *t = NULL;

      if (internal != NULL)
        continue;   /* Acies's own file, not a book (validation warns) */
      src = esc (g_ptr_array_index (meta->sources, i));
      t = g_strdup_printf ("• %s", src);
      acies_sheet_add_paragraph (sheet, t);
    }

  return sheet;
}

static char *
table_cell_markup (const AciesCatalogue *catalogue,
                   const AciesTableCell *cell)
{
  g_autofree char *raw = NULL;

  if (cell->value != NULL && JSON_NODE_HOLDS_VALUE (cell->value)
      && json_node_get_value_type (cell->value) == G_TYPE_STRING)
    raw = g_strdup (acies_catalogue_table_word (catalogue, json_node_get_string (cell->value)));
  else
    raw = value_text (cell->value);
  g_autofree char *text = esc (raw);

  switch (cell->source)
    {
    case ACIES_SOURCE_PROVISIONAL:
      return g_strdup_printf ("<i>%s</i>†", text);
    case ACIES_SOURCE_DERIVED:
      return g_strdup_printf ("%s‡", text);
    case ACIES_SOURCE_PUBLISHED:
      return g_strdup_printf ("%s§", text);
    case ACIES_SOURCE_RULEBOOK:
    default:
      return g_steal_pointer (&text);
    }
}

/**
 * acies_sheet_new_tables:
 * @scenario: the scenario (its table overrides are applied)
 * @catalogue: (nullable): its catalogue
 *
 * Every rule table of the catalogue, with the scenario's overrides, the
 * provisional cells in italics with a dagger, the derived ones with a
 * double dagger and the published ones with a section sign, and a legend.
 *
 * Returns: (transfer full): the sheet (empty without a catalogue)
 */
AciesSheet *
acies_sheet_new_tables (const AciesScenario  *scenario,
                        const AciesCatalogue *catalogue)
{
  AciesSheet *sheet = acies_sheet_new (_("Tables"));
  gboolean provisional = FALSE, derived = FALSE, published = FALSE;
  GString *legend;

  if (catalogue == NULL || catalogue->tables == NULL || catalogue->tables->len == 0)
    return sheet;

  for (guint t = 0; t < catalogue->tables->len; t++)
    {
      const AciesTable *orig = g_ptr_array_index (catalogue->tables, t);
      for (guint i = 0; i < orig->rows->len * orig->columns->len; i++)
        {
          provisional |= orig->cells[i].source == ACIES_SOURCE_PROVISIONAL;
          derived |= orig->cells[i].source == ACIES_SOURCE_DERIVED;
          published |= orig->cells[i].source == ACIES_SOURCE_PUBLISHED;
        }
    }

  {
    g_autofree char *book = esc (catalogue->book ? catalogue->book : catalogue->name);
    g_autofree char *title = g_strdup_printf (_("Tables of %s"), catalogue->name ? catalogue->name : catalogue->id);

    acies_sheet_add_heading (sheet, 1, title);
    legend = g_string_new (NULL);
    g_string_append_printf (legend, _("From <i>%s</i>, with the scenario’s own values."), book);
    if (provisional)
      {
        g_string_append (legend, "  ");
        g_string_append (legend, _("<i>Italic</i>† — provisional: not printed in the rule book; a designer’s value so that the game is playable. Replace it with the printed chart if you own it."));
      }
    if (derived)
      {
        g_string_append (legend, "  ");
        g_string_append (legend, _("‡ — derived from a printed example."));
      }
    if (published)
      {
        g_string_append (legend, "  ");
        g_string_append (legend, _("§ — published: not in this book but in a published reference it relies on (such as the base game of an expansion), named with the value; check it against your own copy."));
      }
    acies_sheet_add_paragraph (sheet, legend->str);
    g_string_free (legend, TRUE);
  }

  for (guint t = 0; t < catalogue->tables->len; t++)
    {
      const AciesTable *orig = g_ptr_array_index (catalogue->tables, t);
      AciesTable *table = acies_table_copy (orig);
      JsonObject *override = NULL;
      g_autofree char *title = NULL;
      g_autofree char *corner = NULL;
      g_auto(GStrv) header = NULL;
      guint n = table->columns->len + 1;

      if (scenario->table_overrides != NULL
          && json_object_has_member (scenario->table_overrides, table->id))
        override = json_object_get_object_member (scenario->table_overrides, table->id);
      if (override != NULL)
        {
          g_autoptr(GError) error = NULL;

          if (!acies_table_apply_override (table, override, table->id, &error))
            g_debug ("table %s: override not applied: %s", table->id, error->message);
        }

      if (table->section)
        title = g_strdup_printf ("%s (%s)", table->name ? table->name : table->id, table->section);
      else
        title = g_strdup (table->name ? table->name : table->id);
      acies_sheet_add_heading (sheet, 2, title);

      header = g_new0 (char *, n + 1);
      {
        g_autofree char *rt = esc (table->row_title ? table->row_title : "");
        g_autofree char *ct = esc (table->col_title ? table->col_title : "");

        if (table->row_title && table->col_title)
          header[0] = g_strdup_printf ("%s ╲ %s", rt, ct);
        else
          header[0] = g_strdup_printf ("%s%s", rt, ct);
      }
      for (guint c = 0; c < table->columns->len; c++)
        header[c + 1] = esc (acies_catalogue_table_word (catalogue, g_ptr_array_index (table->columns, c)));
      acies_sheet_add_table (sheet, n, (const char * const *) header, ACIES_SHEET_ALIGN_CENTRE);

      for (guint r = 0; r < table->rows->len; r++)
        {
          g_auto(GStrv) row = g_new0 (char *, n + 1);
          g_autofree char *label = esc (acies_catalogue_table_word (catalogue, g_ptr_array_index (table->rows, r)));

          row[0] = g_strdup_printf ("<b>%s</b>", label);
          for (guint c = 0; c < table->columns->len; c++)
            row[c + 1] = table_cell_markup (catalogue, acies_table_get (table, r, c));
          acies_sheet_add_row (sheet, (const char * const *) row);
        }
      acies_table_free (table);
    }

  return sheet;
}
