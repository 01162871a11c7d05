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
 * version, as thin as it can be; what is built on them is elsewhere
 * (acies-dialogs.h, acies-file-chooser.h, acies-accessible.h,
 * acies_breakpoint_add_setter() in acies-widget-helpers.h).  On a current
 * runtime no deprecated widget is made; on the floor, its widgets. */

GtkWidget  *acies_colour_button_new             (const char    *title,
                                                 const GdkRGBA *rgba);
gboolean    acies_accessible_announce           (GtkWidget     *widget,
                                                 const char    *text);
gboolean    acies_compat_buttons_need_mnemonic_fix (void);
gboolean    acies_compat_has_adaptive_preview   (void);

/* Dialogs: an AdwDialog from libadwaita 1.5, a window before; the
 * keyboard shortcuts an AdwShortcutsDialog from libadwaita 1.8, the
 * window's GtkShortcutsWindow help overlay before. */

#define ACIES_TYPE_ALERT (acies_alert_get_type ())
#define ACIES_TYPE_ABOUT (acies_about_get_type ())
#define ACIES_TYPE_SHORTCUTS (acies_shortcuts_get_type ())

GType       acies_alert_get_type                (void) G_GNUC_CONST;
GType       acies_about_get_type                (void) G_GNUC_CONST;
GType       acies_shortcuts_get_type            (void) G_GNUC_CONST;

GtkWidget  *acies_dialog_new                    (const char  *title,
                                                 GtkWidget   *child,
                                                 int          width,
                                                 int          height);
void        acies_dialog_present                (GtkWidget   *dialog,
                                                 GtkWidget   *parent);
void        acies_dialog_close                  (GtkWidget   *dialog);
GtkWidget  *acies_window_get_hosted_dialog      (GtkWindow   *window);

GtkWidget  *acies_alert_new                     (const char  *heading,
                                                 const char  *body);
void        acies_alert_add_response            (GtkWidget   *alert,
                                                 const char  *id,
                                                 const char  *label);
void        acies_alert_set_response_appearance (GtkWidget   *alert,
                                                 const char  *response,
                                                 AdwResponseAppearance appearance);
gboolean    acies_alert_has_response            (GtkWidget   *alert,
                                                 const char  *response);
const char *acies_alert_get_response_label      (GtkWidget   *alert,
                                                 const char  *response);

void        acies_about_add_acknowledgement_section (GtkWidget   *about,
                                                     const char  *name,
                                                     const char **people);
void        acies_about_add_legal_section       (GtkWidget   *about,
                                                 const char  *title,
                                                 const char  *copyright,
                                                 GtkLicense   license_type,
                                                 const char  *license);

void        acies_shortcuts_present_ui          (GtkApplicationWindow *window,
                                                 const char           *ui);

/* Files: GtkFileDialog from GTK 4.10 (the portal in a sandbox),
 * GtkFileChooserNative before. */

void        acies_file_chooser_show             (GTask                *task,
                                                 GtkWindow            *parent,
                                                 GtkFileChooserAction  action,
                                                 const char           *title,
                                                 const char           *accept_label,
                                                 const char           *initial_name,
                                                 GListModel           *filters);

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
void        acies_breakpoint_add_setter_value   (GObject      *breakpoint,
                                                 GObject      *object,
                                                 const char   *property,
                                                 const GValue *value);

/* The X11 window of a surface, for tests that drive it with xdotool:
 * GTK 4.18 deprecates the X11 backend's API, with no replacement. */

gulong      acies_surface_get_x11_xid           (GdkSurface           *surface);

G_END_DECLS
