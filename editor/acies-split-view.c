/* acies-split-view.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-split-view"

#include "config.h"

#include "acies-compat.h"
#include "acies-split-view.h"

/**
 * AciesSplitView:
 *
 * A sidebar beside a content, that folds over the content when the view
 * is narrow: an #AdwOverlaySplitView collapsed by an #AdwBreakpoint below
 * #AciesSplitView:collapse-below from libadwaita 1.4; an #AdwFlap that
 * folds when the content would get less than its minimum before (the
 * version checks are acies-compat.c's: acies_split_new() and its kin).
 * Either way the sidebar is hidden when it folds, and shown again on
 * "show-sidebar".
 */
struct _AciesSplitView
{
  GtkWidget  parent_instance;

  GtkWidget *split;      /* AdwOverlaySplitView or AdwFlap (acies-compat.c) */
  GtkWidget *child;      /* the breakpoint bin around it, or the flap */
  GObject   *breakpoint; /* owned by child; NULL for none */
  int        collapse_below;
  int        sidebar_width;
};

enum {
  SPLIT_PROP_0,
  SPLIT_PROP_SIDEBAR,
  SPLIT_PROP_CONTENT,
  SPLIT_PROP_SHOW_SIDEBAR,
  SPLIT_PROP_SIDEBAR_POSITION,
  SPLIT_PROP_SIDEBAR_WIDTH,
  SPLIT_PROP_COLLAPSE_BELOW,
  SPLIT_PROP_COLLAPSED,
  SPLIT_N_PROPS
};

static GParamSpec *split_properties[SPLIT_N_PROPS];

G_DEFINE_FINAL_TYPE (AciesSplitView, acies_split_view, GTK_TYPE_WIDGET)

static void
split_show_sidebar_cb (AciesSplitView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), split_properties[SPLIT_PROP_SHOW_SIDEBAR]);
}

static void
split_collapsed_cb (AciesSplitView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), split_properties[SPLIT_PROP_COLLAPSED]);
}

static void
acies_split_view_update_breakpoint (AciesSplitView *self)
{
  self->breakpoint = acies_split_collapse_below (self->child, self->split, self->breakpoint,
                                                 self->collapse_below);
}

