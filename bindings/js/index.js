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
// No runtime dependencies; the module instantiates synchronously on first use.

const fs = require('node:fs');
const path = require('node:path');
const createFuzzycron = require('./fuzzycron-wasm.js');

let wasm = null;
function core() {
  if (!wasm) {
    // The wasm's bytes handed over: emscripten 3.1.6's glue would fetch() a
    // file path under Node 18+, which has fetch but no file: URLs.
    const module = { wasmBinary: fs.readFileSync(path.join(__dirname, 'fuzzycron-wasm.wasm')) };
    createFuzzycron(module);  // WASM_ASYNC_COMPILATION=0: ready when the call returns
    if (typeof module.Schedule !== 'function') throw new Error('fuzzycron: the WebAssembly module did not load');
    wasm = module;
  }
  return wasm;
}

/** A rejected input: the message, and where (1-based column; line for multi-line specs, else 0). */
class FuzzycronError extends Error {
  constructor(e) {
    super(e.column > 0 ? `${e.message} (column ${e.column})` : e.message);
    this.name = 'FuzzycronError';
    this.reason = e.message;
    this.column = e.column || 0;
    this.line = e.line || 0;
    this.text = e.text || '';
    this.kind = e.kind || 'syntax';
  }
}

function answer(text) {
  const r = JSON.parse(text);
  if (r && r.error) throw new FuzzycronError(r.error);
  return r;
}

