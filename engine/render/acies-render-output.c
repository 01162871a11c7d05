/* acies-render-output.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "acies-atomic-file.h"
#include "acies-render-output.h"

/* cairo writes through this into the atomic file's stream; the first GIO
 * error is kept, so the message says why (the disk is full) rather than
 * cairo's "error while writing to output stream". */
typedef struct
{
  GOutputStream *stream;
  GError        *error;
} StreamWriter;

static cairo_status_t
stream_write_cb (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  StreamWriter *writer = closure;

  if (writer->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (writer->stream, data, length, NULL, NULL, &writer->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

/* The result of a cairo write: the stream's own error first, then cairo's
 * status; commits the file when both are good.  Takes @file. */
static gboolean
finish (AciesAtomicFile *file,
        GFile           *target,
        StreamWriter    *writer,
        cairo_status_t   status,
        GError         **error)
{
  g_autoptr(AciesAtomicFile) owned = file;

  if (writer->error != NULL)
    {
      acies_atomic_file_set_error (error, target, writer->error);
      g_clear_error (&writer->error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_file_get_parse_name (target);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   _("%s: cannot write the file: %s"), name, cairo_status_to_string (status));
      return FALSE;
    }
  return acies_atomic_file_commit (g_steal_pointer (&owned), error);
}

/**
 * acies_render_write_png:
 * @surface: an image surface
 * @file: the PNG file to write
 * @error: return location for an %ACIES_ENGINE_ERROR_IO error
 *
 * Writes @surface as a PNG, atomically.
 *
 * Returns: %TRUE when @file holds the image
 */
gboolean
acies_render_write_png (cairo_surface_t  *surface,
                        GFile            *file,
                        GError          **error)
{
  AciesAtomicFile *out;
  StreamWriter writer = { NULL, NULL };
  cairo_status_t status;

  g_return_val_if_fail (surface != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  out = acies_atomic_file_new (file, error);
  if (out == NULL)
    return FALSE;
  writer.stream = acies_atomic_file_get_stream (out);
  status = cairo_surface_write_to_png_stream (surface, stream_write_cb, &writer);
  return finish (out, file, &writer, status, error);
}

/**
 * acies_render_write_pdf:
 * @file: the PDF file to write
 * @width: page width, points
 * @height: page height, points
 * @title: (nullable): the document's title (PDF metadata)
 * @draw_pages: (scope call): draws the pages
 * @user_data: for @draw_pages
 * @n_pages: (out) (optional): the pages drawn
 * @error: return location for an %ACIES_ENGINE_ERROR_IO error
 *
 * Writes a PDF drawn by @draw_pages, atomically.
 *
 * Returns: %TRUE when @file holds the PDF
 */
gboolean
acies_render_write_pdf (GFile                 *file,
                        double                 width,
                        double                 height,
                        const char            *title,
                        AciesRenderPagesFunc   draw_pages,
                        gpointer               user_data,
                        guint                 *n_pages,
                        GError               **error)
{
  AciesAtomicFile *out;
  StreamWriter writer = { NULL, NULL };
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  guint n;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (draw_pages != NULL, FALSE);

  out = acies_atomic_file_new (file, error);
  if (out == NULL)
    return FALSE;
  writer.stream = acies_atomic_file_get_stream (out);

  surface = cairo_pdf_surface_create_for_stream (stream_write_cb, &writer, width, height);
  if (title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Acies");
  cr = cairo_create (surface);
  n = draw_pages (cr, user_data);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (n_pages != NULL)
    *n_pages = n;
  return finish (out, file, &writer, status, error);
}
