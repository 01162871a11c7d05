#!/usr/bin/env bash
# ./test.sh — install what is missing, build, and run the whole test suite:
# the normal build (engine, render, CLI, app; UI tests on a real display);
# the engine suite again under valgrind's memcheck (meson test --setup
# valgrind: 20 random games instead of 1,000, tests/reliability/meson.build);
# a second build of the engine, render and CLI with AddressSanitizer and
# UndefinedBehaviorSanitizer; and a third with clang and libFuzzer for a
# short smoke run of each fuzz target (suite fuzz, tests/fuzz/).  The normal
# build's suite flatpak (flatpak/build-local.sh) builds the Flatpak against a
# runtime assembled from Debian packages, with deprecations as errors, runs
# the test suite in its sandbox and starts it: Debian 13 by default (GTK
# 4.18, libadwaita 1.7), ACIES_FLATPAK_SUITE=bookworm for Debian 12;
# the runtime is cached in ACIES_FLATPAK_CACHE (flatpak/README.md).  All tests
# run inside one Xvfb and one D-Bus session, with HOME and XDG_* in a
# temporary folder.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -uo pipefail
cd "$(dirname "$0")"
. build-aux/ensure-deps.sh

acies_ensure_packages "${ACIES_BUILD_PACKAGES[@]}" "${ACIES_TEST_PACKAGES[@]}" || exit 1
acies_build build || exit 1
acies_build build-asan -Dgui=false -Db_sanitize=address,undefined -Db_lundef=false || exit 1
# The fuzz targets only (the fuzzing build compiles the engine twice).
if [ ! -f build-fuzz/build.ninja ]; then
  CC=clang meson setup build-fuzz -Dfuzzing=true -Dgui=false \
    -Db_sanitize=address,undefined -Db_lundef=false || exit 1
fi
ninja -C build-fuzz tests/fuzz/fuzz-scenario tests/fuzz/fuzz-game tests/fuzz/fuzz-table \
  tests/fuzz/fuzz-pipeline tests/fuzz/make-game-seeds || exit 1

tmp=$(mktemp -d /tmp/acies-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/config" "$tmp/data" "$tmp/cache" "$tmp/state" "$tmp/runtime"
chmod 700 "$tmp/runtime"
export HOME="$tmp/home"
export XDG_CONFIG_HOME="$tmp/config"
export XDG_DATA_HOME="$tmp/data"
export XDG_CACHE_HOME="$tmp/cache"
export XDG_STATE_HOME="$tmp/state"
export XDG_RUNTIME_DIR="$tmp/runtime"
export NO_AT_BRIDGE=1

# The display first, then the session bus inside it (ENVIRONMENT.md).
xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- bash -c '
  status=0
  meson test -C build --print-errorlogs "$@" || status=1
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  LSAN_OPTIONS=suppressions=$PWD/build-aux/lsan.supp:print_suppressions=0 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  meson test -C build-asan --print-errorlogs --timeout-multiplier 3 "$@" || status=1
  start=$SECONDS
  meson test -C build --no-rebuild --print-errorlogs --setup valgrind --suite engine || status=1
  echo "memcheck (valgrind, suite engine): $((SECONDS - start)) s"
  start=$SECONDS
  meson test -C build-fuzz --no-rebuild --print-errorlogs --suite fuzz || status=1
  echo "fuzz smoke: $((SECONDS - start)) s"
  exit $status
' acies-tests "$@"
status=$?

/usr/bin/python3 build-aux/test-count.py build/meson-logs/testlog.json build-asan/meson-logs/testlog.json \
  build/meson-logs/testlog-valgrind.json build-fuzz/meson-logs/testlog.json
exit $status