function string(value, name) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${typeof value}`);
  return value;
}

function seedParts(seed, name) {
  if (seed === undefined || seed === null) return [];
  if (typeof seed === 'string') return [seed];
  if (Array.isArray(seed) && seed.every((p) => typeof p === 'string')) return seed;
  throw new TypeError(`${name} must be a string or an array of strings`);
}

function instant(value, name) {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.getTime();
  if (value instanceof CronDate) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    if (Number.isNaN(t)) throw new Error(`${name}: '${value}' is not a date`);
    return t;
  }
  throw new TypeError(`${name} must be a Date, a string, a number or a CronDate`);
}

// The compiled schedule in WebAssembly memory, freed with the object holding it.
const freed = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((s) => s.delete()) : null;

function compile(expression, options, owner) {
  const s = new (core().Schedule)(expression, JSON.stringify(options));
  const error = s.error();
  if (error) {
    s.delete();
    throw new FuzzycronError(JSON.parse(error).error);
  }
  if (freed) freed.register(owner, s);
  return { schedule: s, info: JSON.parse(s.info()) };
}

function nativeOptions(options, name = 'options') {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null) throw new TypeError(`${name} must be an object`);
  const o = {};
  for (const key of ['dialect', 'tz', 'dst', 'hash']) if (options[key] !== undefined) o[key] = string(options[key], key);
  o.seed = seedParts(options.seed, 'seed');
  if (options.strict !== undefined) o.strict = Boolean(options.strict);
  if (options.secondAtBeginning !== undefined) o.secondAtBeginning = Boolean(options.secondAtBeginning);
  if (options.furiko !== undefined) {
    if (typeof options.furiko !== 'object' || options.furiko === null) throw new TypeError('furiko must be an object');
    o.furiko = options.furiko;
  }
  return o;
}

// ---- fuzzycron's own API -------------------------------------------------

/** A compiled schedule: next/prev fire times as Dates, in its zone's rules. */
class Schedule {
  constructor(expression, options) {
    const { schedule, info } = compile(string(expression, 'expression'), nativeOptions(options), this);
    this._s = schedule;
    this.expression = expression;
    this.resolved = info.resolved;
    this.zone = info.zone;
    this.never = info.never;
  }
  /** The first fire time strictly after `from` (default now), or null. */
  next(from) {
    const t = this._s.next(instant(from, 'from') ?? Date.now());
    return Number.isNaN(t) ? null : new Date(t);
  }
  /** The last fire time strictly before `from` (default now), or null. */
  prev(from) {
    const t = this._s.prev(instant(from, 'from') ?? Date.now());
    return Number.isNaN(t) ? null : new Date(t);
  }
  /** Up to `count` fire times after `from`. */
  take(count, from) {
    const out = [];
    let t = instant(from, 'from') ?? Date.now();
    while (out.length < count) {
      t = this._s.next(t);
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

// ---- cron-parser 5's API -------------------------------------------------

function defaultZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch (e) {
    return 'UTC';
  }
}

const formatters = new Map();
// The wall-clock fields of an instant in a zone, as cron-parser's CronDate reads them.
function fieldsIn(ms, tz) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short',
    });
    formatters.set(tz, f);
  }
  const parts = {};
  for (const p of f.formatToParts(new Date(ms))) parts[p.type] = p.value;
  const weekdays = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
  return {
    year: Number(parts.year), month: Number(parts.month) - 1, day: Number(parts.day),
    hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second),
    weekday: weekdays[parts.weekday],
  };
}

/** cron-parser's CronDate: an instant and the zone it is read in. */
class CronDate {
  constructor(ms, tz) {
    this._ms = ms;
    this._tz = tz || 'UTC';
  }
  getTime() { return this._ms; }
  valueOf() { return this._ms; }
  toDate() { return new Date(this._ms); }
  toISOString() { return new Date(this._ms).toISOString(); }
  toJSON() { return this.toISOString(); }
  toString() { return this.toDate().toString(); }
  get tz() { return this._tz; }
  getFullYear() { return fieldsIn(this._ms, this._tz).year; }
  getMonth() { return fieldsIn(this._ms, this._tz).month; }
  getDate() { return fieldsIn(this._ms, this._tz).day; }
  getDay() { return fieldsIn(this._ms, this._tz).weekday; }
  getHours() { return fieldsIn(this._ms, this._tz).hour; }
  getMinutes() { return fieldsIn(this._ms, this._tz).minute; }
  getSeconds() { return fieldsIn(this._ms, this._tz).second; }
  getMilliseconds() { return new Date(this._ms).getUTCMilliseconds(); }
  getUTCFullYear() { return new Date(this._ms).getUTCFullYear(); }
  getUTCMonth() { return new Date(this._ms).getUTCMonth(); }
  getUTCDate() { return new Date(this._ms).getUTCDate(); }
  getUTCDay() { return new Date(this._ms).getUTCDay(); }
  getUTCHours() { return new Date(this._ms).getUTCHours(); }
  getUTCMinutes() { return new Date(this._ms).getUTCMinutes(); }
  getUTCSeconds() { return new Date(this._ms).getUTCSeconds(); }
}

const OUT_OF_RANGE = 'Out of the time span range';

// ---- cron-parser's written form of a field (CronExpression.stringify)
const secondsZero = { values: [0], nth: 0, min: 0, max: 59 };  // a five-field expression's
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Sorted values cut into runs of one step, the way cron-parser groups them: a
// run takes its second value at the first gap unless the gap after it is
// smaller, then keeps every value one step further; a run of two becomes two
// single values.
function runsOf(values) {
  const runs = [];
  let run = null;
  values.forEach((v, i) => {
    if (run === null) { run = { start: v, count: 1 }; return; }
    if (v === 'L' || v === 'W') { runs.push(run, { start: v, count: 1 }); run = null; return; }
    const gap = v - values[i - 1];
    if (run.step === undefined && i + 1 < values.length) {
      if (gap <= values[i + 1] - v) { run = { start: run.start, count: 2, end: v, step: gap }; return; }
      run.step = 1;
    }
    if (v - (run.end === undefined ? 0 : run.end) === run.step) {
      run.count++;
      run.end = v;
      return;
    }
    if (run.count === 2) runs.push({ start: run.start, count: 1 }, { start: run.end, count: 1 });
    else runs.push(run.count === 1 ? { start: run.start, count: 1 } : run);
    run = { start: v, count: 1 };
  });
  if (run) runs.push(run);
  return runs;
}

function runText(run) {
  if (run.count === 1) return String(run.start);
  if (run.step === 1) return `${run.start}-${run.end}`;
  // Too few values for a step to read well: cron-parser lists them.
  if (run.step * (run.start === 0 ? run.count - 1 : run.count) > run.end) {
    const listed = [];
    for (let v = run.start; v <= run.end; v += run.step) listed.push(v);
    return listed.join(',');
  }
  return `${run.start}-${run.end}/${run.step}`;
}

// One field as cron-parser's CronFieldCollection.stringifyField writes it.
function cronParserField(key, field, fields) {
  let values = field.values;
  let max = field.max;
  if (key === 'dayOfWeek') {
    max = 6;
    if (values[values.length - 1] === 7) values = values.slice(0, -1);  // Sunday is written 0
  }
  if (key === 'dayOfMonth' && fields.month.values.length === 1) max = DAYS_IN_MONTH[fields.month.values[0] - 1];
  const runs = runsOf(values);
  if (runs.length === 1 && runs[0].step) {
    const r = runs[0];
    const day = key === 'dayOfMonth' || key === 'dayOfWeek';
    if (r.step === 1 && r.start === field.min && r.end >= max && (!day || field.isWildcard))
      return field.hasQuestionMarkChar ? '?' : '*';
    if (r.step !== 1 && r.start === field.min && r.end >= max - r.step + 1) return `*/${r.step}`;
  }
  return runs.map((r) => (key === 'dayOfWeek' && field.nthDay > 0 ? `${runText(r)}#${field.nthDay}` : runText(r))).join(',');
}

