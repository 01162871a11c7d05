#!/bin/sh
# launch-bench.sh: launch to first drawn frame and peak memory of acies,
# against an empty GTK 4 + libadwaita window started the same way, side by
# side in one run (median of RUNS each, interleaved), for each GSK
# renderer: the editor on Heraclea, the play window on a saved game of
# Heraclea, and the editor on a generated 200×200 hex board with 5,000
# units; then the board's figures at scale (acies-cli bench --scale on
# that board: first draw, redraw, redraw after an edit and a move, print)
# and the editor bench (bench-editor: the redraw after an edit, an undo
# and a unit's move in the editor's window).  The play window is also
# opened on a saved game of the 200×200 board.  With BASELINE set to the
# build folder of another commit (for instance the one before a change),
# its editor and play window on Heraclea are launched in the same run,
# interleaved, as "editor-base" and "play-base".
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: tests/bench/launch-bench.sh BUILDDIR [RUNS]
# Environment: RENDERERS (default "cairo gl"), LAUNCH_ONLY, BASELINE (a second build
# folder to compare with, see above), DISPLAY_NUMBER (the Xvfb
# display to start when DISPLAY is unset; default: any free one).
# Runs itself under Xvfb and a D-Bus session when DISPLAY is unset.
# "First frame" is measured from inside: the launcher takes CLOCK_MONOTONIC
# just before exec (BENCH_T0_US); each program, with
# ACIES_BENCH_FIRST_FRAME set, prints "first-frame MS" at its first window's
# first frame-clock "after-paint" and quits.  Peak memory is the maximum
# resident set size up to then (/usr/bin/time -v).  Under Xvfb the GL
# renderer is Mesa's software one: its figures say how much the CPU does,
# not how fast a GPU would draw.
set -eu
BUILD=$(cd "${1:?usage: launch-bench.sh BUILDDIR [RUNS]}" && pwd)
RUNS=${2:-5}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
RENDERERS=${RENDERERS:-cairo gl}

if [ -z "${DISPLAY:-}" ]; then
  if [ -n "${DISPLAY_NUMBER:-}" ]; then
    exec xvfb-run -n "$DISPLAY_NUMBER" -s "-screen 0 1920x1080x24" dbus-run-session -- "$0" "$BUILD" "$RUNS"
  fi
  exec xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- "$0" "$BUILD" "$RUNS"
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config" \
       XDG_CACHE_HOME="$WORK/cache" GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
mkdir -p "$HOME"

EMPTY="$WORK/empty-window"
cc -O2 -o "$EMPTY" "$SRC/tests/bench/empty-window.c" $(pkg-config --cflags --libs libadwaita-1)
ACIES="$BUILD/app/gui/acies"
CLI="$BUILD/app/cli/acies-cli"
HERACLEA="$SRC/data/scenarios/grass-crown/heraclea.acies"

# The saved game and the generated boards.
GAME="$WORK/heraclea.acies-game"
"$BUILD/tests/bench/bench-saved-game" "$HERACLEA" "$GAME" 80 > /dev/null
"$CLI" bench --write-scale "$WORK/scale"
BIG="$WORK/scale/scale-200x200-5000.acies"
BIGGAME="$WORK/scale-200x200-5000.acies-game"
WHATS="empty editor play big"
# A ruleset may refuse a game on so big a map (Four Battles 2.1: at most
# 2,400 hexes): then the row is left out, and says why.
if "$BUILD/tests/bench/bench-saved-game" "$BIG" "$BIGGAME" 20 > /dev/null; then
  WHATS="$WHATS bigplay"
fi
if [ -n "${BASELINE:-}" ]; then
  BASELINE=$(cd "$BASELINE" && pwd)
  WHATS="$WHATS editor-base play-base"
fi

# Sets BENCH_T0_US to CLOCK_MONOTONIC (µs, as g_get_monotonic_time) and
# execs the program: the clock starts at exec, for both programs alike.
cat > "$WORK/t0-exec.py" <<'PY'
import os, sys, time
os.environ["BENCH_T0_US"] = str(time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000)
os.execv(sys.argv[1], sys.argv[1:])
PY

# Prints "MS MIB CPU": first frame, peak memory and the CPU time (user +
# system, ms) up to it of one launch: on a busy machine the CPU time is
# the steady figure.
launch () {
  name=$1; shift
  out=$(ACIES_BENCH_FIRST_FRAME=1 timeout 120 /usr/bin/time -v -o "$WORK/time.$name" \
        /usr/bin/python3 "$WORK/t0-exec.py" "$@" 2>/dev/null | awk '/^first-frame/ { print $2; exit }')
  kb=$(awk -F: '/Maximum resident/ { gsub(/ /, "", $2); print $2 }' "$WORK/time.$name")
  cpu=$(awk -F: '/User time|System time/ { s += $2 } END { printf "%.0f", s * 1000 }' "$WORK/time.$name")
  echo "${out:-nan} $(( ${kb:-0} / 1024 )) ${cpu:-nan}"
}

