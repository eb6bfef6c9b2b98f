#!/usr/bin/env bash
# The documentation's examples run: in every ```console block of the given
# Markdown files, each "$ fuzzycron ARGS" line is run from the project's root
# (ARGS read as the shell reads them) and its standard output must be exactly
# the lines that follow it, up to the next "$ " line or the block's end.
set -u
bin=${FUZZYCRON:?set FUZZYCRON to the fuzzycron binary}
root=${1:?usage: console_blocks.sh ROOT FILE.md...}; shift
cd "$root" || exit 2
pass=0 fail=0
check() {  # check FILE LINE COMMAND EXPECTED
  local got
  got=$(eval "\"\$bin\" ${3#fuzzycron }" 2>/dev/null)
  if [ "$got" = "$4" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $1:$2: \$ $3"
    diff <(printf '%s\n' "$4") <(printf '%s\n' "$got") | head -20
  fi
}
for doc in "$@"; do
  in_block=0 command="" expected="" at=0 n=0
  while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    if [ $in_block -eq 0 ]; then
      [ "$line" = '```console' ] && in_block=1
      continue
    fi
    if [ "$line" = '```' ] || [[ "$line" == '$ '* ]]; then
      [ -n "$command" ] && check "$doc" "$at" "$command" "$expected"
      command="" expected=""
      if [[ "$line" == '$ fuzzycron '* ]]; then command=${line#'$ '}; at=$n; fi
      [ "$line" = '```' ] && in_block=0
      continue
    fi
    [ -n "$command" ] && expected+="${expected:+$'\n'}$line"
  done <"$doc"
done
echo "$pass examples agree, $fail differ"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
