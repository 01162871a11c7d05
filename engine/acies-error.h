/* acies-error.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ACIES_ENGINE_ERROR (acies_engine_error_quark ())

/**
 * AciesEngineError:
 * @ACIES_ENGINE_ERROR_PARSE: the file is not well-formed JSON or not UTF-8
 * @ACIES_ENGINE_ERROR_FORMAT: a value has the wrong type, is missing or out of range
 * @ACIES_ENGINE_ERROR_VERSION: the file was written by a newer Acies
 * @ACIES_ENGINE_ERROR_UNKNOWN_RULESET: the ruleset id is not registered
 * @ACIES_ENGINE_ERROR_INVALID: the scenario breaks a rule of its ruleset or a reference is dangling
 * @ACIES_ENGINE_ERROR_TOO_LARGE: a documented limit (file size, board size, unit count) is exceeded
 * @ACIES_ENGINE_ERROR_ILLEGAL_ACTION: an action is not legal in the current state
 * @ACIES_ENGINE_ERROR_IO: reading or writing a file failed
 * @ACIES_ENGINE_ERROR_NEED_ROLL: a scripted (physical) dice source has no value for a roll
 *
 * Errors of libacies-engine.
 */
typedef enum
{
  ACIES_ENGINE_ERROR_PARSE,
  ACIES_ENGINE_ERROR_FORMAT,
  ACIES_ENGINE_ERROR_VERSION,
  ACIES_ENGINE_ERROR_UNKNOWN_RULESET,
  ACIES_ENGINE_ERROR_INVALID,
  ACIES_ENGINE_ERROR_TOO_LARGE,
  ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
  ACIES_ENGINE_ERROR_IO,
  ACIES_ENGINE_ERROR_NEED_ROLL,
} AciesEngineError;

GQuark acies_engine_error_quark (void);

/* Documented limits (DESIGN: bad input gets a clear error, never a hang). */
#define ACIES_MAX_FILE_SIZE   (16 * 1024 * 1024)  /* bytes */
#define ACIES_MAX_BOARD_SIDE  200                 /* cells per row or column */
#define ACIES_MAX_UNITS       5000                /* units + leaders + pool counters (entry × count) */
#define ACIES_MAX_JSON_VALUES 1000000             /* JSON values in one file, member names included */

G_END_DECLS
