#!/usr/bin/env bash
# Desktop integration beyond the validators: the metainfo's screenshots
# are committed PNGs of the stated size under data/screenshots/; it names
# its launchable, content rating, releases and every MIME type of the
# shared-mime-info file, which the desktop file lists too; the GSettings
# schema has the keys the application reads (window state, recent files,
# paper size, dice mode).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:?usage: check-integration.sh SOURCE_ROOT}
cd "$top" || exit 1
id=io.github.acies.Acies
meta=data/desktop/$id.metainfo.xml.in
desktop=data/desktop/$id.desktop.in
mime=data/desktop/$id.mime.xml
schema=data/desktop/$id.gschema.xml
status=0
fail () { echo "FAIL: $*"; status=1; }

# Screenshots: each <image> names a file in data/screenshots/ with its size.
n=0
while IFS='|' read -r w h url; do
  [ -z "$url" ] && continue
  n=$((n + 1))
  f=data/screenshots/${url##*/}
  case "$url" in
    https://*/data/screenshots/*.png) ;;
    *) fail "screenshot URL is not an https data/screenshots PNG: $url"; continue ;;
  esac
  [ -f "$f" ] || { fail "screenshot missing: $f"; continue; }
  size=$(/usr/bin/python3 - "$f" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read(24)
if d[:8] != b'\x89PNG\r\n\x1a\n':
    print('not-png')
else:
    print('%dx%d' % struct.unpack('>II', d[16:24]))
PY
)
  [ "$size" = "${w}x${h}" ] || fail "$f is $size, metainfo says ${w}x${h}"
done < <(sed -n 's|.*<image type="source" width="\([0-9]*\)" height="\([0-9]*\)">\([^<]*\)</image>.*|\1\|\2\|\3|p' "$meta")
[ "$n" -ge 1 ] || fail "no screenshots in $meta"
grep -q '<screenshot type="default">' "$meta" || fail "no default screenshot"

grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$meta" || fail "no launchable"
grep -q '<content_rating type="oars-1.1">' "$meta" || fail "no OARS content rating"
grep -q '<release version=' "$meta" || fail "no releases"
grep -q "<binary>acies</binary>" "$meta" || fail "metainfo does not provide the acies binary"

for t in $(sed -n 's|.*<mime-type type="\([^"]*\)".*|\1|p' "$mime"); do
  grep -q "<mediatype>$t</mediatype>" "$meta" || fail "metainfo does not provide $t"
  grep -q "^MimeType=.*$t;" "$desktop" || fail "desktop file does not list $t"
done

for key in window-width window-height window-maximized recent-files paper-size dice-mode; do
  grep -q "<key name=\"$key\"" "$schema" || fail "schema has no key $key"
done

[ $status = 0 ] && echo "desktop integration complete ($n screenshots)"
exit $status
