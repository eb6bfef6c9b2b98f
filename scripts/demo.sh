#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job on the embedded examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target fuzzycron-cli >/dev/null
bin=build/release/fuzzycron
from=2026-03-07T12:00:00Z
run() {
  local shown="" a
  for a in "$@"; do
    if [[ $a =~ [[:space:]*?#\'] ]]; then shown+=" '${a//$'\n'/\\n}'"; else shown+=" $a"; fi
  done
  echo "\$ fuzzycron${shown}"
  "$bin" "$@"
  echo
}
# Business hours in New York across the spring-forward weekend.
run next '*/30 9-17 * * mon-fri' -z America/New_York --from "$from" -n 4
# A fixed 02:30 job on the night 02:00-03:00 does not exist: cron runs it once at 03:00.
run next '30 2 * * *' -z America/New_York --from "$from" -n 3
# The same job with pure wall-clock matching skips that night.
run next '30 2 * * *' -z America/New_York --dst wall --from "$from" -n 3
# Quartz: the third Friday at noon, and the last day of every month.
run next -d quartz '0 0 12 ? * 6#3' --from "$from" -n 3
run next -d quartz '0 0 0 L * ?' --from "$from" -n 3
# A leap-day job: next fire times four years apart; February 30th never fires.
run next '0 0 29 2 *' --from "$from" -n 3
run next '0 0 30 2 *' --from "$from" -n 1 || true
# Jenkins multi-line spec with its own zone.
run prev -d jenkins $'TZ=Europe/Berlin\n# weekdays at nine\n0 9 * * 1-5' --from "$from" -n 2
# Hash forms: one line on many servers, each server its own stable second.
for host in web-01 web-02 web-03; do run resolve -d quartz 'H * * * * ?' --host "$host" --seed db-sync; done
run next -d jenkins 'H H(0-7) * * *' --seed nightly-build --from "$from" -n 2
run next '0 * * * *' --seed report --spread 15m --from "$from" -n 2
# A mistake, and how fuzzycron reports it (exit status 2).
run next '0 0 * * 8' || true
