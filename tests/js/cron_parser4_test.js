// cron-parser 4's API of the package against cron-parser 4.9 itself
// (tests/oracles/cron-parser4, installed by scripts/setup.sh test), side by
// side in one process: every expression of the cron-parser vectors through
// parseExpression (next x5, prev x2, same instants or both refusing), the
// 4.x CronDate's methods in chains over DST changes in several zones, the
// iterator option, hasNext/hasPrev/reset, startDate/endDate and what
// node-schedule reads of them (_endDate), fields, stringify,
// fieldsToExpression, parseString, parseFile, and the subpath modules.
// Usage: node cron_parser4_test.js PACKAGE_DIR SOURCE_DIR ORACLE_DIR
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const [packageDir, sourceDir, oracleDir] = process.argv.slice(2);
const mine = require(path.resolve(packageDir));
const MineDate = require(path.join(path.resolve(packageDir), 'lib/date.js'));
const four = require(path.resolve(oracleDir, 'node_modules/cron-parser'));
const FourDate = require(path.resolve(oracleDir, 'node_modules/cron-parser/lib/date'));

let passed = 0;
const failed = [];
const check = (name, ok, detail) => (ok ? passed++ : failed.push(`${name}: ${detail}`));
const outcome = (f) => {
  try {
    const v = f();
    return JSON.stringify(v, (k, x) => (x instanceof Error ? `Error: ${x.message}` : x));
  } catch (e) {
    return `throws ${e.message}`;
  }
};
const same = (name, f) => {  // f(api, CronDate) run with the oracle and with the package
  const a = outcome(() => f(four, FourDate)), b = outcome(() => f(mine, MineDate));
  check(name, a === b, `cron-parser 4: ${a}\n      package: ${b}`);
};

