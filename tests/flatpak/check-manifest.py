#!/usr/bin/env python3
# tests/flatpak/check-manifest.py — checks the Flathub and developer manifests.
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-manifest.py SOURCE_ROOT [MANIFEST] [--devel] [--expect PROBLEM ...]
#
# Without MANIFEST, checks flatpak/<app id>.json (the Flathub manifest) and
# flatpak/devel/<app id>.json (the developer manifest build-local.sh uses).
#
# The Flathub manifest is held to what Flathub's linter
# (flatpak-builder-lint, checks/{toplevel,modules,finish_args,appid}.py)
# and its requirements page ask, except the runtime's freshness (that needs
# the network): it parses (`flatpak-builder --show-manifest`, with no
# unknown property); the id is the application id of meson.build, is
# well formed and names the file; a GNOME runtime and SDK of one version;
# a command that is a name; no toplevel branch; no /lib/debug cleanup;
# finish-args that the linter accepts and no more than Acies needs (ipc,
# wayland, fallback-x11, dri: files go through the portal); the last
# module builds Acies with Meson and runs its tests without the network;
# every source is fetchable (no dir or file in the tree), a git source has
# an https URL, a tag, then the tag's full commit, and x-checker-data that
# follows tags; inside a git checkout, the commit exists in the repository
# and the tag, when the clone has it, names that commit; keys in Flathub's logical order; and the style Flathub
# asks of JSON manifests (4-space indentation, LF, UTF-8, final newline).
#
# The developer manifest is the Flathub one with only the source of Acies
# (a dir source, the repository) and the build options (deprecations as
# errors) changed.
#
# Prints every problem and exits 1 if there is any.  With --expect (the
# checker's own tests, on bad manifests) it exits 0 only if every expected
# text is found among the problems.

import json
import os
import re
import shutil
import subprocess
import sys

# The finish-args Acies needs: a window (Wayland, X11 as a fallback, IPC
# for X11's shared memory) and the GPU.  Files go through the portal.
EXPECTED_FINISH_ARGS = {
    "--share=ipc",
    "--socket=wayland",
    "--socket=fallback-x11",
    "--device=dri",
}

# Flathub's "Logical ordering of keys" (docs/02-for-app-authors/
# 02-requirements.md, "Flatpak builder Manifest Style Guide"); alternatives
# share a rank.
TOPLEVEL_ORDER = [
    ("id", "app-id"), ("runtime",), ("runtime-version",), ("sdk",),
    ("branch", "default-branch"), ("build-runtime", "build-extension"),
    ("separate-locales",), ("appstream-compose",), ("command",), ("base",),
    ("base-version",), ("base-extensions",), ("inherit-extensions",),
    ("sdk-extensions",), ("inherit-sdk-extensions",), ("platform-extensions",),
    ("add-extensions",), ("add-build-extensions",), ("rename-desktop-file",),
    ("rename-appdata-file",), ("rename-mime-file",), ("rename-mime-icons",),
    ("rename-icon",), ("copy-icon",), ("finish-args",), ("cleanup",),
    ("cleanup-commands",), ("build-options",), ("modules",),
]
MODULE_ORDER = [
    ("name",), ("buildsystem",), ("build-options",), ("make-args",),
    ("make-install-args",), ("rm-configure",), ("no-autogen",),
    ("no-parallel-make",), ("subdir",), ("builddir",), ("run-tests",),
    ("license-files",), ("only-arches", "skip-arches"),
    ("config-opts", "build-commands"), ("post-install",), ("cleanup",),
    ("sources",),
]
SOURCE_ORDER = [
    ("type",), ("url", "path", "paths", "commands", "contents"),
    ("mirror-urls",), ("disable-http-decompression",), ("archive-type",),
    ("sha256", "sha512", "tag"), ("commit",), ("size",),
    ("dest", "dest-filename", "filename"),
    ("strip-components", "disable-submodules", "disable-lfs", "disable-shallow-clone"),
    ("only-arches", "skip-arches"), ("x-checker-data",),
]


def app_id_from_meson(root):
    with open(os.path.join(root, "meson.build"), encoding="utf-8") as f:
        m = re.search(r"^app_id\s*=\s*'([^']+)'", f.read(), re.MULTILINE)
    return m.group(1) if m else None


