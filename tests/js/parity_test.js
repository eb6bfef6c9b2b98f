// The WebAssembly build answers as the native library: every vector of every
// dialect (tests/vectors: expression, dialect, zone, seed, options) through the
// npm package's parse() and through the native `fuzzycron batch`, next x5 and
// prev x2 compared instant for instant, errors with errors.
// Usage: node parity_test.js PACKAGE_DIR SOURCE_DIR NATIVE_FUZZYCRON
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const [packageDir, sourceDir, native] = process.argv.slice(2);
const fuzzycron = require(path.resolve(packageDir));

const cases = [];
const dir = path.join(sourceDir, 'tests/vectors');
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')))
  for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean)) {
    const v = JSON.parse(line);
    if (typeof v.expr !== 'string' || !v.from) continue;
    cases.push(v);
  }

// The vectors' option names as the options schema spells them (second_at_beginning is seconds_first).
const schemaNames = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k === 'second_at_beginning' ? 'seconds_first' : k, v]));
const input = cases.map((v) => JSON.stringify({
  id: v.id, expr: v.expr, dialect: v.dialect, zone: v.tz || 'UTC', from: v.from, next: 5, prev: 2,
  ...(v.seed ? { seed: v.seed } : {}), options: schemaNames(v.options || {}),
})).join('\n') + '\n';
const answers = new Map(execFileSync(native, ['batch'], { input, maxBuffer: 1 << 28 }).toString().split('\n')
  .filter(Boolean).map((l) => JSON.parse(l)).map((a) => [a.id, a]));

let same = 0;
const differ = [];
for (const v of cases) {
  const theirs = answers.get(v.id);
  const o = v.options || {};
  let ours;
  try {
    const s = fuzzycron.parse(v.expr, {
      dialect: v.dialect, zone: v.tz || 'UTC', seed: v.seed, dst: o.dst, strict: o.strict,
      secondsFirst: o.second_at_beginning,
      furiko: v.dialect === 'furiko' ? {
        format: o.format, hashFields: o.hash_fields, hashSecondsByDefault: o.hash_seconds_by_default,
        hashNames: o.hash_names,
      } : undefined,
    });
    const from = Date.parse(v.from);
    const next = [], prev = [];
    let t = from;
    for (let i = 0; i < 5; i++) { const d = s.next(t); if (!d) break; next.push(d.getTime()); t = d.getTime(); }
    t = from;
    for (let i = 0; i < 2; i++) { const d = s.prev(t); if (!d) break; prev.push(d.getTime()); t = d.getTime(); }
    ours = { next, prev };
  } catch (e) {
    ours = { error: e.reason || e.message };
  }
  const ms = (list) => (list || []).map((x) => Date.parse(x));
  const agree = theirs.error ? Boolean(ours.error) :
    !ours.error && JSON.stringify(ours.next) === JSON.stringify(ms(theirs.next)) &&
    JSON.stringify(ours.prev) === JSON.stringify(ms(theirs.prev));
  if (agree) same++;
  else differ.push(`${v.id} ${v.dialect} '${v.expr}': wasm ${JSON.stringify(ours)} native ${JSON.stringify(theirs)}`);
}
console.log(`WebAssembly and native: ${same} of ${cases.length} vectors answer the same`);
for (const d of differ.slice(0, Number(process.env.SHOW || 20))) console.log(`DIFFER ${d}`);
process.exit(differ.length ? 1 : 0);
