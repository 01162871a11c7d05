#!/usr/bin/env python3
# catalogue-strings.py — the rule catalogues' texts, for xgettext.
#
# Copyright 2026 The Acies developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
"""Usage: catalogue-strings.py OUTPUT CATALOGUE.json|FOLDER…

Writes OUTPUT, a file in C syntax that is never compiled: one
C_("<catalogue id>", "<text>") per text of the catalogues that a player
reads, each after a translator comment that says which catalogue, which
JSON path and what the text is.  po/POTFILES.in lists it, so that the
"acies" template (meson compile acies-pot) holds the catalogues' texts;
the catalogue reader (engine/model/acies-catalogue-read.c) translates the
same members at load with g_dpgettext2 ("acies", <catalogue id>, text).

The members are found by their name wherever they are, so that any
catalogue that follows docs/catalogue-format.md is covered without a
change here:

  name, label, help, row_title, col_title   strings
  value_labels                              an array of strings
  description                               a string, except on terrain,
                                            features, unit types and leader
                                            kinds (the reader keeps none)
  zone_names                                an array of rows of strings,
                                            with the context "zone name"

A table's row and column headings and its cells that are words
("DX", "backward") are extracted too: the printed sheet translates them
with the same context (engine/render/acies-render-sheet.c).  Headings and
cells without a letter ("3", "-2", "8+") are not.

Rule citations whose section has words ("CCA 7 Forest") are extracted
with the context "rule citation" (acies_rule_citation_shown()).  Ids,
values, other sections, sources and notes are not extracted: they are not
translated.
"""

import glob
import json
import os
import re
import sys

TEXT_MEMBERS = ("name", "label", "help", "description", "row_title", "col_title", "shows")
LIST_MEMBERS = ("value_labels",)

# Lists whose items' "description" the reader drops.
UNREAD_DESCRIPTIONS = {"terrain", "cell_features", "edge_features", "unit_types", "leader_kinds"}

# What an item of a list is, for the translators' comment.
ITEM_WORDS = {
    "terrain": "terrain type",
    "cell_features": "cell feature",
    "edge_features": "edge feature (drawn along a cell side)",
    "unit_types": "unit type",
    "leader_kinds": "leader kind",
    "formation_kinds": "formation kind",
    "area_kinds": "area kind",
    "special_rules": "special rule",
    "victory_conditions": "victory condition",
    "tables": "table",
    "side_params": "side parameter (a field of each army)",
    "formation_params": "formation parameter",
    "scenario_params": "scenario parameter",
    "pool_params": "counter pool parameter",
    "options": "game option (a house rule chosen before play)",
    "attributes": "counter attribute (printed on its front)",
    "hidden": "hidden counter attribute (on its back)",
    "params": "parameter",
}

MEMBER_WORDS = {
    "name": "the name",
    "label": "the label (a field's title in a form)",
    "help": "the help text (shown under or beside the field)",
    "description": "the description",
    "row_title": "the title of the rows",
    "col_title": "the title of the columns",
    "shows": "what a scenario's map positions are (\"The counters show …\")",
}


