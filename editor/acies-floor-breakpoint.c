/* acies-floor-breakpoint.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/*
 * AciesFloorBreakpoint: the stand-in for AdwBreakpoint on the floor
 * (libadwaita 1.2 has none).  It applies its setters while its window is
 * at most max_width pixels wide, and puts the old values back when the
 * window widens again.  The width is read from the window's allocation
 * after each change of its surface's size (in an idle, once the frame is
 * laid out), and from its default width when it is realized, so that a
 * window opened narrow starts narrow.  The wide layout's minimum width
 * must be under max_width, or the user could not shrink the window to
 * it; libadwaita's own breakpoints do not need that (the window's
 * minimum is its size request).
 *
 * It uses only the floor's API, so it builds on every runtime; only
 * acies-compat.c (acies_window_add_breakpoint()) chooses it, before
 * libadwaita 1.4.
 */

#define G_LOG_DOMAIN "acies-floor-breakpoint"

#include "config.h"

#include "acies-floor-breakpoint.h"

typedef struct
{
  GWeakRef  object;
  char     *property;
  GValue    value;
  GValue    saved;
} FloorSetter;

struct _AciesFloorBreakpoint
{
  GObject    parent_instance;

  GWeakRef   window;
  int        max_width;
  gboolean   applied;
  guint      idle;
  GArray    *setters; /* FloorSetter */
};

G_DEFINE_FINAL_TYPE (AciesFloorBreakpoint, acies_floor_breakpoint, G_TYPE_OBJECT)

static void
floor_setter_clear (gpointer data)
{
  FloorSetter *setter = data;

  g_weak_ref_clear (&setter->object);
  g_clear_pointer (&setter->property, g_free);
  g_value_unset (&setter->value);
  if (G_IS_VALUE (&setter->saved))
    g_value_unset (&setter->saved);
}

static void
acies_floor_breakpoint_finalize (GObject *object)
{
  AciesFloorBreakpoint *self = ACIES_FLOOR_BREAKPOINT (object);

  g_clear_handle_id (&self->idle, g_source_remove);
  g_weak_ref_clear (&self->window);
  g_array_unref (self->setters);
  G_OBJECT_CLASS (acies_floor_breakpoint_parent_class)->finalize (object);
}

static void
acies_floor_breakpoint_class_init (AciesFloorBreakpointClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_floor_breakpoint_finalize;
}

static void
acies_floor_breakpoint_init (AciesFloorBreakpoint *self)
{
  g_weak_ref_init (&self->window, NULL);
  self->setters = g_array_new (FALSE, TRUE, sizeof (FloorSetter));
  g_array_set_clear_func (self->setters, floor_setter_clear);
}

static void
apply (AciesFloorBreakpoint *self,
       gboolean              applied)
{
  if (applied == self->applied)
    return;
  self->applied = applied;
  for (guint i = 0; i < self->setters->len; i++)
    {
      FloorSetter *setter = &g_array_index (self->setters, FloorSetter, i);
      g_autoptr(GObject) object = g_weak_ref_get (&setter->object);

      if (object == NULL)
        continue;
      if (applied)
        {
          /* What it was, to put back when the window widens again. */
          if (G_IS_VALUE (&setter->saved))
            g_value_unset (&setter->saved);
          g_value_init (&setter->saved, G_VALUE_TYPE (&setter->value));
          g_object_get_property (object, setter->property, &setter->saved);
          g_object_set_property (object, setter->property, &setter->value);
        }
      else if (G_IS_VALUE (&setter->saved))
        g_object_set_property (object, setter->property, &setter->saved);
    }
}

static void
check (AciesFloorBreakpoint *self)
{
  g_autoptr(GtkWidget) window = g_weak_ref_get (&self->window);
  int width, height;

  if (window == NULL)
    return;
  width = gtk_widget_get_width (window);
  /* GTK 4.8 writes both. */
  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  if (width > 0)
    apply (self, width <= self->max_width);
}

static gboolean
check_cb (gpointer data)
{
  AciesFloorBreakpoint *self = data;

  self->idle = 0;
  check (self);
  return G_SOURCE_REMOVE;
}

static void
surface_layout_cb (AciesFloorBreakpoint *self)
{
  if (self->idle == 0)
    self->idle = g_idle_add (check_cb, self);
}

static void
window_realize_cb (GtkWidget            *window,
                   AciesFloorBreakpoint *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  check (self);
  g_signal_connect_object (surface, "layout", G_CALLBACK (surface_layout_cb),
                           self, G_CONNECT_SWAPPED);
}

/**
 * acies_floor_breakpoint_new:
 * @window: a window, not yet realized
 * @max_width: the width, in pixels, at and below which it applies
 *
 * A stand-in for an AdwBreakpoint on @window: it applies its setters
 * once @window is allocated at most @max_width pixels (or opens at such
 * a default width).  @window owns it; several may share a window, and
 * each applies on its own (unlike libadwaita, which applies one
 * breakpoint at a time: give each window one).
 *
 * Returns: (transfer none): the stand-in, owned by @window
 */
AciesFloorBreakpoint *
acies_floor_breakpoint_new (GtkWindow *window,
                            int        max_width)
{
  static GQuark owned_quark;
  AciesFloorBreakpoint *self;
  GPtrArray *owned;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  g_return_val_if_fail (max_width > 0, NULL);
  g_return_val_if_fail (!gtk_widget_get_realized (GTK_WIDGET (window)), NULL);

  if (owned_quark == 0)
    owned_quark = g_quark_from_static_string ("acies-floor-breakpoints");
  self = g_object_new (ACIES_TYPE_FLOOR_BREAKPOINT, NULL);
  g_weak_ref_set (&self->window, window);
  self->max_width = max_width;

  owned = g_object_get_qdata (G_OBJECT (window), owned_quark);
  if (owned == NULL)
    {
      owned = g_ptr_array_new_with_free_func (g_object_unref);
      g_object_set_qdata_full (G_OBJECT (window), owned_quark, owned,
                               (GDestroyNotify) g_ptr_array_unref);
    }
  g_ptr_array_add (owned, self);
  g_signal_connect_object (window, "realize", G_CALLBACK (window_realize_cb), self, 0);
  return self;
}

/**
 * acies_floor_breakpoint_add_setter:
 * @self: a stand-in
 * @object: the object whose property it sets (not owned: a weak reference)
 * @property: the property's name
 * @value: the value, of the property's type (copied)
 *
 * Sets @property of @object to @value while @self applies, and puts the
 * value it had back after.
 */
void
acies_floor_breakpoint_add_setter (AciesFloorBreakpoint *self,
                                   GObject              *object,
                                   const char           *property,
                                   const GValue         *value)
{
  FloorSetter setter = { 0 };

  g_return_if_fail (ACIES_IS_FLOOR_BREAKPOINT (self));
  g_return_if_fail (G_IS_OBJECT (object));
  g_return_if_fail (G_IS_VALUE (value));

  g_value_init (&setter.value, G_VALUE_TYPE (value));
  g_value_copy (value, &setter.value);
  g_weak_ref_init (&setter.object, object);
  setter.property = g_strdup (property);
  g_array_append_val (self->setters, setter);
}
