#!/bin/sh
# check-translations.sh — every translation in po/LINGUAS is complete.
#
# Copyright 2026 The Acies developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-translations.sh PO_DIR
#
# For each language in PO_DIR/LINGUAS, msgfmt --check (format specifiers,
# plural forms, header, accelerator marks) must accept PO_DIR/<lang>.po
# and its statistics must report no fuzzy and no untranslated message.
# A language listed without its file fails too.
set -u
podir=$1
status=0
langs=$(sed -e 's/#.*//' "$podir/LINGUAS")
[ -n "$langs" ] || { echo "no language in $podir/LINGUAS"; exit 77; }
for lang in $langs; do
  po="$podir/$lang.po"
  if [ ! -f "$po" ]; then
    echo "$lang: $po is missing"; status=1; continue
  fi
  if ! stats=$(LC_ALL=C msgfmt --check --check-accelerators=_ --statistics \
                 -o /dev/null "$po" 2>&1); then
    echo "$lang: msgfmt --check failed:"; echo "$stats"; status=1; continue
  fi
  echo "$lang: $stats"
  case $stats in
    *fuzzy*|*untranslated*)
      echo "$lang: has fuzzy or untranslated messages:"
      LC_ALL=C msgattrib --only-fuzzy --no-wrap "$po" | grep '^msgid ' | grep -v '^msgid ""$' | head -n 10 | sed 's/^/  fuzzy: /'
      LC_ALL=C msgattrib --untranslated --no-wrap "$po" | grep '^msgid ' | grep -v '^msgid ""$' | head -n 10 | sed 's/^/  untranslated: /'
      status=1 ;;
  esac
done
exit $status
