#!/usr/bin/env python3
# check-engine-layers.py
#
# Copyright 2026 The Acies developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The engine's folders point one way (docs/engine.md, "Layers"): a file may
# include headers of its own folder and of the folders below it, never of
# a folder above.  A rule system's folder (engine/rulesets/<id>/) may use
# the ruleset contract and everything below it, never another system nor
# game/.  Prints each include that points the wrong way, as TAP.

import os
import re
import sys

LAYERS = ['(root)', 'geometry', 'model', 'io', 'rulesets', 'rulesets/*', 'game', 'render']
# The umbrella header includes every layer on purpose.
UMBRELLA = 'acies-engine.h'


def layer_of(engine, path):
    parts = os.path.relpath(path, engine).split(os.sep)
    if len(parts) == 1:
        return '(root)', None
    if parts[0] == 'rulesets' and len(parts) > 2:
        return 'rulesets/*', parts[1]
    return parts[0], None


def main():
    source = os.environ.get('ACIES_SOURCE_DIR', sys.argv[1] if len(sys.argv) > 1 else '.')
    engine = os.path.join(source, 'engine')
    wrong = []
    n_files = 0

    for folder, _, names in os.walk(engine):
        for name in sorted(names):
            if not name.endswith(('.c', '.h', '.c.in')) or name == UMBRELLA:
                continue
            path = os.path.join(folder, name)
            layer, system = layer_of(engine, path)
            n_files += 1
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for match in re.finditer(r'^#include "([^"]+)"', text, re.M):
                header = match.group(1)
                target = os.path.join(engine, header)
                if not os.path.exists(target):
                    target = os.path.join(folder, header)
                if not os.path.exists(target):
                    continue  # config.h, generated headers
                to_layer, to_system = layer_of(engine, target)
                rel = os.path.relpath(path, engine)
                if LAYERS.index(to_layer) > LAYERS.index(layer):
                    wrong.append(f'{rel}: {layer} includes {header} of {to_layer}, a layer above it')
                elif layer == 'rulesets/*' and to_layer == 'rulesets/*' and system != to_system:
                    wrong.append(f'{rel}: the system {system} includes {header} of the system {to_system}')

    print('1..1')
    for line in wrong:
        print('# ' + line)
    if wrong or n_files == 0:
        print('not ok 1 /acies/engine/layers: every include points down (%d wrong)' % len(wrong))
        return 1
    print('ok 1 /acies/engine/layers: every include of %d files points down' % n_files)
    return 0


if __name__ == '__main__':
    sys.exit(main())
