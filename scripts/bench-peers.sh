#!/usr/bin/env bash
# The same-run peer table: fuzzycron's `next` (fuzzycron_bench, release build)
# and its peers from Debian — robfig/cron v3, gorhill/cronexpr (Go) and croniter
# (Python) — on the benchmark set of ../shared/bench/SPEC.md (standard
# expressions, UTC), run alternately (fuzzycron, peers, fuzzycron): ns per call
# and each peer's ratio to fuzzycron. Needs the release build and
# `scripts/setup.sh test` (golang-go, the Go packages, python3-croniter).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=build/release/bench/fuzzycron_bench
[ -x "$bench" ] || { echo "build the release preset first (cmake --build --preset release)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/peers" "$work/cronexpr"
cp bench/peers/go.mod bench/peers/main.go "$work/peers/"
cp /usr/share/gocode/src/github.com/gorhill/cronexpr/*.go "$work/cronexpr/"
rm -f "$work"/cronexpr/*_test.go
printf 'module github.com/gorhill/cronexpr\n\ngo 1.19\n' >"$work/cronexpr/go.mod"
(cd "$work/peers" && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$work/gocache" go build -o "$work/go-peers" .)
ours() {
  "$bench" --benchmark_filter='BM_Next/utc/' --benchmark_min_time=0.3 --benchmark_format=csv 2>/dev/null |
    awk -F, '/BM_Next\/utc\// { split($1, a, "/"); gsub(/"/, "", a[3]); print "fuzzycron\t" a[3] "\t" $3 }'
}
{ ours; "$work/go-peers"; /usr/bin/python3 bench/peers/croniter_peer.py; ours; } > "$work/all.tsv"
python3 - "$work/all.tsv" <<'PY'
import statistics, sys
from collections import defaultdict
rows = defaultdict(list)
for line in open(sys.argv[1]):
    peer, i, ns = line.rstrip("\n").split("\t")
    if ns != "-":
        rows[(peer, int(i))].append(float(ns))
exprs = ["* * * * *", "*/5 * * * *", "0 0 * * *", "30 2 * * 0", "0 9-17 * * 1-5", "15,45 */2 1-10 * *",
         "0 0 1,15 * *", "0 0 29 2 *", "0 0 31 * *", None, None, "0 0 30 2 *"]
print("| # | expression | fuzzycron ns | robfig ns (×) | cronexpr ns (×) | croniter ns (×) |")
print("|---|---|---:|---:|---:|---:|")
for i, e in enumerate(exprs):
    if e is None:
        continue
    ours = statistics.median(rows[("fuzzycron", i)]) if rows[("fuzzycron", i)] else None
    cells = []
    for peer in ("robfig", "cronexpr", "croniter"):
        v = rows.get((peer, i))
        if not v or not ours:
            cells.append("–")
        else:
            cells.append(f"{v[0]:.0f} ({v[0] / ours:.0f}×)")
    print(f"| {i + 1} | `{e}` | {ours:.1f} | " + " | ".join(cells) + " |")
PY
