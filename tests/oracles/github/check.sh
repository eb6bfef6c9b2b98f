#!/usr/bin/env bash
# GitHub's workflow parser on what `fuzzycron export --to github-actions`
# writes: every GitHub Actions schedule of the real-world corpus and a set of
# hashed, zoned and ORed entries, exported and parsed back. Needs the parser
# installed by `scripts/setup.sh test` (npm, into this folder); skips (77)
# without it. Usage: check.sh FUZZYCRON_BINARY REALWORLD_TSV WORK_DIR
set -euo pipefail
fuzzycron=$1 corpus=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null || [ ! -d "$here/node_modules/@actions/workflow-parser" ]; then
  echo "skipped: run scripts/setup.sh test to install GitHub's workflow parser"; exit 77
fi
rm -rf "$work" && mkdir -p "$work/out"
{
  n=0
  while IFS=$'\t' read -r system origin expr; do
    [ "$system" = gha ] || continue
    n=$((n + 1)); printf '# name: corpus-%d\n%s /bin/true\n' "$n" "$expr"
  done < "$corpus"
  printf 'CRON_TZ=Europe/Berlin\n# name: hashed daily\nH H * * * /bin/backup\n# name: weekdays\nH/15 9-17 * * 1-5 /bin/poll\n'
  printf '# name: first or monday\nH 3 1 * 1 /bin/report\n# name: odd days\nH 4 1-31/2 * * /bin/odd\n'
  printf 'CRON_TZ=UTC\n# name: every five\n*/5 * * * * /bin/five\n'
} > "$work/gha.crontab"
"$fuzzycron" export --to github-actions "$work/gha.crontab" --host ci --from 2026-01-01T00:00:00Z -o "$work/out" \
  2>"$work/export.log" || true
count=$(ls "$work/out" | wc -l)
[ "$count" -gt 20 ] || { cat "$work/export.log"; echo "only $count workflows written"; exit 1; }
(cd "$here" && node --import ./register.mjs validate.mjs "$work"/out/*.yml) > "$work/parsed.log" || {
  grep -v ': \[' "$work/parsed.log"; exit 1; }
echo "GitHub's workflow parser accepts all $count exported workflows"
