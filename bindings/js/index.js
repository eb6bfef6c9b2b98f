'use strict';
// fuzzycron for JavaScript: the schedule engine compiled to WebAssembly
// (fuzzycron-wasm.wasm and its glue fuzzycron-wasm.js, built by the `wasm`
// preset), with two APIs over it:
//
//   const { CronExpressionParser } = require('fuzzycron');   // cron-parser 5's, answers and all
//   CronExpressionParser.parse('H 9 * * 1-5', { tz: 'Europe/Berlin', hashSeed: 'backup' }).next();
//
//   const fuzzycron = require('fuzzycron');                   // fuzzycron's own
//   fuzzycron.parse('H H(0-5) * * *', { seed: ['web-07', 'backup-db'], tz: 'Europe/Berlin' }).next();
//
//   const parser = require('fuzzycron');                      // cron-parser 4's too
//   parser.parseExpression('*/5 * * * *', { tz: 'UTC', iterator: true }).next();
//
// No runtime dependencies; the module instantiates synchronously on first use
// and installs nothing in the process (no listeners, no globals).

const {
  core, FuzzycronError, answer, string, seedParts, compile, releaseAll,
} = require('./core');
const five = require('./cron-parser');
const { CronParser } = require('./cron-parser4');

function instant(value, name) {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.getTime();
  if (value && typeof value.getTime === 'function' && !(value instanceof Date)) return value.getTime();  // a CronDate
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    if (Number.isNaN(t)) throw new Error(`${name}: '${value}' is not a date`);
    return t;
  }
  throw new TypeError(`${name} must be a Date, a string, a number or a CronDate`);
}

// Options by the library's schema (fuzzycron/options.h, camelCase here):
// dialect, seed, host, zone, dst, hashScheme, offsetWindow, balanceLock,
// secondsFirst, dayOr, strict, format, hashFields, hashSecondsByDefault,
// hashNames; the names this package took before (tz, hash, secondAtBeginning,
// a `furiko` object) still read. api.cc hands each to the library by name.
const OLD_NAMES = { tz: 'zone', hash: 'hashScheme', secondAtBeginning: 'secondsFirst', balance: 'balanceLock' };
const TEXTS = ['dialect', 'zone', 'dst', 'hashScheme', 'host', 'offsetWindow', 'balanceLock', 'format'];
const API_KEYS = new Set(['to', 'target', 'from', 'hosts', 'window', 'resolution']);  // lint's, resolve's, spread's
const FLAGS = ['strict', 'secondsFirst', 'dayOr', 'hashFields', 'hashSecondsByDefault', 'hashNames'];
function nativeOptions(options, name = 'options') {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null) throw new TypeError(`${name} must be an object`);
  options = { ...options };
  if (options.furiko !== undefined) {
    if (typeof options.furiko !== 'object' || options.furiko === null) throw new TypeError('furiko must be an object');
    options = { ...options.furiko, ...options };
  }
  for (const [before, now] of Object.entries(OLD_NAMES))
    if (options[before] !== undefined) {
      if (options[now] !== undefined) throw new TypeError(`${before} and ${now} are one option: give one`);
      options[now] = options[before];
    }
  const o = {};
  // The WebAssembly library has no file system (-sFILESYSTEM=0): Node reads
  // the lock here and the library checks its text, naming the file as the CLI does.
  if (options.balanceLock !== undefined) {
    o.balanceLockFile = { path: string(options.balanceLock, 'balanceLock'), text: readLock(options.balanceLock) };
    delete options.balanceLock;
  }
  for (const key of TEXTS)
    if (options[key] !== undefined)
      o[key] = key === 'offsetWindow' && typeof options[key] === 'number' ? `${options[key]}ms` : string(options[key], key);
  const seed = seedParts(options.seed, 'seed');
  if (seed.length) o.seed = seed;
  // A flag's text goes to the library, which refuses what is not true or false (as every front end does).
  for (const key of FLAGS)
    if (options[key] !== undefined) o[key] = typeof options[key] === 'string' ? options[key] : Boolean(options[key]);
  // Any other name goes to the library as given: it refuses what it does not know, with a did-you-mean.
  for (const [key, value] of Object.entries(options))
    if (value !== undefined && !(key in o) && !API_KEYS.has(key) && !(key in OLD_NAMES) && key !== 'seed' && key !== 'furiko')
      o[key] = typeof value === 'string' || typeof value === 'boolean' ? value : String(value);
  return o;
}

function readLock(path) {
  let fs;
  try {
    fs = require('fs');
  } catch {
    throw new Error('balanceLock: no file system here (a browser): read the lock in Node, or resolve the schedules there');
  }
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    throw new FuzzycronError({ message: `${path}: cannot read the balance lock`, column: 1, text: path, kind: 'lock' });
  }
}