def c_string(text):
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20:
            out.append("\\%03o" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def comment_text(text):
    return text.replace("*/", "* /").replace("\n", " ")


def describe(owners, member, value=None):
    """Words for the text at the end of owners: [(list member, item)…]."""
    words = []
    for list_name, item in reversed(owners):
        what = ITEM_WORDS.get(list_name, list_name)
        ident = item.get("id") if isinstance(item, dict) else None
        words.append("%s “%s”" % (what, ident) if ident else what)
    head = MEMBER_WORDS.get(member, "the " + member)
    if member == "value_labels":
        head = "the label of the value “%s”" % value
    where = " of the ".join(words) if words else "the rule system"
    return "%s of the %s" % (head, where) if words else "%s of %s" % (head, where)


def has_letter(text):
    return any(ch.isalpha() for ch in text)


def walk_table(table, path, emit):
    """A table's word headings and word cells (the sheet prints them)."""
    ident = table.get("id", "?")
    for member, what in (("rows", "row heading"), ("columns", "column heading")):
        for i, head in enumerate(table.get(member) or []):
            if isinstance(head, str) and has_letter(head):
                emit(head, "%s.%s[%d]" % (path, member, i),
                     "a %s of the table “%s” (keep it as short)" % (what, ident))
    for r, row in enumerate(table.get("cells") or []):
        for c, cell in enumerate(row if isinstance(row, list) else []):
            value = cell.get("value") if isinstance(cell, dict) else cell
            if isinstance(value, str) and has_letter(value):
                emit(value, "%s.cells[%d][%d]" % (path, r, c),
                     "a result printed in a cell of the table “%s” (keep it as short)" % ident)


def walk(node, path, owners, emit):
    if isinstance(node, dict):
        parent_list = owners[-1][0] if owners else None
        if parent_list == "tables":
            walk_table(node, path, emit)
        for key, value in node.items():
            member_path = "%s.%s" % (path, key)
            if key in TEXT_MEMBERS and isinstance(value, str):
                if key == "description" and parent_list in UNREAD_DESCRIPTIONS:
                    continue
                emit(value, member_path, describe(owners, key))
            elif (key == "values" and isinstance(value, list) and node.get("type") == "enum"
                  and "value_labels" not in node):
                # No labels: the reader names the values "as-printed" →
                # "As printed" (acies_param_spec_value_label) and
                # translates that.
                for i, raw in enumerate(value):
                    if isinstance(raw, str) and raw:
                        label = raw.replace("-", " ").replace("_", " ")
                        label = label[:1].upper() + label[1:]
                        emit(label, "%s[%d]" % (member_path, i), describe(owners, "value_labels", raw))
            elif key in LIST_MEMBERS and isinstance(value, list):
                values = node.get("values", [])
                for i, label in enumerate(value):
                    if isinstance(label, str):
                        shown = values[i] if i < len(values) else i
                        emit(label, "%s[%d]" % (member_path, i), describe(owners, key, shown))
            elif key == "zone_names" and isinstance(value, list):
                # The board draws them in the players' language: the
                # geometry translates them with the context "zone name"
                # (engine/geometry/acies-board.c).
                for r, row in enumerate(value):
                    for i, name in enumerate(row if isinstance(row, list) else []):
                        if isinstance(name, str):
                            emit(name, "%s[%d][%d]" % (member_path, r, i),
                                 "the name an army gives one of its own zones on the board", "zone name")
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    walk(item, "%s[%d]" % (member_path, i), owners + [(key, item)], emit)
            elif isinstance(value, dict):
                walk(value, member_path, owners, emit)


def extract(path):
    """[(context, text, comment)…] of one catalogue file, in file order."""
    with open(path, encoding="utf-8") as f:
        root = json.load(f)
    if not isinstance(root, dict) or not isinstance(root.get("id"), str):
        raise SystemExit("%s: not a rule catalogue (no \"id\")" % path)
    context = root["id"]
    title = root.get("name", context)
    file_name = os.path.basename(path)
    found = []
    seen = set()

    def emit(text, json_path, words, own_context=None):
        # A table repeats its results: the first place says what they are.
        if text == "" or (own_context, text) in seen:
            return
        seen.add((own_context, text))
        comment = "%s (%s), %s: %s" % (title, file_name, json_path, words)
        found.append((own_context or context, text, comment))

    walk(root, "$", [], emit)

    # Rule citations with words ("CCA 7 Forest", "SG 7.5 Example #1"):
    # the catalogue reader makes a part's citation of its book's prefix and
    # its "section"; what shows one translates it with the context "rule
    # citation" (acies_rule_citation_shown()).  A section of numbers and
    # abbreviations only ("8.2", "ARB 3.3") reads the same everywhere.
    prefix = root.get("book_prefix")

    def sections(node, json_path):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "section" and isinstance(value, str) and re.search(r"[a-z]{2}", value):
                    citation = "%s %s" % (prefix, value) if isinstance(prefix, str) and prefix else value
                    emit(citation, "%s.%s" % (json_path, key),
                         "a rule citation: the book's abbreviation and a section named in words "
                         "(a terrain, an example, a scenario: keep proper names)", "rule citation")
                else:
                    sections(value, "%s.%s" % (json_path, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                sections(value, "%s[%d]" % (json_path, i))

    sections(root, "$")
    return found


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    output, inputs = argv[0], []
    for arg in argv[1:]:
        # A folder stands for every catalogue in it: a new rule system's
        # file is extracted without a change to the build.
        inputs += sorted(glob.glob(os.path.join(arg, "*.json"))) if os.path.isdir(arg) else [arg]
    inputs.sort(key=os.path.basename)
    lines = [
        "/* Generated by po/catalogue-strings.py from data/rulesets/<id>.json:",
        " * the rule catalogues' texts, for xgettext.  Not compiled; do not edit. */",
        "static const char catalogue_strings[] = \"acies\";",
        "",
    ]
    for path in inputs:
        for context, text, comment in extract(path):
            lines.append("/* Translators: %s. */" % comment_text(comment))
            if "%" in text:
                lines.append("/* xgettext:no-c-format */")
            lines.append("C_(%s, %s);" % (c_string(context), c_string(text)))
    data = "\n".join(lines) + "\n"
    try:
        with open(output, encoding="utf-8") as f:
            if f.read() == data:
                return 0
    except OSError:
        pass
    with open(output, "w", encoding="utf-8") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
