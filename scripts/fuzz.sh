#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for a bounded
# time: FUZZ_SECONDS per target (default 45). Seed corpora come from the
# conformance vectors; inputs under fuzz/regressions/TARGET/ (reproducers of
# past findings) are replayed first. Any crash, hang (> 10 s per input), leak,
# sanitizer report or invariant violation fails the run and leaves the input
# in build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-45}
cmake --preset fuzz >/dev/null
targets=(fuzz_parse fuzz_next_prev fuzz_crontab fuzz_batch fuzz_manifest fuzz_c_api fuzz_balance fuzz_tzif fuzz_interval
         fuzz_calendar)
# Only the fuzz targets: the command-line tool itself is not fuzzed whole, and
# building it with the fuzzing flags would cost CI a minute.
cmake --build --preset fuzz -j "$(nproc)" --target "${targets[@]}"
work=build/fuzz/work
rm -rf "$work" && mkdir -p "$work" build/fuzz/findings
vectors=tests/vectors
# Seeds: each vector's expression after four option bytes (standard, UTC,
# cron, seed on), and each vector line for the batch protocol.
make_corpus() {
  local target=$1 dir=$work/corpus-$1 prefix=$2 i=0
  mkdir -p "$dir"
  if [ "$target" = fuzz_tzif ]; then  # a few real zones
    for z in UTC Europe/Berlin America/New_York Australia/Lord_Howe Pacific/Apia Asia/Kolkata; do
      i=$((i + 1)); cp "/usr/share/zoneinfo/$z" "$dir/z-$i"
    done
    return
  elif [ "$target" = fuzz_balance ]; then  # the committed locks
    for f in examples/*.lock; do
      [ -f "$f" ] || continue
      i=$((i + 1)); cp "$f" "$dir/l-$i"
    done
    return
  elif [ "$target" = fuzz_manifest ]; then  # the docs' manifests and workflows, as manifest (0) and workflow (1)
    for f in examples/*.yaml examples/*.yml; do
      [ -f "$f" ] || continue
      i=$((i + 1)); { printf '\x00'; cat "$f"; } >"$dir/m-$i"; { printf '\x01'; cat "$f"; } >"$dir/w-$i"
    done
  elif [ "$target" = fuzz_interval ]; then  # the texts of docs/intervals.md
    for e in '2w from 2026-01-06T09:00' '90m from 2026-01-01T00:00Z' '6h' '1h30m on mon-fri' '1mo from 2026-01-31T10:00' \
      '25m between 09:00 and 17:00 on mon-fri' '1y from 2024-02-29T12:00+01:00' '1d from 2026-03-08T02:30'; do
      i=$((i + 1)); printf '%b%s' "$prefix" "$e" >"$dir/e-$i"
    done
    return
  elif [ "$target" = fuzz_calendar ]; then  # the tests' iCalendar files (mode 4), and cron calendars (mode 8)
    for f in tests/intervals/calendars/*.ics; do
      i=$((i + 1)); { printf '\x00\x01\x00\x01\x40\x42\x0f\x00\x00\x00\x00\x00\x05'; cat "$f"; } >"$dir/c-$i"
    done
    for e in '0 9 * * *\n* * * * 0,6' '*/30 * * * *\n* 0-7,18-23 * * *' '0 9 1,31 * *\n* * * 1-7 * ?' '@every 2w from 2026-01-06T09:00\n* * * * 1'; do
      i=$((i + 1)); printf '\x00\x01\x00\x01\x40\x42\x0f\x00\x00\x00\x00\x00\x09%b' "$e" >"$dir/e-$i"
    done
    return
  elif [ -d "$vectors" ]; then
    if [ "$target" = fuzz_batch ]; then
      head -q -n 300 "$vectors"/*.jsonl | split -l 1 - "$dir/v-"
    else
      grep -ho '"expr": "[^"]*"' "$vectors"/*.jsonl | sed 's/^"expr": "//; s/"$//' | sort -u | head -3000 |
        while IFS= read -r expr; do
          i=$((i + 1)); printf '%b%s' "$prefix" "$expr" >"$dir/e-$i"
        done
    fi
  fi
  printf '%b%s' "$prefix" '0 0 * * *' >"$dir/minimal"
}
# One target: its corpus, the regressions replayed, then fuzzing; its report on stdout.
fuzz_target() {
  local target=$1 prefix bin=build/fuzz/fuzz/$1 status=0
  case $target in
    fuzz_next_prev) prefix='\x00\x01\x00\x01\x40\x42\x0f\x00\x00\x00\x00\x00' ;;
    fuzz_manifest) prefix='\x00' ;;
    fuzz_interval) prefix='\x00\x01\x00\x01\x40\x42\x0f\x00\x00\x00\x00\x00\x07' ;;
    *) prefix='\x00\x00\x00\x01' ;;
  esac
  make_corpus "$target" "$prefix"
  if compgen -G "fuzz/regressions/$target/*" >/dev/null; then
    echo "== $target: replaying fuzz/regressions/$target"
    "$bin" fuzz/regressions/"$target"/* >"$work/$target-regressions.log" 2>&1 || {
      status=1; tail -40 "$work/$target-regressions.log"; }
  fi
  echo "== $target: fuzzing for ${seconds}s"
  if "$bin" "$work/corpus-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix=build/fuzz/findings/"$target"- >"$work/$target.log" 2>&1; then
    # Reporting only: libFuzzer separates "#N" and "DONE" with a tab, and a
    # missing line must not fail the run under `set -e`.
    grep -E "^#[0-9]+[[:space:]]+DONE" "$work/$target.log" | tail -1 || true
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/$target.log" || true
  else
    status=1
    echo "FAILED: $target (input kept in build/fuzz/findings/)"; tail -60 "$work/$target.log"
  fi
  return $status
}
# A target fuzzes on one core: as many side by side as there are cores.
parallel=$(nproc)
pids=()
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  fuzz_target "$target" >"$work/$target.report" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$work/${targets[$i]}.report"
done
exit $status
