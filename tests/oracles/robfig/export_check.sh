#!/usr/bin/env bash
# robfig/cron v3.0.1 — the parser Kubernetes pins — on what
# `fuzzycron export --to kubernetes` writes: each CronJob's spec.schedule in
# its spec.timeZone, the next 60 fire times from 2026-03-01 (DST changes included, in
# zones where robfig has no known DST bug) equal to the exported entry's
# under skip-both, the CronJob controller's behaviour. Then the same for
# `fuzzycron resolve --manifest`: a CronJob stream whose schedules have H in the
# minute (and some in the hour), resolved in place, must fire in robfig as the
# hashed schedule fires in fuzzycron with the seed [namespace, name].
# Usage: export_check.sh FUZZYCRON_BINARY REALWORLD_TSV WORK_DIR
set -euo pipefail
fuzzycron=$1 corpus=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
(cd "$here" && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$work/gocache" go build -o "$work/robfig-oracle" .)
{
  n=0
  for zone in UTC America/New_York Europe/Berlin; do
    echo "CRON_TZ=$zone"
    while IFS=$'\t' read -r system origin expr; do
      case $system in prow|k8s|gha|crontab) ;; *) continue ;; esac
      case $expr in *$'\\n'*|@reboot*) continue ;; esac
      n=$((n + 1)); printf '# name: %s-%d\n%s /bin/true\n' "${zone//\//-}" "$n" "$expr"
    done < "$corpus"
    printf '# name: hashed-%s\nH H * * * /bin/h\n# name: spread-%s\nH/15 H(8-18) * * 1-5 /bin/s\n' "${zone//\//-}" "${zone//\//-}"
  done
} > "$work/k8s.crontab"
"$fuzzycron" export --to kubernetes "$work/k8s.crontab" --host k8s --from 2026-01-01T00:00:00Z --json \
  > "$work/export.json" 2>"$work/export.log" || true
python3 - "$work" "$fuzzycron" <<'PY'
import json, re, subprocess, sys
work, fuzzycron = sys.argv[1], sys.argv[2]
artifacts = json.load(open(f"{work}/export.json"))["artifacts"]
cases = []
for a in artifacts:
    schedule = json.loads(re.search(r"^  schedule: (.*)$", a["text"], re.M).group(1))
    zone = json.loads(re.search(r"^  timeZone: (.*)$", a["text"], re.M).group(1))
    cases.append({"id": a["name"], "expr": schedule, "tz": zone, "from": "2026-03-01T00:00:00Z", "n": 60})
oracle = subprocess.run([f"{work}/robfig-oracle"], input="".join(json.dumps(c) + "\n" for c in cases),
                        capture_output=True, text=True, check=True).stdout.splitlines()
requests = [{"id": c["id"], "expr": c["expr"], "dialect": "kubernetes", "tz": c["tz"], "from": c["from"], "next": 60,
             "options": {"dst": "skip-both"}} for c in cases]
ours = subprocess.run([fuzzycron, "batch"], input="".join(json.dumps(r) + "\n" for r in requests),
                      capture_output=True, text=True, check=True).stdout.splitlines()
bad = 0
for v, f in zip(map(json.loads, oracle), map(json.loads, ours)):
    if v.get("error") or v.get("next") != f.get("next"):
        bad += 1
        print("DIFFER", v["id"], v["expr"], v["tz"], v.get("note", v.get("next", [])[:2]), f.get("next", f.get("error"))[:2])
print(f"robfig: {len(cases)} exported CronJobs, {len(cases) - bad} agree over 60 fire times from 2026-03-01 (DST changes of March included)")

# resolve --manifest: hash the minute of each exported schedule (and the hour where it is a number).
docs, hashed = [], []
for i, c in enumerate(cases):
    f = c["expr"].split()
    if len(f) != 5 or not f[0].isdigit():
        continue
    f[0] = "H"
    if f[1].isdigit() and i % 2:
        f[1] = "H(0-11)" if int(f[1]) < 12 else "H(12-23)"
    expr, name, ns = " ".join(f), f"job-{i}", ["default", "ops", "batch-jobs"][i % 3]
    hashed.append({"name": name, "ns": ns, "expr": expr, "tz": c["tz"]})
    meta = f"  name: {name}\n" + (f"  namespace: {ns}\n" if ns != "default" else "")
    docs.append(f"apiVersion: batch/v1\nkind: CronJob\nmetadata:\n{meta}spec:\n  schedule: \"{expr}\"\n"
                f"  timeZone: {c['tz']}\n")
stream = "---\n".join(docs)
out = subprocess.run([fuzzycron, "resolve", "--manifest", "-"], input=stream, capture_output=True, text=True)
if out.returncode != 0:
    print(out.stderr); sys.exit(1)
resolved = [json.loads(m) for m in re.findall(r"^  schedule: (.*)$", out.stdout, re.M)]
assert len(resolved) == len(hashed), (len(resolved), len(hashed))
oracle = subprocess.run([f"{work}/robfig-oracle"], capture_output=True, text=True, check=True,
                        input="".join(json.dumps({"id": h["name"], "expr": r, "tz": h["tz"], "from": "2026-03-01T00:00:00Z",
                                                  "n": 60}) + "\n" for h, r in zip(hashed, resolved))).stdout.splitlines()
ours = subprocess.run([fuzzycron, "batch"], capture_output=True, text=True, check=True,
                      input="".join(json.dumps({"id": h["name"], "expr": h["expr"], "dialect": "kubernetes", "tz": h["tz"],
                                                "seed": [h["ns"], h["name"]], "from": "2026-03-01T00:00:00Z", "next": 60,
                                                "options": {"dst": "skip-both"}}) + "\n" for h in hashed)).stdout.splitlines()
bad_manifest = 0
for h, r, v, f in zip(hashed, resolved, map(json.loads, oracle), map(json.loads, ours)):
    if v.get("error") or v.get("next") != f.get("next") or "H" in r:
        bad_manifest += 1
        print("DIFFER manifest", h["ns"], h["name"], h["expr"], "->", r, v.get("error", ""), f.get("error", ""))
print(f"robfig: {len(hashed)} CronJobs resolved in place by resolve --manifest, {len(hashed) - bad_manifest} fire as hashed")
sys.exit(1 if bad or bad_manifest or len(cases) < 100 or len(hashed) < 100 else 0)
PY
