#!/bin/sh
# launch-bench.sh: launch to first drawn frame and peak memory of acies
# showing Heraclea, against an empty GTK 4 + libadwaita window started the
# same way, side by side in one run (median of RUNS each, interleaved);
# then the board redraw time per frame at 1920x1080 for the largest
# bundled scenario (acies-cli bench).
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: tests/bench/launch-bench.sh BUILDDIR [RUNS]
# Runs itself under Xvfb and a D-Bus session when DISPLAY is unset.
# "First frame" is measured from inside: the launcher takes CLOCK_MONOTONIC
# just before exec (BENCH_T0_US); each program, with
# ACIES_BENCH_FIRST_FRAME set, prints "first-frame MS" at its first window's
# first frame-clock "after-paint" and quits.  Peak memory is the maximum
# resident set size up to then (/usr/bin/time -v).
set -eu
BUILD=$(cd "${1:?usage: launch-bench.sh BUILDDIR [RUNS]}" && pwd)
RUNS=${2:-5}
SRC=$(cd "$(dirname "$0")/../.." && pwd)

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- "$0" "$BUILD" "$RUNS"
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config" \
       XDG_CACHE_HOME="$WORK/cache" GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 \
       ACIES_BENCH_FIRST_FRAME=1
mkdir -p "$HOME"

EMPTY="$WORK/empty-window"
cc -O2 -o "$EMPTY" "$SRC/tests/bench/empty-window.c" $(pkg-config --cflags --libs libadwaita-1)
ACIES="$BUILD/app/gui/acies"
HERACLEA="$SRC/data/scenarios/grass-crown/heraclea.acies"

# Sets BENCH_T0_US to CLOCK_MONOTONIC (µs, as g_get_monotonic_time) and
# execs the program: the clock starts at exec, for both programs alike.
cat > "$WORK/t0-exec.py" <<'PY'
import os, sys, time
os.environ["BENCH_T0_US"] = str(time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000)
os.execv(sys.argv[1], sys.argv[1:])
PY

# Prints "MS MIB": first frame and peak memory of one launch.
launch () {
  name=$1; shift
  out=$(timeout 60 /usr/bin/time -v -o "$WORK/time.$name" /usr/bin/python3 "$WORK/t0-exec.py" "$@" 2>/dev/null \
        | awk '/^first-frame/ { print $2; exit }')
  kb=$(awk -F: '/Maximum resident/ { gsub(/ /, "", $2); print $2 }' "$WORK/time.$name")
  echo "${out:-nan} $(( kb / 1024 ))"
}

median () {
  sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

: > "$WORK/empty.ms"; : > "$WORK/empty.mib"; : > "$WORK/acies.ms"; : > "$WORK/acies.mib"
printf '%-34s %12s %12s\n' run "first frame" "peak memory"
for run in $(seq "$RUNS"); do
  set -- $(launch empty "$EMPTY")
  printf '%-34s %9s ms %8s MiB\n' "empty GTK+libadwaita window #$run" "$1" "$2"
  echo "$1" >> "$WORK/empty.ms"; echo "$2" >> "$WORK/empty.mib"
  set -- $(launch acies "$ACIES" "$HERACLEA")
  printf '%-34s %9s ms %8s MiB\n' "acies heraclea.acies #$run" "$1" "$2"
  echo "$1" >> "$WORK/acies.ms"; echo "$2" >> "$WORK/acies.mib"
done

e_ms=$(median < "$WORK/empty.ms"); e_mib=$(median < "$WORK/empty.mib")
a_ms=$(median < "$WORK/acies.ms"); a_mib=$(median < "$WORK/acies.mib")
echo
printf '%-34s %9s ms %8s MiB\n' "median, empty window" "$e_ms" "$e_mib"
printf '%-34s %9s ms %8s MiB\n' "median, acies heraclea.acies" "$a_ms" "$a_mib"
awk -v a="$a_ms" -v e="$e_ms" -v am="$a_mib" -v em="$e_mib" 'BEGIN {
  d = a - e; dm = am - em;
  printf "launch delta %.1f ms (goal <= 100: %s), peak memory delta %d MiB (goal <= 40: %s)\n",
         d, d <= 100 ? "met" : "MISSED", dm, dm <= 40 ? "met" : "MISSED" }'

# Board redraw per frame at 1920x1080, largest bundled scenario.
largest=$(ls -S "$SRC"/data/scenarios/*/*.acies | head -1)
echo
echo "board redraw, $(basename "$largest"), 1920x1080 (goal <= 8 ms per frame):"
env -u ACIES_BENCH_FIRST_FRAME "$BUILD/app/cli/acies-cli" bench --size 1920x1080 "$largest" 2>&1 | tail -8 || true
