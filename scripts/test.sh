#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the release build,
# the runner's end-to-end tests there while the ASan build compiles beside them
# (they wait on events, never on the machine's speed), then the whole suite
# again under AddressSanitizer + UndefinedBehaviorSanitizer,
# then the WebAssembly build (the npm package against cron-parser's tests and the
# native build; the playground in headless Chromium), then each libFuzzer target
# for FUZZ_SECONDS (default 10) under the same sanitizers (scripts/fuzz.sh).
# Each stage's time is printed ("== stage: N s"); about 30 minutes on a 2-core VM.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s) stage= stage_t=$t0
stage() {  # stage NAME: ends the previous stage (printing its time) and starts NAME
  local now
  now=$(date +%s)
  [ -n "$stage" ] && echo "== $stage: $((now - stage_t)) s"
  stage=$1 stage_t=$now
  [ -n "$stage" ] && echo "== $stage"
  return 0
}
stage setup
bash scripts/setup.sh test
jobs=$(nproc)
# ccache under every native build: the consumer test's shared build and the pip
# test's wheel compile the release build's files with its flags, in directories
# as deep as build/release, so with paths taken relative to the checkout they
# are found, not compiled again (a third of the run's compiling).
export CCACHE_DIR=${CCACHE_DIR:-$PWD/build/ccache} CCACHE_BASEDIR=$PWD
export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache
for preset in release asan; do
  if [ "$preset" = asan ]; then
    # Issue 31: the runner's end-to-end tests (the release build's; one ctest
    # per file, all at once: they mostly wait on processes) run on a busy
    # machine: beside this build's $((jobs * 2)) compilers, CPU-bound processes
    # that do work we need anyway. They wait on events, so the load makes them
    # slower, never wrong. Should they outlast the build, load.py's burners take
    # over until they end.
    stage "asan build, beside it the runner tests under load"
    cmake --preset asan >/dev/null
    runner_log=build/runner-tests.log
    ctest --preset release -R '^runner' -j 8 --output-on-failure >"$runner_log" 2>&1 &
    runner_pid=$!
    cmake --build --preset asan -j $((jobs * 2)) || { kill "$runner_pid"; exit 1; }
    if kill -0 "$runner_pid" 2>/dev/null; then
      echo "the ASan build ended before the runner tests: 4 CPU-bound processes beside them until they end"
      python3 tests/runner/load.py 4 tail --pid="$runner_pid" -f /dev/null
    fi
    runner_status=0
    wait "$runner_pid" || runner_status=$?
    cat "$runner_log"
    [ "$runner_status" -eq 0 ] || { echo "the runner tests failed (exit $runner_status)"; exit "$runner_status"; }
  else
    stage "$preset build"
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j "$jobs"
  fi
  stage "$preset tests"
  # Two tests more than cores: many tests wait on processes, JVMs and
  # PostgreSQL. ctest starts the costliest first (COST properties, then its
  # timings of earlier runs). The runner's end-to-end tests run beside the ASan build.
  ctest --preset "$preset" -j $((jobs + 2)) -E '^runner' --output-on-failure
done
stage "wasm build"
CMAKE_CXX_COMPILER_LAUNCHER= CMAKE_C_COMPILER_LAUNCHER= cmake --preset wasm >/dev/null  # em++ is no compiler ccache knows
cmake --build --preset wasm -j "$jobs"
stage "wasm tests"
bash tests/js/run.sh build/wasm build/release/fuzzycron
# The front ends' agreement with JavaScript (skipped in the release stage: no npm package yet).
ctest --preset release -R '^agreement_js$' --output-on-failure
stage playground
bash scripts/playground.sh 0 --build-only
/usr/bin/python3 tests/web/playground_test.py build/wasm/web build/release/fuzzycron build/wasm/artifacts  # Debian's, with Selenium
stage fuzz
FUZZ_SECONDS=${FUZZ_SECONDS:-10} bash scripts/fuzz.sh
stage ""
echo "== all: $(($(date +%s) - t0)) s"
