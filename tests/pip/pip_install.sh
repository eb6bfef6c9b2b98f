#!/usr/bin/env bash
# `pip install .` as a Python user does it, offline: a fresh virtualenv (seeing
# Debian's setuptools and wheel), the checkout copied (nothing built lands in
# it), pip builds the extension with the project's CMake; then, from outside
# the source tree: import fuzzycron, the wheel's type stubs, the package's own
# tests, and croniter's suite through the croniter distribution installed
# beside it (when croniter's repository is at hand).
# Usage: pip_install.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$(cd "$1" && pwd) work=$2
python=${PYTHON:-/usr/bin/python3}
rm -rf "$work" && mkdir -p "$work/src" "$work/wheels"
tar -C "$src" --exclude=./build --exclude=./.git --exclude='*.egg-info' -cf - . | tar -C "$work/src" -xf -
"$python" -m venv --system-site-packages "$work/venv"
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
# The release preset's flags, in a directory as deep in the copy as build/release
# is in the checkout: with ccache (scripts/test.sh: CCACHE_BASEDIR, the compiler
# launcher) each object the release build made is found, not compiled again.
export FUZZYCRON_CMAKE_ARGS=${FUZZYCRON_CMAKE_ARGS:-"-DFUZZYCRON_WERROR=ON"}
export FUZZYCRON_BUILD_DIR=$work/src/build/pip
"$work/venv/bin/pip" wheel --no-build-isolation --no-deps -q -w "$work/wheels" "$work/src"
wheel=$(ls "$work"/wheels/fuzzycron-*.whl)
"$python" -m zipfile -l "$wheel" >"$work/wheel.txt"
for f in fuzzycron/__init__.pyi fuzzycron/_croniter.pyi fuzzycron/py.typed fuzzycron/_fuzzycron.cpython; do
  grep -q "$f" "$work/wheel.txt" || { echo "FAIL: the wheel has no $f"; cat "$work/wheel.txt"; exit 1; }
done
"$work/venv/bin/pip" install --no-deps -q "$wheel"
cd "$work"
"$work/venv/bin/python" - <<'PY'
import os, fuzzycron
where = os.path.dirname(fuzzycron.__file__)
assert "site-packages" in where, where
assert fuzzycron.resolve("H/15 H(9-17) * * *", seed=["web-07", "backup-db"]) == "12-59/15 14 * * *"
try:
    fuzzycron.parse("H * * * *", seed=[""])
except fuzzycron.ParseError as e:
    assert "seed part 1 is empty" in str(e) and "ParseOptions" not in str(e), str(e)
else:
    raise AssertionError("an empty seed part was accepted")
print("pip install: fuzzycron", fuzzycron.__version__, "from", where)
PY
"$work/venv/bin/python" -m pytest -p no:cacheprovider -q "$src/tests/python" -k "not same_answers_as_debian"
status=0
# the croniter distribution into the same virtualenv, then croniter's suite through it
VENV="$work/venv" bash "$src/tests/pip/croniter_suite.sh" "" || status=$?
[ "$status" -eq 77 ] && status=0
exit "$status"
