#!/usr/bin/env bash
# The completion scripts work in each shell, and a mistyped command gets "did you mean".
# Usage: completion_test.sh FUZZYCRON
set -euo pipefail
bin=$1
fail() { echo "completion: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$work/bin/fuzzycron"
export PATH="$work/bin:$PATH"

# bash: complete as bash would, through the function the script registers.
"$bin" completion bash >"$work/fuzzycron.bash"
got=$(bash -c '
  source "$1"
  complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _fuzzycron; echo "${COMPREPLY[*]}"; }
  echo "1:$(complete_words fuzzycron ne)"
  echo "2:$(complete_words fuzzycron run --sta)"
  echo "3:$(complete_words fuzzycron next -d qu)"
  echo "4:$(complete_words fuzzycron export --to kube)"
  echo "5:$(complete_words fuzzycron resolve --to cron-)"
  echo "6:$(complete_words fuzzycron lint --dst skip-f)"' _ "$work/fuzzycron.bash")
want=$'1:next\n2:--state-dir\n3:quartz\n4:kubernetes\n5:cron-parser\n6:skip-first'
[ "$got" = "$want" ] || fail "bash completion:"$'\n'"$got"

# fish: `complete -C` prints what fish would offer.
if command -v fish >/dev/null; then
  "$bin" completion fish >"$work/fuzzycron.fish"
  got=$(fish -c "source $work/fuzzycron.fish; complete -C 'fuzzycron ne'; complete -C 'fuzzycron run --shut'; complete -C 'fuzzycron next --dialect '" |
        cut -f1 | sort)
  for w in next --shutdown --shutdown-grace quartz cron-parser; do
    grep -qx -- "$w" <<<"$got" || fail "fish does not offer $w:"$'\n'"$got"
  done
else
  echo "completion: fish not installed, its check skipped"
fi

# zsh: the script loads under compinit and defines the function.
if command -v zsh >/dev/null; then
  "$bin" completion zsh >"$work/_fuzzycron"
  zsh -n "$work/_fuzzycron" || fail "zsh: the script does not parse"
  zsh -f -c "fpath=($work \$fpath); autoload -U compinit; compinit -u -d $work/zcompdump; autoload -U _fuzzycron; \
             (( \$+functions[_fuzzycron] )) || exit 1; [[ \${_comps[fuzzycron]} == _fuzzycron ]]" ||
    fail "zsh: compinit does not register _fuzzycron for fuzzycron"
else
  echo "completion: zsh not installed, its check skipped"
fi

# A mistyped command: exit 2 and the command meant.
if out=$("$bin" nxt 2>&1); then fail "fuzzycron nxt succeeded"; fi
grep -q "did you mean 'next'?" <<<"$out" || fail "no suggestion for nxt: $out"
"$bin" completion tcsh >/dev/null 2>&1 && fail "an unknown shell is accepted"
echo "completion: OK"
