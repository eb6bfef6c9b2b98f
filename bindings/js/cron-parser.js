'use strict';
// cron-parser 5's API (CronExpressionParser.parse, CronExpression, CronDate,
// CronFileParser) and what cron-parser 4's (cron-parser4.js) shares with it:
// reading options as each major reads them, cron-parser's error messages.
// Fire times come from the engine (the `cron-parser` dialect).

const { FuzzycronError, string, seedParts, processZone, isZone, compile } = require('./core');
const { CronDate } = require('./cron-date');
const { CronField, CronFieldCollection } = require('./fields');
const { core, answer } = require('./core');

/** cron-parser 5's CronDate: 0 is the epoch (4.x: now), unreadable input said as String(). */
class CronDate5 extends CronDate {
  constructor(timestamp, tz) {
    super(timestamp === 0 ? new Date(0) : timestamp, tz);
  }
  static describe(t) {
    return 'CronDate: unhandled timestamp: ' + String(t);
  }
}

// ---- options, as each major reads them (checked against both in tests/js/invalid_input_test.js)
function unhandled(major, t) {
  return new Error('CronDate: unhandled timestamp: ' + (major === 4 ? JSON.stringify(t) : String(t)));
}
// The zone option as luxon (under both majors' CronDate) takes it: absent, or a zone it knows.
// A falsy unknown (NaN, false, '') leaves dates read "now" alone but spoils given ones; a truthy
// unknown spoils all: given dates at parse, "now" at the first next()/prev().
function zoneOption(tz) {
  if (tz === undefined || tz === null) return { name: processZone() };
  if (tz === 0) return { name: 'UTC' };
  if (typeof tz === 'string' && tz !== '' && isZone(tz)) return { name: tz };
  return { name: processZone(), bad: true, deferred: Boolean(tz) };
}
/** {tz, current, start, end, deferred} of a cron-parser options object; throws as that major does. */
function readOptions(major, options) {
  const zone = zoneOption(major === 4 && options.utc ? 'UTC' : options.tz);
  const Class = major === 4 ? CronDate : CronDate5;
  const given = (v) => (major === 4 ? Boolean(v) : Boolean(v) || v === 0);
  const read = (v) => {
    if (zone.bad && given(v) && !(v instanceof CronDate)) throw unhandled(major, v instanceof Date && major === 4 ? null : v);
    return new Class(v, zone.name).getTime();
  };
  const o = { tz: zone.name };
  if (zone.deferred) o.deferred = unhandled(major, major === 4 ? null : new Date(NaN));
  if (major === 4) {
    o.current = read(options.currentDate);
    if (options.startDate) o.start = read(options.startDate);
    if (options.endDate) o.end = read(options.endDate);
    return o;
  }
  // 5.x: startDate stands in for a missing currentDate, which is kept inside [start, end].
  if (options.startDate != null) o.start = read(options.startDate);
  if (options.endDate != null) o.end = read(options.endDate);
  const value = options.currentDate ?? options.startDate;
  o.current = read(value);
  if (value != null) {
    if (o.start !== undefined && o.current < o.start) o.current = o.start;
    else if (o.end !== undefined && o.current > o.end) o.current = o.end;
  }
  return o;
}

