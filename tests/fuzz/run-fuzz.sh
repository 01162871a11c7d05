#!/usr/bin/env bash
# tests/fuzz/run-fuzz.sh — run a libFuzzer target of Acies for a while.
#
# Usage: tests/fuzz/run-fuzz.sh [--build-dir DIR] [--no-save] [--jobs N]
#                               TARGET|all SECONDS
#
#   TARGET      scenario (acies_scenario_load_data), game (saved games and
#               the replay of their log), table (catalogues and tables),
#               pipeline (a scenario that validates: play, views, render,
#               print); "all" runs each in turn (or N at once with --jobs N).
#   SECONDS     how long each target runs (libFuzzer -max_total_time).
#   --build-dir the fuzzing build (default: build-fuzz at the top of the
#               source tree, set up and built here when missing, with
#               CC=clang -Dfuzzing=true -Dgui=false
#               -Db_sanitize=address,undefined -Db_lundef=false).
#   --no-save   do not copy findings into tests/fuzz/regressions/ (the CI
#               smoke mode): they stay in BUILD/fuzz-artifacts/TARGET/.
#
# The corpus grows in BUILD/fuzz-corpus/TARGET/ from run to run; the seeds
# are rebuilt each time from data/ (bundled scenarios and catalogues),
# tests/io/fixtures/, saved games from make-game-seeds, and every earlier
# regression.  Each crash, hang (-timeout), out-of-memory or leak found
# is copied to tests/fuzz/regressions/TARGET/ — where the engine test
# "fuzz-regressions" replays it — and makes the script exit with status 1.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
builddir="$srcdir/build-fuzz"
save=1
jobs=1

while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) builddir=$2; shift 2 ;;
    --no-save) save=0; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) break ;;
  esac
done

if [ $# -ne 2 ]; then
  echo "usage: $0 [--build-dir DIR] [--no-save] [--jobs N] scenario|game|table|pipeline|all SECONDS" >&2
  exit 2
fi
target=$1
seconds=$2
all_targets="scenario game table pipeline"

case "$target" in
  all) targets=$all_targets ;;
  scenario|game|table|pipeline) targets=$target ;;
  *) echo "$0: unknown target '$target' (scenario, game, table, pipeline or all)" >&2; exit 2 ;;
esac

# The fuzzing build: set it up when missing, and bring it up to date.
if [ ! -f "$builddir/build.ninja" ]; then
  if ! command -v clang >/dev/null; then
    echo "$0: clang is needed (apt-get install -y clang libclang-rt-14-dev)" >&2
    exit 77
  fi
  CC=clang meson setup "$builddir" "$srcdir" -Dfuzzing=true -Dgui=false \
    -Db_sanitize=address,undefined -Db_lundef=false >/dev/null || exit 1
fi
# Inside "meson test" the build is up to date already, and ninja must not
# run twice at once in one build folder.
if [ -z "${MESON_BUILD_ROOT:-}" ] && [ -z "${ACIES_FUZZ_NO_BUILD:-}" ]; then
  ninja -C "$builddir" tests/fuzz/make-game-seeds $(for t in $targets; do echo tests/fuzz/fuzz-$t; done) \
    >/dev/null || exit 1
fi

# A Leak is a finding too; ASan aborts so libFuzzer writes the input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export G_DEBUG=gc-friendly
export G_SLICE=always-malloc

