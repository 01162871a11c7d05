#!/usr/bin/env python3
# tests/flatpak/check-store.py — checks the store entry and the licence.
#
# Copyright 2026 The Acies developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-store.py SOURCE_ROOT [--metainfo FILE] [--copying FILE]
#                       [--expect PROBLEM ...]
#
# What Flathub's quality guidelines and its linter ask of the metainfo
# (data/desktop/<app id>.metainfo.xml.in), beyond `appstreamcli validate`
# (the `metainfo` test, --pedantic):
#  - a summary of at most 35 characters;
#  - <developer id="…"><name>…</name></developer>;
#  - homepage, bug tracker and source (vcs-browser) URLs, all https;
#  - screenshots with captions, one of them the default, each at most
#    1000 × 700 as declared and as committed under data/screenshots/, and
#    referenced from the release tag (v<version>) or a commit, not from a
#    branch that moves;
#  - a light and a dark brand colour, the light one light and apart from
#    every colour of the icon;
#  - the project licence of meson.build, and the newest release that
#    meson.build's version names, with notes;
#  - no character or entity reference (&amp; and the like) in the text:
#    gettext 0.21 (Debian 12) extracts "&amp;" as written, 0.23 (Debian
#    13) as "&", so po/fr.po could match only one of them.
# And the licence: COPYING holds the GPL-3.0 text, and meson.build
# installs it to share/licenses/<app id>.
#
# Prints every problem and exits 1 if there is any.  With --expect (the
# checker's own tests, on bad entries) it exits 0 only if every expected
# text is found among the problems.

import os
import re
import struct
import sys
import xml.etree.ElementTree as ET

