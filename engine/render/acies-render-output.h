/* acies-render-output.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * PNG and PDF files written through cairo's stream API into an
 * AciesAtomicFile (engine/acies-atomic-file.h): a failed write (a full
 * disk, a size limit) leaves the old file intact, or no file when the
 * name was new, and no temporary file behind.
 */

/* Draws every page of a PDF on @cr (cairo_show_page() after each);
 * returns the number of pages drawn. */
typedef guint (*AciesRenderPagesFunc) (cairo_t  *cr,
                                       gpointer  user_data);

gboolean acies_render_write_png (cairo_surface_t       *surface,
                                 GFile                 *file,
                                 GError               **error);
gboolean acies_render_write_pdf (GFile                 *file,
                                 double                 width,
                                 double                 height,
                                 const char            *title,
                                 AciesRenderPagesFunc   draw_pages,
                                 gpointer               user_data,
                                 guint                 *n_pages,
                                 GError               **error);

G_END_DECLS
