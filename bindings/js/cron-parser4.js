'use strict';
// cron-parser 4's API: parseExpression, fieldsToExpression, parseString,
// parseFile (its main module, lib/parser), CronExpression with its statics
// (lib/expression) and CronDate (lib/date), as node-schedule, Bull and their
// like call them. Options and errors as 4.x reads and says them; fire times
// from the engine, as for 5.x's API (cron-parser.js).

const { CronDate } = require('./cron-date');
const { readOptions, compileCronParser, asCronParserError } = require('./cron-parser');
const { string, FuzzycronError } = require('./core');

const OUT_OF_RANGE = 'Out of the timespan range';
const MAP = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'];
const CONSTRAINTS = [
  { min: 0, max: 59, chars: [] }, { min: 0, max: 59, chars: [] }, { min: 0, max: 23, chars: [] },
  { min: 1, max: 31, chars: ['L'] }, { min: 1, max: 12, chars: [] }, { min: 0, max: 7, chars: ['L'] },
];
const PREDEFINED = {
  '@yearly': '0 0 1 1 *', '@monthly': '0 0 1 * *', '@weekly': '0 0 * * 0', '@daily': '0 0 * * *', '@hourly': '0 * * * *',
};

/** cron-parser 4's CronExpression (lib/expression). */
class CronExpression {
  /** (fields: {second: [...], ...} as fieldsToExpression takes them, options) */
  constructor(fields, options = {}, expression = undefined) {
    this._options = options;
    this._utc = options.utc || false;
    const o = readOptions(4, options);
    this._tz = this._utc ? 'UTC' : options.tz;
    this._zone = o.tz;
    this._currentDate = new CronDate(o.current, o.tz);
    this._startDate = o.start === undefined ? null : new CronDate(o.start, o.tz);
    this._endDate = o.end === undefined ? null : new CronDate(o.end, o.tz);
    this._deferred = o.deferred;
    this._isIterator = options.iterator || false;
    this._hasIterated = false;
    this._nthDayOfWeek = options.nthDayOfWeek || 0;
    // Every day of the month is '*' to 4.x (the day of week alone decides), every weekday too.
    const all = (k, values) => (k === 'dayOfMonth' && new Set(values).size === 31) ||
      (k === 'dayOfWeek' && [0, 1, 2, 3, 4, 5, 6].every((d) => values.includes(d) || (d === 0 && values.includes(7))));
    const text = expression !== undefined ? expression : MAP.map((k) => (all(k, fields[k]) ? '*' : fields[k].join(','))).join(' ') +
      (this._nthDayOfWeek && fields.dayOfWeek.length === 1 ? `#${this._nthDayOfWeek}` : '');
    const { compiled, parseOptions } = compileCronParser(4, text, o.tz, options);
    this._c = compiled;
    this._expression = text;
    this._parseOptions = parseOptions;
    if (expression === undefined) this.fields = CronExpression._freezeFields(fields);
  }
  static _freezeFields(fields) {
    const out = {};
    for (const key of MAP) out[key] = Object.freeze(fields[key].slice());
    return Object.freeze(out);
  }
  /** Each field's values (frozen arrays), H drawn. */
  get fields() {
    if (!this._fields) {
      const collection = this._collection();
      this._fields = CronExpression._freezeFields(Object.fromEntries(MAP.map((k) => [k, collection[k].values])));
    }
    return this._fields;
  }
  set fields(value) { this._fields = value; }
  _collection() {
    const { CronExpression: CronExpression5 } = require('./cron-parser');
    const five = Object.create(CronExpression5.prototype);
    five._expression = this._expression;
    five._options = this._parseOptions;
    return five.fields;
  }
  _findSchedule(reverse) {
    if (this._deferred) throw this._deferred;
    const s = this._c.schedule;
    const from = this._currentDate.getTime();
    const t = reverse ? s.prev(from) : s.next(from);
    if (Number.isNaN(t) || (!reverse && this._endDate && t > this._endDate.getTime()) ||
        (reverse && this._startDate && t < this._startDate.getTime()))
      throw new Error(OUT_OF_RANGE);
    this._currentDate = CronDate._of(t, this._zone);
    this._hasIterated = true;
    return CronDate._of(t, this._zone);
  }
  next() {
    const date = this._findSchedule(false);
    return this._isIterator ? { value: date, done: !this.hasNext() } : date;
  }
  prev() {
    const date = this._findSchedule(true);
    return this._isIterator ? { value: date, done: !this.hasPrev() } : date;
  }
  _peek(reverse) {
    const current = this._currentDate, iterated = this._hasIterated;
    try {
      this._findSchedule(reverse);
      return true;
    } catch (e) {
      return false;
    } finally {
      this._currentDate = current;
      this._hasIterated = iterated;
    }
  }
  hasNext() { return this._peek(false); }
  hasPrev() { return this._peek(true); }
  /** `steps` fire times forwards (backwards if negative), each also handed to callback(date, i). */
  iterate(steps, callback) {
    const dates = [];
    for (let i = 0; i < Math.abs(steps); i++) {
      let item;
      try {
        item = steps >= 0 ? this.next() : this.prev();
      } catch (e) {
        break;
      }
      dates.push(item);
      if (callback) callback(item, steps >= 0 ? i : -i);
    }
    return dates;
  }
  /** Back to currentDate, or to newDate (read in the process's zone, as 4.x does). */
  reset(newDate) {
    this._currentDate = new CronDate(newDate || this._options.currentDate);
  }
  /** 4.x writes the day of week without its '#' occurrence. */
  stringify(includeSeconds) {
    return this._collection().stringify(Boolean(includeSeconds)).replace(/#\d/g, '');
  }

  static parse(expression, options) {
    if (typeof options === 'function' || !options) options = {};
    if (typeof expression !== 'string') expression = String(expression);
    if (PREDEFINED[expression]) expression = PREDEFINED[expression];
    else if (expression.trim().startsWith('@'))  // 4.x knows five aliases; the rest it reads as a day of week
      throw new Error(asCronParserError(new FuzzycronError({ message: 'unknown alias' }), 4, expression).message);
    // 4.x lists a value given twice once (5.x refuses it): one of each item of a list.
    // and a day of month of every day (1-31) is '*' to it, the day of week alone deciding.
    const atoms = expression.trim().split(/\s+/).map((atom) => [...new Set(atom.split(','))].join(','));
    if (atoms.length >= 5 && /^1-31(\/1)?$/.test(atoms[atoms.length - 3])) atoms[atoms.length - 3] = '*';
    const text = atoms.join(' ');
    let e;
    try {
      e = new CronExpression(null, options, text);
    } catch (error) {
      throw asCronParserError(error, 4, text);
    }
    CronExpression._checkMonthDays(e, text);
    return e;
  }
  // 4.x refuses a lone month whose days all lie past its end ('31 4': April has 30).
  static _checkMonthDays(e, text) {
    const atoms = text.split(/\s+/);
    if (atoms.length < 5 || atoms.length > 6 || !/^(\d+|[a-z]{3})$/i.test(atoms[atoms.length - 2])) return;
    const month = e.fields.month[0], first = e.fields.dayOfMonth.find((d) => typeof d === 'number');
    if (first > [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1])
      throw new Error('Invalid explicit day of month definition');
  }
  static fieldsToExpression(fields, options) {
    for (let i = 0; i < MAP.length; i++) {
      const field = MAP[i], values = fields[field], c = CONSTRAINTS[i];
      if (!values) throw new Error(`Validation error, Field ${field} is missing`);
      if (values.length === 0) throw new Error(`Validation error, Field ${field} contains no values`);
      for (const value of values) {
        if (typeof value === 'string' && c.chars.some((ch) => value.includes(ch))) continue;
        if (typeof value !== 'number' || Number.isNaN(value) || value < c.min || value > c.max)
          throw new Error(`Constraint error, got value ${value} expected range ${c.min}-${c.max}`);
      }
      if (new Set(values).size !== values.length) throw new Error(`Validation error, Field ${field} contains duplicate values`);
    }
    const sorted = {};
    for (const key of MAP) sorted[key] = fields[key].slice().sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
    return new CronExpression(sorted, options || {});
  }
}

/** cron-parser 4's main module (lib/parser). */
const CronParser = {
  _parseEntry(entry) {
    const atoms = entry.split(' ');
    if (atoms.length === 6) return { interval: CronExpression.parse(entry) };
    if (atoms.length > 6) return { interval: CronExpression.parse(atoms.slice(0, 6).join(' ')), command: atoms.slice(6) };
    throw new Error('Invalid entry: ' + entry);
  },
  parseExpression(expression, options) {
    return CronExpression.parse(expression, options);
  },
  fieldsToExpression(fields, options) {
    return CronExpression.fieldsToExpression(fields, options);
  },
  /** A crontab's text: {variables, expressions, errors}. */
  parseString(data) {
    const response = { variables: {}, expressions: [], errors: {} };
    for (const block of data.split('\n')) {
      const entry = block.trim();
      if (entry.length === 0 || entry.startsWith('#')) continue;
      const variable = entry.match(/^(.*)=(.*)$/);
      if (variable) {
        response.variables[variable[1]] = variable[2];
        continue;
      }
      try {
        response.expressions.push(CronParser._parseEntry('0 ' + entry).interval);
      } catch (err) {
        response.errors[entry] = err;
      }
    }
    return response;
  },
  /** A crontab file, to callback(err, parseString's answer). */
  parseFile(filePath, callback) {
    require('node:fs').readFile(string(filePath, 'filePath'), (err, data) => {
      if (err) callback(err);
      else callback(null, CronParser.parseString(data.toString()));
    });
  },
};

module.exports = { CronParser, CronExpression, CronDate };
