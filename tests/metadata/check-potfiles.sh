#!/usr/bin/env bash
# Fails when a source file that marks strings for translation (_(, N_(, C_(,
# NC_( or translatable="yes") is missing from po/POTFILES.in (a file with
# only C_() strings, acies-sg-geom.c, was once left out), or when POTFILES.in
# names a file that does not exist or is not sorted.  A file generated into
# the build folder (po/acies-catalogue-strings.c, the rule catalogues'
# texts) may be named when it exists there (BUILD_ROOT, the second argument).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:?usage: check-potfiles.sh SOURCE_ROOT [BUILD_ROOT]}
build=${2:-}
cd "$top" || exit 1
status=0
listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')
while IFS= read -r f; do
  [ -z "$f" ] && continue
  if ! grep -qxF "$f" <<<"$listed"; then
    echo "not in po/POTFILES.in: $f"
    status=1
  fi
done < <(grep -rlE '(^|[^A-Za-z0-9_])N?C?_\(|translatable="yes"' --include='*.c' --include='*.ui' --include='*.in' app editor engine data 2>/dev/null | sort)
while IFS= read -r f; do
  [ -e "$f" ] || { [ -n "$build" ] && [ -e "$build/$f" ]; } ||
    { echo "po/POTFILES.in names a missing file: $f"; status=1; }
done <<<"$listed"
if [ "$listed" != "$(sort <<<"$listed")" ]; then
  echo "po/POTFILES.in is not sorted"
  status=1
fi
[ $status = 0 ] && echo "po/POTFILES.in is complete"
exit $status
