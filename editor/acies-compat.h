/* acies-compat.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* API newer than the GTK 4.8 / libadwaita 1.2 floor, used where it is
 * there (STYLE.md): each function here is the one place that checks the
 * version.  On a current runtime no deprecated widget is made; on the
 * floor, its widgets. */

GtkWidget *acies_colour_button_new (const char    *title,
                                    const GdkRGBA *rgba);
gboolean   acies_accessible_announce (GtkWidget  *widget,
                                      const char *text);
void       acies_accessible_fix_mnemonic_names (void);

/* Dialogs: an AdwDialog from libadwaita 1.5, a window before. */

#define ACIES_TYPE_ALERT (acies_alert_get_type ())
#define ACIES_TYPE_ABOUT (acies_about_get_type ())

GType       acies_alert_get_type                (void) G_GNUC_CONST;
GType       acies_about_get_type                (void) G_GNUC_CONST;

GtkWidget  *acies_dialog_new                    (const char  *title,
                                                 GtkWidget   *child,
                                                 int          width,
                                                 int          height);
void        acies_dialog_present                (GtkWidget   *dialog,
                                                 GtkWidget   *parent);
void        acies_dialog_close                  (GtkWidget   *dialog);
GtkWidget  *acies_dialog_find                   (GType        type,
                                                 GtkWidget   *parent);

GtkWidget  *acies_alert_new                     (const char  *heading,
                                                 const char  *body);
void        acies_alert_add_responses           (GtkWidget   *alert,
                                                 const char  *first_id,
                                                 ...) G_GNUC_NULL_TERMINATED;
void        acies_alert_set_response_appearance (GtkWidget   *alert,
                                                 const char  *response,
                                                 AdwResponseAppearance appearance);
const char *acies_alert_get_heading             (GtkWidget   *alert);
const char *acies_alert_get_body                (GtkWidget   *alert);
gboolean    acies_alert_has_response            (GtkWidget   *alert,
                                                 const char  *response);
void        acies_alert_respond                 (GtkWidget   *alert,
                                                 const char  *response);
GtkWidget  *acies_alert_find                    (GtkWidget   *parent);

GtkWidget  *acies_about_new                     (const char  *first_property_name,
                                                 ...) G_GNUC_NULL_TERMINATED;
void        acies_about_add_acknowledgement_section (GtkWidget   *about,
                                                     const char  *name,
                                                     const char **people);
void        acies_about_add_legal_section       (GtkWidget   *about,
                                                 const char  *title,
                                                 const char  *copyright,
                                                 GtkLicense   license_type,
                                                 const char  *license);

/* Files: GtkFileDialog from GTK 4.10 (the portal in a sandbox),
 * GtkFileChooserNative before. */

void        acies_file_save_async               (GtkWindow           *parent,
                                                 const char          *title,
                                                 const char          *accept_label,
                                                 const char          *initial_name,
                                                 GtkFileFilter       *filter,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
GFile      *acies_file_save_finish              (GAsyncResult        *result,
                                                 GError             **error);
void        acies_file_open_async               (GtkWindow           *parent,
                                                 const char          *title,
                                                 GListModel          *filters,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
GListModel *acies_file_open_finish              (GAsyncResult        *result,
                                                 GError             **error);

/* Layout: AdwOverlaySplitView, AdwBreakpoint and AdwToolbarView from
 * libadwaita 1.4; AdwFlap, a stand-in that follows the window's width and
 * a vertical GtkBox before.  The
 * acies_split_* functions are AciesSplitView's (acies-split-view.c). */

GtkWidget  *acies_split_new                     (GtkWidget  **split);
const char *acies_split_property                (const char  *name);
void        acies_split_set_sidebar_width       (GtkWidget   *split,
                                                 int          width);
GObject    *acies_split_collapse_below          (GtkWidget   *outer,
                                                 GtkWidget   *split,
                                                 GObject     *breakpoint,
                                                 int          width);

void        acies_window_use_toolbar_view       (GtkWindow   *window);
GObject    *acies_window_add_breakpoint         (GtkWindow   *window,
                                                 int          max_width);
void        acies_breakpoint_add_setter         (GObject     *breakpoint,
                                                 gpointer     object,
                                                 const char  *property,
                                                 ...);

/* The X11 window of a surface, for tests that drive it with xdotool:
 * GTK 4.18 deprecates the X11 backend's API, with no replacement. */

gulong      acies_surface_get_x11_xid           (GdkSurface           *surface);

/* The keyboard shortcuts: AdwShortcutsDialog from libadwaita 1.8, the
 * window's GtkShortcutsWindow help overlay before. */

void        acies_shortcuts_present             (GtkApplicationWindow *window,
                                                 const char           *resource_path);
void        acies_shortcuts_present_ui          (GtkApplicationWindow *window,
                                                 const char           *ui);
GtkWidget  *acies_shortcuts_find                (GtkWidget            *window);

G_END_DECLS
