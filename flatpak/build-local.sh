#!/usr/bin/env bash
# flatpak/build-local.sh — build and start the real Acies Flatpak here.
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Flathub cannot be reached from these machines, so the GNOME runtime the
# Flathub manifest names cannot be installed.  This script:
#
#  1. installs flatpak, flatpak-builder, mmdebstrap and the X tools it
#     needs when they are missing (as root, --no-install-recommends);
#  2. builds a runtime from Debian 13 packages (trixie: GTK 4.18,
#     libadwaita 1.7, GLib 2.84), or Debian 12 with
#     ACIES_FLATPAK_SUITE=bookworm (mmdebstrap, the essential set and the
#     list in debian-runtime.packages), and caches it in
#     ${ACIES_FLATPAK_CACHE:-/var/tmp/acies-flatpak-trixie} (bookworm:
#     /var/tmp/acies-flatpak), outside the git tree;
#     it is rebuilt only when missing or when the package list (or this
#     assembly) changes: the stamp holds their hash;
#  3. exports that tree as runtime and SDK to a local OSTree repository and
#     installs it in a private FLATPAK_USER_DIR (HOME and XDG_* private too);
#  4. generates a local manifest from devel/io.github.acies.Acies.json (the
#     Flathub manifest with this repository as source and deprecations as
#     errors) with only the runtime lines replaced (runtime, runtime-version, sdk; the source
#     path made absolute because the manifest moves; appstream-compose off
#     unless ACIES_FLATPAK_APPSTREAM=1) and builds Acies with flatpak-builder,
#     which runs the test suite inside the build sandbox (run-tests);
#  5. installs the app into the private user dir and starts it under Xvfb
#     three times: the start page, the editor on Heraclea (or the bundled
#     Grass Crown sample) and a saved game of Heraclea; each time it checks
#     that the window appears and that a screenshot of it is not blank,
#     then stops it.
#
# Exit status: 0 when everything worked, 77 (skip) when this cannot run
# here (inside a Flatpak sandbox, or tools missing and not root), 1 on
# failure.  Prints the time of each stage.
#
# Environment:
#   ACIES_FLATPAK_SUITE       trixie (default: Debian 13) or bookworm (Debian 12)
#   ACIES_FLATPAK_CACHE       cache folder (default /var/tmp/acies-flatpak-trixie,
#                             /var/tmp/acies-flatpak for bookworm)
#   ACIES_FLATPAK_MIRROR      Debian mirror (default http://deb.debian.org/debian)
#   ACIES_FLATPAK_SCREENSHOT  where to keep the screenshots: NAME.png gives
#                             NAME-start.png, NAME-editor.png, NAME-game.png
#                             (default: the cache's app/screenshot.png)
#   ACIES_FLATPAK_APPSTREAM   1 to keep appstream-compose on
#   ACIES_FLATPAK_RUN_TESTS   0 to skip the sandboxed tests (debugging only)

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self="$here/$(basename "${BASH_SOURCE[0]}")"
srcdir=$(dirname "$here")
app_id=io.github.acies.Acies
# The developer manifest: the Flathub one with this repository as source.
manifest="$here/devel/$app_id.json"
package_file="$here/debian-runtime.packages"

# The runtime's Debian release: trixie (Debian 13: GTK 4.18, libadwaita
# 1.7, GLib 2.84, close to a current GNOME runtime) by default, so that the
# Flatpak builds and tests the newer side of editor/acies-compat.c with
# deprecations as errors while the native build covers the Debian 12 floor;
# ACIES_FLATPAK_SUITE=bookworm builds on Debian 12 as before 3 December.
suite=${ACIES_FLATPAK_SUITE:-trixie}
case "$suite" in
  trixie) runtime_branch=13 ;;
  bookworm) runtime_branch=12 ;;
  *) echo "ACIES_FLATPAK_SUITE: trixie or bookworm, not $suite" >&2; exit 1 ;;
esac
# One cache per release (the Debian 12 one where it always was).
if [ "$suite" = bookworm ]; then
  cache=${ACIES_FLATPAK_CACHE:-/var/tmp/acies-flatpak}
else
  cache=${ACIES_FLATPAK_CACHE:-/var/tmp/acies-flatpak-$suite}
