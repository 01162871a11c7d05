#!/bin/sh
# check-potfiles.sh — every source file with a translatable string is in
# POTFILES.in, and POTFILES.in names only files that exist.
#
# Copyright 2026 The Acies developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-potfiles.sh SOURCE_ROOT
#
# A C file that marks a string (_(), N_(), C_(), NC_()) or a .ui file with
# translatable="yes" in engine/, app/ or editor/ that POTFILES.in does not
# name would never reach xgettext: its strings would be shown in English
# in every language, and translations-complete could not see them (that is
# how Simple GBoH's "the %s" side phrases were missed).
set -u
root=$1
status=0
cd "$root" || exit 1
for f in $(find engine app editor -name '*.c' -o -name '*.ui' | LC_ALL=C sort); do
  if grep -q -E '(^|[^A-Za-z0-9_])(N?C?_)\(|translatable="yes"' "$f"; then
    if ! grep -q -x -F "$f" po/POTFILES.in; then
      echo "$f marks strings for translation but is not in po/POTFILES.in"
      status=1
    fi
  fi
done
for f in $(sed -e 's/#.*//' po/POTFILES.in); do
  case "$f" in
    po/acies-catalogue-strings.c) continue ;;  # generated in the build folder
  esac
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in names $f, which does not exist"
    status=1
  fi
done
if ! LC_ALL=C sort -c po/POTFILES.in 2>/dev/null; then
  echo "po/POTFILES.in is not sorted (LC_ALL=C sort)"
  status=1
fi
[ $status -eq 0 ] && echo "po/POTFILES.in names every file with translatable strings"
exit $status