def check_order(keys, order, where, problems):
    """Keys unknown to the list come last, in any order."""
    rank = {}
    for i, names in enumerate(order):
        for name in names:
            rank[name] = i
    last = -1
    last_key = None
    for key in keys:
        r = rank.get(key, len(order))
        if r < last:
            problems.append("%s: key %r comes after %r, against Flathub's order"
                            % (where, key, last_key))
        else:
            last, last_key = r, key


def check_style(path, text, manifest, problems):
    if "\r" in text:
        problems.append("%s: CRLF line endings (Flathub asks for LF)" % path)
    if not text.endswith("\n"):
        problems.append("%s: no newline at the end of the file" % path)
    if text != json.dumps(manifest, indent=4, ensure_ascii=False) + "\n":
        problems.append("%s: not in Flathub's JSON style (4-space indentation, "
                        "one value a line, no trailing spaces)" % path)


def check_finish_args(finish, problems):
    sockets = {a.split("=", 1)[1] for a in finish if a.startswith("--socket=")}
    shares = {a.split("=", 1)[1] for a in finish if a.startswith("--share=")}
    # The linter's rules (checks/finish_args.py).
    if "x11" in sockets and "fallback-x11" in sockets:
        problems.append("finish-args has both x11 and fallback-x11")
    if "x11" in sockets and "wayland" in sockets:
        problems.append("finish-args has both x11 and wayland")
    if ({"x11", "fallback-x11"} & sockets) and "ipc" not in shares:
        problems.append("finish-args has X11 without --share=ipc")
    if "fallback-x11" in sockets and "wayland" not in sockets:
        problems.append("finish-args has fallback-x11 without wayland")
    if "wayland" in sockets and not ({"x11", "fallback-x11"} & sockets):
        problems.append("finish-args has only wayland, no X11 fallback")
    for arg in finish:
        if arg.startswith(("--nosocket", "--unshare", "--nodevice")) or "=!" in arg:
            problems.append("finish-args must not take away: %s" % arg)
        if arg.startswith("--filesystem") or arg in ("--share=network",
                                                    "--socket=session-bus",
                                                    "--socket=system-bus",
                                                    "--socket=ssh-auth",
                                                    "--socket=gpg-agent"):
            problems.append("finish-args must not grant %s" % arg)
    # What Acies needs, no more.
    if set(finish) != EXPECTED_FINISH_ARGS or len(finish) != len(EXPECTED_FINISH_ARGS):
        extra = sorted(set(finish) - EXPECTED_FINISH_ARGS)
        missing = sorted(EXPECTED_FINISH_ARGS - set(finish))
        problems.append("finish-args: unexpected %s, missing %s" % (extra, missing))


def in_git_checkout(root):
    """True when ROOT is a git checkout (or worktree) and git is installed:
    only then can a tag or commit be looked up."""
    return shutil.which("git") is not None and os.path.exists(os.path.join(root, ".git"))


