#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the release build,
# the runner's end-to-end tests there beside four CPU-bound processes
# (FUZZYCRON_TEST_LOAD=4: they wait on events, never on the machine's speed),
# then the whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer,
# then the WebAssembly build (the npm package against cron-parser's tests and the
# native build; the playground in headless Chromium), then each libFuzzer target
# for FUZZ_SECONDS (default 10) under the same sanitizers (scripts/fuzz.sh).
# Each stage's time is printed ("== stage: N s"); about 25 minutes on 2 cores.
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
for preset in release asan; do
  stage "$preset build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  stage "$preset tests"
  # Two tests more than cores: many tests wait on processes, JVMs and
  # PostgreSQL. ctest starts the costliest first (COST properties, then its
  # timings of earlier runs). The runner's end-to-end tests run in the next stage.
  ctest --preset "$preset" -j $((jobs + 2)) -E '^runner' --output-on-failure
  if [ "$preset" = release ]; then
    # Issue 31: the runner's end-to-end tests (one ctest per file, all at once:
    # they mostly wait on processes) beside four CPU-bound processes. They wait
    # on events, so a busy machine makes them slower, never wrong; they run
    # only here, under the harder condition.
    stage "runner tests under load (FUZZYCRON_TEST_LOAD=4)"
    FUZZYCRON_TEST_LOAD=4 python3 tests/runner/load.py 4 ctest --preset release -R '^runner' -j 8 --output-on-failure
  fi
done
stage "wasm build"
cmake --preset wasm >/dev/null
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
