#!/usr/bin/env bash
# Command-line behaviour: output, exit statuses, error carets, help, batch protocol.
set -u
bin=${FUZZYCRON:?set FUZZYCRON to the fuzzycron binary}
pass=0 fail=0
check() {  # check NAME EXPECTED_STATUS EXPECTED_SUBSTRING -- ARGS...; stdin from $input
  local name=$1 want_status=$2 want=$3; shift 4
  local out status
  out=$("$bin" "$@" <<<"${input:-}" 2>&1); status=$?
  if [ "$status" -eq "$want_status" ] && [[ "$out" == *"$want"* ]]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $name: status $status (want $want_status), output:"; echo "$out" | head -20
  fi
}
input=""
# CLI_TEST_PART=1 or 2 runs one half (ctest runs the halves side by side:
# hundreds of processes, minutes under ASan); unset, the whole.
part=${CLI_TEST_PART:-all}
tab=$(mktemp)
trap 'rm -f "$tab"' EXIT
if [ "$part" != 2 ]; then
check next-utc 0 $'2026-03-08T02:00:00Z\n2026-03-08T03:00:00Z' -- next '0 * * * *' --from 2026-03-08T01:59:30Z -n 2
check next-zone-offset 0 '2026-03-08T03:00:00-04:00' -- next '30 2 * * *' -z America/New_York --from 2026-03-08T00:00:00-05:00 -n 1
check prev 0 '2026-03-07T00:00:00Z' -- prev '0 0 * * *' --from 2026-03-08T00:00:00Z -n 1
check json 0 '"next":["2026-01-01T00:05:00Z"]' -- next '*/5 * * * *' --from 2026-01-01T00:00:00Z -n 1 --json
check json-zone 0 '"zone":"Europe/Berlin"' -- next '*/5 * * * *' -z Europe/Berlin --from 2026-01-01T00:00:00Z -n 1 --json
check json-tz-kept 0 '"tz":"Europe/Berlin"' -- prev '*/5 * * * *' -z Europe/Berlin --from 2026-01-01T00:00:00Z -n 1 --json
check quartz 0 '2026-03-20T12:00:00Z' -- next -d quartz '0 0 12 ? * 6#3' --from 2026-03-01T00:00:00Z -n 1
check never 0 'no further fire time' -- next '0 0 30 2 *' --from 2026-01-01T00:00:00Z
check bad-expr 2 $'  0 0 * * 8\n          ^' -- next '0 0 * * 8'
check bad-zone 2 'unknown time zone' -- next '0 0 * * *' -z Mars/Base
check bad-from 2 'RFC 3339' -- next '0 0 * * *' --from yesterday
check bad-dialect 2 'dialect: unknown value' -- next '0 0 * * *' -d cronish
check bad-dst 2 'dst: unknown value' -- next '0 0 * * *' --dst sometimes
check bad-count 2 'count' -- next '0 0 * * *' -n 0
check hash-needs-seed 2 '--seed' -- next 'H * * * *'
check big-number 2 'too large' -- next '*/99999999999999999999999 * * * *'
check seed-jenkins 0 '2026-03-08T03:18:00Z' -- next 'H H(0-7) * * *' -d jenkins --seed my-job --from 2026-03-08T01:59:30Z -n 1
check spread 0 '2026-01-01T00:08:42.707Z' -- next '0 * * * *' --seed nightly --spread 15m --from 2026-01-01T00:00:00Z -n 1
check spread-zero 2 'longer than zero' -- next '0 * * * *' --seed nightly --spread 0s
check resolve 0 '12-59/15 14 * * *' -- resolve 'H/15 H(9-17) * * *' --host web-07 --seed backup-db
check resolve-no-seed 2 '--seed' -- resolve 'H * * * *'
check resolve-empty-seed 2 'empty' -- resolve 'H * * * *' --seed ''
check offset 0 '522707 ms' -- offset --seed nightly --window 15m
check offset-json 0 '"offset_ms":522707' -- offset --seed nightly --window 15m --json
check offset-bad-window 2 'duration' -- offset --seed nightly --window 15minutes
# Each command takes only the flags it reads: the rest are usage errors, not ignored.
check offset-no-count 2 'count' -- offset --seed nightly --count 3
check resolve-no-tz 2 'tz' -- resolve 'H * * * *' --seed x --tz Europe/Berlin
check spread-no-seed 2 'seed' -- spread examples/fleet.crontab --seed x
check batch-no-flags 2 'quartz' -- batch -d quartz
# The old names of renamed flags still work.
check next-spread-alias 0 '2026-03-01T00:08:42.707Z' -- next '0 * * * *' --seed nightly --spread 15m --from 2026-02-28T23:30:00Z -n 1
check next-offset-window 0 '2026-03-01T00:08:42.707Z' -- next '0 * * * *' --seed nightly --offset-window 15m --from 2026-02-28T23:30:00Z -n 1
# A missing seed: the library's message, then the command line's way to give one.
check missing-seed-hint 2 'none was given; without hashing write a fixed value; pass --seed JOB' -- next 'H * * * *'
check duration-column 2 'column 3' -- next '0 * * * *' --seed x --offset-window 15x
printf '# name: db-sync\nH/5 * * * * /usr/bin/db-sync\n0 0 * * 8 /bin/broken\n@reboot /bin/agent\n' > "$tab"
check crontab-good-lines 2 '3-59/5 * * * * /usr/bin/db-sync' -- resolve --crontab "$tab" --host web-07
check crontab-bad-line 2 ':3:9: error: day-of-week: 8 is out of range' -- resolve --crontab "$tab" --host web-07
check crontab-missing 2 'cannot read' -- resolve --crontab /nonexistent/tab
check resolve-to 0 '0 */15 9-17 ? * 2-6' -- resolve '*/15 9-17 * * mon-fri' --to quartz
check resolve-to-cannot 2 'cannot express L, W or #' -- resolve -d quartz '0 0 12 ? * 6#3' --to standard
check help 0 'Examples:' -- --help
check next-help 0 'Example:' -- next --help
check no-command 2 'subcommand' --
input=$'{"id":"a","expr":"0 0 * * *","tz":"UTC","from":"2026-03-08T01:59:30Z","next":2,"prev":1}\nnot json\n\n{"id":"b","expr":"0 0 * * 8"}\n{"id":"c","expr":"0 0 0 L * ?","dialect":"quartz","from":"2026-02-01T00:00:00Z","next":1}\n{"id":"d","expr":"0 0 * * *","tz":"Nope/Zone","next":1}\n{"id":"e","expr":"0 0 * * *","from":"noon","next":1}\n{"id":"f","expr":"H H * * *","seed":["h","j"],"next":1}'
check batch-ok 0 '{"id":"a","next":["2026-03-09T00:00:00Z","2026-03-10T00:00:00Z"],"prev":["2026-03-08T00:00:00Z"]}' -- batch
check batch-garbage-line 0 '{"error":{"column":' -- batch
check batch-bad-expr 0 '{"error":{"column":9,"message":"day-of-week: 8 is out of range' -- batch
check batch-continues 0 '{"id":"c","next":["2026-02-28T00:00:00Z"]}' -- batch
check batch-bad-zone 0 '"id":"d"' -- batch
check batch-bad-from 0 '"id":"e"' -- batch
lines=$("$bin" batch <<<"$input" | wc -l)
if [ "$lines" -eq 7 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL batch-one-answer-per-line: $lines lines"; fi
# explain
input=""
check explain-hash 0 "Once an hour, at a stable minute between :00 and :29 chosen from the job's name" -- explain 'H(0-29) * * * *' --seed db-sync --from 2026-03-08T00:00:00Z
check explain-resolved 0 'Resolved for seed [db-sync]: ' -- explain 'H(0-29) * * * *' --seed db-sync
check explain-next 0 $'Next 2 fire times after 2026-03-08T00:00:00Z:\n  2026-03-08T00:30:00Z  in 30m\n  2026-03-08T01:00:00Z  in 1h' -- explain '*/30 * * * *' --from 2026-03-08T00:00:00Z -n 2
check explain-no-seed 0 'Give a seed' -- explain 'H * * * *'
check explain-json 0 '"description":["Once a day, at 02:30, in America/New_York."]' -- explain '30 2 * * *' -z America/New_York --json
check explain-json-next 0 '"next":[{"in_ms":1800000,"time":"2026-03-08T00:30:00Z"}]' -- explain '30 * * * *' --from 2026-03-08T00:00:00Z -n 1 --json
check explain-bad 2 'out of range' -- explain '0 0 * * 8'
# lint: expressions
check lint-h 0 $'column 1: warning FC101' -- lint '*/15 * * * *'
check lint-suggest 0 'suggestion: H/15 * * * *' -- lint '*/15 * * * *' --target fuzzycron
check lint-suggest-cron 0 "cron does not read H; \`fuzzycron resolve 'H/15 * * * *' --seed JOB\`" -- lint '*/15 * * * *'
check lint-suggest-value 0 "suggestion: $("$bin" resolve 'H/15 * * * *' --seed backup)" -- lint '*/15 * * * *' --seed backup --target kubernetes
check lint-bad-target 2 'unknown --runs-on' -- lint '*/15 * * * *' --target crontab
check lint-runs-on 0 'github-actions' -- lint '0 * * * *' --runs-on github-actions
check lint-gha-top 0 'warning FC102' -- lint '0 3 * * *' --target github-actions
check lint-fail-on 1 'FC101' -- lint '*/15 * * * *' --fail-on warning
check lint-fail-on-info 1 'FC102' -- lint '0 2 * * *' --fail-on info
check lint-never 1 'FC401' -- lint '0 0 30 2 *'
check lint-never-ok 0 'FC401' -- lint '0 0 30 2 *' --fail-on never
check lint-bad 2 'FC001' -- lint '0 0 * * 8'
check lint-bad-fail-on 2 'fail-on' -- lint '0 * * * *' --fail-on sometimes
check lint-json 0 '"code":"FC301","column":5,"line":0,"message":' -- lint '0 0 1 * 1' --json
check lint-clean 0 '0 findings' -- lint 'H H * * *' -d jenkins --seed nightly
# lint and spread on crontab files
printf '# name: sync\n0 * * * * /bin/sync\n0 * * * * /bin/other\r\n*/5 * * * *\nCRON_TZ=Mars/Base\n0 1 * * * /bin/m\n' >"$tab"
check lint-file 2 ":2:1: warning FC102" -- lint "$tab"
check lint-file-no-command 2 ":4:12: error FC002: the entry has no command" -- lint "$tab"
check lint-file-zone 2 ":5:9: error FC002: unknown time zone 'Mars/Base'" -- lint "$tab"
check lint-file-zone-entry 2 ":6:1: error FC003" -- lint "$tab"
check lint-file-collision 2 "FC701: 2 entries (lines 2, 3)" -- lint "$tab" --from 2026-03-08T00:00:00Z
# balance (issue 21): the demo fleet, 80 jobs over 60 seconds: 80 -> 5 -> 2 per second
lock=$(mktemp -u /tmp/fuzzycron-lock.XXXXXX)
check balance-write 0 "'H * * * * ?' in UTC: 80 jobs in 60 slots, capacity 2: busiest slot 2 (plain H: 5)" -- balance examples/fleet.crontab -d quartz --hosts 20 -o "$lock"
check balance-spread 0 "  after balancing         2      1.33        1.5        2" -- spread examples/fleet.crontab -d quartz --hosts 20 --window 1h --resolution 1s --from 2026-03-08T00:00:00Z --balance-lock "$lock"
check balance-check 0 "up to date" -- balance examples/fleet.crontab -d quartz --hosts 20 --lock "$lock" --check
check balance-stale 1 "stale" -- balance examples/fleet.crontab -d quartz --hosts 21 --lock "$lock" --check
check balance-placed 0 "placed: host-21/" -- balance examples/fleet.crontab -d quartz --hosts 21 --lock "$lock" -o /dev/null
check balance-dropped 0 "dropped: H * * * * ? @ UTC: host-20/" -- balance examples/fleet.crontab -d quartz --hosts 19 --lock "$lock" -o /dev/null
# -o /dev/null writes to the device: it must not be replaced by a file (it was, once, and broke the machine)
if [ -c /dev/null ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL balance-dev-null: /dev/null is no longer a device"; fi
ln -sf "$lock" "$lock.link"
check balance-symlink 0 "wrote $lock.link" -- balance examples/fleet.crontab -d quartz --hosts 20 -o "$lock.link"
if [ -L "$lock.link" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL balance-symlink-kept: the link was replaced"; fi
rm -f "$lock.link"
check balance-resolve 0 "$(grep -o '"host-3/sync-orders": \[[0-9]*\]' "$lock" | grep -o '[0-9]*\]' | tr -d ']') * * * * ? /opt/app/bin/sync-orders" -- resolve --crontab examples/fleet.crontab -d quartz --host host-3 --balance-lock "$lock"
check balance-missing 0 "job 'host-99/sync-orders' is not in the balance lock" -- resolve --crontab examples/fleet.crontab -d quartz --host host-99 --balance-lock "$lock"
check balance-old-flag 0 "'balance' is the old name of 'balance-lock'" -- resolve --crontab examples/fleet.crontab -d quartz --host host-99 --balance "$lock"
check balance-dialect 2 "the balance lock is for the quartz dialect, and the schedules are read as standard" -- resolve 'H * * * *' --seed a --balance-lock "$lock"
printf '{\n  "fuzzycron_balance": 1,\n  "dialect": quartz\n}\n' >"$lock.bad"
check balance-bad-lock 2 "$lock.bad:3: the balance lock is not valid JSON" -- resolve 'H * * * * ?' -d quartz --seed a --balance-lock "$lock.bad"
check balance-committed 0 "examples/fleet.lock: up to date" -- balance examples/fleet.crontab -d quartz --hosts 20 --lock examples/fleet.lock --check
check balance-run 0 "heartbeat (line 13): H * * * * ? -> 4 * * * * ?" -- run examples/fleet.crontab -d quartz --dry-run --host host-7 --balance-lock examples/fleet.lock -n 1 --from 2026-03-08T00:00:00Z
check balance-export 0 "OnCalendar=*-*-* *:*:04 UTC" -- export examples/fleet.crontab -d quartz --host host-7 --balance-lock examples/fleet.lock --to systemd
check balance-explain 0 "plain H would give 3 * * * * ?" -- explain 'H * * * * ?' -d quartz --host host-7 --seed heartbeat --balance-lock examples/fleet.lock -n 0
# Interval phases (issue 32): 40 jobs @every 6h on 10 hosts, one group of 360 phases. From a
# whole 6 hours, a job's next fire is its phase in minutes: the lock's (next, run, explain), and
# for the jobs the lock moved off their seed's phase, not the seed's.
every_tab=$(mktemp) every_lock=$lock.every
for i in 1 2 3 4; do printf '# name: sync-%s\n@every 6h /bin/true\n' "$i"; done >"$every_tab"
check balance-every 0 "'@every 6h' in UTC: 40 jobs in 360 slots, capacity 1" -- balance "$every_tab" --hosts 10 -o "$every_lock"
moved=0
for h in 1 2 3 4 5 6 7 8 9 10; do
  for i in 1 2 3 4; do
    phase=$(grep -o "\"host-$h/sync-$i\": \\[[0-9]*\\]" "$every_lock" | grep -o '[0-9]*\]' | tr -d ']')
    at=$(printf '2026-03-08T%02d:%02d:00Z' $((phase / 60)) $((phase % 60)))
    [ "$phase" -eq 0 ] && at=2026-03-08T06:00:00Z
    seeded=$("$bin" next '@every 6h' --host host-$h --seed sync-$i --from 2026-03-08T00:00:00Z -n 1)
    if [ "$seeded" != "$at" ]; then
      moved=$((moved + 1))
      check "balance-every-next-$h-$i" 0 "$at" -- next '@every 6h' --host host-$h --seed sync-$i --balance-lock "$every_lock" --from 2026-03-08T00:00:00Z -n 1
      check "balance-every-explain-$h-$i" 0 "balanced by the lock: phase [$phase] in '@every 6h'" -- explain '@every 6h' --host host-$h --seed sync-$i --balance-lock "$every_lock" -n 0
      # resolve's `from`: the first fire from 14 hours before the phase's epoch (2000-01-03T00:00Z)
      from=$((phase > 240 ? 360 + phase : 720 + phase))
      check "balance-every-run-$h-$i" 0 "sync-$i (line $((2 * i))): @every 6h -> @every 6h from 2000-01-02T$(printf '%02d:%02d' $((from / 60)) $((from % 60)))"$'\n'"  $at" -- run "$every_tab" --dry-run --host host-$h --balance-lock "$every_lock" -n 1 --from 2026-03-08T00:00:00Z
    fi
  done
done
if [ "$moved" -gt 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL balance-every-moved: the lock moved no job"; fi
check balance-epsilon 2 "epsilon 0 is outside (0, 10]" -- balance examples/fleet.crontab -d quartz --epsilon 0
rm -f "$lock" "$lock.bad" "$lock.every" "$every_tab"
# balance reads Kubernetes manifests and GitHub workflows, seeded as resolve --manifest/--workflow seed them
manifests=$(mktemp -d)
for i in $(seq 1 80); do
  printf -- '---\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: job-%s\n  namespace: ops\nspec:\n  schedule: "H * * * *"\n' "$i"
done >"$manifests/jobs.yaml"
check balance-manifest 0 "'H * * * *' in UTC: 80 jobs in 60 slots, capacity 2: busiest slot 2" -- balance "$manifests/jobs.yaml" -o "$lock"
check balance-manifest-dialect 0 '"dialect": "kubernetes"' -- balance "$manifests/jobs.yaml" -o -
resolved=$("$bin" resolve --manifest "$manifests/jobs.yaml" --balance-lock "$lock" 2>/dev/null | grep -o 'schedule: "[0-9]* ' | sort | uniq -c | sort -rn | head -1 | awk '{print $1}')
if [ "$resolved" = 2 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL balance-manifest-resolve: busiest minute $resolved (want 2)"; fi
check balance-manifest-slot 0 "ops/job-7: 'H * * * *' -> '$(grep -o '"ops/job-7": \[[0-9]*\]' "$lock" | grep -o '[0-9]*\]' | tr -d ']') * * * *'" -- resolve --manifest "$manifests/jobs.yaml" --balance-lock "$lock"
sed 's/job-80$/job-81/' "$manifests/jobs.yaml" >"$manifests/more.yaml"
check balance-manifest-missing 0 "warning: ops/job-81: 'ops/job-81' is not in the balance lock" -- resolve --manifest "$manifests/more.yaml" --balance-lock "$lock"
mkdir -p "$manifests/.github/workflows"
printf 'on:\n  schedule:\n    - cron: "H H * * *"\n    - cron: "H 3 * * 1"\n' >"$manifests/.github/workflows/nightly.yml"
check balance-workflow 0 '"octo%2Fapp/.github%2Fworkflows%2Fnightly.yml/1": [' -- balance "$manifests/.github/workflows/nightly.yml" --repository octo/app -o -
check balance-workflow-repository 2 "needs --repository OWNER/REPO" -- balance "$manifests/.github/workflows/nightly.yml"
check balance-mixed 2 "say the dialect of the one lock with -d" -- balance "$manifests/jobs.yaml" examples/fleet.crontab
printf -- 'apiVersion: batch/v1\nkind: CronJob\nspec:\n  schedule: "H * * * *"\n' >"$manifests/noname.yaml"
check balance-manifest-noname 2 "noname.yaml:4:14: error: default/(no name): the CronJob has no metadata.name" -- balance "$manifests/noname.yaml"
printf 'a: [\n' >"$manifests/bad.yaml"  # not YAML: said at its place, nothing written
check balance-not-yaml 2 "bad.yaml:2:1: error: not valid YAML" -- balance "$manifests/bad.yaml" "$manifests/jobs.yaml"
rm -rf "$manifests" "$lock"
fi
if [ "$part" != 1 ]; then
# a crontab for a cluster (issue 20 item 2): seeded by the job alone, FC007 for a job named after its replica
printf '# name: backup-web1\nH H * * * /bin/backup\n# name: report\nH H * * * /bin/report\n' >"$tab"
check lint-cluster 0 ":2:1: warning FC007: the job's name 'backup-web1' carries the replica's name 'web1'" -- lint "$tab" --cluster --host web1
check lint-cluster-fail 1 "FC007" -- lint "$tab" --cluster --host web1 --fail-on warning
check lint-cluster-other 0 "0 findings" -- lint "$tab" --cluster --host web2 --from 2026-03-08T00:00:00Z
check lint-fleet-alone 2 "--fleet names a cluster's seed: add --cluster" -- lint "$tab" --fleet billing
check lint-cluster-expression 2 "read a crontab file" -- lint '0 * * * *' --cluster
check run-test-cluster 0 "warning FC007" -- run "$tab" --test --cluster host=/nonexistent --host web1
a=$("$bin" run "$tab" --dry-run --cluster host=/nonexistent --host web1 -n 1 --from 2026-03-08T00:00:00Z)
b=$("$bin" run "$tab" --dry-run --cluster host=/nonexistent --host web2 -n 1 --from 2026-03-08T00:00:00Z)
c=$("$bin" run "$tab" --dry-run --host web1 -n 1 --from 2026-03-08T00:00:00Z)
f=$("$bin" run "$tab" --dry-run --cluster host=/nonexistent --fleet billing --host web1 -n 1 --from 2026-03-08T00:00:00Z)
if [[ "$a" != "$b" || "$a" == "$c" || "$a" == "$f" ]]; then
  echo "FAIL cluster-seed: replicas must agree (seed [name] or [fleet, name]), and differ from [host, name]"
  printf '%s\n--\n%s\n--\n%s\n--\n%s\n' "$a" "$b" "$c" "$f"
  fail=$((fail + 1))
else
  pass=$((pass + 1))
fi
printf '# name: a\nH * * * * ? /bin/a\n# name: b\nH * * * * ? /bin/b\n0 * * * * ? /bin/c\n' >"$tab"
check spread-table 0 $'                       peak      mean  peak/mean      p99\n  before hashing         30' -- spread -d quartz "$tab" --hosts 10 --window 2m --resolution 1s --from 2026-03-08T00:00:00Z
check spread-busiest 0 'busiest before: 2026-03-08T00:00:00Z (30), 2026-03-08T00:01:00Z (30)' -- spread -d quartz "$tab" --hosts 10 --window 2m --resolution 1s --from 2026-03-08T00:00:00Z
check spread-histogram 0 'after hashing (each job on each host at its own stable value), fires per second' -- spread -d quartz "$tab" --hosts 10 --window 2m --resolution 1s --from 2026-03-08T00:00:00Z --ascii
check spread-json 0 '"before":{"buckets":[30,0,' -- spread -d quartz "$tab" --hosts 10 --window 2m --resolution 1s --from 2026-03-08T00:00:00Z --json
check spread-no-hosts 0 "3 entries on 1 host = 3 jobs" -- spread -d quartz "$tab" --window 2m --resolution 1s --from 2026-03-08T00:00:00Z
svg=$(mktemp --suffix=.svg)
check spread-svg 0 "plot written to $svg" -- spread -d quartz "$tab" --hosts 3 --window 1h --from 2026-03-08T00:00:00Z --svg "$svg"
if xmllint --noout "$svg" 2>/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL spread-svg-xml"; fi
rm -f "$svg"
check spread-hosts-0 2 '--hosts needs at least 1 host' -- spread "$tab" --hosts 0
check spread-window-0 2 '--window must be longer than zero' -- spread "$tab" --hosts 2 --window 0s
hosts=$(mktemp)
printf 'web-1\nweb-2\n# spare\n\nweb-1\n' >"$hosts"
check spread-dup-hosts 2 ":5: host 'web-1' is listed twice (first on line 1)" -- spread "$tab" --host-list "$hosts"
printf 'web-1\nweb-2\n' >"$hosts"
check spread-host-list 0 '3 entries on 2 hosts = 6 jobs' -- spread -d quartz "$tab" --host-list "$hosts" --window 1m --from 2026-03-08T00:00:00Z
: >"$hosts"
check spread-empty-host-list 2 'names no hosts' -- spread "$tab" --host-list "$hosts"
rm -f "$hosts"
: >"$tab"
check spread-empty 2 'no entries that run at times' -- spread "$tab" --hosts 2
head -c 2000 "$bin" >"$tab"
check spread-binary 2 'binary data (a NUL byte)' -- spread "$tab" --hosts 2
{ printf '0 * * * * /bin/a\n'; head -c 1100000 /dev/zero | tr '\0' 'x'; printf ' * * * * /bin/big\nH * * * * /bin/b\n'; } >"$tab"
check spread-long-line 2 ':2:1: error: the line is 1100017 bytes long; crontab lines are limited to 65536 bytes' -- spread "$tab" --hosts 2 --window 1h
check spread-long-line-rest 2 '2 entries on 2 hosts' -- spread "$tab" --hosts 2 --window 1h
printf '0 * * * * /bin/a\r\nH * * * * /bin/b\r\n' >"$tab"
check spread-crlf 0 '2 entries on 2 hosts' -- spread "$tab" --hosts 2 --window 1h
check spread-missing-file 2 'cannot read the file' -- spread /nonexistent/crontab --hosts 2
check spread-help 0 'before' -- spread --help
# resolve in place: Kubernetes manifests and GitHub workflows
yaml=$(mktemp --suffix=.yaml)
printf 'kind: ConfigMap\napiVersion: v1\nmetadata: {name: c}\ndata: {schedule: H * * * *}\n---\n# keep me\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: backup\n  namespace: ops\nspec:\n  schedule: "H H(0-5) * * *"   # nightly\n' >"$yaml"
want_schedule=$("$bin" resolve -d kubernetes 'H H(0-5) * * *' --seed ops --seed backup)
check manifest 0 "schedule: \"$want_schedule\"   # nightly" -- resolve --manifest "$yaml"
check manifest-note 0 ":13:14: info: ops/backup: 'H H(0-5) * * *' -> '$want_schedule'" -- resolve --manifest "$yaml"
input=$(cat "$yaml")
check manifest-stdin 0 "# keep me" -- resolve --manifest -
got=$("$bin" resolve --manifest - <"$yaml" 2>/dev/null); expect=$(sed "s|\"H H(0-5) \* \* \*\"|\"$want_schedule\"|" "$yaml")
if [ "$got" = "$expect" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL manifest-bytes:"; diff <(echo "$expect") <(echo "$got"); fi
input=$'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: x: y\n'
check manifest-not-yaml 2 $'<stdin>:4:10: error: not valid YAML: invalid nested block mapping on the same line\n    name: x: y\n           ^' -- resolve --manifest -
input=$'apiVersion: v1\nkind: Pod\n'
check manifest-no-cronjob 0 $'apiVersion: v1\nkind: Pod' -- resolve --manifest -   # a Helm post-renderer passes it through
input=$'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: b\nspec:\n  schedule: H 25 * * *\n---\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: g\nspec:\n  schedule: H 4 * * *\n'
check manifest-bad-schedule 2 '<stdin>:6:15: error: document 1, default/b: hour: 25 is out of range' -- resolve --manifest -
check manifest-bad-schedule-rest 2 "  schedule: $("$bin" resolve -d kubernetes 'H 4 * * *' --seed default --seed g)" -- resolve --manifest -
check manifest-no-seed 2 'seeds each CronJob with its namespace and name' -- resolve --manifest - --seed x
check manifest-missing 2 'cannot read' -- resolve --manifest /nonexistent.yaml
input=$'on:\n  schedule:\n    - cron: \'H H * * *\'\n'
want_cron=$("$bin" resolve 'H H * * *' --seed octo/app --seed .github/workflows/n.yml --seed 1)
check workflow 0 "- cron: '$want_cron'" -- resolve --workflow - --seed octo/app --path .github/workflows/n.yml
check workflow-needs-repo 2 'needs the repository as one --seed OWNER/REPO' -- resolve --workflow -
input=$'on: push\n'
check workflow-no-schedule 2 'no on.schedule' -- resolve --workflow - --seed a/b --path .github/workflows/x.yml
check workflow-stdin-needs-path 2 'needs --path' -- resolve --workflow - --seed a/b
input=""
rm -f "$yaml"
# export
printf '# name: nightly backup\n30 2 * * * /usr/bin/backup\n*/2 * * * * /bin/poll\n' >"$tab"
check export-k8s 0 'kind: CronJob' -- export --to kubernetes "$tab"
check export-gha-interval 1 ':3: error interval' -- export --to github-actions "$tab"
check export-unknown-target 2 'github-actions' -- export --to jenkins "$tab"
check export-dst 0 'kubernetes handles DST changes as skip-both, this entry as cron: it will not fire at 2026-03-08T03:00:00-04:00' -- export --to kubernetes "$tab" -z America/New_York --from 2026-01-01T00:00:00Z
out_dir=$(mktemp -d)
check export-seed-refused 2 '--seed applies to --expr' -- export --to systemd "$tab" --seed x
check export-dir 0 'wrote 4 files to' -- export --to systemd "$tab" -o "$out_dir/units"
check export-dir-exists 2 'exists' -- export --to systemd "$tab" -o "$out_dir/units"
check export-dir-force 0 'wrote 4 files to' -- export --to systemd "$tab" -o "$out_dir/units" --force
if [ -f "$out_dir/units/nightly\x20backup.service" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL export-files: $(ls "$out_dir/units")"; fi
rm -rf "$out_dir"
# batch answers each line at once when the client waits for it (no flush per
# line, but one whenever no more input is waiting)
coproc BATCH { "$bin" batch; }
# bash unsets BATCH_PID once the coprocess is reaped: keep it while it runs
batch_pid=${BATCH_PID:-}
for i in 1 2 3; do
  echo "{\"id\":$i,\"expr\":\"0 * * * *\",\"from\":\"2026-01-01T00:00:00Z\",\"next\":1}" >&"${BATCH[1]}"
  if read -t 30 -r answer <&"${BATCH[0]}" && [ "$answer" = "{\"id\":$i,\"next\":[\"2026-01-01T01:00:00Z\"]}" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL batch-interactive-$i: '${answer:-no answer in 30 s}'"
  fi
done
exec {BATCH[1]}>&-
[ -z "$batch_pid" ] || wait "$batch_pid" 2>/dev/null || true
# batch: hostile lines (deep nesting, a megabyte line, binary) each get an answer
deep=$(printf '%*s' 100000 '' | tr ' ' '['); deep+=$(printf '%*s' 100000 '' | tr ' ' ']')
big=$(printf '%*s' 1000000 '' | tr ' ' '1')
input="$deep"$'\n'"{\"id\":\"big\",\"expr\":\"$big * * * *\"}"$'\n'$'\x01\xff\xfe'$'\n''{"id":"ok","expr":"0 0 * * *","from":"2026-01-01T00:00:00Z","next":1}'
check batch-hostile-ok 0 '{"id":"ok","next":["2026-01-02T00:00:00Z"]}' -- batch
check batch-hostile-big 0 '{"error":{"column":1,"message":"minute: the number 1111111111111111111111111111111111111111... is too large' -- batch
lines=$("$bin" batch <<<"$input" | wc -l)
if [ "$lines" -eq 4 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL batch-hostile-lines: $lines lines"; fi
input=""
rm -f "$tab"
# The demo's last word is advice for where its schedules run (fuzzycron reads H),
# not "quartz does not read H" (issue 25 item 11): its own lint line, run.
demo_lint=$(grep -E '^run lint ' "$(dirname "$0")/../../scripts/demo.sh" | sed -e 's/^run //' -e 's/ || true$//' -e 's/"\$from"/2026-03-01T00:00:00Z/')
demo_out=$(eval "\"\$bin\" $demo_lint" 2>&1 || true)
if grep -q 'suggestion: H \* \* \* \* ?' <<<"$demo_out" && ! grep -q 'does not read H' <<<"$demo_out"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL demo-lint: $demo_out"
fi
# due: the guard export puts before a command (export_guard.h).
every='@every 2w from 2026-01-06T09:00'
check due-yes 0 'due: 2026-01-20T09:00:00+01:00' -- due "$every" -z Europe/Berlin --at 2026-01-20T08:10:00Z --window 1d
check due-late 0 'due: 2026-01-20T09:00:00+01:00' -- due "$every" -z Europe/Berlin --at 2026-01-20T20:00:00Z --window 1d
check due-no 1 'the last fire time was 2026-01-20T09:00:00+01:00, the next is 2026-02-03T09:00:00+01:00' -- due "$every" -z Europe/Berlin --at 2026-01-27T08:00:00Z --window 1d
check due-except 1 'not due' -- due "$every" -z Europe/Berlin --except 2026-01-20 --at 2026-01-20T08:00:00Z --window 1d
check due-runs 0 'ran it' -- due "$every" -z Europe/Berlin --at 2026-01-20T08:00:00Z --window 1d -- /bin/sh -c 'echo ran it'
check due-status 0 '' -- due "$every" -z Europe/Berlin --at 2026-01-20T08:00:00Z --window 1d -- /bin/true
check due-command-status 3 '' -- due "$every" -z Europe/Berlin --at 2026-01-20T08:00:00Z --window 1d -- /bin/sh -c 'exit 3'
check due-skips 0 '(not run)' -- due "$every" -z Europe/Berlin --at 2026-01-27T08:00:00Z --window 1d -- /bin/sh -c 'echo ran it'
if "$bin" due "$every" -z Europe/Berlin --at 2026-01-27T08:00:00Z -w 1d -- /bin/sh -c 'echo ran it' 2>/dev/null | grep -q 'ran it'; then
  fail=$((fail + 1)); echo "FAIL due-skips: the command ran"
else
  pass=$((pass + 1))
fi
check due-missing 127 'cannot run /no/such' -- due "$every" -z Europe/Berlin --at 2026-01-20T08:00:00Z -w 1d -- /no/such
check due-window 2 'longer than zero' -- due "$every" --window 0s
# An exported guard, run as the target would at each of its fires of a month:
# the command runs at the entry's own fires, and only there.
guard=$("$bin" export --expr '@every 90m from 2026-01-01T00:00Z' --name sync --command 'echo RAN' --to kubernetes 2>/dev/null |
        sed -n 's/.*command: \["\/bin\/sh", "-c", "exec fuzzycron \(.*\)"\]$/\1/p')
ran=0 fires=0
for t in $("$bin" next '0,30 0,1,3,4,6,7,9,10,12,13,15,16,18,19,21,22 * * *' --from 2026-01-01T00:00:00Z -n 96); do
  late=$(date -u -d "$t + 7 minutes" +%Y-%m-%dT%H:%M:%SZ)  # the target starts the run late
  out=$(eval "\"\$bin\" ${guard/ -- / --at $late -- }" 2>/dev/null)
  [ "$out" = RAN ] && ran=$((ran + 1))
done
fires=$("$bin" next '@every 90m from 2026-01-01T00:00Z' --from 2025-12-31T23:59:59Z -n 200 | awk '$0 < "2026-01-03T23:37:00Z"' | wc -l)
if [ -n "$guard" ] && [ "$ran" -eq "$fires" ] && [ "$ran" -gt 0 ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL due-export: guard '$guard' ran $ran times, the interval fires $fires times"
fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
