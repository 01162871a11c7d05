#!/usr/bin/python3
# build-aux/test-count.py — prints "N passed, N failed, N skipped" from one
# or more Meson testlog.json files (one JSON object per line).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                result = json.loads(line).get("result")
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except FileNotFoundError:
        print(f"{path}: no test log (the build or the test run did not happen)", file=sys.stderr)
        failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
