// The npm package (build/<wasm>/npm) against what cron-parser 5 computed: every
// vector of tests/vectors/cron-parser*.jsonl (cron-parser run on them) and every
// assertion of cron-parser's own test suite (tests/peer-suites/cron-parser),
// through CronExpressionParser exactly as cron-parser's users call it.
// Usage: node cron_parser_test.js PACKAGE_DIR SOURCE_DIR
'use strict';
const fs = require('fs');
const path = require('path');
const [packageDir, sourceDir] = process.argv.slice(2);
const { CronExpressionParser } = require(path.resolve(packageDir));

function lines(file) {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}
// Documented disagreements (ID<TAB>reason): they must still disagree.
const deviations = new Set(
  fs.readFileSync(path.join(sourceDir, 'tests/peer-suites/cron-parser/deviations.txt'), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')[0]));

let passed = 0;
const failed = [];
function check(id, ok, detail) {
  if (ok === deviations.has(id)) failed.push(`${id}: ${deviations.has(id) ? 'a documented deviation now agrees' : detail}`);
  else passed++;
}
const same = (a, b) => Date.parse(a) === Date.parse(b);

// The vectors: next() x5 from `from`, and prev() x2 on a fresh parse.
for (const file of ['cron-parser.jsonl', 'cron-parser-hash.jsonl']) {
  for (const v of lines(path.join(sourceDir, 'tests/vectors', file))) {
    const options = { currentDate: v.from, tz: v.tz, ...(v.seed ? { hashSeed: v.seed } : {}), ...(v.options || {}) };
    if (v.error) {  // cron-parser rejected it
      let threw = false;
      try { CronExpressionParser.parse(v.expr, options); } catch (e) { threw = true; }
      check(v.id, threw, 'accepted what cron-parser rejects');
      continue;
    }
    try {
      const it = CronExpressionParser.parse(v.expr, options);
      const next = [];
      for (let i = 0; i < v.next.length; i++) next.push(it.next().toISOString());
      const back = CronExpressionParser.parse(v.expr, options);
      const prev = [];
      for (let i = 0; i < v.prev.length; i++) prev.push(back.prev().toISOString());
      const ok = next.every((t, i) => same(t, v.next[i])) && prev.every((t, i) => same(t, v.prev[i]));
      check(v.id, ok, `next ${next} prev ${prev}`);
    } catch (e) {
      check(v.id, false, `threw ${e.message}`);
    }
  }
}

// cron-parser's own assertions.
let na = 0;
for (const c of lines(path.join(sourceDir, 'tests/peer-suites/cron-parser/cases.jsonl'))) {
  if (c.kind === 'na') {
    na++;
    continue;
  }
  const options = { tz: c.tz || 'UTC', ...(c.seed ? { hashSeed: c.seed } : {}), ...(c.options || {}) };
  if (c.at) options.currentDate = c.at;
  if (c.bounds && c.bounds.start) options.startDate = c.bounds.start;
  if (c.bounds && c.bounds.end) options.endDate = c.bounds.end;
  const wantsError = c.expected && typeof c.expected === 'object' && 'error' in c.expected;
  let ok = false, detail = '';
  try {
    const it = CronExpressionParser.parse(c.expr, options);
    if (c.kind === 'accept') ok = true;
    else if (c.kind === 'reject') detail = 'accepted';
    else if (c.kind === 'next') { const t = it.next().toISOString(); ok = same(t, c.expected); detail = t; }
    else if (c.kind === 'prev') { const t = it.prev().toISOString(); ok = same(t, c.expected); detail = t; }
    else if (c.kind === 'match') { const m = it.includesDate(new Date(c.at)); ok = m === c.expected; detail = String(m); }
    else detail = `unknown kind ${c.kind}`;
  } catch (e) {
    ok = c.kind === 'reject' || (wantsError && e.message === c.expected.error);
    detail = `threw ${e.message}`;
  }
  check(c.id, ok, `${c.kind} ${c.expr}: ${detail} (expected ${JSON.stringify(c.expected)})`);
}

// cron-parser's hash assertions: stringify(true) of H with a seed, the same text for the same seed,
// and a drawn H(a-b) inside its bounds.
for (const c of lines(path.join(sourceDir, 'tests/peer-suites/cron-parser/hash_cases.jsonl'))) {
  let ok = false, detail = '';
  try {
    const text = () => CronExpressionParser.parse(c.expr, { hashSeed: c.seed, tz: 'UTC' }).stringify(true);
    if (c.kind === 'resolve_text') { detail = text(); ok = detail === c.expected; }
    else if (c.kind === 'resolve_same') { detail = text(); ok = detail === text(); }
    else if (c.kind === 'resolve_property') {
      const { field, count, min, max } = c.expected;
      const names = ['second', 'minute', 'hour', 'day-of-month', 'month', 'day-of-week'];
      const fields = text().split(' ');
      const value = fields[names.indexOf(field) + (fields.length === 5 ? -1 : 0)];
      const values = value.split(',').map(Number);
      detail = value;
      ok = values.length === count && values.every((v) => v >= min && v <= max);
    } else detail = `unknown kind ${c.kind}`;
  } catch (e) {
    detail = `threw ${e.message}`;
  }
  check(c.id, ok, `${c.kind} ${c.expr} (${c.seed}): ${detail} (expected ${JSON.stringify(c.expected)})`);
}

console.log(`cron-parser through the npm package: ${passed} passed, ${failed.length} failed, ${na} not applicable`);
for (const f of failed.slice(0, 40)) console.log(`FAIL ${f}`);
process.exit(failed.length ? 1 : 0);
