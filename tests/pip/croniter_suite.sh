#!/usr/bin/env bash
# croniter's own test suite (pallets-eco/croniter at the commit below, read from
# a git checkout or mirror; never copied into this project) run the way a user
# gets fuzzycron under croniter's name: the optional `croniter` distribution
# (bindings/python/croniter-dist) pip-installed into a virtualenv, croniter's
# tests put where croniter's own wheel ships them (croniter/tests), and run as
# `pytest --pyargs croniter.tests`. The test first checks that `import croniter`
# is fuzzycron's and that Debian's croniter (system site-packages) is shadowed.
# Usage: croniter_suite.sh PYTHONPATH_OF_FUZZYCRON [pytest args...]
#   PYTHONPATH_OF_FUZZYCRON: where `import fuzzycron` finds the built package
#   ("" when fuzzycron is installed in $VENV).
# Environment: PYTHON (the interpreter a fresh virtualenv is made from), VENV (an
# existing virtualenv to install into instead), CRONITER_GIT_DIR (croniter's
# repository, default the machine's mirror). Exit 77 (skipped) without it.
set -uo pipefail
commit=3dd4d14e
python_path=""; [ -n "$1" ] && python_path=$(cd "$1" && pwd); shift
git_dir=${CRONITER_GIT_DIR:-/work/.mirror/pallets-eco+croniter/repo}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "croniter's repository at $commit is not at $git_dir (set CRONITER_GIT_DIR): skipped"
  exit 77
fi
set -e
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
venv=$(bash "$here/croniter_venv.sh" "$work")
export PYTHONPATH=$python_path
package=$("$venv/bin/python" -c 'import importlib.util, os; print(os.path.dirname(importlib.util.find_spec("croniter").origin))')
git --git-dir="$git_dir" archive "$commit" src/croniter/tests | tar -x -C "$work"
rm -rf "$package/tests" && mv "$work/src/croniter/tests" "$package/tests"
cd "$work"
"$venv/bin/python" - <<'PY'
import sys
import croniter, croniter.croniter, fuzzycron._croniter
module = sys.modules["croniter.croniter"]
assert module is fuzzycron._croniter and croniter.cron_m is module, (croniter.__file__, module)
assert "site-packages" in croniter.__file__ and "dist-packages" not in croniter.__file__, croniter.__file__
print("import croniter:", croniter.__file__, "->", fuzzycron._croniter.__file__)
PY
"$venv/bin/python" -m pytest -p no:cacheprovider -q "$@" --pyargs croniter.tests
