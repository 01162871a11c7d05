#!/usr/bin/env bash
# ./run.sh — install what is missing, build, and start Acies on the bundled
# default scenario (or on the files given as arguments).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
cd "$(dirname "$0")"
. build-aux/ensure-deps.sh

acies_ensure_packages "${ACIES_BUILD_PACKAGES[@]}" || exit 1
acies_build build || exit 1

if [ $# -eq 0 ]; then
  set -- "data/scenarios/samples/grass-crown-sample.acies"
fi
# Run uninstalled: the GSettings schema compiled in the build folder.
export GSETTINGS_SCHEMA_DIR="$PWD/build/data/desktop${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
exec ./build/app/gui/acies "$@"