// ---- fuzzycron's own API -------------------------------------------------

/** A compiled schedule: next/prev fire times as Dates, in its zone's rules. */
class Schedule {
  constructor(expression, options) {
    const compiled = compile(string(expression, 'expression'), nativeOptions(options));
    const info = compiled.info;
    this._c = compiled;
    this.expression = expression;
    this.resolved = info.resolved;
    this.zone = info.zone;
    this.never = info.never;
  }
  /** The first fire time strictly after `from` (default now), or null. */
  next(from) {
    const t = this._c.schedule.next(instant(from, 'from') ?? Date.now());
    return Number.isNaN(t) ? null : new Date(t);
  }
  /** The last fire time strictly before `from` (default now), or null. */
  prev(from) {
    const t = this._c.schedule.prev(instant(from, 'from') ?? Date.now());
    return Number.isNaN(t) ? null : new Date(t);
  }
  /**
   * Catch-up (docs/runner.md): the fire times in (lastRun, now] and those the policy runs now.
   * policy: {catchUp: 'skip' | 'latest' | 'all', limit (all: at most this many, the newest),
   * startingDeadline ('90m' or ms)}. Returns {run: Date[], missed, skipped, capped}.
   */
  missed(lastRun, now, policy = {}) {
    if (typeof policy !== 'object' || policy === null) throw new TypeError('policy must be an object');
    const r = answer(this._c.schedule.missed(instant(lastRun, 'lastRun'), instant(now, 'now') ?? Date.now(),
      JSON.stringify(policy)));
    return { run: r.run.map((t) => new Date(t)), missed: r.missed, skipped: r.skipped, capped: r.capped };
  }
  /** Up to `count` fire times after `from`. */
  take(count, from) {
    const out = [];
    let t = instant(from, 'from') ?? Date.now();
    while (out.length < count) {
      t = this._c.schedule.next(t);
      if (Number.isNaN(t)) break;
      out.push(new Date(t));
    }
    return out;
  }
}

function parse(expression, options) {
  return new Schedule(expression, options);
}
function explain(expression, options) {
  return answer(core().explain(string(expression, 'expression'), JSON.stringify(nativeOptions(options))));
}
function lint(expression, options = {}) {
  const o = nativeOptions(options);
  if (options.target !== undefined) o.target = string(options.target, 'target');
  o.from = instant(options.from, 'from') ?? Date.now();
  return answer(core().lint(string(expression, 'expression'), JSON.stringify(o)));
}
function resolve(expression, options = {}) {
  const to = options.to === undefined ? '' : string(options.to, 'to');
  return answer(core().resolve(string(expression, 'expression'), JSON.stringify(nativeOptions(options)), to)).resolved;
}
function offset(seed, windowMs) {
  if (typeof windowMs !== 'number') throw new TypeError('windowMs must be a number');
  return answer(core().offset(JSON.stringify(seedParts(seed, 'seed')), windowMs)).offset;
}
function spread(crontab, options = {}) {
  const o = nativeOptions(options);
  if (options.hosts !== undefined) o.hosts = seedParts(options.hosts, 'hosts');
  o.from = instant(options.from, 'from') ?? Date.now();
  for (const key of ['window', 'resolution'])
    if (options[key] !== undefined) {
      if (typeof options[key] !== 'number') throw new TypeError(`${key} must be a number of milliseconds`);
      o[key] = options[key];
    }
  return answer(core().spread(string(crontab, 'crontab'), JSON.stringify(o)));
}
function version() {
  return core().version();
}

// ---- cron-parser's APIs: 5's, with 4's functions beside them -----------
// `"cron-parser": "npm:fuzzycron@..."` answers code written for either major:
// 5's CronExpressionParser.parse and 4's parseExpression (and the 4.x subpaths
// cron-parser/lib/{date,expression,parser}) live side by side.
const { CronExpressionParser, CronExpression, CronFieldCollection, CronField, CronFileParser, CronDate } = five;
for (const name of ['parseExpression', 'fieldsToExpression', 'parseString', 'parseFile'])
  CronExpressionParser[name] = CronParser[name];

module.exports = {
  // fuzzycron's own
  parse, explain, lint, resolve, offset, spread, version, Schedule, FuzzycronError, releaseAll,
  // cron-parser 5's
  CronExpressionParser, CronExpression, CronFieldCollection, CronField, CronFileParser, CronDate,
  // cron-parser 4's
  parseExpression: CronParser.parseExpression, fieldsToExpression: CronParser.fieldsToExpression,
  parseString: CronParser.parseString, parseFile: CronParser.parseFile,
};
module.exports.default = CronExpressionParser;