static void
acies_split_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  AciesSplitView *self = ACIES_SPLIT_VIEW (object);

  switch (prop_id)
    {
    case SPLIT_PROP_SIDEBAR:
      g_object_set (self->split, acies_split_property ("sidebar"), g_value_get_object (value), NULL);
      break;

    case SPLIT_PROP_CONTENT:
      g_object_set (self->split, "content", g_value_get_object (value), NULL);
      break;

    case SPLIT_PROP_SHOW_SIDEBAR:
      acies_split_view_set_show_sidebar (self, g_value_get_boolean (value));
      break;

    case SPLIT_PROP_SIDEBAR_POSITION:
      g_object_set (self->split, acies_split_property ("sidebar-position"), g_value_get_enum (value), NULL);
      break;

    case SPLIT_PROP_SIDEBAR_WIDTH:
      self->sidebar_width = g_value_get_int (value);
      /* One width whatever the window's: the board must not rescale. */
      acies_split_set_sidebar_width (self->split, self->sidebar_width);
      break;

    case SPLIT_PROP_COLLAPSE_BELOW:
      self->collapse_below = g_value_get_int (value);
      acies_split_view_update_breakpoint (self);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_split_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesSplitView *self = ACIES_SPLIT_VIEW (object);
  GtkPackType position;
  GtkWidget *widget;

  switch (prop_id)
    {
    case SPLIT_PROP_SIDEBAR:
      g_object_get (self->split, acies_split_property ("sidebar"), &widget, NULL);
      g_value_take_object (value, widget);
      break;

    case SPLIT_PROP_CONTENT:
      g_object_get (self->split, "content", &widget, NULL);
      g_value_take_object (value, widget);
      break;

    case SPLIT_PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, acies_split_view_get_show_sidebar (self));
      break;

    case SPLIT_PROP_SIDEBAR_POSITION:
      g_object_get (self->split, acies_split_property ("sidebar-position"), &position, NULL);
      g_value_set_enum (value, position);
      break;

    case SPLIT_PROP_SIDEBAR_WIDTH:
      g_value_set_int (value, self->sidebar_width);
      break;

    case SPLIT_PROP_COLLAPSE_BELOW:
      g_value_set_int (value, self->collapse_below);
      break;

    case SPLIT_PROP_COLLAPSED:
      g_value_set_boolean (value, acies_split_view_get_collapsed (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_split_view_dispose (GObject *object)
{
  AciesSplitView *self = ACIES_SPLIT_VIEW (object);

  self->breakpoint = NULL;
  self->split = NULL;
  g_clear_pointer (&self->child, gtk_widget_unparent);

  G_OBJECT_CLASS (acies_split_view_parent_class)->dispose (object);
}

static void
acies_split_view_class_init (AciesSplitViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = acies_split_view_set_property;
  object_class->get_property = acies_split_view_get_property;
  object_class->dispose = acies_split_view_dispose;

  split_properties[SPLIT_PROP_SIDEBAR] =
    g_param_spec_object ("sidebar", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  split_properties[SPLIT_PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  split_properties[SPLIT_PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  split_properties[SPLIT_PROP_SIDEBAR_POSITION] =
    g_param_spec_enum ("sidebar-position", NULL, NULL, GTK_TYPE_PACK_TYPE, GTK_PACK_START,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * AciesSplitView:sidebar-width:
   *
   * The sidebar's width in pixels, whatever the view's width (at least
   * the sidebar's minimum).
   */
  split_properties[SPLIT_PROP_SIDEBAR_WIDTH] =
    g_param_spec_int ("sidebar-width", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * AciesSplitView:collapse-below:
   *
   * The view's width in pixels under which the sidebar folds over the
   * content (libadwaita 1.4; an #AdwFlap folds at the content's minimum).
   */
  split_properties[SPLIT_PROP_COLLAPSE_BELOW] =
    g_param_spec_int ("collapse-below", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  split_properties[SPLIT_PROP_COLLAPSED] =
    g_param_spec_boolean ("collapsed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, SPLIT_N_PROPS, split_properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
acies_split_view_init (AciesSplitView *self)
{
  g_autofree char *show = g_strconcat ("notify::", acies_split_property ("show-sidebar"), NULL);
  g_autofree char *collapsed = g_strconcat ("notify::", acies_split_property ("collapsed"), NULL);

  self->child = acies_split_new (&self->split);
  gtk_widget_set_parent (self->child, GTK_WIDGET (self));
  g_signal_connect_object (self->split, show,
                           G_CALLBACK (split_show_sidebar_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->split, collapsed,
                           G_CALLBACK (split_collapsed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * acies_split_view_set_show_sidebar:
 * @self: a split view
 * @show: whether the sidebar is shown
 */
void
acies_split_view_set_show_sidebar (AciesSplitView *self,
                                   gboolean        show)
{
  g_return_if_fail (ACIES_IS_SPLIT_VIEW (self));

  g_object_set (self->split, acies_split_property ("show-sidebar"), show, NULL);
}

/**
 * acies_split_view_get_show_sidebar:
 * @self: a split view
 *
 * Returns: whether the sidebar is shown
 */
gboolean
acies_split_view_get_show_sidebar (AciesSplitView *self)
{
  gboolean show;

  g_return_val_if_fail (ACIES_IS_SPLIT_VIEW (self), FALSE);

  g_object_get (self->split, acies_split_property ("show-sidebar"), &show, NULL);
  return show;
}

/**
 * acies_split_view_get_collapsed:
 * @self: a split view
 *
 * Returns: whether the sidebar folds over the content now
 */
gboolean
acies_split_view_get_collapsed (AciesSplitView *self)
{
  gboolean collapsed;

  g_return_val_if_fail (ACIES_IS_SPLIT_VIEW (self), FALSE);

  g_object_get (self->split, acies_split_property ("collapsed"), &collapsed, NULL);
  return collapsed;
}
