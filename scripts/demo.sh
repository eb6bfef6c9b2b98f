#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: the story of twenty
# servers that all hit the database at second zero, and how H spreads them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
cmake --preset demo >/dev/null
cmake --build --preset demo --target fuzzycron-cli >/dev/null
bin=build/demo/fuzzycron
from=2026-03-07T12:00:00Z
bold="" plain=""
if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; fi
say() {  # one comment paragraph, a line per argument
  local line
  echo
  for line in "$@"; do echo "${bold}# ${line}${plain}"; done
}
run() {
  local shown="" a
  for a in "$@"; do
    if [[ $a =~ [[:space:]*?#\'] ]]; then shown+=" '${a//$'\n'/\\n}'"; else shown+=" $a"; fi
  done
  echo "\$ fuzzycron${shown}"
  "$bin" "$@"
}
say "Twenty application servers run the same Quartz jobs every minute. Written '0 * * * * ?', all" \
    "twenty start every job at second 0 and hit the database together. With 'H' each job on each" \
    "server gets its own stable second, derived from a hash of [host, job name]:"
grep -v '^#' examples/fleet.crontab | grep .
say "Hashing spreads the jobs at random: some seconds still get 5 of the 80 fires where 2 would do." \
    "Balancing looks at the whole fleet and gives each job a slot so that no second carries more than" \
    "ceil(1.25 x 80 / 60) = 2; almost every job keeps its hashed second. The slots are a lock file to" \
    "commit beside the crontab (examples/fleet.lock), made by:"
run balance -d quartz examples/fleet.crontab --hosts 20 --lock examples/fleet.lock -o build/fleet.lock
say "The load on the database over three minutes, fires per second, before hashing, after hashing" \
    "and after balancing:"
run spread -d quartz examples/fleet.crontab --hosts 20 --window 3m --resolution 1s --from "$from" --width 100 \
  --balance examples/fleet.lock --svg build/fleet-load.svg
say "One configuration, a different stable second on each server (nothing to coordinate):"
for host in host-1 host-2 host-3; do
  printf '%s: ' "$host"; "$bin" resolve -d quartz 'H * * * * ?' --host "$host" --seed sync-orders
done
say "What one job means, in words, on one server (and where the lock put it):"
run explain -d quartz 'H * * * * ?' --host host-7 --seed sync-orders --balance examples/fleet.lock --from "$from" -n 3
say "And lint finds the habit that caused the spike in the first place:"
run lint -d quartz '0 * * * * ?' --runs-on fuzzycron --from "$from" || true
