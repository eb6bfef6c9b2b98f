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
check next-utc 0 $'2026-03-08T02:00:00Z\n2026-03-08T03:00:00Z' -- next '0 * * * *' --from 2026-03-08T01:59:30Z -n 2
check next-zone-offset 0 '2026-03-08T03:00:00-04:00' -- next '30 2 * * *' -z America/New_York --from 2026-03-08T00:00:00-05:00 -n 1
check prev 0 '2026-03-07T00:00:00Z' -- prev '0 0 * * *' --from 2026-03-08T00:00:00Z -n 1
check json 0 '"next":["2026-01-01T00:05:00Z"]' -- next '*/5 * * * *' --from 2026-01-01T00:00:00Z -n 1 --json
check quartz 0 '2026-03-20T12:00:00Z' -- next -d quartz '0 0 12 ? * 6#3' --from 2026-03-01T00:00:00Z -n 1
check never 0 'no further fire time' -- next '0 0 30 2 *' --from 2026-01-01T00:00:00Z
check bad-expr 2 $'  0 0 * * 8\n          ^' -- next '0 0 * * 8'
check bad-zone 2 'unknown time zone' -- next '0 0 * * *' -z Mars/Base
check bad-from 2 'RFC 3339' -- next '0 0 * * *' --from yesterday
check bad-dialect 2 'unknown dialect' -- next '0 0 * * *' -d cronish
check bad-dst 2 'unknown DST policy' -- next '0 0 * * *' --dst sometimes
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
tab=$(mktemp)
printf '# name: db-sync\nH/5 * * * * /usr/bin/db-sync\n0 0 * * 8 /bin/broken\n@reboot /bin/agent\n' > "$tab"
check crontab-good-lines 2 '3-59/5 * * * * /usr/bin/db-sync' -- resolve --crontab "$tab" --host web-07
check crontab-bad-line 2 ':3:9: day-of-week: 8 is out of range' -- resolve --crontab "$tab" --host web-07
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
rm -f "$tab"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
