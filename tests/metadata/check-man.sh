#!/usr/bin/env bash
# check-man.sh SOURCE_ROOT VERSION ACIES_CLI [ACIES]
#
# The manual pages render with `man -l` without a warning, carry the
# project's version, and document the commands and options the programs
# have: every subcommand of `acies-cli --help` and every long option of
# `acies-cli COMMAND --help` is in man/acies-cli.1; with ACIES, `acies
# --version prints the version and man/acies.1 documents every option of
# `acies --help`.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:?usage: check-man.sh SOURCE_ROOT VERSION ACIES_CLI [ACIES]}
version=${2:?}
cli=${3:?}
gui=${4:-}
status=0
export LC_ALL=C.UTF-8 MANWIDTH=80 MAN_DISABLE_SECCOMP=1

if ! command -v man >/dev/null; then
  echo "1..0 # SKIP man is not installed"
  exit 0
fi

pages=(acies-cli.1)
[ -n "$gui" ] && pages+=(acies.1)
for page in "${pages[@]}"; do
  src="$top/man/$page"
  err=$(man --warnings=all --no-hyphenation -l "$src" 2>&1 >/dev/null)
  if [ $? -ne 0 ] || [ -n "$err" ]; then
    echo "$page: man -l fails or warns: $err"
    status=1
  fi
  if [ "$(man -l "$src" 2>/dev/null | wc -l)" -lt 20 ]; then
    echo "$page: renders to almost nothing"
    status=1
  fi
  if ! grep -q "^\.TH .*\"Acies $version\"" "$src"; then
    echo "$page: the .TH line does not say \"Acies $version\""
    status=1
  fi
done

# Every command, and every long option of every command.
commands=$("$cli" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
[ -n "$commands" ] || { echo "acies-cli --help lists no commands"; status=1; }
for command in $commands; do
  if ! grep -Eq "^\.B[IR]? \"?$command( |\"|$)" "$top/man/acies-cli.1"; then
    echo "acies-cli.1: the command $command is not documented"
    status=1
  fi
  for option in $("$cli" "$command" --help | sed -n '/^Application Options:/,/^$/p' \
                    | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    escaped=$(sed 's/-/\\\\-/g' <<<"$option")
    if ! grep -q -- "$escaped" "$top/man/acies-cli.1"; then
      echo "acies-cli.1: $command $option is not documented"
      status=1
    fi
  done
done

if [ -n "$gui" ]; then
  out=$("$gui" --version 2>&1)
  if [ "$out" != "acies $version" ]; then
    echo "acies --version printed “$out”, not “acies $version”"
    status=1
  fi
  for option in $("$gui" --help | sed -n '/^Application Options:/,/^$/p' | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    escaped=$(sed 's/-/\\\\-/g' <<<"$option")
    if ! grep -q -- "$escaped" "$top/man/acies.1"; then
      echo "acies.1: $option is not documented"
      status=1
    fi
  done
fi

[ $status = 0 ] && echo "the manual pages render and document every command and option"
exit $status