median () {
  sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for renderer in $RENDERERS; do
  export GSK_RENDERER="$renderer"
  echo "== GSK_RENDERER=$renderer =="
  printf '%-36s %12s %12s %12s\n' run "first frame" "peak memory" "CPU time"
  for what in $WHATS; do : > "$WORK/$what.ms"; : > "$WORK/$what.mib"; : > "$WORK/$what.cpu"; done
  for run in $(seq "$RUNS"); do
    for what in $WHATS; do
      case $what in
        empty)  label="empty GTK+libadwaita window"; set -- $(launch empty "$EMPTY") ;;
        editor) label="editor, heraclea.acies"; set -- $(launch editor "$ACIES" "$HERACLEA") ;;
        play)   label="play window, heraclea.acies-game"; set -- $(launch play "$ACIES" "$GAME") ;;
        big)    label="editor, 200×200 hexes, 5,000 units"; set -- $(launch big "$ACIES" "$BIG") ;;
        bigplay) label="play window, 200×200 saved game"; set -- $(launch bigplay "$ACIES" "$BIGGAME") ;;
        editor-base) label="BASELINE editor, heraclea"; set -- $(launch editor-base "$BASELINE/app/gui/acies" "$HERACLEA") ;;
        play-base) label="BASELINE play window, heraclea"; set -- $(launch play-base "$BASELINE/app/gui/acies" "$GAME") ;;
      esac
      printf '%-36s %9s ms %8s MiB %9s ms\n' "$label #$run" "$1" "$2" "$3"
      echo "$1" >> "$WORK/$what.ms"; echo "$2" >> "$WORK/$what.mib"; echo "$3" >> "$WORK/$what.cpu"
    done
  done

  e_ms=$(median < "$WORK/empty.ms"); e_mib=$(median < "$WORK/empty.mib"); e_cpu=$(median < "$WORK/empty.cpu")
  echo
  for what in $WHATS; do
    ms=$(median < "$WORK/$what.ms"); mib=$(median < "$WORK/$what.mib"); cpu=$(median < "$WORK/$what.cpu")
    awk -v w="$what" -v a="$ms" -v e="$e_ms" -v am="$mib" -v em="$e_mib" -v c="$cpu" -v ec="$e_cpu" 'BEGIN {
      printf "median, %-11s %9.1f ms %6d MiB %7.0f ms CPU   (%.2f× the empty window, %+.0f ms; CPU %+.0f ms; %.2f× its memory)\n",
             w, a, am, c, a / e, a - e, c - ec, am / em }'
  done
  ed_ms=$(median < "$WORK/editor.ms"); pl_ms=$(median < "$WORK/play.ms"); big_ms=$(median < "$WORK/big.ms")
  bp_ms=nan
  [ -f "$WORK/bigplay.ms" ] && bp_ms=$(median < "$WORK/bigplay.ms")
  ed_mib=$(median < "$WORK/editor.mib")
  awk -v a="$ed_ms" -v e="$e_ms" -v am="$ed_mib" -v em="$e_mib" -v p="$pl_ms" -v b="$big_ms" -v bp="$bp_ms" 'BEGIN {
    d = a - e; dm = am - em;
    printf "editor launch delta %.1f ms (goal <= 100: %s), peak memory delta %d MiB (goal <= 40: %s)\n",
           d, d <= 100 ? "met" : "MISSED", dm, dm <= 40 ? "met" : "MISSED";
    printf "saved game opens %.1f ms after the editor (goal <= 100: %s)\n", p - a, p - a <= 100 ? "met" : "MISSED";
    printf "200x200 board with 5,000 units: GUI open %.1f ms (goal <= 1000: %s)\n", b, b <= 1000 ? "met" : "MISSED";
    if (bp != "nan") printf "200x200 saved game opens %.1f ms after the editor on its scenario (goal <= 100: %s); GUI open %s\n",
           bp - b, bp - b <= 100 ? "met" : "MISSED", bp <= 1000 ? "met" : "MISSED" }'
  echo
done

# The board at scale and the editor bench (LAUNCH_ONLY=1: not these).
[ -n "${LAUNCH_ONLY:-}" ] && exit 0
echo "== the 200×200 board with 5,000 units, at 1920x1080 (acies-cli bench --scale) =="
"$CLI" bench --scale --scale-sizes 200x200 --scale-units 5000 --runs "$RUNS" 2>&1 || true
echo
echo "== the editor bench (bench-editor, GSK_RENDERER=cairo) =="
GSK_RENDERER=cairo "$BUILD/tests/bench/bench-editor" --runs "$RUNS" "$WORK/scale/scale-60x40-500.acies" "$BIG" 2>&1 \
  | grep -v '^dbus-daemon\|SpiRegistry' || true