MAX_SUMMARY = 35
MAX_WIDTH, MAX_HEIGHT = 1000, 700
# The smallest RGB distance between the light brand colour and a colour
# of the icon, and the smallest relative luminance of a "light" colour.
MIN_COLOUR_DISTANCE = 60
MIN_LIGHT_LUMINANCE = 0.5
# A character or entity reference outside the XML declaration.
ENTITY = re.compile(r"&(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def meson_project(root):
    with open(os.path.join(root, "meson.build"), encoding="utf-8") as f:
        text = f.read()
    app_id = re.search(r"^app_id\s*=\s*'([^']+)'", text, re.MULTILINE)
    version = re.search(r"^\s*version:\s*'([^']+)'", text, re.MULTILINE)
    licence = re.search(r"^\s*license:\s*'([^']+)'", text, re.MULTILINE)
    return (app_id.group(1) if app_id else None,
            version.group(1) if version else None,
            licence.group(1) if licence else None,
            text)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def rgb(colour):
    m = re.fullmatch(r"#([0-9a-fA-F]{6})", colour.strip())
    if not m:
        return None
    v = m.group(1)
    return tuple(int(v[i:i + 2], 16) for i in (0, 2, 4))


def luminance(c):
    def channel(x):
        x = x / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(x) for x in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def icon_colours(root, app_id):
    path = os.path.join(root, "data", "desktop", "icons", "hicolor", "scalable", "apps",
                        "%s.svg" % app_id)
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    colours = {rgb(c) for c in re.findall(r"#[0-9a-fA-F]{6}\b", text)}
    # White is the icon's paper and outlines, not its colour.
    return sorted(c for c in colours if c is not None and c != (255, 255, 255))


def check_metainfo(root, path, app_id, version, licence, problems):
    try:
        tree = ET.parse(path)
    except (OSError, ET.ParseError) as e:
        problems.append("%s: cannot be read: %s" % (path, e))
        return
    c = tree.getroot()

    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = ENTITY.search(line)
            if m:
                problems.append("line %d: the reference %s: gettext 0.21 and 0.23 "
                                "extract it differently (write the text without it)"
                                % (number, m.group(0)))

    if c.findtext("id") != app_id:
        problems.append("the metainfo id %r is not %r" % (c.findtext("id"), app_id))
    if c.findtext("project_license") != licence:
        problems.append("the project licence %r is not meson.build's %r"
                        % (c.findtext("project_license"), licence))

    summary = (c.findtext("summary") or "").strip()
    if not summary:
        problems.append("no summary")
    elif len(summary) > MAX_SUMMARY:
        problems.append("the summary has %d characters, more than %d: %r"
                        % (len(summary), MAX_SUMMARY, summary))
    if summary.endswith("."):
        problems.append("the summary ends with a full stop")

    developer = c.find("developer")
    if developer is None or not developer.get("id"):
        problems.append("no <developer id=...>")
    elif not (developer.findtext("name") or "").strip():
        problems.append("the developer has no <name>")

    urls = {u.get("type"): (u.text or "").strip() for u in c.findall("url")}
    for kind in ("homepage", "bugtracker", "vcs-browser"):
        if kind not in urls:
            problems.append("no %s URL" % kind)
        elif not urls[kind].startswith("https://"):
            problems.append("the %s URL is not https: %s" % (kind, urls[kind]))

    screenshots = c.findall("screenshots/screenshot")
    if not screenshots:
        problems.append("no screenshots")
    if not any(s.get("type") == "default" for s in screenshots):
        problems.append("no default screenshot")
    pinned = re.compile(r"https://raw\.githubusercontent\.com/[^/]+/[^/]+/"
                        r"(v%s|[0-9a-f]{40})/data/screenshots/[^/]+\.png"
                        % re.escape(version or ""))
    for s in screenshots:
        if not (s.findtext("caption") or "").strip():
            problems.append("a screenshot has no caption")
        for image in s.findall("image"):
            url = (image.text or "").strip()
            try:
                width, height = int(image.get("width")), int(image.get("height"))
            except (TypeError, ValueError):
                problems.append("%s: no width and height" % url)
                continue
            if width > MAX_WIDTH or height > MAX_HEIGHT:
                problems.append("screenshot %s is %d×%d, over %d×%d"
                                % (url, width, height, MAX_WIDTH, MAX_HEIGHT))
            if not pinned.fullmatch(url):
                problems.append("screenshot %s is not referenced from the tag v%s or a commit"
                                % (url, version))
            committed = os.path.join(root, "data", "screenshots", os.path.basename(url))
            if not os.path.exists(committed):
                problems.append("screenshot %s is not committed under data/screenshots" % url)
                continue
            size = png_size(committed)
            if size is None:
                problems.append("%s is not a PNG" % committed)
            elif size != (width, height):
                problems.append("%s is %d×%d, the metainfo says %d×%d"
                                % (committed, size[0], size[1], width, height))
            elif size[0] > MAX_WIDTH or size[1] > MAX_HEIGHT:
                problems.append("%s is %d×%d, over %d×%d"
                                % (committed, size[0], size[1], MAX_WIDTH, MAX_HEIGHT))

    colours = {col.get("scheme_preference"): rgb(col.text or "")
               for col in c.findall("branding/color") if col.get("type") == "primary"}
    light, dark = colours.get("light"), colours.get("dark")
    if light is None or dark is None:
        problems.append("no light and dark primary brand colours")
    else:
        if luminance(light) < MIN_LIGHT_LUMINANCE:
            problems.append("the light brand colour is not light (luminance %.2f)" % luminance(light))
        if luminance(dark) >= luminance(light):
            problems.append("the dark brand colour is not darker than the light one")
        for ic in icon_colours(root, app_id):
            distance = sum((a - b) ** 2 for a, b in zip(light, ic)) ** 0.5
            if distance < MIN_COLOUR_DISTANCE:
                problems.append("the light brand colour #%02x%02x%02x is too close to the icon's "
                                "#%02x%02x%02x (distance %.0f)" % (light + ic + (distance,)))

    releases = c.findall("releases/release")
    if not releases:
        problems.append("no releases")
    else:
        newest = releases[0]
        if newest.get("version") != version:
            problems.append("the newest release is %s, meson.build's version is %s"
                            % (newest.get("version"), version))
        if newest.find("description") is None:
            problems.append("the newest release has no notes")


def check_licence(copying, app_id, meson_text, problems):
    if not os.path.exists(copying):
        problems.append("no licence file: %s is missing" % copying)
    else:
        with open(copying, encoding="utf-8", errors="replace") as f:
            head = f.read(400)
        if "GNU GENERAL PUBLIC LICENSE" not in head or "Version 3" not in head:
            problems.append("%s is not the GPL-3.0 text" % copying)
    installs = re.search(r"install_data\(\s*'COPYING'\s*,\s*install_dir:\s*"
                         r"get_option\('datadir'\)\s*/\s*'licenses'\s*/\s*app_id\s*\)",
                         meson_text)
    if not installs:
        problems.append("meson.build does not install COPYING to share/licenses/%s" % app_id)


def main():
    args = sys.argv[1:]
    expected = []
    if "--expect" in args:
        i = args.index("--expect")
        args, expected = args[:i], args[i + 1:]
    options = {}
    for name in ("--metainfo", "--copying"):
        if name in args:
            i = args.index(name)
            options[name] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 1:
        print("usage: check-store.py SOURCE_ROOT [--metainfo FILE] [--copying FILE] "
              "[--expect PROBLEM ...]", file=sys.stderr)
        return 2
    root = args[0]
    app_id, version, licence, meson_text = meson_project(root)
    metainfo = options.get("--metainfo",
                           os.path.join(root, "data", "desktop", "%s.metainfo.xml.in" % app_id))
    copying = options.get("--copying", os.path.join(root, "COPYING"))
    problems = []

    check_metainfo(root, metainfo, app_id, version, licence, problems)
    check_licence(copying, app_id, meson_text, problems)

    for p in problems:
        print("problem: %s" % p)
    print("%s and %s: %s" % (metainfo, copying,
                             "%d problem(s)" % len(problems) if problems else "OK"))
    if expected:
        missed = [e for e in expected if not any(e in p for p in problems)]
        for e in missed:
            print("expected problem not reported: %s" % e)
        return 1 if missed else 0
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
