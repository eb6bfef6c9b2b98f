#!/bin/sh
# agreement_js: skipped (77) when the wasm preset's npm package is absent —
# decided before pytest starts, which turns an exit during collection into an
# error. scripts/test.sh runs this test again once the wasm stage built it.
# Usage: run_js.sh PYTHON agreement_test.py  (FUZZYCRON_JS: the npm package)
if [ ! -f "$FUZZYCRON_JS/package.json" ]; then
  echo "no npm package in $FUZZYCRON_JS: skipped (the wasm preset builds it)"
  exit 77
fi
exec "$1" -m pytest -q -p no:cacheprovider "$2"