// ---- cron-parser's messages for what it refuses (fuzzycron's own text kept as .fuzzycron)
const LIMITS = [[0, 59], [0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];
const NAMES = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat)$/i;
const PREDEFINED5 = /^@(yearly|annually|monthly|weekly|daily|hourly|minutely|secondly|weekdays|weekends)$/;
// The message cron-parser gives for the commonest refusals, or null (then fuzzycron's own text).
function cronParserMessage(major, expression) {
  const text = expression.trim();
  if (text.startsWith('@')) {
    if (PREDEFINED5.test(text)) return null;
    const alias = /[a-z]{1,3}/i.exec(text);
    return `Validation error, cannot resolve alias "${major === 4 && alias ? alias[0] : text.slice(1)}"`;
  }
  const atoms = text.split(/\s+/);
  if (atoms.length > 6) return major === 4 ? 'Invalid cron expression' : 'Invalid cron expression, too many fields';
  const fields = ['0', '*', '*', '*', '*', '*'].slice(0, 6 - atoms.length).concat(atoms);
  for (let i = 0; i < 6; i++) {
    const field = fields[i];
    const allowed = i === 3 ? /^[?,*\dLHW/()-]+$/ : i === 5 ? /^[?,*\dLH#/()-]+$/ : /^[,*\dH/()-]+$/;
    const plain = field.split(/[,/#-]/).filter((p) => p && !NAMES.test(p)).join(',');
    if (plain && !allowed.test(plain)) return `Invalid characters, got value: ${field}`;
    const [min, max] = LIMITS[i];
    for (const term of field.split(',')) {
      const [range, step] = term.split('/');
      if (step !== undefined && /^\d+$/.test(step) && Number(step) === 0)
        return 'Constraint error, cannot repeat at every 0 time.';
      const bounds = range.split('-');
      if (bounds.length === 2 && bounds.every((x) => /^\d+$/.test(x))) {
        const [lo, hi] = bounds.map(Number);
        if (lo < min || hi > max) return `Constraint error, got range ${lo}-${hi} expected range ${min}-${max}`;
        if (lo > hi) return major === 4 ? `Invalid range: ${range}` : `Invalid range: ${range}, min(${lo}) > max(${hi})`;
      } else if (bounds.length === 1 && /^\d+$/.test(range) && (Number(range) < min || Number(range) > max))
        return `Constraint error, got value ${Number(range)} expected range ${min}-${max}`;
    }
  }
  return null;
}
/** A compile error said as cron-parser says it, where the package knows its words. */
function asCronParserError(e, major, expression) {
  if (!(e instanceof FuzzycronError)) return e;
  const message = cronParserMessage(major, expression);
  e.fuzzycron = e.message;
  if (message) e.message = message;
  return e;
}

/** Compiles for a cron-parser API: the `cron-parser` dialect, H from hashSeed or a random seed as cron-parser draws. */
function compileCronParser(major, expression, tz, options) {
  let seed = options.hashSeed;
  if (seed === undefined && /H/.test(expression)) seed = Math.random().toString(36).slice(2);
  const o = { dialect: 'cron-parser', zone: tz, seed: seedParts(seed, 'hashSeed') };
  if (options.strict) o.strict = true;
  try {
    return { compiled: compile(expression, o), parseOptions: o };
  } catch (e) {
    throw asCronParserError(e, major, expression);
  }
}

const OUT_OF_RANGE = 'Out of the time span range';

/** cron-parser 5's CronExpression: an iterator over the fire times from currentDate. */
class CronExpression {
  constructor(expression, options = {}) {
    string(expression, 'expression');
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const o = readOptions(5, options);
    this._tz = o.tz;
    this._start = o.start;
    this._end = o.end;
    this._initial = o.current;
    this._cursor = o.current;
    this._deferred = o.deferred;
    const { compiled, parseOptions } = compileCronParser(5, expression, o.tz, options);
    this._c = compiled;
    this._expression = expression;
    this._options = parseOptions;
  }
  _step(forward, move) {
    if (this._deferred) throw this._deferred;
    // 5.x checks the cursor against the span before each step, in either direction.
    if ((this._start !== undefined && this._cursor < this._start) || (this._end !== undefined && this._cursor > this._end))
      throw new Error(OUT_OF_RANGE);
    const s = this._c.schedule;
    const t = forward ? s.next(this._cursor) : s.prev(this._cursor);
    if (Number.isNaN(t) || (forward && this._end !== undefined && t > this._end) ||
        (!forward && this._start !== undefined && t < this._start))
      throw new Error(OUT_OF_RANGE);
    if (move) this._cursor = t;
    return CronDate5._of(t, this._tz);
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
    this._cursor = newDate === undefined ? this._initial : new CronDate5(newDate, this._tz).getTime();
  }
  /** Whether the date's second is a fire time (its milliseconds ignored, as cron-parser does). */
  includesDate(date) {
    const t = Math.floor(new CronDate5(date, this._tz).getTime() / 1000) * 1000;
    return this._c.schedule.next(t - 1) === t;
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
  CronExpressionParser, CronExpression, CronFieldCollection, CronField, CronFileParser, CronDate: CronDate5,
  readOptions, compileCronParser, asCronParserError, unhandled,
};
