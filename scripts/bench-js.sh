#!/usr/bin/env bash
# The npm package's speed against cron-parser 5 and croner (issue 23), and in
# BullMQ's pattern (parse + one next) against cron-parser 5 and 4 (issue 29): builds
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
# Sizes: the module and its glue, with the zones and without (the size goal's
# measure, a second build: -DFUZZYCRON_WASM_ZONES=OFF in build/wasm-nozones).
cmake --preset wasm -B build/wasm-nozones -DFUZZYCRON_WASM_ZONES=OFF >/dev/null
NODE_PATH=/usr/share/nodejs cmake --build build/wasm-nozones -j "$(nproc)" >/dev/null
for dir in build/wasm build/wasm-nozones; do
  total=0
  for f in fuzzycron-wasm.wasm fuzzycron-wasm.js; do
    raw=$(wc -c <"$dir/npm/$f") gz=$(gzip -9 -c "$dir/npm/$f" | wc -c)
    total=$((total + gz))
    echo "$dir/npm/$f: $raw bytes, $gz gzipped"
  done
  echo "$dir: $total bytes gzipped in all"
done
