#!/bin/sh
# check-translations.sh — every translation in po/LINGUAS is complete.
#
# Copyright 2026 The Acies developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-translations.sh PO_DIR [POT]
#
# For each language in PO_DIR/LINGUAS, msgfmt --check (format specifiers,
# plural forms, header, accelerator marks) must accept PO_DIR/<lang>.po.
# With POT (a template made from the sources now: the build's
# acies-fresh.pot), the .po file is first merged with it, without fuzzy
# matching, as `meson compile acies-pot acies-update-po` would: a string
# marked for translation since the .po file was last updated counts as
# untranslated.  The statistics must then report no fuzzy and no
# untranslated message.  A language listed without its file fails too.
set -u
podir=$1
pot=${2:-}
status=0
langs=$(sed -e 's/#.*//' "$podir/LINGUAS")
[ -n "$langs" ] || { echo "no language in $podir/LINGUAS"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
if [ -n "$pot" ] && [ ! -s "$pot" ]; then
  echo "template $pot is missing or empty"; exit 1
fi
for lang in $langs; do
  po="$podir/$lang.po"
  if [ ! -f "$po" ]; then
    echo "$lang: $po is missing"; status=1; continue
  fi
  if [ -n "$pot" ]; then
    if ! LC_ALL=C msgmerge --quiet --no-fuzzy-matching --no-wrap -o "$tmp/$lang.po" "$po" "$pot"; then
      echo "$lang: msgmerge with $pot failed"; status=1; continue
    fi
    po="$tmp/$lang.po"
  fi
  if ! stats=$(LC_ALL=C msgfmt --check --check-accelerators=_ --statistics \
                 -o /dev/null "$po" 2>&1); then
    echo "$lang: msgfmt --check failed:"; echo "$stats"; status=1; continue
  fi
  echo "$lang: $stats"
  case $stats in
    *fuzzy*|*untranslated*)
      echo "$lang: has fuzzy or untranslated messages (update it: meson compile acies-pot acies-update-po, then translate):"
      LC_ALL=C msgattrib --only-fuzzy --no-wrap "$po" | grep '^msgid ' | grep -v '^msgid ""$' | head -n 10 | sed 's/^/  fuzzy: /'
      LC_ALL=C msgattrib --untranslated --no-wrap "$po" | grep '^msgid ' | grep -v '^msgid ""$' | head -n 10 | sed 's/^/  untranslated: /'
      status=1 ;;
  esac
done
exit $status
