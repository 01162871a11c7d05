#!/usr/bin/python3
# a11y-two-turns.py — Heraclea (Grass Crown) played as a screen-reader user
# plays it (issue 19, last check): keys only (xdotool), and only what the
# accessibility bus (AT-SPI) exposes is read: the status block's labels,
# the actions' rows and their Alt keys, the focused cell's description,
# the live region, the hand-over curtain.  Nothing on the screen is looked
# at.  Both sides' set-up, then two full game turns of both sides: each
# player turn gives one wing a Move Command, moves two of its units on the
# board (N to a unit, Return, D to a destination, Return), ends the other
# phases (Ctrl+E) and does not declare Initiative, until Laevinus's turn 3.
#
# TAP:
#   /acies/a11y/atspi/grass-crown/heraclea-two-turns — fails when a step
#     cannot be done by keys (nothing changes), or turn 3 is not reached;
#   /acies/a11y/atspi/grass-crown/heraclea-handover-summary — the curtain's
#     Ready (named "Ready") describes what the incoming player missed: the
#     opponent's moves of the turn just played;
#   /acies/a11y/atspi/grass-crown/counter-symbols-in-words — the cells'
#     descriptions say Cavalry's diamonds as words ("1 diamond"), never
#     the symbol "◆" a screen reader names ("black diamond").
#
# Usage: a11y-two-turns.py ACIES-BINARY SOURCE-DIR [TRANSCRIPT]
# Run under a display and a D-Bus session (meson's ui suite does).  The
# transcript (what a screen reader would have said) goes to TRANSCRIPT, or
# to the TAP output as comments.
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

TESTS = 3
failures = 0
number = 0


def tap(ok, name, why=""):
    global failures, number
    number += 1
    if not ok:
        failures += 1
    print("%s %d %s" % ("ok" if ok else "not ok", number, name), flush=True)
    if why and not ok:
        for line in why.splitlines():
            print("# " + line, flush=True)
    # Meson prints only standard error for a failed TAP test: say it there too.
    if not ok:
        print("not ok %d %s" % (number, name), file=sys.stderr, flush=True)
        for line in (why or "").splitlines():
            print("  " + line, file=sys.stderr, flush=True)


def skip_all(why):
    print("1..0 # SKIP " + why, flush=True)
    sys.exit(0)


os.environ["G_DEBUG"] = "gc-friendly"
if not os.environ.get("DISPLAY"):
    skip_all("no display")
if shutil.which("xdotool") is None:
    skip_all("no xdotool")
try:
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi  # noqa: F401
    import pyatspi
except (ImportError, ValueError) as e:
    skip_all("no pyatspi (%s)" % e)

binary, source = sys.argv[1], sys.argv[2]
transcript = []
out = open(sys.argv[3], "w") if len(sys.argv) > 3 else None
work = tempfile.mkdtemp(prefix="acies-two-turns-")
env = dict(os.environ)
env.pop("GTK_A11Y", None)
env.pop("NO_AT_BRIDGE", None)
env["G_DEBUG"] = "gc-friendly"
env.setdefault("GSK_RENDERER", "cairo")
for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.makedirs(os.path.join(work, name), exist_ok=True)
    env[name] = os.path.join(work, name)


def say(kind, text):
    line = "%-8s %s" % (kind, (text or "").replace("\n", " / "))
    transcript.append(line)
    if out is not None:
        print(line, file=out, flush=True)


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


def fresh(acc):
    try:
        acc.clear_cache()
    except Exception:
        pass
    return acc


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
            if state is not None and not fresh(a).getState().contains(state):
                continue
            return a
        except Exception:
            continue
    return None


window_id = None


def key(*keys):
    subprocess.run(["xdotool", "windowfocus", "--sync", window_id], capture_output=True)
    subprocess.run(["xdotool", "key", "--delay", "30", "--window", window_id] + list(keys), check=True)
    time.sleep(0.12)


