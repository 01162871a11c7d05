#!/usr/bin/env python3
# pseudo-locale.py SRCDIR BUILDDIR OUTDIR
#
# The pseudo-translation of the pseudo-locale test (issue 19.4): the
# template of every string in po/POTFILES.in (extracted with the keywords
# of meson's glib preset, as po/meson.build does), each msgstr its msgid
# wrapped in ⟦ ⟧, compiled to OUTDIR/xx/LC_MESSAGES/acies.mo.  Text on the
# screen or the printed page without the markers did not go through
# gettext.
import os
import re
import subprocess
import sys

src, build, out = sys.argv[1:4]
tmp = os.path.join(out, 'tmp')
os.makedirs(tmp, exist_ok=True)
os.makedirs(os.path.join(out, 'xx', 'LC_MESSAGES'), exist_ok=True)
pot = os.path.join(tmp, 'acies.pot')
subprocess.run(['xgettext', '--package-name=acies', '--from-code=UTF-8', '--no-wrap',
                '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
                '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
                '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
                '--flag=g_dngettext:2:pass-c-format',
                '--directory=' + src, '--directory=' + build,
                '--files-from=' + os.path.join(src, 'po', 'POTFILES.in'), '--output=' + pot],
               check=True, stderr=subprocess.DEVNULL)
en = subprocess.run(['msgen', '--no-wrap', pot], check=True, capture_output=True, text=True).stdout


def wrap(content):
    """Wraps an escaped msgstr in the markers, inside leading and trailing newlines."""
    head = re.match(r'(?:\\n)*', content).group(0)
    body = content[len(head):]
    tail = re.search(r'(?:\\n)*$', body).group(0)
    body = body[:len(body) - len(tail)]
    return head + '⟦' + body + '⟧' + tail


lines = en.split('\n')
result = []
i = 0
header = True
while i < len(lines):
    line = lines[i]
    m = re.match(r'^(msgstr(?:\[\d+\])?) "(.*)"$', line)
    if m is None:
        result.append(line)
        i += 1
        continue
    content = m.group(2)
    i += 1
    while i < len(lines) and lines[i].startswith('"'):
        content += lines[i][1:-1]
        i += 1
    if header:
        header = False
        content = content.replace('charset=CHARSET', 'charset=UTF-8')
        content = content.replace('nplurals=INTEGER; plural=EXPRESSION;', 'nplurals=2; plural=(n != 1);')
        result.append('%s "%s"' % (m.group(1), content))
    else:
        result.append('%s "%s"' % (m.group(1), wrap(content)))
po = os.path.join(tmp, 'xx.po')
with open(po, 'w', encoding='utf-8') as f:
    f.write('\n'.join(result))
subprocess.run(['msgfmt', '--check-format', '-o', os.path.join(out, 'xx', 'LC_MESSAGES', 'acies.mo'), po],
               check=True)
