#!/bin/sh
# launch-bench.sh: launch to first drawn frame and peak memory of acies
# showing Heraclea, against an empty GTK 4 + libadwaita window started the
# same way, side by side in one run; then the board redraw time per frame
# at 1920x1080 for the largest bundled scenario (acies-cli bench).
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: tests/bench/launch-bench.sh BUILDDIR [RUNS]
# Runs itself under Xvfb and a D-Bus session when DISPLAY is unset.
# "First frame" is the time from exec to the window's first frame on
# screen, seen from outside: the first moment xwininfo reports the window
# mapped and `import` finds non-background pixels in it (the same probe
# for both programs).
set -eu
BUILD=$(cd "${1:?usage: launch-bench.sh BUILDDIR [RUNS]}" && pwd)
RUNS=${2:-3}
SRC=$(cd "$(dirname "$0")/../.." && pwd)

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- "$0" "$BUILD" "$RUNS"
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config" \
       XDG_CACHE_HOME="$WORK/cache" GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
mkdir -p "$HOME"

EMPTY="$WORK/empty-window"
cc -O2 -o "$EMPTY" "$SRC/tests/bench/empty-window.c" $(pkg-config --cflags --libs libadwaita-1)
ACIES="$BUILD/app/gui/acies"
HERACLEA="$SRC/data/scenarios/grass-crown/heraclea.acies"

# Milliseconds from start until a window of the program has drawn pixels.
first_frame () {
  name=$1; shift
  t0=$(date +%s%N)
  /usr/bin/time -v -o "$WORK/time.$name" "$@" >/dev/null 2>&1 &
  pid=$!
  deadline=$(( $(date +%s) + 30 ))
  t1=0
  while [ "$(date +%s)" -lt $deadline ]; do
    id=$(xdotool search --onlyvisible --pid "$(pgrep -n -P $pid || echo 0)" 2>/dev/null | head -1 || true)
    if [ -n "$id" ]; then
      # Drawn: the window holds more than one colour.
      n=$(import -window "$id" -format '%k' info: 2>/dev/null || echo 0)
      if [ "${n:-0}" -gt 1 ]; then
        t1=$(date +%s%N)
        break
      fi
    fi
    sleep 0.005
  done
  sleep 1
  kill "$(pgrep -n -P $pid)" 2>/dev/null || true
  wait $pid 2>/dev/null || true
  rss=$(awk -F: '/Maximum resident/ { gsub(/ /, "", $2); print $2 }' "$WORK/time.$name")
  echo "$(( (t1 - t0) / 1000000 )) $(( rss / 1024 ))"
}

printf '%-34s %10s %14s\n' program "first frame" "peak memory"
for run in $(seq "$RUNS"); do
  set -- $(first_frame empty "$EMPTY")
  printf '%-34s %8s ms %10s MiB\n' "empty GTK+libadwaita window #$run" "$1" "$2"
  set -- $(first_frame acies "$ACIES" "$HERACLEA")
  printf '%-34s %8s ms %10s MiB\n' "acies heraclea.acies #$run" "$1" "$2"
done

# Board redraw per frame at 1920x1080, largest bundled scenario.
largest=$(ls -S "$SRC"/data/scenarios/*/*.acies | head -1)
echo "board redraw, $(basename "$largest"), 1920x1080:"
"$BUILD/app/cli/acies-cli" bench "$largest" 2>&1 | tail -5 || true
