#!/usr/bin/env bash
# Builds the playground (the wasm preset's engine and web/) into build/wasm/web
# and serves it on http://127.0.0.1:PORT/ (default 8080). Any static file server
# will do instead: the directory is the whole site.
# Usage: scripts/playground.sh [PORT] [--build-only]
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8080}
bash scripts/setup.sh test >/dev/null
cmake --preset wasm >/dev/null
cmake --build --preset wasm -j "$(nproc)"
site=build/wasm/web
rm -rf "$site" && mkdir -p "$site"
cp web/index.html web/style.css web/app.js web/worker.js web/sw.js build/wasm/npm/fuzzycron-wasm.js build/wasm/npm/fuzzycron-wasm.wasm "$site/"
echo "playground: $site ($(du -sk "$site" | cut -f1) KB)"
[ "${2:-}" = "--build-only" ] && exit 0
echo "serving on http://127.0.0.1:$port/ (Ctrl-C to stop)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