// cron-parser's field objects (CronExpression.fields): each field's values as
// cron-parser lists them, and what it says of the text as written.
const PREDEFINED = {
  '@yearly': '0 0 0 1 1 *', '@annually': '0 0 0 1 1 *', '@monthly': '0 0 0 1 * *', '@weekly': '0 0 0 * * 0',
  '@daily': '0 0 0 * * *', '@hourly': '0 0 * * * *', '@minutely': '0 * * * * *', '@secondly': '* * * * * *',
  '@weekdays': '0 0 0 * * 1-5', '@weekends': '0 0 0 * * 0,6',
};
const FIELD_KEYS = [  // cron-parser's name, fuzzycron's, the characters it allows besides numbers
  ['second', 'second', []], ['minute', 'minute', []], ['hour', 'hour', []],
  ['dayOfMonth', 'day-of-month', ['L']], ['month', 'month', []], ['dayOfWeek', 'day-of-week', ['L']],
];
// The six texts cron-parser reads: an alias's expansion, defaults for the missing leading fields.
function rawFieldsOf(expression) {
  const text = PREDEFINED[expression] || expression || '0 * * * * *';
  const atoms = text.trim().split(/\s+/);
  return ['0', '*', '*', '*', '*', '*'].slice(0, Math.max(0, 6 - atoms.length)).concat(atoms);
}
function cronParserOrder(a, b) {
  const an = typeof a === 'number', bn = typeof b === 'number';
  if (an && bn) return a - b;
  if (!an && !bn) return String(a).localeCompare(String(b));
  return an ? -1 : 1;
}

/** One field of a CronExpression, as cron-parser 5's CronField. */
class CronField {
  constructor(field, rawValue, chars, nthDay) {
    this._values = Object.freeze([...new Set(field.values)].sort(cronParserOrder));
    this._min = field.min;
    this._max = field.max;
    this._chars = Object.freeze(chars);
    this._raw = rawValue;
    this._nth = nthDay;
  }
  get values() { return this._values; }
  get min() { return this._min; }
  get max() { return this._max; }
  get chars() { return this._chars; }
  get isWildcard() { return this._raw === '*' || this._raw === '?'; }
  get hasLastChar() { return this._raw.includes('L') || this._values.includes('L'); }
  get hasQuestionMarkChar() { return this._raw.includes('?'); }
  /** The day of week's `#` occurrence (1-5), or 0; on the day-of-week field only. */
  get nthDay() { return this._nth; }
  serialize() { return { wildcard: this.isWildcard, values: [...this._values] }; }
}

/** The six fields of a CronExpression, as cron-parser 5's CronFieldCollection. */
class CronFieldCollection {
  constructor(expression, f) {
    const raw = rawFieldsOf(expression);
    FIELD_KEYS.forEach(([key, name, chars], i) => {
      const field = f[name] || secondsZero;
      let values = field.values;
      // A month of its own drops the days it does not have (cron-parser's CronDayOfMonth.fromMonth).
      if (key === 'dayOfMonth' && f.month && f.month.values.length === 1) {
        const days = values.filter((v) => typeof v !== 'number' || v <= DAYS_IN_MONTH[f.month.values[0] - 1]);
        if (days.length > 0) values = days;
      }
      this['_' + key] = new CronField({ ...field, values }, raw[i], chars, key === 'dayOfWeek' ? field.nth || 0 : 0);
    });
  }
  get second() { return this._second; }
  get minute() { return this._minute; }
  get hour() { return this._hour; }
  get dayOfMonth() { return this._dayOfMonth; }
  get month() { return this._month; }
  get dayOfWeek() { return this._dayOfWeek; }
  /** The expression as cron-parser writes it back. */
  stringify(includeSeconds = false) {
    const order = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'];
    if (includeSeconds) order.unshift('second');
    return order.map((key) => cronParserField(key, this['_' + key], this)).join(' ');
  }
  serialize() {
    const out = {};
    for (const [key] of FIELD_KEYS) out[key] = this['_' + key].serialize();
    return out;
  }
}

