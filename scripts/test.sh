#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the release build,
# then the whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer,
# then the WebAssembly build (the npm package against cron-parser's tests and the
# native build; the playground in headless Chromium), then each libFuzzer target
# for FUZZ_SECONDS (default 15) under the same sanitizers (scripts/fuzz.sh).
# About 25 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
jobs=$(nproc)
for preset in release asan; do
  echo "== $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  # Two tests more than cores: the runner's tests mostly wait on processes and
  # PostgreSQL, and would otherwise hold a core each while doing so.
  ctest --preset "$preset" -j $((jobs + 2))
done
echo "== wasm"
cmake --preset wasm >/dev/null
cmake --build --preset wasm -j "$jobs"
bash tests/js/run.sh build/wasm build/release/fuzzycron
bash scripts/playground.sh 0 --build-only
/usr/bin/python3 tests/web/playground_test.py build/wasm/web build/release/fuzzycron build/wasm/artifacts  # Debian's, with Selenium
echo "== fuzz"
FUZZ_SECONDS=${FUZZ_SECONDS:-15} bash scripts/fuzz.sh
