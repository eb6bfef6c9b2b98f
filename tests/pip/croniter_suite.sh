#!/usr/bin/env bash
# croniter's own test suite (pallets-eco/croniter at the commit below, read from
# a git checkout or mirror; never copied into this project) run against
# fuzzycron's drop-in through tests/pip/shim/croniter.
# Usage: croniter_suite.sh PYTHONPATH_OF_FUZZYCRON [pytest args...]
# (croniter's repository: $CRONITER_GIT_DIR, default the machine's mirror)
# Exit 77 (skipped) when no croniter repository is at hand.
set -uo pipefail
commit=3dd4d14e
python_path=""; [ -n "$1" ] && python_path=$(cd "$1" && pwd); shift
git_dir=${CRONITER_GIT_DIR:-/work/.mirror/pallets-eco+croniter/repo}
here=$(cd "$(dirname "$0")" && pwd)
if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "croniter's repository at $commit is not at $git_dir (set CRONITER_GIT_DIR): skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$here/shim/croniter" "$work/"
git --git-dir="$git_dir" archive "$commit" src/croniter/tests | tar -x -C "$work"
mv "$work/src/croniter/tests" "$work/croniter/tests"
cd "$work"
PYTHONPATH="$work:$python_path" "${PYTHON:-/usr/bin/python3}" -m pytest -p no:cacheprovider -q "$@" croniter/tests