class Lost(Exception):
    pass


with open(os.path.join(source, "data", "scenarios", "grass-crown", "heraclea.acies")) as f:
    scenario = json.load(f)
game_path = os.path.join(work, "heraclea-two-turns.acies-game")
with open(game_path, "w") as f:
    json.dump({"format": "acies-game", "version": 1, "ruleset": "grass-crown", "seed": 4,
               "dice": "seeded", "options": {}, "scenario": scenario, "log": []}, f)

print("1..%d" % TESTS, flush=True)
# The AT-SPI registry first (the bus starts it on the first call): an
# application that starts alongside it may register before the registry
# owns its name and then be missing from the desktop.
for i in range(150):
    try:
        if pyatspi.Registry.getDesktop(0).childCount >= 0:
            break
    except Exception:
        time.sleep(0.2)
proc = subprocess.Popen([binary, game_path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
turns_seen = []
summaries = []
described = []
lost = ""
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
    if game is None:
        raise Lost("no game window on the bus")
    title = game.name
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                         capture_output=True, text=True).stdout.split()
    window_id = ids[-1]
    board = find(game, pyatspi.ROLE_TABLE, "^Board of")
    # GTK 4.8 names a widget without a label by its type; from 4.10 a
    # generic widget has no name: there the status block is what holds its
    # Status button, and the actions are the list named Actions.
    status_block = find(game, pyatspi.ROLE_FILLER, "^AciesStatusBlock$")
    if status_block is None:
        toggle = (find(game, pyatspi.ROLE_PUSH_BUTTON, "^Status$")
                  or find(game, pyatspi.ROLE_TOGGLE_BUTTON, "^Status$"))
        status_block = toggle.parent if toggle is not None else None
    action_list = (find(game, pyatspi.ROLE_FILLER, "^AciesActionList$")
                   or find(game, pyatspi.ROLE_LIST, "^Actions$"))
    end_phase = find(game, pyatspi.ROLE_PUSH_BUTTON, "^End Phase$")
    say("window", title)

    def curtain():
        return find(game, pyatspi.ROLE_PUSH_BUTTON, "Ready", pyatspi.STATE_FOCUSED)

    def status():
        """The status block's labels: turn, phase, who plays, the prompt."""
        return [fresh(a).name for a in walk(status_block)
                if a.getRole() == pyatspi.ROLE_LABEL and a.name and "\n" not in a.name]

    def actions():
        """The actions' rows: (words, Alt key or None)."""
        rows = []
        for a in walk(action_list):
            if a.getRole() != pyatspi.ROLE_LIST_ITEM or not a.name:
                continue
            keys = [c.name for c in walk(a) if c.getRole() == pyatspi.ROLE_LABEL and re.match(r"^Alt\+\d$", c.name or "")]
            rows.append((a.name, keys[0] if keys else None))
        return rows

    def cell():
        text = fresh(board).description or ""
        described.append(text)
        return text

    def live():
        """The live region's words: its name where GTK names it by its
        accessible label (4.8), else its text (4.18 gives a status no
        name, and the label's text through the Text interface)."""
        a = find(game, pyatspi.ROLE_STATUS_BAR)
        if a is None:
            return ""
        if fresh(a).name:
            return a.name
        try:
            return a.queryText().getText(0, -1) or ""
        except Exception:
            return ""

    def take_row(pattern, rows):
        for words, alt in rows:
            if re.search(pattern, words) and alt is not None:
                say("key", "%s (%s)" % (alt, words))
                key(alt.lower())
                return True
        return False

    def move_one_unit():
        """N to a unit Return selects, Return, D to a destination Return
        moves it to, Return: True when a move was made."""
        for i in range(25):
            key("n")
            text = cell()
            if "Return selects" not in text:
                continue
            say("cell", text)
            key("Return")
            for j in range(12):
                key("d")
                text = cell()
                if re.search(r"Return: Move ", text):
                    say("cell", text)
                    key("Return")
                    time.sleep(0.3)
                    say("live", live())
                    return True
            say("cell", text)
            key("Escape")
        return False

    last = None
    same = 0
    moves = 0
    for step in range(2000):
        if curtain() is not None:
            ready = curtain()
            summary = fresh(ready).description or ""
            say("curtain", "%s — %s" % (ready.name, summary))
            summaries.append((ready.name, summary, list(turns_seen)))
            key("Return")
            time.sleep(0.3)
            continue
        words = status()
        turn = words[0] if words else ""
        phase = words[1] if len(words) > 1 else ""
        if not turns_seen or turns_seen[-1] != turn:
            turns_seen.append(turn)
            say("turn", turn)
        if re.search(r"\bTurn 3\b", turn):
            break
        now = (tuple(words), live(), cell())
        same = same + 1 if now == last else 0
        last = now
        if same >= 4:
            raise Lost("nothing changes in %s, %s; prompt: %s; rows: %s"
                       % (turn, phase, words[-1] if words else "", [r[0] for r in actions()][:6]))
        if turn == "Set-up" or not phase:
            key("d")
            text = cell()
            if "Return: Place" in text:
                key("Return")
            elif not take_row(r".", actions()):
                raise Lost("set-up: no placement and no row with a key; prompt: %s" % words)
            continue
        say("phase", "%s — %s" % (phase, words[-1] if words else ""))
        rows = actions()
        if take_row(r"^Do not declare Initiative", rows):
            continue
        if phase.startswith("Command"):
            moves = 0
            if take_row(r"^Command .*: Move \(4 squares\)|^Command .*: Move its Cavalry", rows) or take_row(r".", rows):
                continue
            raise Lost("command phase: no row with a key")
        if phase.startswith("Move") and moves < 2:
            if move_one_unit():
                moves += 1
                continue
            moves = 2
        if end_phase is not None and fresh(end_phase).getState().contains(pyatspi.STATE_SENSITIVE):
            say("key", "ctrl+e (%s)" % fresh(end_phase).description)
            key("ctrl+e")
            time.sleep(0.2)
            continue
        if not take_row(r".", rows):
            raise Lost("%s: no End Phase and no row with a key" % phase)
except Lost as e:
    lost = str(e)
except Exception:
    import traceback
    lost = traceback.format_exc()
finally:
    proc.terminate()
    try:
        proc.wait(5)
    except Exception:
        proc.kill()
    shutil.rmtree(work, ignore_errors=True)

tail = "\n".join(transcript[-25:])
played = [t for t in turns_seen if re.search(r"Turn \d", t)]
tap(not lost and any(re.search(r"\bTurn 3\b", t) for t in turns_seen)
    and sum(1 for t in played if re.search(r"Turn [12]\b", t)) >= 4,
    "/acies/a11y/atspi/grass-crown/heraclea-two-turns",
    "lost: %s\nturns: %s\n%s" % (lost, turns_seen, tail))
# After Laevinus's first turn, Pyrrhus's curtain says what Laevinus did.
after_turn = [s for s in summaries if any("Turn 1" in t for t in s[2])]
good = [s for s in after_turn if s[0] == "Ready" and re.search(r"^Since \S.* last played", s[1])
        and re.search(r"moves to", s[1])]
tap(len(good) > 0, "/acies/a11y/atspi/grass-crown/heraclea-handover-summary",
    "curtains: %s" % summaries[-4:])
symbols = [t for t in described if re.search("[\u25c6\u2605]", t)]
tap(not symbols and any(re.search(r"Cavalry, \d diamonds?\b", t) for t in described),
    "/acies/a11y/atspi/grass-crown/counter-symbols-in-words",
    "with symbols: %s\ncavalry: %s" % (symbols[:3], [t for t in described if "Cavalry" in t][:3]))
sys.exit(1 if failures else 0)
