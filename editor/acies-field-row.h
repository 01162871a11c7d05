/* acies-field-row.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acies-editor-document.h"

G_BEGIN_DECLS

/**
 * AciesFieldKind:
 * @ACIES_FIELD_ENTRY: one line of text
 * @ACIES_FIELD_NUMBER: a whole number between #AciesFieldRow:minimum and
 *   #AciesFieldRow:maximum, guarded (acies_spin_button_guard())
 * @ACIES_FIELD_COLOUR: a colour, kept as "#rrggbb"
 * @ACIES_FIELD_CHOICE: one of a list (#AciesFieldRow:choices)
 * @ACIES_FIELD_TEXT: several lines of text
 * @ACIES_FIELD_PARAM: a catalogue parameter, shown as its spec's type asks
 *   (acies_field_row_new_param())
 *
 * What an #AciesFieldRow edits and how.
 */
typedef enum
{
  ACIES_FIELD_ENTRY,
  ACIES_FIELD_NUMBER,
  ACIES_FIELD_COLOUR,
  ACIES_FIELD_CHOICE,
  ACIES_FIELD_TEXT,
  ACIES_FIELD_PARAM,
} AciesFieldKind;

/**
 * AciesFieldChoices:
 * @ACIES_FIELD_CHOICES_GIVEN: #AciesFieldRow:values, shown as
 *   #AciesFieldRow:labels
 * @ACIES_FIELD_CHOICES_SIDES: none, then the scenario's sides
 * @ACIES_FIELD_CHOICES_AREAS: none, then the scenario's areas
 * @ACIES_FIELD_CHOICES_SIDE_FORMATIONS: none, then the formations of the
 *   object's side
 *
 * The values a choice field offers; all but the given ones follow the
 * scenario as it changes.
 */
typedef enum
{
  ACIES_FIELD_CHOICES_GIVEN,
  ACIES_FIELD_CHOICES_SIDES,
  ACIES_FIELD_CHOICES_AREAS,
  ACIES_FIELD_CHOICES_SIDE_FORMATIONS,
} AciesFieldChoices;

#define ACIES_TYPE_FIELD_ROW (acies_field_row_get_type ())

G_DECLARE_FINAL_TYPE (AciesFieldRow, acies_field_row, ACIES, FIELD_ROW, GtkWidget)

GtkWidget  *acies_field_row_new        (AciesEditorDocument  *document,
                                        AciesFieldKind        kind,
                                        const char           *label,
                                        const char           *object,
                                        const char           *field);
GtkWidget  *acies_field_row_new_choice (AciesEditorDocument  *document,
                                        const char           *label,
                                        const char           *object,
                                        const char           *field,
                                        const char * const   *values,
                                        const char * const   *labels);
GtkWidget  *acies_field_row_new_param  (AciesEditorDocument  *document,
                                        const AciesParamSpec *spec,
                                        const char           *object,
                                        const char           *which);
GtkWidget  *acies_field_row_new_form   (AciesEditorDocument  *document,
                                        GPtrArray            *specs,
                                        const char           *object,
                                        const char           *which);
GtkWidget  *acies_field_row_get_control (AciesFieldRow       *self);
void        acies_field_row_refresh    (AciesFieldRow        *self);

G_END_DECLS
