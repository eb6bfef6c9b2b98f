// The JavaScript front end for agreement_test.py, one process for the whole
// run (node starts slowly on a busy machine): argv[2] is the npm package
// (build/wasm/npm); each line of stdin is a JSON request {expr, options
// (camelCase), from (ms), count}, answered by a line {"ok": [ms...]} or
// {"error": [message, column]}. A line {"version": true} asks for version().
'use strict';
const readline = require('readline');
const fuzzycron = require(process.argv[2]);

function answer(request) {
  if (request.version) return { version: fuzzycron.version() };
  const { expr, options, from, count } = request;
  try {
    return { ok: fuzzycron.parse(expr, options).take(count, from).map((d) => d.getTime()) };
  } catch (e) {
    // A FuzzycronError carries the library's message and column; anything else is the wrapper's own.
    return { error: e instanceof fuzzycron.FuzzycronError ? [e.reason, e.column] : [String(e), -1] };
  }
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + '\n');
});
