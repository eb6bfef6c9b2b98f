#!/usr/bin/env bash
# The npm package's speed against cron-parser 5 and croner (issue 23): builds
# the wasm preset, installs the two peers from npm into build/wasm/peers (a
# test oracle, never a dependency), runs scripts/bench-js.js, and prints the
# package's and the playground's sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset wasm >/dev/null && cmake --build --preset wasm -j "$(nproc)" >/dev/null
peers=build/wasm/peers
if [ ! -d "$peers/node_modules/cron-parser" ] || [ ! -d "$peers/node_modules/croner" ]; then
  mkdir -p "$peers" && (cd "$peers" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund cron-parser@5 croner@9)
fi
echo "cron-parser $(node -p "require('./$peers/node_modules/cron-parser/package.json').version"), croner $(node -p "require('./$peers/node_modules/croner/package.json').version"), node $(node --version)"
node scripts/bench-js.js build/wasm/npm "$peers/node_modules"
js=build/wasm/npm/fuzzycron-wasm.js
echo "fuzzycron-wasm.js: $(wc -c <"$js") bytes, $(gzip -9 -c "$js" | wc -c) gzipped (zones embedded)"
