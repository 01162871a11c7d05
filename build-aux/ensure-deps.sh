#!/usr/bin/env bash
# build-aux/ensure-deps.sh — shared by ./run.sh and ./test.sh.
#
# Installs the Debian 12 packages Acies needs when they are missing (as
# root), or prints the one command to run and stops.  Then configures Meson
# into the given build folder if needed, and builds.
#
# SPDX-License-Identifier: GPL-3.0-or-later

acies_missing_packages ()
{
  local missing=()
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  echo "${missing[@]}"
}

acies_ensure_packages ()
{
  local missing
  missing=$(acies_missing_packages "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian packages: $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || return 1
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing || return 1
  else
    echo "Acies needs these Debian packages. Install them with:"
    echo
    echo "  sudo apt-get install -y --no-install-recommends $missing"
    echo
    return 1
  fi
}

# Packages to build and run the application.
ACIES_BUILD_PACKAGES=(
  build-essential pkg-config meson ninja-build gettext
  libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libadwaita-1-dev libjson-glib-dev
  libcairo2-dev libpango1.0-dev
  desktop-file-utils appstream appstream-util
  fonts-dejavu-core adwaita-icon-theme
)

# Packages the test suite adds: a display, a session bus, pictures and PDFs,
# Debian's Python (for the test count), valgrind, clang and its libFuzzer
# runtime (the fuzz smoke run), man (the manual pages render) and yelp-tools
# (the help pages are valid Mallard; it brings itstool, which the help's
# translation targets use).
ACIES_TEST_PACKAGES=(
  xvfb xauth dbus dbus-x11 xdotool imagemagick poppler-utils python3 valgrind
  librsvg2-common clang libclang-rt-14-dev
  man-db yelp-tools
)

acies_build ()
{
  local builddir=$1
  shift
  if [ ! -f "$builddir/build.ninja" ]; then
    meson setup "$builddir" "$@" || return 1
  fi
  ninja -C "$builddir" || return 1
}