seeds_for () {
  local t=$1 dir=$2
  rm -rf "$dir"
  mkdir -p "$dir"
  case "$t" in
    scenario)
      for f in "$srcdir"/data/scenarios/*/*.acies; do cp "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"; done
      for f in "$srcdir"/tests/io/fixtures/*.acies; do cp "$f" "$dir/fixture-$(basename "$f")"; done ;;
    game)
      # Three games a scenario: libFuzzer replays every seed before its
      # timed run (171 seeds of eight games took 168 s under load).
      "$builddir/tests/fuzz/make-game-seeds" "$dir" 3 "$srcdir"/data/scenarios/*/*.acies >/dev/null || return 1 ;;
    table)
      cp "$srcdir"/data/rulesets/*.json "$dir"/ ;;
    pipeline)
      # A bundled scenario of every ruleset (the regression test checks
      # that each registered ruleset has one), and the test fixtures.
      for f in "$srcdir"/data/scenarios/*/*.acies; do cp "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"; done
      for f in "$srcdir"/tests/io/fixtures/*.acies; do cp "$f" "$dir/fixture-$(basename "$f")"; done ;;
  esac
  # Earlier findings that the reader now survives are good seeds; one that
  # still crashes would only stop every fork job at its start.
  if [ -d "$here/regressions/$t" ]; then
    for f in "$here/regressions/$t"/*; do
      [ -f "$f" ] && [ "$(basename "$f")" != README.md ] || continue
      if timeout 60 "$builddir/tests/fuzz/fuzz-$t" -runs=1 "$f" >/dev/null 2>&1; then
        cp "$f" "$dir/regression-$(basename "$f")"
      fi
    done
  fi
  return 0
}

run_one () {
  local t=$1
  local bin="$builddir/tests/fuzz/fuzz-$t"
  local corpus="$builddir/fuzz-corpus/$t"
  local seeds="$builddir/fuzz-seeds/$t"
  local artifacts="$builddir/fuzz-artifacts/$t"
  local log="$builddir/fuzz-logs/$t.log"
  local status=0 found=0

  if [ ! -x "$bin" ]; then
    echo "$0: $bin is missing: is $builddir set up with -Dfuzzing=true?" >&2
    return 1
  fi
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  seeds_for "$t" "$seeds" || { echo "$0: cannot make the $t seeds" >&2; return 1; }

  # -timeout: an input that takes over 10 s is a hang; -rss_limit_mb: over
  # 2 GiB is an out-of-memory finding; the longest file worth trying is
  # 256 KiB (the size limit itself is tested in tests/reliability).
  # -fork keeps fuzzing past a finding, so one bug does not end the run.
  "$bin" "$corpus" "$seeds" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
    -dict="$here/acies.dict" -use_value_profile=1 -print_final_stats=1 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1
  status=$?

  # The figures worth reporting: executions, coverage, corpus.
  local stats
  stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  local execs
  execs=$(echo "$stats" | sed -n 's/^#\([0-9]*\).*/\1/p')
  echo "fuzz-$t: ${seconds}s, status $status; executions: ${execs:-?}; last: ${stats:-?}"

  for f in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-* "$artifacts"/slow-unit-*; do
    [ -f "$f" ] || continue
    case "$(basename "$f")" in slow-unit-*) continue ;; esac
    found=$((found + 1))
    if [ $save -eq 1 ]; then
      mkdir -p "$here/regressions/$t"
      cp "$f" "$here/regressions/$t/$(basename "$f")"
      echo "fuzz-$t: finding saved as tests/fuzz/regressions/$t/$(basename "$f")"
      rm -f "$f"
    else
      echo "fuzz-$t: finding $f (copy it to tests/fuzz/regressions/$t/)"
    fi
  done
  if [ $found -gt 0 ]; then
    echo "fuzz-$t: $found finding(s); the log is $log" >&2
    grep -E 'ERROR: |broken reader contract|SUMMARY' "$log" | head -n 20 >&2
    return 1
  fi
  # libFuzzer's own failure (not a finding): show why.
  if [ $status -ne 0 ]; then
    tail -n 20 "$log" >&2
    return 1
  fi
  return 0
}

overall=0
if [ "$jobs" -gt 1 ]; then
  pids=()
  for t in $targets; do
    run_one "$t" &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
  done
  for p in "${pids[@]}"; do wait "$p" || overall=1; done
else
  for t in $targets; do
    run_one "$t" || overall=1
  done
fi
exit $overall
