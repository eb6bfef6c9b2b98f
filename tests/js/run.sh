#!/usr/bin/env bash
# The npm package as its users get it: `npm pack` of the wasm build's package,
# installed into an empty folder, required (CommonJS) and imported (ESM) from
# there; cron-parser's vectors and own assertions through it; its field objects
# and written-back text against cron-parser itself (tests/oracles/cron-parser,
# installed by scripts/setup.sh test); and every vector of every dialect
# answered as the native build answers it.
# Usage: run.sh WASM_BUILD_DIR NATIVE_FUZZYCRON
set -euo pipefail
build=$(cd "$1" && pwd) native=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd) source=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build/npm" && npm pack --silent --pack-destination "$work" >/dev/null)
tarball=$(ls "$work"/fuzzycron-*.tgz)
mkdir -p "$work/app"
(cd "$work/app" && npm init -y >/dev/null && npm install --silent --offline --no-audit --no-fund "$tarball")
installed="$work/app/node_modules/fuzzycron"
[ -z "$(ls "$installed"/node_modules 2>/dev/null)" ] || { echo "FAIL: the package pulled in dependencies"; exit 1; }
export EXPECTED=$("$native" resolve 'H H * * *' --seed nightly)  # the native answer
(cd "$work/app" && node -e '
const { CronExpressionParser, parse, version } = require("fuzzycron");
const it = CronExpressionParser.parse("*/15 9-17 * * 1-5", { tz: "America/New_York", currentDate: "2026-03-06T21:50:00Z" });
if (it.next().toISOString() !== "2026-03-06T22:00:00.000Z") throw new Error("CommonJS: wrong next");
if (parse("H H * * *", { seed: "nightly" }).resolved !== process.env.EXPECTED) throw new Error("CommonJS: resolve differs from native");
try { CronExpressionParser.parse(42); throw new Error("no TypeError"); } catch (e) { if (!(e instanceof TypeError)) throw e; }
console.log("require(\"fuzzycron\")", version());')
(cd "$work/app" && node --input-type=module -e '
import parser, { CronExpressionParser, explain } from "fuzzycron";
if (parser !== CronExpressionParser) throw new Error("ESM: default export");
if (!explain("0 9 * * 1-5").sentences[0].startsWith("At 09:00")) throw new Error("ESM: explain");
console.log("import from \"fuzzycron\": ok");')
node "$here/cron_parser_test.js" "$installed" "$source"
oracle=$source/tests/oracles/cron-parser
[ -d "$oracle/node_modules/cron-parser" ] ||
  { echo "FAIL: no cron-parser in $oracle (bash scripts/setup.sh test installs it)"; exit 1; }
node "$here/fields_test.js" "$installed" "$source" "$oracle"
node "$here/parity_test.js" "$installed" "$source" "$native"
