#!/usr/bin/env bash
# Regenerates tests/vectors/kubernetes.jsonl by running robfig/cron v3.0.1
# (Debian's golang-github-robfig-cron-dev, built offline with golang-go) over
# the cases of tests/oracles/robfig/cases.py. The vectors are committed; CI
# runs them in the conformance test, and tests/oracles/robfig/check.sh
# compares the live oracle with fuzzycron on fresh cases.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
for p in golang-go golang-github-robfig-cron-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || apt-get install -y -qq --no-install-recommends "$p" >/dev/null
done
mirrors=../shared/realworld/mirrors.tsv
[ -f "$mirrors" ] || mirrors=""
out=$(mktemp -d)
(cd tests/oracles/robfig && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$out/gocache" go build -o "$out/robfig-oracle" .)
python3 tests/oracles/robfig/cases.py $mirrors | "$out/robfig-oracle" > tests/vectors/kubernetes.jsonl
echo "gen-robfig-vectors: $(wc -l < tests/vectors/kubernetes.jsonl) vectors in tests/vectors/kubernetes.jsonl"
rm -rf "$out"