def git_commit_of_tag(root, tag):
    if not in_git_checkout(root):
        return None
    r = subprocess.run(["git", "-C", root, "rev-parse", "--verify", "-q", tag + "^{commit}"],
                       capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def git_has_commit(root, commit):
    """Whether COMMIT is a commit of the repository at ROOT (None when ROOT
    is not a git checkout: a release tarball, the Flatpak build sandbox)."""
    if not in_git_checkout(root):
        return None
    r = subprocess.run(["git", "-C", root, "cat-file", "-e", commit + "^{commit}"],
                       capture_output=True, text=True)
    return r.returncode == 0


def check_source(root, module, source, flathub, problems):
    where = "module %s, source %s" % (module, source.get("type"))
    check_order(list(source), SOURCE_ORDER, where, problems)
    kind = source.get("type")
    if source.get("dest-filename", "").find("/") != -1:
        problems.append("%s: dest-filename is a path" % where)
    if kind in ("archive", "file") and (source.get("sha1") or source.get("md5")):
        problems.append("%s: sha1 and md5 are deprecated, use sha256" % where)
    if kind in ("dir", "file") and flathub:
        problems.append("%s: a %s source is not allowed on Flathub "
                        "(build from a git tag or an archive)" % (where, kind))
    if "commit-query" in source.get("x-checker-data", {}):
        problems.append("%s: x-checker-data tracks commits" % where)
    if kind == "git":
        url, tag = source.get("url", ""), source.get("tag")
        commit, branch = source.get("commit"), source.get("branch")
        if not url.startswith("https://"):
            problems.append("%s: the git URL %r is not https" % (where, url))
        if branch:
            problems.append("%s: a branch is not a release (use a tag and its commit)" % where)
        if not tag:
            problems.append("%s: git source without a tag" % where)
        if not commit or not re.fullmatch(r"[0-9a-f]{40}", commit):
            problems.append("%s: git source without the tag's full commit hash" % where)
        elif git_has_commit(root, commit) is False:
            problems.append("%s: commit %s is not a commit of this repository "
                            "(the release must point at a real commit)" % (where, commit))
        elif tag:
            tagged = git_commit_of_tag(root, tag)
            if tagged is not None and tagged != commit:
                problems.append("%s: tag %s is commit %s, not %s" % (where, tag, tagged, commit))
            elif tagged is None:
                print("note: tag %s is not in this clone; its commit is not compared" % tag)
        checker = source.get("x-checker-data")
        if flathub and (not isinstance(checker, dict) or checker.get("type") != "git"
                        or "tag-pattern" not in checker):
            problems.append("%s: no x-checker-data of type git with a tag-pattern" % where)
        elif flathub and tag and not re.fullmatch(checker["tag-pattern"], tag):
            problems.append("%s: the x-checker-data tag-pattern does not match %s" % (where, tag))


def check_manifest(root, path, app_id, flathub, problems):
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        problems.append("%s: not UTF-8" % path)
        return None
    manifest = json.loads(text)

    builder = shutil.which("flatpak-builder")
    if builder:
        r = subprocess.run([builder, "--show-manifest", path], capture_output=True, text=True)
        if r.returncode != 0:
            problems.append("flatpak-builder --show-manifest failed: %s" % r.stderr.strip())
        else:
            unknown = [l for l in r.stderr.splitlines() if "nknown propert" in l]
            for line in unknown:
                problems.append("flatpak-builder: %s" % line.strip())
            if json.loads(r.stdout).get("id") != manifest.get("id"):
                problems.append("flatpak-builder --show-manifest shows another id")
            print("flatpak-builder --show-manifest: parsed %s" % path)
    else:
        print("flatpak-builder not installed: JSON checks only")

    check_style(path, text, manifest, problems)
    check_order(list(manifest), TOPLEVEL_ORDER, "toplevel", problems)

    appid = manifest.get("id")
    if "app-id" in manifest:
        problems.append("app-id is deprecated: use id")
    if appid != app_id:
        problems.append("id %r is not the application id %r of meson.build" % (appid, app_id))
    elif not re.fullmatch(r"[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*){2,4}", appid) \
            or appid.endswith(".desktop"):
        problems.append("id %r is not a well-formed application id" % appid)
    if os.path.basename(path) != "%s.json" % appid:
        problems.append("the file name %s does not match the id" % os.path.basename(path))
    if os.path.islink(path):
        problems.append("the manifest is a symbolic link")

    if manifest.get("runtime") != "org.gnome.Platform":
        problems.append("runtime %r is not org.gnome.Platform" % manifest.get("runtime"))
    if manifest.get("sdk") != "org.gnome.Sdk":
        problems.append("sdk %r is not org.gnome.Sdk" % manifest.get("sdk"))
    # Which GNOME release is current needs the network (Flathub's
    # eolruntime check): here only its form, a stable release number.
    version = manifest.get("runtime-version")
    if not isinstance(version, str) or not re.fullmatch(r"[1-9][0-9]*", version):
        problems.append("runtime-version %r is not a stable GNOME release number "
                        "(a string such as \"50\"; master is not a release)" % (version,))
    command = manifest.get("command", "")
    if command != "acies":
        problems.append("command %r is not acies" % command)
    if command.startswith("/"):
        problems.append("the command is a path")
    if "branch" in manifest:
        problems.append("toplevel branch is not for apps")
    for c in manifest.get("cleanup", []):
        if c == "/lib/debug" or c.startswith("/lib/debug/"):
            problems.append("cleanup removes /lib/debug")
    if "--share=network" in manifest.get("build-options", {}).get("build-args", []):
        problems.append("the build must not have the network")

    check_finish_args(manifest.get("finish-args", []), problems)

    modules = [m for m in manifest.get("modules", []) if isinstance(m, dict)]
    if not modules:
        problems.append("no modules")
        return manifest
    for module in modules:
        name = module.get("name", "?")
        check_order(list(module), MODULE_ORDER, "module %s" % name, problems)
        options = module.get("build-options", {})
        if "--share=network" in options.get("build-args", []):
            problems.append("module %s: the build must not have the network" % name)
        git_dests = {}
        for source in module.get("sources", []):
            if isinstance(source, dict):
                check_source(root, name, source, flathub, problems)
                if source.get("type") == "git":
                    git_dests.setdefault(source.get("dest", "."), []).append(source)
        if any(len(v) > 1 for v in git_dests.values()):
            problems.append("module %s stacks git sources in one place" % name)

    acies = modules[-1]
    if acies.get("name") != "acies":
        problems.append("the last module is %r, not acies" % acies.get("name"))
    if acies.get("buildsystem") != "meson":
        problems.append("acies is not built with Meson")
    if acies.get("run-tests") is not True:
        problems.append("acies does not set run-tests: true")
    if "--share=network" in acies.get("build-options", {}).get("test-args", []):
        problems.append("the tests must not have the network")
    if not acies.get("sources"):
        problems.append("acies has no source")
    return manifest


def check_devel(root, path, flathub_manifest, devel, problems):
    """The developer manifest: the Flathub one but for Acies' source and
    build options."""
    sources = devel["modules"][-1].get("sources", [])
    dirs = [s for s in sources if isinstance(s, dict) and s.get("type") == "dir"]
    if len(dirs) != 1:
        problems.append("%s: Acies is not built from the repository (one dir source)" % path)
    else:
        built = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)),
                                              dirs[0].get("path", "")))
        if os.path.normpath(os.path.abspath(root)) != built:
            problems.append("%s: the dir source %s is not the repository" % (path, built))
    cflags = devel["modules"][-1].get("build-options", {}).get("cflags", "")
    if "-Werror=deprecated-declarations" not in cflags.split():
        problems.append("%s: deprecations are not errors (cflags)" % path)
    if flathub_manifest is None:
        return

    def strip(m):
        m = json.loads(json.dumps(m))
        acies = m["modules"][-1]
        acies.pop("sources", None)
        acies.get("build-options", {}).pop("cflags", None)
        return m

    if strip(flathub_manifest) != strip(devel):
        problems.append("%s differs from the Flathub manifest in more than "
                        "Acies' source and cflags" % path)


