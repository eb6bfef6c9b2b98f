#!/usr/bin/env bash
# The npm package as its users get it: `npm pack` of the wasm build's package,
# installed into an empty folder, required (CommonJS) and imported (ESM) from
# there; cron-parser's vectors and own assertions through it; its field objects
# and written-back text against cron-parser itself (tests/oracles/cron-parser,
# installed by scripts/setup.sh test); and every vector of every dialect
# answered as the native build answers it. Then what issue 29 asks of a guest
# in applications: no process-wide state (citizen_test.js), cron-parser 4's API
# beside 5's against cron-parser 4.9 (cron_parser4_test.js), invalid input as
# both majors treat it (invalid_input_test.js), memory bounded in synchronous
# loops (memory_test.js), the package installed under cron-parser's name (as
# an npm alias does) for both majors' entry points, and the suites of
# node-schedule and Bull with it in cron-parser's place (dependents/run.sh).
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
// Options by the schema'"'"'s names, handed to the library, which refuses a near miss with its did-you-mean.
if (parse("H * * * *", { seed: "x", zone: "Europe/Berlin", hashScheme: "jenkins" }).zone !== "Europe/Berlin") throw new Error("zone");
try { parse("* * * * *", { zome: "UTC" }); throw new Error("zome accepted"); } catch (e) { if (!/did you mean .zone./.test(e.message)) throw e; }
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
node "$here/citizen_test.js" "$installed"
oracle4=$source/tests/oracles/cron-parser4
[ -d "$oracle4/node_modules/cron-parser" ] ||
  { echo "FAIL: no cron-parser 4 in $oracle4 (bash scripts/setup.sh test installs it)"; exit 1; }
node "$here/cron_parser4_test.js" "$installed" "$source" "$oracle4"
node "$here/invalid_input_test.js" "$installed" "$oracle" "$oracle4"
node "$here/memory_test.js" "$installed"
node "$here/missed_test.js" "$installed"
# Under cron-parser's name (what "cron-parser": "npm:fuzzycron@..." installs): both majors' entry points.
mkdir -p "$work/alias"
(cd "$work/alias" && npm init -y >/dev/null && npm install --silent --offline --no-audit --no-fund "cron-parser@file:$tarball")
(cd "$work/alias" && node -e '
const parser = require("cron-parser"), CronDate = require("cron-parser/lib/date");
const at = { currentDate: "2026-03-06T21:50:00Z", tz: "America/New_York" };
const four = parser.parseExpression("*/15 9-17 * * 1-5", at).next();
if (!(four instanceof CronDate) || four.toISOString() !== "2026-03-06T22:00:00.000Z") throw new Error("4.x entry: " + four);
if (parser.CronExpressionParser.parse("*/15 9-17 * * 1-5", at).next().toISOString() !== "2026-03-06T22:00:00.000Z") throw new Error("5.x entry");
if (typeof require("cron-parser/lib/expression").parse !== "function") throw new Error("lib/expression");
if (typeof require("cron-parser/lib/parser").parseString !== "function") throw new Error("lib/parser");
if (require("cron-parser/package.json").name !== "fuzzycron") throw new Error("package.json");
console.log("require(\"cron-parser\") as an alias of the package: 4.x and 5.x entry points ok");')
(cd "$work/app" && node -e '
const four = require("fuzzycron/cron-parser4");
if (typeof four.parseExpression !== "function" || "CronExpressionParser" in four) throw new Error("fuzzycron/cron-parser4");
console.log("require(\"fuzzycron/cron-parser4\"): cron-parser 4 alone, ok");')
bash "$here/dependents/run.sh" "$tarball"
