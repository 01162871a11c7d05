#!/usr/bin/env bash
# check-help.sh SOURCE_ROOT PAGE…
#
# The user help (help/C): every page is installed (named in
# help/meson.build, the PAGE arguments) and every installed page exists;
# every rule system (data/rulesets/<id>.json) has its quick reference,
# help/C/rules-<id>.page; the pages are valid Mallard with no broken links
# (yelp-check, from yelp-tools), or at least well-formed XML (xmllint).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:?usage: check-help.sh SOURCE_ROOT PAGE…}
shift
cd "$top/help/C" || exit 1
status=0
listed=" $* "

for page in *.page; do
  case "$listed" in
    *" $page "*) ;;
    *) echo "help/C/$page is not installed (add it to help/meson.build)"; status=1 ;;
  esac
done
for page in "$@"; do
  [ -e "$page" ] || { echo "help/meson.build names a missing page: help/C/$page"; status=1; }
done

for catalogue in "$top"/data/rulesets/*.json; do
  id=$(basename "$catalogue" .json)
  [ -e "rules-$id.page" ] || { echo "no quick reference for the rule system $id: help/C/rules-$id.page"; status=1; }
done

pages=$(ls ./*.page)
if command -v yelp-check >/dev/null; then
  # shellcheck disable=SC2086
  out=$(yelp-check validate $pages 2>&1) || { echo "$out"; status=1; }
  # shellcheck disable=SC2086
  out=$(yelp-check links $pages 2>&1)
  [ -z "$out" ] || { echo "broken links:"; echo "$out"; status=1; }
  # shellcheck disable=SC2086
  out=$(yelp-check orphans $pages 2>&1)
  [ -z "$out" ] || { echo "pages no guide links to:"; echo "$out"; status=1; }
else
  echo "# yelp-check (yelp-tools) is not installed: checking well-formedness only"
  # shellcheck disable=SC2086
  xmllint --noout --xinclude $pages || status=1
fi

[ $status = 0 ] && echo "the help pages are complete and valid"
exit $status
