#!/usr/bin/env bash
# python-crontab's own croniter tests (tests/pip/python-crontab/test_croniter.py, see
# ORIGIN there) against Debian's python3-crontab, with `croniter` provided the user's
# way: the optional croniter distribution pip-installed into a virtualenv
# (croniter_venv.sh). Checks first that python-crontab's croniter is fuzzycron's.
# Usage: python_crontab.sh PYTHONPATH_OF_FUZZYCRON. Exit 77 (skipped) without python3-crontab.
set -euo pipefail
python_path=""; [ -n "$1" ] && python_path=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
"${PYTHON:-/usr/bin/python3}" -c "import crontab" 2>/dev/null || { echo "no python3-crontab: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
venv=$(bash "$here/croniter_venv.sh" "$work")
export PYTHONPATH=$python_path
cp "$here/python-crontab/test_croniter.py" "$work/"
cd "$work"
"$venv/bin/python" - <<'PY'
import sys
from datetime import datetime
import crontab, fuzzycron._croniter
job = next(crontab.CronTab(tab="20 * * * * execute").find_command("execute"))
schedule = job.schedule(datetime(2000, 10, 11, 5, 12, 10))
assert type(schedule).__module__ == "fuzzycron._croniter", type(schedule)
assert sys.modules["croniter.croniter"] is fuzzycron._croniter
print("python-crontab", crontab.__file__, "schedules with", type(schedule))
PY
"$venv/bin/python" -m pytest -p no:cacheprovider -q test_croniter.py
