#!/usr/bin/env bash
# gorhill/cronexpr (Debian golang-github-gorhill-cronexpr-dev, the base of the
# hashicorp/cronexpr that Nomad's periodic blocks use) on what
# `fuzzycron export --to nomad` writes: every cron of every exported job
# parsed by cronexpr, and its next fire times in UTC (cronexpr's own DST
# handling differs from Nomad's fork, so UTC only) equal to ours.
# Usage: check.sh FUZZYCRON_BINARY WORK_DIR
set -euo pipefail
fuzzycron=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$work/gocache" go build -o "$work/nomad-oracle" "$here/main.go"
cat > "$work/nomad.crontab" <<'TAB'
# name: seconds
30 15 H * * ? /bin/a
# name: last weekday
0 0 12 LW * ? /bin/b
# name: nearest weekday
0 0 12 15W * ? /bin/c
# name: third friday
0 0 12 ? * 6#3 /bin/d
# name: last friday
0 30 23 ? * 6L /bin/e
# name: last day
0 0 0 L * ? /bin/f
# name: years
0 0 0 1 1 ? 2030-2040/5 /bin/g
# name: weekdays
0 */15 9-17 ? * MON-FRI /bin/h
# name: hashed
H H H * * ? /bin/i
# name: odd days
0 0 4 1/2 * ? /bin/j
TAB
"$fuzzycron" export --to nomad -d quartz "$work/nomad.crontab" --host n1 --from 2026-01-01T00:00:00Z --json \
  > "$work/export.json" || true
python3 - "$work" "$fuzzycron" <<'PY'
import json, re, subprocess, sys
work, fuzzycron = sys.argv[1], sys.argv[2]
artifacts = json.load(open(f"{work}/export.json"))["artifacts"]
cases, requests = [], []
for a in artifacts:
    crons = json.loads("[" + re.search(r"crons\s*=\s*\[(.*)\]", a["text"]).group(1) + "]")
    for i, c in enumerate(crons):
        cases.append({"id": f'{a["name"]}-{i}', "cron": c, "from": "2026-01-01T00:00:00Z", "n": 30})
        requests.append({"id": f'{a["name"]}-{i}', "expr": c, "dialect": "furiko", "tz": "UTC",
                         "from": "2026-01-01T00:00:00Z", "next": 30, "options": {"dst": "skip-both"}})
oracle = subprocess.run([f"{work}/nomad-oracle"], input="".join(json.dumps(c) + "\n" for c in cases),
                        capture_output=True, text=True, check=True).stdout.splitlines()
ours = subprocess.run([fuzzycron, "batch"], input="".join(json.dumps(r) + "\n" for r in requests),
                      capture_output=True, text=True, check=True).stdout.splitlines()
bad = 0
for o, f in zip(map(json.loads, oracle), map(json.loads, ours)):
    if "error" in o or o["next"] != f.get("next"):
        bad += 1
        print("DIFFER", o["id"], o.get("error", o.get("next")[:3]), f.get("next", f.get("error"))[:3])
print(f"cronexpr: {len(cases)} exported Nomad crons from {len(artifacts)} jobs, {len(cases) - bad} agree over 30 fire times")
sys.exit(1 if bad or len(artifacts) < 10 else 0)
PY
