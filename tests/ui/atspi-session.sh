#!/bin/sh
# atspi-session.sh — runs COMMAND... on a D-Bus session bus of its own.
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# For the AT-SPI tests in the Flatpak build sandbox (tests/ui/meson.build):
# there the session bus is the host's, and the AT-SPI bus it would start
# keeps its socket in a folder the sandbox does not see.  On a bus of its
# own (dbus-run-session) the runtime's AT-SPI bus launcher and registry
# start instead.  The daemons the bus starts inherit its standard output,
# and the registry writes a line there ("SpiRegistry daemon is running ..."),
# which is the test's TAP stream: the bus gets standard error, COMMAND the
# standard output.
exec 3>&1
exec dbus-run-session -- sh -c 'exec "$@" 1>&3 3>&-' atspi-session "$@" 1>&2
