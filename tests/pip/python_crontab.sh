#!/usr/bin/env bash
# python-crontab, a real dependent of croniter (Debian's python3-crontab), with
# `croniter` provided the user's way: the optional croniter distribution
# pip-installed into a virtualenv (croniter_venv.sh). python_crontab_check.py
# runs twice, with Debian's croniter (the reference) and in the virtualenv, and
# the runs it prints must be equal; it also checks that the second run's
# schedules are fuzzycron's. Usage: python_crontab.sh PYTHONPATH_OF_FUZZYCRON.
# Exit 77 (skipped) without python3-crontab or Debian's croniter.
set -euo pipefail
python_path=""; [ -n "$1" ] && python_path=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-/usr/bin/python3}
"$python" -c "import crontab, croniter" 2>/dev/null || { echo "no python3-crontab or python3-croniter: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && "$python" "$here/python_crontab_check.py" >"$work/reference.json")
venv=$(bash "$here/croniter_venv.sh" "$work")
(cd "$work" && PYTHONPATH=$python_path "$venv/bin/python" "$here/python_crontab_check.py" >"$work/fuzzycron.json")
"$python" - "$work/reference.json" "$work/fuzzycron.json" <<'PY'
import json, sys
ref, ours = (json.load(open(p)) for p in sys.argv[1:])
assert ours["schedule_class"] == "fuzzycron._croniter", ours["schedule_class"]
assert ref["schedule_class"] != "fuzzycron._croniter", ref["schedule_class"]
lines = ref["runs"]
# Debian's croniter (1.3.5) fails where croniter 6 does not (e.g. a February 29th searched
# backwards): such a sequence says nothing, and is left out and counted.
broken = sum(isinstance(r, str) for v in lines.values() for r in v)
differ = [line for line in lines
          if any(a != b for a, b in zip(ref["runs"][line], ours["runs"][line]) if not isinstance(a, str))]
print(f"left out: {broken} sequences where Debian's croniter raised")
runs = sum(len(r) for v in lines.values() for r in v if not isinstance(r, str))
for line in differ:
    print("differs:", line, ref["runs"][line][:1], ours["runs"][line][:1])
print(f"python-crontab: {len(lines) - len(differ)} passed, {len(differ)} failed "
      f"({len(lines)} crontab lines, {runs} runs each way)")
sys.exit(1 if differ else 0)
PY
