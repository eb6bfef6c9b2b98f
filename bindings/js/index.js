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

// The option names of the options schema (issue 28, camelCase in JavaScript),
// with the names this package took before beside them: zone (tz), hashScheme
// (hash), secondsFirst (secondAtBeginning), furiko's format, hashFields,
// hashSecondsByDefault, hashNames (also as a `furiko` object). Crossing to the
// engine as api.cc's JSON keys until the library's set_option is there.
const RENAMED = { zone: 'tz', hashScheme: 'hash', secondsFirst: 'secondAtBeginning' };
const FURIKO = ['format', 'hashFields', 'hashSecondsByDefault', 'hashNames'];
function nativeOptions(options, name = 'options') {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null) throw new TypeError(`${name} must be an object`);
  options = { ...options };
  for (const [now, before] of Object.entries(RENAMED))
    if (options[now] !== undefined) {
      if (options[before] !== undefined) throw new TypeError(`${now} and ${before} are one option: give one`);
      options[before] = options[now];
    }
  const o = {};
  for (const key of ['dialect', 'tz', 'dst', 'hash']) if (options[key] !== undefined) o[key] = string(options[key], key);
  o.seed = seedParts(options.seed, 'seed');
  if (options.strict !== undefined) o.strict = Boolean(options.strict);
  if (options.secondAtBeginning !== undefined) o.secondAtBeginning = Boolean(options.secondAtBeginning);
  if (options.dayOr !== undefined) o.dayOr = Boolean(options.dayOr);
  if (options.furiko !== undefined) {
    if (typeof options.furiko !== 'object' || options.furiko === null) throw new TypeError('furiko must be an object');
    o.furiko = { ...options.furiko };
  }
  for (const key of FURIKO)
    if (options[key] !== undefined) o.furiko = { ...o.furiko, [key]: key === 'format' ? string(options[key], key) : Boolean(options[key]) };
  return o;
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