fi
mirror=${ACIES_FLATPAK_MIRROR:-http://deb.debian.org/debian}
runtime_id=io.github.acies.Debian.Platform
remote=acies-debian
# Bump when the way the tree is assembled changes: it is part of the stamp.
assembly_version=3

log ()
{
  printf '[flatpak %s] %s\n' "$(date +%H:%M:%S)" "$*"
}

die ()
{
  log "error: $*" >&2
  exit 1
}

skip ()
{
  log "skipped: $*"
  exit 77
}

now ()
{
  date +%s
}

if [ -e /.flatpak-info ]; then
  skip "already inside a Flatpak sandbox"
fi

# ---------------------------------------------------------------------------
# 1. Host tools
# ---------------------------------------------------------------------------

# elfutils: flatpak-builder runs eu-strip and eu-elfcompress on the host.
host_packages=(flatpak flatpak-builder ostree elfutils mmdebstrap xvfb xauth dbus
               dbus-x11 xdotool imagemagick)

ensure_host_packages ()
{
  local missing=() p
  for p in "${host_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    log "missing Debian packages: ${missing[*]}"
    log "install them with: sudo apt-get install -y --no-install-recommends ${missing[*]}"
    skip "host tools missing and not root"
  fi
  log "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || die "apt-get update failed"
  # --no-install-recommends: flatpak's recommended portals would start four
  # daemons and a FUSE mount with every GTK application (ENVIRONMENT.md).
  apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "apt-get install ${missing[*]} failed"
}

# ---------------------------------------------------------------------------
# Private Flatpak installation: nothing in the real HOME or /var/lib/flatpak
# ---------------------------------------------------------------------------

setup_private_env ()
{
  mkdir -p "$cache/user" "$cache/home" "$cache/xdg/config" "$cache/xdg/data" \
           "$cache/xdg/cache" "$cache/xdg/state"
  export FLATPAK_USER_DIR="$cache/user"
  export HOME="$cache/home"
  export XDG_CONFIG_HOME="$cache/xdg/config"
  export XDG_DATA_HOME="$cache/xdg/data"
  export XDG_CACHE_HOME="$cache/xdg/cache"
  export XDG_STATE_HOME="$cache/xdg/state"
  # A fresh runtime dir: flatpak puts its D-Bus proxy sockets there.
  XDG_RUNTIME_DIR=$(mktemp -d /tmp/acies-flatpak-run.XXXXXX)
  chmod 700 "$XDG_RUNTIME_DIR"
  export XDG_RUNTIME_DIR
  # Keep the GLib tools quiet and non-fatal whatever the caller set.
  unset G_DEBUG G_MESSAGES_DEBUG GSETTINGS_BACKEND MALLOC_CHECK_
}

# ---------------------------------------------------------------------------
# 2-3. The Debian runtime
# ---------------------------------------------------------------------------

runtime_packages ()
{
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$package_file" | grep -v '^$'
}

runtime_stamp ()
{
  {
    runtime_packages
    echo "suite=$suite mirror=$mirror id=$runtime_id branch=$runtime_branch"
    echo "assembly=$assembly_version arch=$(flatpak --default-arch)"
  } | sha256sum | cut -d' ' -f1
}

runtime_installed ()
{
  flatpak --user info "$runtime_id//$runtime_branch" >/dev/null 2>&1
}

# Debian's packages into the root file system $1 (packages: $2, commas).
bootstrap ()
{
  local mode
  # As root, mmdebstrap works in a chroot; otherwise in a user namespace.
  if [ "$(id -u)" = 0 ]; then
    mode=root
  else
    mode=unshare
  fi
  # mmdebstrap, not debootstrap: apt resolves the dependencies (with
  # debootstrap's own resolver, dpkg left trixie's gir1.2-* packages
  # unconfigured after 33 minutes), downloads them in parallel, and dpkg
  # unpacks without fsync (force-unsafe-io: a crash only costs a rebuild).  The essential set is enough: a runtime needs
  # no apt.  Documentation is not unpacked, the licences are.
  log "mmdebstrap $suite (essential) with: $2"
  mmdebstrap --mode="$mode" --variant=essential --include="$2" \
    --dpkgopt='force-unsafe-io' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    "$suite" "$1" "$mirror" \
    > "$cache/runtime.new/mmdebstrap.log" 2>&1 \
    || { tail -n 30 "$cache/runtime.new/mmdebstrap.log" >&2; die "mmdebstrap failed"; }
}

build_runtime ()
{
  local arch tree rootfs packages
  arch=$(flatpak --default-arch)

  # An interrupted mmdebstrap may leave /proc or /sys mounted in the target.
  awk -v d="$cache/runtime.new/" 'index($2, d) == 1 { print $2 }' /proc/mounts \
    | sort -r | while read -r m; do umount -l "$m" || true; done
  rootfs="$cache/runtime.new/rootfs"
  tree="$cache/runtime.new/tree"
  packages=$(runtime_packages | paste -sd, -)

  # A root file system that mmdebstrap finished for this very stamp (a
  # run that failed later, in the export) is used again.
  if [ -d "$rootfs" ] && [ -f "$cache/runtime.new/rootfs.stamp" ] \
     && [ "$(cat "$cache/runtime.new/rootfs.stamp")" = "$1" ]; then
    log "reusing the root file system mmdebstrap finished in $rootfs"
    rm -rf "$tree"
  else
    rm -rf "$cache/runtime.new"
    mkdir -p "$cache/runtime.new"
    bootstrap "$rootfs" "$packages"
    echo "$1" > "$cache/runtime.new/rootfs.stamp"
  fi

  log "assembling the runtime tree"
  mkdir -p "$tree"
  mv "$rootfs/usr" "$tree/usr"
  mv "$rootfs/etc" "$tree/usr/etc"
  rm -rf "$rootfs"
  # Documentation is not needed in a runtime and slows the export (what
  # mmdebstrap's dpkg did not leave out: the licences stay).
  rm -rf "$tree/usr/share/man" "$tree/usr/share/info"
  # The application's libraries and the per-app ld.so.conf fragments, as in
  # the freedesktop runtimes.
  cat >> "$tree/usr/etc/ld.so.conf" <<'EOF'
include /run/flatpak/ld.so.conf.d/app-*.conf
include /app/etc/ld.so.conf
/app/lib
include /run/flatpak/ld.so.conf.d/runtime-*.conf
EOF
  # `flatpak build` (the build sandbox, where the tests run) sets
  # LC_ALL=en_US.utf8, the locale the freedesktop runtimes ship; Debian's
  # tree has only C.utf8 (libc-bin).  Without en_US.utf8 GTK falls back to
  # the C locale, and xdotool finds no window whose title is not ASCII
  # ("Heraclea — game.acies-game"): en_US.utf8 is C.utf8 here, the locale
  # the native tests run in.
  if [ -d "$tree/usr/lib/locale/C.utf8" ] && [ ! -e "$tree/usr/lib/locale/en_US.utf8" ]; then
    ln -s C.utf8 "$tree/usr/lib/locale/en_US.utf8"
  fi
  # flatpak regenerates ld.so.cache with /usr/bin/ldconfig.
  if [ ! -e "$tree/usr/bin/ldconfig" ]; then
    ln -s ../sbin/ldconfig "$tree/usr/bin/ldconfig"
  fi
  cat > "$tree/metadata" <<EOF
[Runtime]
name=$runtime_id
runtime=$runtime_id/$arch/$runtime_branch
sdk=$runtime_id/$arch/$runtime_branch
EOF

  log "exporting $runtime_id//$runtime_branch to $cache/repo"
  rm -rf "$cache/repo"
  # An uncompressed repository: archive mode (the default) spends minutes
  # compressing objects that are only ever pulled from this disk.
  ostree init --mode=bare-user-only --repo="$cache/repo"
  flatpak build-export --runtime --files=usr "$cache/repo" "$tree" "$runtime_branch" \
    > "$cache/runtime.new/export.log" 2>&1 \
    || { tail -n 30 "$cache/runtime.new/export.log" >&2; die "flatpak build-export failed"; }
  # The repository holds the content now; the tree is not needed any more.
  rm -rf "$tree"
}

install_runtime ()
{
  log "installing $runtime_id//$runtime_branch in $FLATPAK_USER_DIR"
  flatpak --user remote-delete --force "$remote" >/dev/null 2>&1 || true
  flatpak --user remote-add --no-gpg-verify "$remote" "file://$cache/repo"
  flatpak --user uninstall -y --noninteractive "$app_id" >/dev/null 2>&1 || true
  flatpak --user uninstall -y --noninteractive "$runtime_id//$runtime_branch" >/dev/null 2>&1 || true
  flatpak --user install -y --noninteractive "$remote" \
    "runtime/$runtime_id/$(flatpak --default-arch)/$runtime_branch" \
    || die "flatpak install of the runtime failed"
}

ensure_runtime ()
{
  local stamp t0
  stamp=$(runtime_stamp)
  if [ -f "$cache/runtime.stamp" ] && [ "$(cat "$cache/runtime.stamp")" = "$stamp" ] \
     && [ -d "$cache/repo" ]; then
    if runtime_installed; then
      log "runtime: cached ($stamp)"
      runtime_seconds=0
      return 0
    fi
    t0=$(now)
    install_runtime
    runtime_seconds=$(( $(now) - t0 ))
    log "runtime: reinstalled from the cached repository in ${runtime_seconds} s"
    return 0
  fi

  log "runtime: building (missing, or the package list changed)"
  t0=$(now)
  rm -f "$cache/runtime.stamp"
  build_runtime "$stamp"
  install_runtime
  echo "$stamp" > "$cache/runtime.stamp"
  rm -rf "$cache/runtime.new"
  runtime_seconds=$(( $(now) - t0 ))
  log "runtime: built from nothing in ${runtime_seconds} s"
}

# ---------------------------------------------------------------------------
# 4. The application, from the Flathub manifest with the runtime replaced
# ---------------------------------------------------------------------------

generate_manifest ()
{
  local out=$1 appstream=${ACIES_FLATPAK_APPSTREAM:-0}
  /usr/bin/python3 - "$manifest" "$out" "$runtime_id" "$runtime_branch" "$srcdir" "$appstream" <<'EOF'
import json
import os
import sys

src, out, runtime, branch, srcdir, appstream = sys.argv[1:]
with open(src, encoding="utf-8") as f:
    m = json.load(f)

# Only the runtime lines change ...
m["runtime"] = runtime
m["runtime-version"] = branch
m["sdk"] = runtime
if appstream != "1":
    m["appstream-compose"] = False

# ... and the directory source, relative to the Flathub manifest, is made
# absolute because the local manifest lives in the cache.
base = os.path.dirname(os.path.abspath(src))
for module in m["modules"]:
    if not isinstance(module, dict):
        continue
    for source in module.get("sources", []):
        if isinstance(source, dict) and source.get("type") == "dir":
            source["path"] = os.path.normpath(os.path.join(base, source["path"]))

with open(out, "w", encoding="utf-8") as f:
    json.dump(m, f, indent=2)
    f.write("\n")
EOF
}

build_app ()
{
  local t0 local_manifest extra=()
  mkdir -p "$cache/app"
  local_manifest="$cache/app/$app_id.json"
  generate_manifest "$local_manifest"
  if [ "${ACIES_FLATPAK_RUN_TESTS:-1}" = 0 ]; then
    log "ACIES_FLATPAK_RUN_TESTS=0: the sandboxed tests are skipped"
    extra+=(--disable-tests)
  fi
  log "building $app_id from $local_manifest (tests run in the sandbox)"
  t0=$(now)
  # rofiles-fuse needs FUSE, which containers rarely have.  ccache (in the
  # runtime, cache in the state dir) makes rebuilds of unchanged files cheap.
  flatpak-builder --user --install --force-clean --disable-rofiles-fuse --ccache \
    --state-dir="$cache/app/state" --default-branch=local "${extra[@]}" \
    "$cache/app/build-dir" "$local_manifest" \
    || die "flatpak-builder failed (build, tests in the sandbox, or install)"
  app_seconds=$(( $(now) - t0 ))
  log "app: built, tested in the sandbox and installed in ${app_seconds} s"
}

# ---------------------------------------------------------------------------
# 5. Start it under Xvfb and check the window
# ---------------------------------------------------------------------------

# Runs inside xvfb-run and dbus-run-session (see the end of this file):
# starts the Flatpak with FILE (none: the start page; a path outside /app
# is made readable with --filesystem), waits for a window whose name
# matches PATTERN, and keeps a screenshot SHOT once it has painted.
run_app_checked ()
{
  local pattern=$1 shot=$2 file=${3:-}
  local t0 wid="" name i status=0 args=()

  t0=$(now)
  if [ -n "$file" ]; then
    case "$file" in
      /app/*) ;;
      *) args+=("--filesystem=$(dirname "$file"):ro") ;;
    esac
  fi
  log "flatpak run ${args[*]} $app_id $file"
  flatpak run --branch=local "${args[@]}" "$app_id" ${file:+"$file"} \
    > "$cache/app/run.log" 2>&1 &
  local pid=$!

  for i in $(seq 1 120); do
    if ! kill -0 "$pid" 2>/dev/null; then
      cat "$cache/app/run.log" >&2
      log "error: the Flatpak exited before showing a window" >&2
      return 1
    fi
    wid=$(xdotool search --onlyvisible --name "$pattern" 2>/dev/null | head -n 1 || true)
    [ -n "$wid" ] && break
    sleep 0.5
  done
  if [ -z "$wid" ]; then
    cat "$cache/app/run.log" >&2
    log "error: no window named '$pattern' within 60 s" >&2
    flatpak kill "$app_id" >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
    return 1
  fi
  name=$(xdotool getwindowname "$wid")
  log "window $wid '$name' appeared after $(( $(now) - t0 )) s"

  # Wait for the first frame: the screen must stop being one flat colour.
  local colours=0 sd=0
  for i in $(seq 1 60); do
    sleep 1
    import -window root "$shot"
    colours=$(identify -format '%k' "$shot")
    [ "$colours" -ge 16 ] && break
  done
  # One more second for the rest of the window, then the screenshot kept.
  sleep 1
  import -window root "$shot"
  colours=$(identify -format '%k' "$shot")
  sd=$(identify -format '%[fx:standard_deviation]' "$shot")
  log "screenshot $shot after $(( $(now) - t0 )) s: $colours colours, standard deviation $sd"
  if [ "$colours" -lt 16 ]; then
    cat "$cache/app/run.log" >&2
    log "error: the screen stayed blank: the window did not paint" >&2
    status=1
  fi

  flatpak kill "$app_id" >/dev/null 2>&1 || true
  for i in $(seq 1 20); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
  return $status
}

# The start page, the editor on Heraclea (or the bundled sample) and a
# saved game of Heraclea in progress, each in its own X server and bus.
start_app ()
{
  local scenario_rel title shot game
  if [ -f "$srcdir/data/scenarios/grass-crown/heraclea.acies" ]; then
    scenario_rel=grass-crown/heraclea.acies
  else
    scenario_rel=samples/grass-crown-sample.acies
  fi
  [ -f "$cache/app/build-dir/files/share/acies/scenarios/$scenario_rel" ] \
    || die "the Flatpak does not contain /app/share/acies/scenarios/$scenario_rel"
  title=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metadata"]["title"])' \
          "$srcdir/data/scenarios/$scenario_rel" 2>/dev/null || echo Acies)
  game=$srcdir/tests/reliability/fixtures/heraclea-v1.acies-game
  shot=${ACIES_FLATPAK_SCREENSHOT:-$cache/app/screenshot.png}
  rm -f "${shot%.png}"-*.png
  xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \
    "$self" --stage-run "^Acies\$" "${shot%.png}-start.png" || return 1
  xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \
    "$self" --stage-run "$title" "${shot%.png}-editor.png" \
    "/app/share/acies/scenarios/$scenario_rel" || return 1
  if [ -f "$game" ]; then
    xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \
      "$self" --stage-run "Heraclea" "${shot%.png}-game.png" "$game" || return 1
  fi
}

# ---------------------------------------------------------------------------

main ()
{
  local t_start
  t_start=$(now)
  ensure_host_packages
  mkdir -p "$cache"
  # One build at a time per cache (several meson test runs may share it).
  exec 9> "$cache/lock"
  if ! flock -n 9; then
    log "waiting for another build-local.sh using $cache"
    flock 9
  fi
  setup_private_env
  trap 'rm -rf "$XDG_RUNTIME_DIR"' EXIT

  runtime_seconds=0
  app_seconds=0
  ensure_runtime
  # The build runs inside its own Xvfb and session bus, so that the UI tests
  # run in the sandbox too (they skip themselves without a display).
  local t0
  t0=$(now)
  xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- "$self" --stage-build \
    || die "building the app failed"
  app_seconds=$(( $(now) - t0 ))

  t0=$(now)
  start_app || die "the Flatpak did not start"
  local run_seconds=$(( $(now) - t0 ))

  log "timings: runtime ${runtime_seconds} s (0 = cached), app build + sandbox tests + install ${app_seconds} s, start check ${run_seconds} s, total $(( $(now) - t_start )) s"
}

# The stages that run inside xvfb-run and dbus-run-session call this script
# again (xvfb-run is a POSIX sh script: exported bash functions do not pass).
case "${1:-}" in
  --stage-build)
    build_app
    ;;
  --stage-run)
    shift
    run_app_checked "$@"
    ;;
  *)
    main "$@"
    ;;
esac