// ---- every accepted-or-refused expression of the cron-parser vectors (no H: 4.x has none)
const vectors = fs.readFileSync(path.join(sourceDir, 'tests/vectors/cron-parser.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((v) => !/H/.test(v.expr));
let vectorSame = 0;
for (const v of vectors) {
  const run = (api) => outcome(() => {
    const o = { currentDate: v.from, tz: v.tz };
    const it = api.parseExpression(v.expr, o);
    const back = api.parseExpression(v.expr, { ...o });
    return [0, 1, 2, 3, 4].map(() => it.next().toISOString()).concat([0, 1].map(() => back.prev().toISOString()));
  });
  const a = run(four), b = run(mine);
  // Both refusing counts as the same, whatever their words.
  if (a === b || (a.startsWith('throws') && b.startsWith('throws'))) vectorSame++;
  else failed.push(`vector ${v.id} ${v.expr} ${v.tz}:\n      cron-parser 4: ${a}\n      package: ${b}`);
}
console.log(`vectors through parseExpression: ${vectorSame}/${vectors.length} as cron-parser 4.9`);

// ---- CronDate: chains of 4.x's methods, in zones with DST changes, from instants around them
const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/Santiago', 'UTC', undefined];
const starts = ['2021-03-14T06:59:59.500Z', '2021-11-07T05:30:00Z', '2021-03-28T00:59:30Z', '2021-10-31T00:30:00Z',
  '2021-04-03T14:45:00Z', '2021-10-02T15:20:00Z', '2022-04-02T02:30:00Z', '2022-09-11T03:10:00Z', '2024-02-29T12:00:00Z'];
const ops = ['addYear', 'addMonth', 'addDay', 'addHour', 'addMinute', 'addSecond', 'subtractYear', 'subtractMonth',
  'subtractDay', 'subtractHour', 'subtractMinute', 'subtractSecond'];
const setters = [['setDate', 31], ['setMonth', 1], ['setHours', 2], ['setMinutes', 30], ['setSeconds', 0],
  ['setFullYear', 2023], ['setMilliseconds', 0], ['setDay', 0]];
const reads = (d) => [d.getTime(), d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(),
  d.getSeconds(), d.getMilliseconds(), d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(),
  d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.toISOString(), d.isLastDayOfMonth(),
  d.isLastWeekdayOfMonth(), d.toDate().getTime()];
let seed = 29;
const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
for (const tz of zones)
  for (const start of starts)
    for (let chain = 0; chain < 6; chain++) {
      const steps = [];
      for (let i = 0; i < 12; i++) steps.push(random(4) === 0 ? setters[random(setters.length)] : [ops[random(ops.length)]]);
      same(`CronDate ${tz} ${start} ${steps.map((s) => s.join(' ')).join(', ')}`, (api, CronDate) => {
        const d = new CronDate(start, tz);
        return steps.map(([op, arg]) => { d[op](arg); return reads(d); });
      });
    }
for (const input of [new Date('2021-03-14T07:00:00Z'), 1615705200000, '2021-03-14T02:30:00', '2021-03-14 03:30:00',
  '2021-03-14T02:30:00+05:00', 'Sun, 14 Mar 2021 10:00:00 GMT', 'garbage', new Date(NaN)])
  for (const tz of ['America/New_York', 'UTC'])
    same(`new CronDate(${JSON.stringify(input)}, ${tz})`, (api, CronDate) => reads(new CronDate(input, tz)));
same('CronDate of a CronDate keeps the zone', (api, CronDate) => reads(new CronDate(new CronDate('2021-06-01T12:00:00Z', 'Asia/Tokyo'))));
same('CronDate toJSON', (api, CronDate) => [new CronDate('2021-06-01T12:00:00Z', 'Asia/Kolkata').toJSON(),
  new CronDate('2021-06-01T12:00:00Z', 'UTC').toJSON()]);

// ---- the expression object
const at = { currentDate: '2021-03-13T12:00:00Z', tz: 'America/New_York' };
same('iterator option', (api) => {
  const it = api.parseExpression('0 */12 * * *', { ...at, iterator: true, endDate: '2021-03-15T00:00:00Z' });
  const out = [];
  for (let i = 0; i < 4; i++) out.push(outcome(() => { const r = it.next(); return [r.value.toISOString(), r.done]; }));
  return out;
});
same('iterator option backwards', (api) => {
  const it = api.parseExpression('0 */12 * * *', { ...at, iterator: true, startDate: '2021-03-12T00:00:00Z' });
  return [0, 1, 2, 3].map(() => outcome(() => { const r = it.prev(); return [r.value.toISOString(), r.done]; }));
});
same('hasNext/hasPrev at the bounds', (api) => {
  const it = api.parseExpression('30 2 * * *', { ...at, startDate: '2021-03-12T00:00:00Z', endDate: '2021-03-16T00:00:00Z', tz: 'Asia/Tokyo' });
  const out = [];
  for (let i = 0; i < 4; i++) out.push([it.hasNext(), outcome(() => it.next().toISOString())]);
  for (let i = 0; i < 6; i++) out.push([it.hasPrev(), outcome(() => it.prev().toISOString())]);
  return out;
});
same('_startDate, _endDate, _currentDate, _tz, _isIterator', (api) => {
  const it = api.parseExpression('0 * * * *', { ...at, startDate: new Date('2021-01-01T00:00:00Z'), endDate: '2021-12-31T00:00:00Z' });
  it.next();
  return [it._startDate.getTime(), it._endDate.getTime(), it._endDate.getHours(), it._currentDate.toISOString(), it._tz,
    it._isIterator, it._hasIterated, it._utc];
});
same('utc option', (api) => api.parseExpression('0 9 * * *', { currentDate: '2021-03-13T12:00:00Z', utc: true }).next().toISOString());
same('reset', (api) => {
  const it = api.parseExpression('*/10 * * * *', { ...at });
  it.next(); it.next();
  it.reset();
  const a = it.next().toISOString();
  it.reset(new Date('2021-05-05T05:05:00Z'));
  return [a, it.next().toISOString()];
});
same('iterate', (api) => {
  const seen = [];
  const it = api.parseExpression('15 10 * * 1-5', { ...at });
  return [it.iterate(3, (d, i) => seen.push([d.toISOString(), i])).map((d) => d.toISOString()),
    it.iterate(-2).map((d) => d.toISOString()), seen];
});
for (const expr of ['*/5 1 * * *', '0 0 L * *', '0 12 1-15/2 1,6 mon-fri', '@daily', '@weekly', '5 4 * * 5L', '0 0 * * 1#2', '*/15 * * 2 *', '1 2 3 4 5 6'])
  same(`fields and stringify of ${expr}`, (api) => {
    const e = api.parseExpression(expr, { ...at });
    return [e.fields, e.stringify(), e.stringify(true), Object.isFrozen(e.fields), Object.isFrozen(e.fields.minute)];
  });
same('fieldsToExpression', (api) => {
  const f = api.parseExpression('0 12 * * 1-5', { ...at }).fields;
  const e = api.fieldsToExpression({ ...f, hour: [8, 18], minute: [30] }, { ...at });
  return [e.stringify(), e.next().toISOString()];
});
for (const bad of [{ hour: [24] }, { minute: [] }, { second: undefined }, { minute: [1, 1] }])
  same(`fieldsToExpression refuses ${JSON.stringify(bad)}`, (api) => {
    const f = { ...api.parseExpression('0 12 * * *', { ...at }).fields, ...bad };
    return api.fieldsToExpression(f, { ...at }).stringify();
  });
const crontab = 'SHELL=/bin/sh\n# comment\n*/10 * * * * /bin/task\n0 0 1 1 * yearly\nbad entry here\n61 * * * * x\n';
same('parseString', (api) => {
  const r = api.parseString(crontab);
  return [r.variables, r.expressions.map((e) => e.stringify(true)), Object.keys(r.errors),
    Object.values(r.errors).map((e) => e instanceof Error)];
});
for (const expr of ['61 * * * *', '* * * * * * *', 'x * * * *', '0 0 1-40 * *', '*/0 * * * *'])
  same(`refusal of ${expr}`, (api) => api.parseExpression(expr, { ...at }).next().toISOString());

// parseFile (callback), and the module shapes: the subpaths and the cron-parser4 entry.
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fc4-')), 'crontab');
fs.writeFileSync(file, crontab);
const shape = (m) => Object.keys(m).filter((k) => typeof m[k] === 'function').sort();
const entry4 = require(path.join(path.resolve(packageDir), 'cron-parser4-entry.js'));
check('cron-parser4 entry has 4.x functions', JSON.stringify(shape(entry4)) === JSON.stringify(shape(four)),
  `${shape(entry4)} vs ${shape(four)}`);
const expression4 = require(path.join(path.resolve(packageDir), 'lib/expression.js'));
check('lib/expression statics', typeof expression4.parse === 'function' && typeof expression4.fieldsToExpression === 'function', '');
check('lib/parser is the main module of 4.x', require(path.join(path.resolve(packageDir), 'lib/parser.js')) === entry4, '');
check('results are lib/date CronDates', mine.parseExpression('* * * * *').next() instanceof MineDate, '');
let pending = 2;
const results = {};
const done = () => {
  if (--pending) return;
  const a = JSON.stringify(results.four), b = JSON.stringify(results.mine);
  check('parseFile', a === b, `${a} vs ${b}`);
  fs.rmSync(path.dirname(file), { recursive: true });
  console.log(`cron-parser 4 API against cron-parser 4.9: ${passed} passed, ${failed.length} failed`);
  for (const f of failed.slice(0, 30)) console.log(`FAIL ${f}`);
  process.exitCode = failed.length ? 1 : 0;
};
for (const [name, api] of [['four', four], ['mine', mine]])
  api.parseFile(file, (err, r) => {
    results[name] = err ? String(err) : [r.variables, r.expressions.map((e) => e.stringify()), Object.keys(r.errors)];
    done();
  });
