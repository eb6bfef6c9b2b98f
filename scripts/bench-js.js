#!/usr/bin/env node
// The npm package against cron-parser 5 and croner (both from npm, installed by
// scripts/bench-js.sh into a scratch folder), same process, same run: parse +
// 10 next in America/New_York, and 10,000 chained next on */5 * * * *. Every
// library's answers are compared first. Best of 5 runs.
// Usage: node bench-js.js FUZZYCRON_PACKAGE_DIR PEERS_NODE_MODULES
'use strict';
const path = require('path');
const [pkg, peersDir] = process.argv.slice(2);
const peers = path.resolve(peersDir);
const fuzzycron = require(path.resolve(pkg));
const { CronExpressionParser } = require(path.join(peers, 'cron-parser'));
const { Cron } = require(path.join(peers, 'croner'));

const START = new Date('2026-03-06T21:50:00Z');
const EXPRS = ['*/15 9-17 * * 1-5', '0 9 * * 1-5', '30 2 * * *', '0 0 1 * *'];

function best(fn, n) {
  let min = Infinity;
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    fn(n);
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / n);
  }
  return min;  // ns per iteration
}

const contenders = {
  'fuzzycron (cron-parser API)': (expr, from, count) => {
    const it = fuzzycron.CronExpressionParser.parse(expr, { tz: 'America/New_York', currentDate: from });
    const out = [];
    for (let i = 0; i < count; i++) out.push(it.next().getTime());
    return out;
  },
  'fuzzycron (own API)': (expr, from, count) => {
    const s = fuzzycron.parse(expr, { dialect: 'cron-parser', tz: 'America/New_York' });
    const out = [];
    let t = from.getTime();
    for (let i = 0; i < count; i++) { t = s.next(t).getTime(); out.push(t); }
    return out;
  },
  'cron-parser 5': (expr, from, count) => {
    const it = CronExpressionParser.parse(expr, { tz: 'America/New_York', currentDate: from });
    const out = [];
    for (let i = 0; i < count; i++) out.push(it.next().getTime());
    return out;
  },
  croner: (expr, from, count) => {
    const c = new Cron(expr, { timezone: 'America/New_York' });
    const out = [];
    let t = from;
    for (let i = 0; i < count; i++) { t = c.nextRun(t); out.push(t.getTime()); }
    return out;
  },
};

// The same answers first.
for (const expr of EXPRS) {
  const reference = JSON.stringify(contenders['cron-parser 5'](expr, START, 10));
  for (const [name, f] of Object.entries(contenders))
    if (JSON.stringify(f(expr, START, 10)) !== reference) console.log(`note: ${name} differs from cron-parser on '${expr}'`);
}

const rows = [];
for (const [name, f] of Object.entries(contenders)) {
  const parse10 = best((n) => { for (let i = 0; i < n; i++) f(EXPRS[i % EXPRS.length], START, 10); }, 2000);
  const next10k = best(() => f('*/5 * * * *', START, 10000), 1);
  rows.push([name, parse10, next10k]);
}
const cp = rows.find((r) => r[0] === 'cron-parser 5');
console.log(`${'library'.padEnd(30)} ${'parse+10 next (NY)'.padStart(20)} ${'x cron-parser'.padStart(14)} ${'10,000 next */5'.padStart(17)} ${'x cron-parser'.padStart(14)}`);
for (const [name, a, b] of rows)
  console.log(`${name.padEnd(30)} ${(a / 1000).toFixed(1).padStart(17)} µs ${(cp[1] / a).toFixed(1).padStart(13)}x ${(b / 1e6).toFixed(2).padStart(14)} ms ${(cp[2] / b).toFixed(1).padStart(13)}x`);

// BullMQ's and Bull's pattern: a parse and one next() per repeat, the same
// pattern again and again; without tz (the process zone) and with it; and
// cron-parser 4's parseExpression (Bull 4, node-schedule) against cron-parser
// 4.9 itself when its oracle is installed (tests/oracles/cron-parser4).
// Rounds alternate between the libraries; best of 7 each.
let four = null;
try {
  four = require(path.resolve(__dirname, '../tests/oracles/cron-parser4/node_modules/cron-parser'));
} catch (e) { /* cron-parser 4 not installed: its row is left out */ }
const now = new Date('2026-03-06T21:50:00Z');
const patterns = {
  'parse + 1 next, no tz': [
    ['fuzzycron', () => fuzzycron.CronExpressionParser.parse('*/5 * * * *', { currentDate: now }).next()],
    ['cron-parser 5', () => CronExpressionParser.parse('*/5 * * * *', { currentDate: now }).next()]],
  'parse + 1 next, tz New York': [
    ['fuzzycron', () => fuzzycron.CronExpressionParser.parse('0 9 * * 1-5', { currentDate: now, tz: 'America/New_York' }).next()],
    ['cron-parser 5', () => CronExpressionParser.parse('0 9 * * 1-5', { currentDate: now, tz: 'America/New_York' }).next()]],
};
if (four)
  patterns['parseExpression + 1 next, tz Berlin (4.x API)'] = [
    ['fuzzycron', () => fuzzycron.parseExpression('0 */2 * * *', { currentDate: now, tz: 'Europe/Berlin' }).next()],
    ['cron-parser 4', () => four.parseExpression('0 */2 * * *', { currentDate: now, tz: 'Europe/Berlin' }).next()]];
console.log(`\n${'pattern'.padEnd(46)} ${'fuzzycron'.padStart(12)} ${'cron-parser'.padStart(12)} ${'ratio'.padStart(8)}`);
for (const [name, [[, ours], [peer, theirs]]] of Object.entries(patterns)) {
  if (ours().getTime() !== theirs().getTime()) console.log(`note: the answers differ on '${name}'`);
  const times = { ours: Infinity, theirs: Infinity };
  for (let round = 0; round < 7; round++)
    for (const [key, f] of [['ours', ours], ['theirs', theirs]]) {
      const n = key === 'ours' ? 20000 : 2000;
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) f();
      times[key] = Math.min(times[key], Number(process.hrtime.bigint() - t0) / n);
    }
  console.log(`${`${name} (vs ${peer})`.padEnd(46)} ${(times.ours / 1000).toFixed(2).padStart(9)} µs ${(times.theirs / 1000).toFixed(2).padStart(9)} µs ${(times.theirs / times.ours).toFixed(1).padStart(7)}x`);
}
