#!/usr/bin/env bash
# flatpak/store-screenshots.sh — retake the store entry's screenshots
# (data/screenshots/*.png, 1000 × 700) with a real window frame.
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: store-screenshots.sh OUTDIR [ACIES COMMAND...]
#
# Starts an Xvfb with GLX, Debian's mutter as the X11 compositing window
# manager (so the window gets the rounded frame, the controls and the
# shadow that GNOME draws), and Acies three times: the start page, the
# editor on Heraclea, and a saved game of Heraclea in progress.  Each
# window is sized so that its visible frame is 960 × 660 px and the shot
# is cropped to 1000 × 700 around it (the shadow shows at the edges).
#
# ACIES COMMAND defaults to the build's app/gui/acies (a Flatpak works
# too: `flatpak run --branch=local --filesystem=host io.github.acies.Acies`).
# The start page and the board take their time to paint on a loaded
# machine: each shot waits ACIES_SHOTS_SETTLE seconds (15).
# Needs mutter, xvfb, xdotool, x11-utils and imagemagick (apt-get install
# --no-install-recommends mutter xvfb xdotool x11-utils imagemagick).

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
srcdir=$(dirname "$here")
out=${1:?usage: store-screenshots.sh OUTDIR [ACIES COMMAND...]}
shift
if [ $# -eq 0 ]; then
  set -- "$srcdir/build/app/gui/acies"
fi
width=960
height=660
shot_width=1000
shot_height=700

# Inside the X server and the session bus (this script, called again).
if [ "${ACIES_SHOTS_STAGE:-}" = inner ]; then
  name=$1 file=$2 pattern=$3 click=$4
  shift 4
  mutter --x11 --replace --sm-disable > "$out/mutter.log" 2>&1 &
  mutter_pid=$!
  for i in $(seq 1 40); do
    xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
    sleep 0.5
  done
  "$@" ${file:+"$file"} > "$out/$name.log" 2>&1 &
  app_pid=$!
  wid=""
  for i in $(seq 1 180); do
    wid=$(xdotool search --onlyvisible --name "$pattern" 2>/dev/null | head -n 1 || true)
    [ -n "$wid" ] && break
    sleep 0.5
  done
  [ -n "$wid" ] || { echo "no window '$pattern'" >&2; kill "$app_pid" "$mutter_pid"; exit 1; }
  # The client-side shadow around the frame: _GTK_FRAME_EXTENTS (left,
  # right, top, bottom).
  read -r l r t b < <(xprop -id "$wid" _GTK_FRAME_EXTENTS | sed 's/.*= //; s/,/ /g')
  xdotool windowsize --sync "$wid" $((width + l + r)) $((height + t + b)) || true
  sleep 1
  xdotool windowmove --sync "$wid" $((100 - l)) $((100 - t)) || true
  sleep "${ACIES_SHOTS_SETTLE:-15}"
  # A click at a point of the visible frame (the hot-seat curtain's Ready).
  if [ -n "$click" ]; then
    xdotool mousemove --sync $((100 + ${click% *})) $((100 + ${click#* })) click 1
    xdotool mousemove 1270 890
    sleep 4
  fi
  x=$((100 - (shot_width - width) / 2))
  y=$((100 - (shot_height - height) / 2))
  import -window root -crop "${shot_width}x${shot_height}+$x+$y" +repage "$out/$name.png"
  kill "$app_pid" 2>/dev/null || true
  sleep 1
  kill "$mutter_pid" 2>/dev/null || true
  exit 0
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
export out
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/run"
chmod 700 "$tmp/run"
export HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data \
       XDG_CACHE_HOME=$tmp/cache XDG_RUNTIME_DIR=$tmp/run \
       GSETTINGS_BACKEND=memory GSK_RENDERER=cairo ACIES_SHOTS_STAGE=inner
if [ -d "$srcdir/build/data/desktop" ]; then
  export GSETTINGS_SCHEMA_DIR=$srcdir/build/data/desktop
fi

shoot ()
{
  xvfb-run -a -s "-screen 0 1280x900x24 +extension GLX" dbus-run-session -- \
    "$0" "$out" "$@"
}

shoot start-page "" "^Acies$" "" "$@"
shoot heraclea-editor "$srcdir/data/scenarios/grass-crown/heraclea.acies" "Heraclea" "" "$@"
# The saved game opens behind the hot-seat curtain: its Ready button.
shoot heraclea-game "$srcdir/tests/reliability/fixtures/heraclea-v1.acies-game" "Heraclea" \
  "272 492" "$@"
identify "$out"/start-page.png "$out"/heraclea-editor.png "$out"/heraclea-game.png