/** cron-parser's CronExpression: an iterator over the fire times from currentDate. */
class CronExpression {
  constructor(expression, options = {}) {
    string(expression, 'expression');
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    this._tz = options.tz === undefined ? defaultZone() : string(options.tz, 'tz');
    this._start = instant(options.startDate, 'startDate');
    this._end = instant(options.endDate, 'endDate');
    this._initial = instant(options.currentDate, 'currentDate') ?? Date.now();
    this._cursor = this._initial;
    // cron-parser draws H from hashSeed, or from a random seed of its own when there is none.
    let seed = options.hashSeed;
    if (seed === undefined && /H/.test(expression)) seed = Math.random().toString(36).slice(2);
    const o = { dialect: 'cron-parser', tz: this._tz, seed: seedParts(seed, 'hashSeed') };
    if (options.strict) o.strict = true;
    const { schedule, info } = compile(expression, o, this);
    this._s = schedule;
    this._expression = expression;
    this._options = o;
    this._resolved = info.resolved;
  }
  _step(forward, move) {
    const t = forward ? this._s.next(this._cursor) : this._s.prev(this._cursor);
    if (Number.isNaN(t) || (forward && this._end !== undefined && t > this._end) ||
        (!forward && this._start !== undefined && t < this._start))
      throw new Error(OUT_OF_RANGE);
    if (move) this._cursor = t;
    return new CronDate(t, this._tz);
  }
  next() { return this._step(true, true); }
  prev() { return this._step(false, true); }
  hasNext() {
    try { this._step(true, false); return true; } catch (e) { return false; }
  }
  hasPrev() {
    try { this._step(false, false); return true; } catch (e) { return false; }
  }
  /** Up to `limit` fire times from the cursor (backwards for a negative limit), fewer at the range's end. */
  take(limit) {
    const out = [];
    const forward = limit >= 0;
    for (let i = 0; i < Math.abs(limit); i++) {
      try { out.push(this._step(forward, true)); } catch (e) { break; }
    }
    return out;
  }
  /** Back to currentDate, or to `newDate`. */
  reset(newDate) {
    this._cursor = newDate === undefined ? this._initial : instant(newDate, 'newDate');
  }
  /** Whether the date's second is a fire time (its milliseconds ignored, as cron-parser does). */
  includesDate(date) {
    const t = Math.floor(instant(date, 'date') / 1000) * 1000;
    return this._s.next(t - 1) === t;
  }
  /** Each field's values, as cron-parser's CronFieldCollection (H drawn). */
  get fields() {
    if (!this._fields) {
      const f = answer(core().fields(this._expression, JSON.stringify(this._options)));
      this._fields = new CronFieldCollection(this._expression, f);
    }
    return this._fields;
  }
  /** The expression as cron-parser writes it back: H drawn, each field's values compacted. */
  stringify(includeSeconds = false) {
    return this.fields.stringify(includeSeconds);
  }
  toString() { return this.stringify(); }
  [Symbol.iterator]() {
    return { next: () => (this.hasNext() ? { value: this.next(), done: false } : { value: undefined, done: true }) };
  }
}

const CronExpressionParser = {
  /** cron-parser 5's parse(expression, {currentDate, startDate, endDate, tz, hashSeed, strict}). */
  parse(expression, options = {}) {
    return new CronExpression(expression, options);
  },
};

// cron-parser's crontab reading: VAR=value lines, # comments, entries of an
// expression (5 or 6 fields, as cron-parser takes the first six atoms) and a command.
function parseCrontab(text) {
  const result = { variables: {}, expressions: [], errors: {} };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const variable = line.match(/^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (variable) {
      result.variables[variable[1]] = variable[2];
      continue;
    }
    try {
      const atoms = line.split(' ');
      if (atoms.length < 6) throw new Error(`Invalid entry: ${line}`);
      result.expressions.push(CronExpressionParser.parse(atoms.slice(0, 6).join(' ')));
    } catch (e) {
      result.errors[line] = e;
    }
  }
  return result;
}

const CronFileParser = {
  parseFileSync(path) {
    return parseCrontab(require('fs').readFileSync(string(path, 'path'), 'utf8'));
  },
  async parseFile(path) {
    return parseCrontab(await require('fs').promises.readFile(string(path, 'path'), 'utf8'));
  },
};

module.exports = {
  // fuzzycron's own
  parse, explain, lint, resolve, offset, spread, version, Schedule, FuzzycronError,
  // cron-parser 5's
  CronExpressionParser, CronExpression, CronFieldCollection, CronField, CronFileParser, CronDate,
};
module.exports.default = CronExpressionParser;
