#!/usr/bin/env bash
# Installs the optional `croniter` distribution (bindings/python/croniter-dist) into
# a virtualenv the way a user does (pip, offline), so that `import croniter` there is
# fuzzycron's: a fresh virtualenv at WORK/venv seeing the system's site-packages
# (Debian's croniter 1.3.5 is there, shadowed), or the existing one in $VENV.
# Prints the virtualenv's path. Usage: croniter_venv.sh WORK
set -euo pipefail
work=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${VENV:-}
if [ -z "$venv" ]; then
  venv=$work/venv
  "${PYTHON:-/usr/bin/python3}" -m venv --system-site-packages "$venv" >&2
fi
# Built from a copy: pip builds in place and would leave build/ in the checkout.
rm -rf "$work/src" && mkdir -p "$work/src/bindings/python"
cp "$root/CMakeLists.txt" "$work/src/"
cp -r "$root/bindings/python/croniter-dist" "$work/src/bindings/python/"
"$venv/bin/pip" install --no-build-isolation --no-deps --no-index -q "$work/src/bindings/python/croniter-dist" >&2
echo "$venv"
