#!/usr/bin/env python3
# tests/flatpak/check-manifest.py — checks the Flathub manifest.
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-manifest.py SOURCE_ROOT [MANIFEST] [--expect PROBLEM ...]
#
# Parses the manifest with `flatpak-builder --show-manifest` when
# flatpak-builder is installed, then checks what issue 7 asks of it: the
# application id equals the one in meson.build (D-Bus registration inside
# the sandbox needs it), the current GNOME runtime and SDK, a Meson build of
# the repository with run-tests, and the minimal finish-args (ipc, wayland,
# fallback-x11, dri; no network, no file system access: files go through
# the portal).  Prints every problem and exits 1 if there is any.  With
# --expect (the checker's own test, on a bad manifest) it exits 0 only if
# every expected text is found among the problems.

import json
import os
import re
import shutil
import subprocess
import sys

EXPECTED_FINISH_ARGS = {
    "--share=ipc",
    "--socket=wayland",
    "--socket=fallback-x11",
    "--device=dri",
}
OLDEST_GNOME_RUNTIME = 47


def app_id_from_meson(root):
    with open(os.path.join(root, "meson.build"), encoding="utf-8") as f:
        m = re.search(r"^app_id\s*=\s*'([^']+)'", f.read(), re.MULTILINE)
    return m.group(1) if m else None


def main():
    args = sys.argv[1:]
    expected = []
    if "--expect" in args:
        i = args.index("--expect")
        args, expected = args[:i], args[i + 1:]
    if len(args) not in (1, 2):
        print("usage: check-manifest.py SOURCE_ROOT [MANIFEST] [--expect PROBLEM ...]",
              file=sys.stderr)
        return 2
    root = args[0]
    app_id = app_id_from_meson(root)
    path = args[1] if len(args) == 2 else \
        os.path.join(root, "flatpak", "%s.json" % app_id)
    problems = []

    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)

    builder = shutil.which("flatpak-builder")
    if builder:
        r = subprocess.run([builder, "--show-manifest", path],
                           capture_output=True, text=True)
        if r.returncode != 0:
            problems.append("flatpak-builder --show-manifest failed: %s"
                            % r.stderr.strip())
        else:
            shown = json.loads(r.stdout)
            if shown.get("id") != manifest.get("id"):
                problems.append("flatpak-builder --show-manifest shows id %r"
                                % shown.get("id"))
            print("flatpak-builder --show-manifest: parsed")
    else:
        print("flatpak-builder not installed: JSON checks only")

    if manifest.get("id") != app_id:
        problems.append("id %r is not the application id %r of meson.build"
                        % (manifest.get("id"), app_id))
    if os.path.basename(path) != "%s.json" % manifest.get("id"):
        problems.append("the file name %s does not match the id"
                        % os.path.basename(path))
    if manifest.get("runtime") != "org.gnome.Platform":
        problems.append("runtime %r is not org.gnome.Platform" % manifest.get("runtime"))
    if manifest.get("sdk") != "org.gnome.Sdk":
        problems.append("sdk %r is not org.gnome.Sdk" % manifest.get("sdk"))
    version = str(manifest.get("runtime-version", ""))
    if not version.isdigit() or int(version) < OLDEST_GNOME_RUNTIME:
        problems.append("runtime-version %r is not a current GNOME release (>= %d)"
                        % (version, OLDEST_GNOME_RUNTIME))
    if manifest.get("command") != "acies":
        problems.append("command %r is not acies" % manifest.get("command"))

    finish = manifest.get("finish-args", [])
    if set(finish) != EXPECTED_FINISH_ARGS or len(finish) != len(EXPECTED_FINISH_ARGS):
        extra = sorted(set(finish) - EXPECTED_FINISH_ARGS)
        missing = sorted(EXPECTED_FINISH_ARGS - set(finish))
        problems.append("finish-args: unexpected %s, missing %s" % (extra, missing))
    for arg in finish:
        if arg.startswith("--filesystem") or arg == "--share=network" \
           or arg in ("--socket=x11", "--socket=session-bus", "--socket=system-bus"):
            problems.append("finish-args must not grant %s" % arg)

    modules = [m for m in manifest.get("modules", []) if isinstance(m, dict)]
    acies = modules[-1] if modules else {}
    if acies.get("name") != "acies":
        problems.append("the last module is %r, not acies" % acies.get("name"))
    if acies.get("buildsystem") != "meson":
        problems.append("acies is not built with Meson")
    if acies.get("run-tests") is not True:
        problems.append("acies does not set run-tests: true")
    test_args = acies.get("build-options", {}).get("test-args", [])
    if "--share=network" in test_args:
        problems.append("the tests must not have the network")
    sources = acies.get("sources", [])
    if not any(isinstance(s, dict) and s.get("type") == "dir" and s.get("path") == ".."
               for s in sources):
        problems.append("acies is not built from the repository (dir source '..')")
    for s in sources:
        if isinstance(s, dict) and s.get("type") == "dir":
            built = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)),
                                                  s.get("path", "")))
            if not os.path.isfile(os.path.join(built, "meson.build")):
                problems.append("the dir source %s has no meson.build" % built)

    for p in problems:
        print("problem: %s" % p)
    print("%s: %s" % (path, "%d problem(s)" % len(problems) if problems else "OK"))
    if expected:
        missed = [e for e in expected if not any(e in p for p in problems)]
        for e in missed:
            print("expected problem not reported: %s" % e)
        return 1 if missed else 0
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
