#!/usr/bin/env python3
# tests/reliability/make-scale-scenario.py — a big Four Battles scenario
# for measuring load and validate (issue 21 item 3): a WIDTH x HEIGHT hex
# map with terrain on about a third of the hexes, a river, and N units
# plus N/100 leaders attached to units, written to standard output.
#
#   tests/reliability/make-scale-scenario.py 200 200 5000 > scale.acies
#   build/app/cli/acies-cli bench scale.acies
#
# Deterministic (a fixed seed), so figures compare from run to run.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
width, height, total = (int(a) for a in sys.argv[1:4]) if len(sys.argv) == 4 else (200, 200, 5000)
with open(os.path.join(here, "..", "..", "data", "scenarios", "samples", "four-battles-sample.acies")) as f:
    base = json.load(f)
rng = random.Random(21)

def label(x, y):
    return "%02d%02d" % (x + 1, y + 1) if width < 100 and height < 100 else "%03d%03d" % (x + 1, y + 1)

base["metadata"]["title"] = "Scale %dx%d, %d units" % (width, height, total)
base["board"]["width"] = width
base["board"]["height"] = height
terrains = ["woods", "slope", "forest", "swamp"]
base["map"]["terrain"] = {label(x, y): rng.choice(terrains)
                          for y in range(height) for x in range(width) if rng.random() < 0.33}
base["map"]["cell_features"] = {}
base["map"]["edge_features"] = {}
base["map"]["elevation"] = {}
base["areas"] = []
n_leaders = total // 100
n_units = total - n_leaders
templates = base["units"]
cells = rng.sample([(x, y) for y in range(height) for x in range(width)], n_units)
units = []
for i, (x, y) in enumerate(cells):
    t = dict(templates[i % len(templates)])
    side = "romans" if x < width // 2 else "carthaginians"
    t.update(id="u%d" % i, side=side, name="%s %d" % (t.get("name") or t["type"], i), cell=label(x, y))
    units.append(t)
base["units"] = units
leaders = []
lt = base["leaders"][0]
for i in range(n_leaders):
    u = units[i * 97 % n_units]
    leaders.append(dict(lt, id="l%d" % i, side=u["side"], name="Leader %d" % i, cell=u["cell"], attached_to=u["id"]))
base["leaders"] = leaders
base["reinforcements"] = []
json.dump(base, sys.stdout, indent=1)