def main():
    args = sys.argv[1:]
    expected = []
    if "--expect" in args:
        i = args.index("--expect")
        args, expected = args[:i], args[i + 1:]
    devel_only = "--devel" in args
    args = [a for a in args if a != "--devel"]
    if len(args) not in (1, 2):
        print("usage: check-manifest.py SOURCE_ROOT [MANIFEST] [--devel] [--expect PROBLEM ...]",
              file=sys.stderr)
        return 2
    root = args[0]
    app_id = app_id_from_meson(root)
    problems = []

    if len(args) == 2:
        manifest = check_manifest(root, args[1], app_id, not devel_only, problems)
        if devel_only and manifest is not None:
            check_devel(root, args[1], None, manifest, problems)
        checked = args[1]
    else:
        flathub_path = os.path.join(root, "flatpak", "%s.json" % app_id)
        devel_path = os.path.join(root, "flatpak", "devel", "%s.json" % app_id)
        flathub = check_manifest(root, flathub_path, app_id, True, problems)
        devel = check_manifest(root, devel_path, app_id, False, problems)
        if devel is not None:
            check_devel(root, devel_path, flathub, devel, problems)
        checked = "%s and %s" % (flathub_path, devel_path)

    for p in problems:
        print("problem: %s" % p)
    print("%s: %s" % (checked, "%d problem(s)" % len(problems) if problems else "OK"))
    if expected:
        missed = [e for e in expected if not any(e in p for p in problems)]
        for e in missed:
            print("expected problem not reported: %s" % e)
        return 1 if missed else 0
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
