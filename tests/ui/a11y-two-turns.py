#!/usr/bin/python3
# a11y-two-turns.py — Heraclea's set-up and two turns of each side played
# as a screen-reader user plays them (issue 19, last check): keys only
# (xdotool), and only what the accessibility bus (AT-SPI) exposes is read:
# the focused cell's description, the live region, the names of the
# buttons and of the actions' rows.  Nothing on the screen is looked at.
#
# Not in the suite (it takes minutes); the suite's a11y-atspi.py plays a
# placement and a move.  Prints a transcript of what a screen reader would
# have said, and at the end where the play got lost, if it did.
#
# Usage: a11y-two-turns.py ACIES-BINARY SOURCE-DIR [TRANSCRIPT]
# Run under a display and a D-Bus session, as the ui suite does.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

os.environ["G_DEBUG"] = "gc-friendly"
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: F401
import pyatspi

binary, source = sys.argv[1], sys.argv[2]
out = open(sys.argv[3], "w") if len(sys.argv) > 3 else sys.stdout
work = tempfile.mkdtemp(prefix="acies-two-turns-")
env = dict(os.environ)
env.pop("GTK_A11Y", None)
env.pop("NO_AT_BRIDGE", None)
env.setdefault("GSK_RENDERER", "cairo")
for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.makedirs(os.path.join(work, name), exist_ok=True)
    env[name] = os.path.join(work, name)


def say(kind, text):
    print("%-9s %s" % (kind, (text or "").replace("\n", " / ")), file=out, flush=True)


def walk(acc, depth=0):
    if acc is None or depth > 60:
        return
    yield acc
    try:
        n = acc.childCount
    except Exception:
        return
    for i in range(n):
        try:
            yield from walk(acc.getChildAtIndex(i), depth + 1)
        except Exception:
            continue


def app_node():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        if a is not None and a.name and "acies" in a.name.lower():
            return a
    return None


def find(root, role, name=None, state=None):
    for a in walk(root):
        try:
            if a.getRole() != role:
                continue
            if name is not None and not re.search(name, a.name or ""):
                continue
            if state is not None:
                try:
                    a.clear_cache()
                except Exception:
                    pass
                if not a.getState().contains(state):
                    continue
            return a
        except Exception:
            continue
    return None


def fresh_name(acc, description=False):
    if acc is None:
        return ""
    try:
        acc.clear_cache()
    except Exception:
        pass
    return (acc.description if description else acc.name) or ""


def key(title, *keys):
    wid = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                         capture_output=True, text=True).stdout.split()
    w = wid[-1]
    subprocess.run(["xdotool", "windowfocus", "--sync", w], capture_output=True)
    subprocess.run(["xdotool", "key", "--delay", "40", "--window", w] + list(keys), check=True)
    time.sleep(0.15)


with open(os.path.join(source, "data", "scenarios", "grass-crown", "heraclea.acies")) as f:
    scenario = json.load(f)
game_path = os.path.join(work, "heraclea-two-turns.acies-game")
with open(game_path, "w") as f:
    json.dump({"format": "acies-game", "version": 1, "ruleset": "grass-crown", "seed": 4,
               "dice": "seeded", "options": {}, "scenario": scenario, "log": []}, f)

proc = subprocess.Popen([binary, game_path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
lost = []
try:
    game = None
    for i in range(300):
        app = app_node()
        if app is not None:
            for j in range(app.childCount):
                f = app.getChildAtIndex(j)
                if f is not None and find(f, pyatspi.ROLE_TABLE, "^Board of") is not None:
                    game = f
        if game is not None:
            break
        time.sleep(0.1)
    title = game.name
    board = find(game, pyatspi.ROLE_TABLE, "^Board of")
    say("window", title)
    # The named things a screen reader's object navigation finds once.
    names = sorted({"%s: %s" % (a.getRoleName(), a.name) for a in walk(game)
                    if a is not None and a.name and a.getRole() in (pyatspi.ROLE_PUSH_BUTTON,
                                                                     pyatspi.ROLE_TOGGLE_BUTTON,
                                                                     pyatspi.ROLE_LIST_ITEM,
                                                                     pyatspi.ROLE_LABEL)})
    for n in names[:80]:
        say("found", n)

    def curtain():
        return find(game, pyatspi.ROLE_PUSH_BUTTON, "Ready", pyatspi.STATE_FOCUSED)

    last_live = ""

    def heard():
        global last_live
        # The live region, found again: it is shown once it has words.
        text = fresh_name(find(game, pyatspi.ROLE_STATUS_BAR))
        if text != last_live:
            say("live", text)
            last_live = text
        return text

    def cell():
        text = fresh_name(board, True)
        say("cell", text)
        return text

    turn_re = re.compile(r"\bturn (\d+)", re.I)
    turns_seen = set()
    stuck = 0
    # Moves in the phase so far: after a few, the phase is ended (Ctrl+E),
    # as a player who has moved what they meant to.
    moves = 0
    for step in range(900):
        heard()
        if curtain() is not None:
            say("key", "Return (Ready)")
            key(title, "Return")
            continue
        text = " ".join([last_live, fresh_name(game)])
        for m in turn_re.finditer(text):
            turns_seen.add(int(m.group(1)))
        if turns_seen and max(turns_seen) >= 3:
            say("done", "turn 3 reached")
            break
        if moves >= 4:
            say("key", "ctrl+e (end the phase)")
            key(title, "ctrl+e")
            time.sleep(0.3)
            moves = 0
            continue
        # A placement or an action at a destination: D, then Return.
        key(title, "d")
        t = cell()
        if "Return: " in t:
            say("key", "Return")
            key(title, "Return")
            time.sleep(0.2)
            heard()
            stuck = 0
            moves += "Return: Place" not in t
            continue
        # One's own unit that may act: N until "Return selects".
        acted = False
        for i in range(12):
            key(title, "n")
            t = cell()
            if "Return selects" in t:
                say("key", "Return")
                key(title, "Return")
                key(title, "d")
                t = cell()
                if "Return: " in t:
                    say("key", "Return")
                    key(title, "Return")
                    time.sleep(0.2)
                    acted = True
                    break
                say("key", "Escape")
                key(title, "Escape")
            elif "Return: " in t:
                say("key", "Return")
                key(title, "Return")
                acted = True
                break
        if acted:
            stuck = 0
            moves += "Return: Place" not in t
            continue
        # Nothing on the board: the first listed action (Alt+1), else end
        # the phase (Ctrl+E).
        stuck += 1
        if stuck % 2 == 1:
            say("key", "alt+1")
            key(title, "alt+1")
        else:
            say("key", "ctrl+e")
            key(title, "ctrl+e")
        time.sleep(0.3)
        if stuck > 12:
            lost.append("stuck: nothing on the board, Alt+1 and Ctrl+E change nothing; last heard: " + last_live)
            break
    say("turns", str(sorted(turns_seen)))
finally:
    proc.terminate()
    try:
        proc.wait(5)
    except Exception:
        proc.kill()
    shutil.rmtree(work, ignore_errors=True)
for line in lost:
    say("LOST", line)
