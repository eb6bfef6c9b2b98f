#!/usr/bin/env bash
# Live differential check: robfig/cron v3.0.1 itself against `fuzzycron batch
# -d kubernetes` on generated expressions other than the committed vectors' (seed 1,
# or FUZZYCRON_ORACLE_SEED for others), in zones where robfig's walk has no known DST bug.
# Usage: check.sh FUZZYCRON_BINARY WORK_DIR [COUNT]
set -euo pipefail
fuzzycron=$1 work=$2 count=${3:-2000}
here=$(cd "$(dirname "$0")" && pwd)
seed=${FUZZYCRON_ORACLE_SEED:-1}
mkdir -p "$work"
(cd "$here" && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$work/gocache" go build -o "$work/robfig-oracle" .)
python3 "$here/cases.py" --live "$seed" "$count" > "$work/cases.jsonl"
"$work/robfig-oracle" < "$work/cases.jsonl" > "$work/robfig.jsonl"
python3 - "$work/robfig.jsonl" "$fuzzycron" "$seed" <<'PY'
import json, subprocess, sys
vectors = [json.loads(l) for l in open(sys.argv[1])]
requests = "".join(json.dumps({"id": v["id"], "expr": v["expr"], "dialect": "kubernetes", "tz": v["tz"],
                               "from": v["from"], "next": len(v.get("next") or []) or 5,
                               "options": {"dst": "skip-both"}}) + "\n" for v in vectors)
out = subprocess.run([sys.argv[2], "batch"], input=requests, capture_output=True, text=True, check=True).stdout
answers = {a["id"]: a for a in map(json.loads, out.splitlines())}
bad = 0
for v in vectors:
    a = answers[v["id"]]
    if v.get("error"):
        ok = "error" in a
    else:
        ok = "error" not in a and a["next"][:len(v["next"])] == v["next"]
    if not ok:
        bad += 1
        if bad <= 20:
            print("DIFFER", v["id"], repr(v["expr"]), v["tz"], v["from"], "robfig:", v.get("next", v.get("note")),
                  "fuzzycron:", a.get("next", a.get("error")))
print(f"robfig live check (seed {sys.argv[3]}): {len(vectors)} cases, {len(vectors) - bad} agree, {bad} differ")
sys.exit(1 if bad else 0)
PY
