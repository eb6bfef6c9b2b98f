#!/usr/bin/env bash
# Copies the peer-generated conformance vectors from the team's shared folder
# (../shared/vectors, beside the project) into tests/vectors, so that a clone of
# the project alone runs them. Only dialects the project has are copied: the
# files under pending/ come in with the issue that adds their dialect (list them
# in DIALECTS below). Run it when the shared vectors change, then commit.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-../shared/vectors}
[ -d "$src" ] || { echo "refresh-vectors: no $src" >&2; exit 2; }
DIALECTS=(standard quartz jenkins furiko croniter cron-parser)
# kubernetes.jsonl is generated here (scripts/gen-robfig-vectors.sh), not copied.
for d in "${DIALECTS[@]}"; do
  rm -f "tests/vectors/$d.jsonl" "tests/vectors/$d-hash.jsonl"
  for f in "$src/$d.jsonl" "$src/$d-hash.jsonl" "$src/pending/$d.jsonl" "$src/pending/$d-hash.jsonl"; do
    [ -f "$f" ] && cp "$f" tests/vectors/
  done
done
cp "$src/SCHEMA.md" tests/vectors/SCHEMA.md
[ -f "$src/../realworld/mirrors.tsv" ] && cp "$src/../realworld/mirrors.tsv" tests/realworld/mirrors.tsv
( cd tests/vectors && sha256sum -- *.jsonl ) > tests/vectors/SHA256SUMS
echo "refresh-vectors: $(cat tests/vectors/*.jsonl | wc -l) vectors in $(ls tests/vectors/*.jsonl | wc -l) files"
